/* Stands for a program compiled against the bsp.h of another Superstep, whose inline paths have
 * another layout: linked beside another_layout_program.c (compiled with -O2, so its inline
 * paths are in use), it gives the program another layout number than the library's. bsp_begin
 * must stop it with one line instead of letting its puts and sends write records the library
 * would misread. */
#define SUPERSTEP_NO_INLINE
#include <bsp.h>

const unsigned int superstep_program_inline_layout = SUPERSTEP_INLINE_LAYOUT + 1;
