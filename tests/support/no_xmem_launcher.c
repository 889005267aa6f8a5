/* no_xmem_launcher PROGRAM [ARG...]: runs PROGRAM where cross-memory attach is
 * refused (refuse_xmem.h). The filter is inherited across fork and exec, so it
 * holds for every process of a BSP program. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "refuse_xmem.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: no_xmem_launcher PROGRAM [ARG...]\n");
    return 2;
  }
  if (refuse_cross_memory_attach() != 0) {
    perror("no_xmem_launcher: cannot install the seccomp filter");
    return 2;
  }
  execvp(argv[1], argv + 1);
  fprintf(stderr, "no_xmem_launcher: cannot run %s: %s\n", argv[1], strerror(errno));
  return 127;
}
