/* Every process writes 20 lines one character at a time, unbuffered, so that
 * the processes' characters are mixed on the way; bsprun --tag-output must
 * still print each line whole, tagged with the process that wrote it. */
#include <bsp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  setvbuf(stdout, NULL, _IONBF, 0);
  char line[64];
  for (int i = 0; i < 20; ++i) {
    snprintf(line, sizeof line, "process %d line %d\n", bsp_pid(), i);
    for (size_t c = 0; c < strlen(line); ++c) putchar(line[c]);
  }
  bsp_sync();
  bsp_end();
  return 0;
}
