/* Starts the processes and never ends: for bsprun --timeout. */
#define _POSIX_C_SOURCE 200809L
#include <bsp.h>
#include <unistd.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  for (;;) pause();
}
