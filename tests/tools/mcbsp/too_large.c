/* A size above INT_MAX cannot be forwarded yet: a clear error, not a wrap. */
#include <mcbsp.h>
#include <stdint.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  static char area[16];
  bsp_push_reg(area, sizeof area);
  bsp_sync();
  bsp_put(0, area, area, 0, (size_t)INT32_MAX + 1);
  bsp_sync();
  bsp_end();
  return 0;
}
