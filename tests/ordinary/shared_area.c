/* A registered area that large hp transfers use is shared with the other processes (its whole
 * pages are backed by a memory file, src/engines/shm/shared_pages.hpp), and the program
 * cannot tell: same addresses, same contents, a child it forks gets private memory and no
 * descriptor of ours, and after bsp_pop_reg (and after bsp_end) the memory is private again.
 * SHARED_AREA_EXPECT=shared: the area must be shared while registered (the shared-memory engine,
 * p > 1); =private: it must never be (BSP_FORCE=share_areas=off); unset (other engines): either. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spmd_check.h"

#define N (256 * 1024) /* ints: 1 MiB */

/* Whether /proc/self/maps shows one of Superstep's shared areas. */
static int area_mapped_shared(void) {
  FILE* maps = fopen("/proc/self/maps", "r");
  CHECK(maps != NULL);
  char line[512];
  int found = 0;
  while (fgets(line, sizeof line, maps))
    if (strstr(line, "superstep-area")) found = 1;
  fclose(maps);
  return found;
}

/* Whether this process holds a descriptor of one. */
static int area_descriptor_open(void) {
  DIR* dir = opendir("/proc/self/fd");
  CHECK(dir != NULL);
  int found = 0;
  struct dirent* entry;
  while ((entry = readdir(dir)) != NULL) {
    char path[300], target[256];
    snprintf(path, sizeof path, "/proc/self/fd/%s", entry->d_name);
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n <= 0) continue;
    target[n] = '\0';
    if (strstr(target, "superstep-area")) found = 1;
  }
  closedir(dir);
  return found;
}

static int expected(int step, int from, int i) { return step * 1000003 + from * 7919 + i; }

/* Supersteps of large hpputs of n ints into the next process's area (registered), checked. */
static void hpput_rounds(int* area, int* mine, int n, int rounds) {
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  for (int step = 0; step < rounds; step++) {
    for (int i = 0; i < n; i++) mine[i] = expected(step, pid, i);
    bsp_hpput(target, mine, area, 0, n * (int)sizeof(int));
    bsp_sync();
    for (int i = 0; i < n; i++) CHECK_EQ(area[i], expected(step, source, i), "hpput data");
  }
}

/* An area on the stack works the same, and is private again after its pop. */
static void stack_area(int* mine) {
  int area[64 * 1024];
  memset(area, 0, sizeof area);
  bsp_push_reg(area, sizeof area);
  bsp_sync();
  hpput_rounds(area, mine, 64 * 1024, 4);
  bsp_pop_reg(area);
  bsp_sync();
  CHECK_EQ(area_mapped_shared(), 0, "stack area private after bsp_pop_reg");
}

/* Checks the sharing where SHARED_AREA_EXPECT says what it must be. */
static void check_shared(int p, const char* when) {
  const char* expect = getenv("SHARED_AREA_EXPECT");
  if (!expect) return;
  CHECK_EQ(area_mapped_shared(), strcmp(expect, "shared") == 0 && p > 1, when);
}

int main(void) {
  bsp_begin(bsp_nprocs());
  int p = bsp_nprocs(), pid = bsp_pid(), target = (pid + 1) % p, source = (pid + p - 1) % p;
  int* area = malloc(N * sizeof(int));
  int* mine = malloc(N * sizeof(int));
  CHECK(area != NULL && mine != NULL);
  bsp_push_reg(area, N * sizeof(int));
  bsp_sync();

  /* Several supersteps of large hpputs: the first asks the owner to share, later ones copy
   * straight into its pages. */
  int step;
  for (step = 0; step < 4; step++) {
    for (int i = 0; i < N; i++) mine[i] = expected(step, pid, i);
    bsp_hpput(target, mine, area, 0, N * sizeof(int));
    bsp_sync();
    for (int i = 0; i < N; i++) CHECK_EQ(area[i], expected(step, source, i), "hpput data");
  }
  check_shared(p, "area shared while registered");

  /* A buffered get out of a shared area reads it before any write of the sync lands (paper
   * §3.3): here a put into the same bytes in the same superstep. */
  int* got = malloc(N * sizeof(int));
  CHECK(got != NULL);
  for (int i = 0; i < N; i++) mine[i] = expected(step, pid, i);
  bsp_get(target, area, 0, got, N * sizeof(int));
  bsp_put(target, mine, area, 0, N * sizeof(int));
  bsp_sync();
  for (int i = 0; i < N; i++) {
    CHECK_EQ(got[i], expected(step - 1, pid, i), "get saw the area before the put");
    CHECK_EQ(area[i], expected(step, source, i), "put data");
  }
  step++;
  free(got);

  /* A child the program forks has the area as private memory of its own. */
  pid_t child = fork();
  CHECK(child >= 0);
  if (child == 0) {
    int ok = area[5] == expected(step - 1, source, 5) && !area_mapped_shared() &&
             !area_descriptor_open();
    for (int i = 0; i < N; i++) area[i] = -1;
    _exit(ok ? 0 : 3);
  }
  int status = 0;
  CHECK(waitpid(child, &status, 0) == child);
  CHECK_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0, "child saw its own private copy");
  for (int i = 0; i < N; i++) CHECK_EQ(area[i], expected(step - 1, source, i), "child's writes");

  /* Popped: private again, with the same contents. */
  bsp_pop_reg(area);
  bsp_sync();
  CHECK_EQ(area_mapped_shared(), 0, "area private after bsp_pop_reg");
  CHECK_EQ(area_descriptor_open(), 0, "no descriptor after bsp_pop_reg");
  for (int i = 0; i < N; i++) CHECK_EQ(area[i], expected(step - 1, source, i), "kept contents");

  stack_area(mine);

  /* An area pushed, used in one superstep and popped, again and again, is never shared: that
   * would copy it in and out for nothing. */
  for (int again = 0; again < 3; again++) {
    bsp_push_reg(area, N * sizeof(int));
    bsp_sync();
    hpput_rounds(area, mine, N, 1);
    CHECK_EQ(area_mapped_shared(), 0, "area used once not shared");
    bsp_pop_reg(area);
    bsp_sync();
  }

  /* A program may free a buffer after popping it, before the sync that makes the pop take
   * effect: giving the pages back then leaves alone what is no longer there. */
  int* spare = malloc(N * sizeof(int));
  CHECK(spare != NULL);
  bsp_push_reg(spare, N * sizeof(int));
  bsp_sync();
  hpput_rounds(spare, mine, N, 4);
  bsp_pop_reg(spare);
  free(spare);
  bsp_sync();
  CHECK_EQ(area_mapped_shared(), 0, "freed area given back");

  /* Registered again and shared again, then bsp_end gives it back. */
  bsp_push_reg(area, N * sizeof(int));
  bsp_sync();
  for (; step < 8; step++) {
    for (int i = 0; i < N; i++) mine[i] = expected(step, pid, i);
    bsp_hpput(target, mine, area, 0, N * sizeof(int));
    bsp_sync();
    for (int i = 0; i < N; i++) CHECK_EQ(area[i], expected(step, source, i), "hpput data");
  }
  check_shared(p, "area shared again");
  bsp_end();
  CHECK_EQ(area_mapped_shared(), 0, "area private after bsp_end");
  for (int i = 0; i < N; i++) CHECK_EQ(area[i], expected(step - 1, source, i), "kept at end");
  area[0] = 1; /* still writable memory of ours */
  free(mine);
  free(area);
  printf("PASS\n");
  return 0;
}
