/*
 * mcbsp.h - for programs written for MulticoreBSP for C.
 *
 * Includes bsp.h with the MulticoreBSP interface (unsigned process ids,
 * size_t sizes, bsp_hpsend, bsp_direct_get). A program that defines
 * MCBSP_COMPATIBILITY_MODE asks MulticoreBSP for the classic int interface
 * and gets it here too.
 */
#ifndef SUPERSTEP_MCBSP_H
#define SUPERSTEP_MCBSP_H

#if !defined(MCBSP_COMPATIBILITY_MODE) && !defined(SUPERSTEP_MCBSP_COMPAT)
#ifdef SUPERSTEP_BSP_H
#error "bsp.h was included before mcbsp.h with the classic interface; include mcbsp.h first"
#endif
#define SUPERSTEP_MCBSP_COMPAT 1
#endif
#include "bsp.h"

#endif /* SUPERSTEP_MCBSP_H */
