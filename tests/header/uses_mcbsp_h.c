/* Includes the MulticoreBSP interface (mcbsp.h, bsp.h with
 * SUPERSTEP_MCBSP_COMPAT): it must compile cleanly as C99 and as C++. */
#include <mcbsp.h>

int main(void) { return 0; }
