/* Process 1 never leaves superstep 2 while the others wait for it in
 * bsp_sync: for the message of bsprun --timeout. */
#define _POSIX_C_SOURCE 200809L
#include <bsp.h>
#include <unistd.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  bsp_sync();
  bsp_sync();
  if (bsp_pid() == 1)
    for (;;) pause();
  bsp_sync();
  bsp_end();
  return 0;
}
