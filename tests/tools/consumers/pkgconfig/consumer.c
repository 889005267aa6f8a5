/* Every process sends its pid to process 0 as a message. */
#include <bsp.h>
#include <stdio.h>

int main(void) {
  bsp_begin(bsp_nprocs());
  int mine = bsp_pid();
  bsp_send(0, NULL, &mine, sizeof mine);
  bsp_sync();
  int messages, bytes, sum = 0, value;
  bsp_qsize(&messages, &bytes);
  for (int i = 0; i < messages; ++i) {
    bsp_move(&value, sizeof value);
    sum += value;
  }
  if (mine == 0) printf("pkg-config consumer: %d messages, sum of pids = %d\n", messages, sum);
  bsp_end();
  return 0;
}
