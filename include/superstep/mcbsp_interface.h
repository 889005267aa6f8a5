/*
 * superstep/mcbsp_interface.h - the BSPlib interface of MulticoreBSP for C
 * (version 2.0) and BSPedupack 2.0, included by bsp.h when
 * SUPERSTEP_MCBSP_COMPAT is defined. Do not include it directly.
 *
 * Differences from the classic interface of bsp.h:
 *  - process ids and counts are unsigned (bsp_pid_t, bsp_nprocs_t), sizes and
 *    offsets are size_t (bsp_size_t);
 *  - bsp_get_tag reports an empty queue with status SIZE_MAX and bsp_hpmove
 *    returns SIZE_MAX, where the classic calls use -1;
 *  - bsp_qsize accepts NULL for accum_nbytes;
 *  - two more primitives: bsp_hpsend and bsp_direct_get.
 *
 * The types differ, so these declarations use symbols of their own (GCC and
 * Clang assembler labels): objects built in either interface link into one
 * program. Until the library moves more than 2^31-1 bytes in one request,
 * a size, offset or tag size above INT_MAX stops the program with a message.
 */
#ifndef SUPERSTEP_MCBSP_INTERFACE_H
#define SUPERSTEP_MCBSP_INTERFACE_H

#ifndef SUPERSTEP_BSP_H
#error "include <bsp.h> (with SUPERSTEP_MCBSP_COMPAT defined) or <mcbsp.h>, not this header"
#endif

#if !defined(__GNUC__) && !defined(__clang__)
#error "the MulticoreBSP interface of Superstep needs a compiler with assembler labels (GCC, Clang)"
#endif

#define SUPERSTEP_MCBSP_SYMBOL(name) __asm__("superstep_mcbsp_" #name)

typedef unsigned int bsp_pid_t;
typedef unsigned int bsp_nprocs_t;
typedef size_t bsp_size_t;

/* SPMD framework */
void bsp_begin(bsp_pid_t maxprocs) SUPERSTEP_MCBSP_SYMBOL(begin);
bsp_nprocs_t bsp_nprocs(void) SUPERSTEP_MCBSP_SYMBOL(nprocs);
bsp_pid_t bsp_pid(void) SUPERSTEP_MCBSP_SYMBOL(pid);

/* Direct remote memory access. As in MulticoreBSP, a put's destination may be
 * given as a pointer to const. */
void bsp_push_reg(const void *ident, bsp_size_t size) SUPERSTEP_MCBSP_SYMBOL(push_reg);
void bsp_put(bsp_pid_t pid, const void *src, const void *dst, bsp_size_t offset, bsp_size_t nbytes)
    SUPERSTEP_MCBSP_SYMBOL(put);
void bsp_hpput(bsp_pid_t pid, const void *src, const void *dst, bsp_size_t offset,
               bsp_size_t nbytes) SUPERSTEP_MCBSP_SYMBOL(hpput);
void bsp_get(bsp_pid_t pid, const void *src, bsp_size_t offset, void *dst, bsp_size_t nbytes)
    SUPERSTEP_MCBSP_SYMBOL(get);
void bsp_hpget(bsp_pid_t pid, const void *src, bsp_size_t offset, void *dst, bsp_size_t nbytes)
    SUPERSTEP_MCBSP_SYMBOL(hpget);
/* Copies nbytes from the registered area src on process pid, at offset, into
 * dst now, before returning: it reads whatever the remote memory holds at
 * this moment (it is neither buffered nor atomic), not the value at the next
 * sync. The registration must have taken effect in an earlier superstep.
 * It needs cross-memory attach: on the MPI engine, or where a sandbox refuses
 * it, it stops the program with a message that says to use bsp_get. */
void bsp_direct_get(bsp_pid_t pid, const void *src, bsp_size_t offset, void *dst, bsp_size_t nbytes)
    SUPERSTEP_MCBSP_SYMBOL(direct_get);

/* Bulk synchronous message passing */
void bsp_set_tagsize(bsp_size_t *tag_nbytes) SUPERSTEP_MCBSP_SYMBOL(set_tagsize);
void bsp_send(bsp_pid_t pid, const void *tag, const void *payload, bsp_size_t payload_nbytes)
    SUPERSTEP_MCBSP_SYMBOL(send);
/* bsp_send without buffering on the sending side: the tag and payload may be
 * read at any time until the end of the next bsp_sync, so they must not
 * change before then. The message arrives in the next superstep, as with
 * bsp_send. */
void bsp_hpsend(bsp_pid_t pid, const void *tag, const void *payload, bsp_size_t payload_nbytes)
    SUPERSTEP_MCBSP_SYMBOL(hpsend);
void bsp_qsize(bsp_nprocs_t *nmessages, bsp_size_t *accum_nbytes) SUPERSTEP_MCBSP_SYMBOL(qsize);
void bsp_get_tag(bsp_size_t *status, void *tag) SUPERSTEP_MCBSP_SYMBOL(get_tag);
void bsp_move(void *payload, bsp_size_t reception_nbytes) SUPERSTEP_MCBSP_SYMBOL(move);
bsp_size_t bsp_hpmove(void **tag_ptr, void **payload_ptr) SUPERSTEP_MCBSP_SYMBOL(hpmove);

#undef SUPERSTEP_MCBSP_SYMBOL

#endif /* SUPERSTEP_MCBSP_INTERFACE_H */
