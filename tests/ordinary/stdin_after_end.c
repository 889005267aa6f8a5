/* pid 0 reads part of its standard input before bsp_begin and the rest after bsp_end, with
 * stdin a regular file (as with `./prog < numbers.txt`). The other processes share the file's
 * offset with pid 0 (fork), so however they end they must not move it: pid 0 reads each
 * number exactly once. The program makes the file itself and puts it on fd 0. */
#include <bsp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  char path[] = "/tmp/superstep-stdin-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 2;
  FILE *f = fdopen(fd, "w");
  for (int i = 1; i <= 10; ++i) fprintf(f, "%d\n", i);
  fclose(f);
  if (!freopen(path, "r", stdin)) return 2;
  unlink(path);

  int first = 0;
  if (scanf("%d", &first) != 1 || first != 1) return 3;
  bsp_begin(bsp_nprocs());
  bsp_sync();
  bsp_end();
  int count = 0, sum = 0, x;
  while (scanf("%d", &x) == 1) {
    ++count;
    sum += x;
  }
  if (count != 9 || sum != 54) {
    printf("read %d numbers summing to %d after bsp_end; expected 9 summing to 54\n", count, sum);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
