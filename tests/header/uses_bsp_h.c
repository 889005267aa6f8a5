/* Includes bsp.h and names every primitive, so that a compiler in a strict
 * mode sees every declaration used (tests/header/CMakeLists.txt compiles it
 * as C89, C99 and C++). Never run. */
#include <bsp.h>

typedef void (*any_function)(void);

any_function bsp_h_primitives[] = {
    (any_function)bsp_begin,       (any_function)bsp_end,     (any_function)bsp_init,
    (any_function)bsp_abort,       (any_function)bsp_vabort,  (any_function)bsp_nprocs,
    (any_function)bsp_pid,         (any_function)bsp_time,    (any_function)bsp_sync,
    (any_function)bsp_push_reg,    (any_function)bsp_pop_reg, (any_function)bsp_put,
    (any_function)bsp_hpput,       (any_function)bsp_get,     (any_function)bsp_hpget,
    (any_function)bsp_set_tagsize, (any_function)bsp_send,    (any_function)bsp_qsize,
    (any_function)bsp_get_tag,     (any_function)bsp_move,    (any_function)bsp_hpmove};

int main(void) {
  bsp_pid_t pid = 0;
  bsp_nprocs_t nprocs = 1;
  bsp_size_t size = 0;
  return (int)(sizeof bsp_h_primitives / sizeof bsp_h_primitives[0]) + pid + nprocs + size == 0;
}
