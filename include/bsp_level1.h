/*
 * bsp_level1.h - level-1 collective operations on top of BSPlib.
 *
 * The BSPlib paper (section 6) leaves "level 1 operations" such as bsp_bcast,
 * bsp_fold and bsp_scan to libraries built from the 20 primitives, with three
 * rules that Superstep's collectives keep:
 *   - they leave no registration behind (what they push, they pop);
 *   - they leave the tag size as it was (they move data with bsp_put into
 *     areas they register themselves, or as messages with a zero tag of the
 *     size in effect, every one of which they take out of the queue);
 *   - they leave the BSMP queue empty and no request pending.
 *
 * Every process must call the same collective with the same root, count and
 * element size, in the same superstep. Each one synchronises at least once:
 * puts and gets issued before it are delivered by its first bsp_sync, exactly
 * as if the caller had called bsp_sync; messages sent before it would arrive
 * inside it and are reported as an error (move your messages, then call the
 * collective in the next superstep).
 *
 * Algorithms. Each collective has a direct algorithm (a superstep to register
 * its areas, then one data superstep of puts) and a messages one (the same
 * data as BSMP messages: one superstep in all, one copy more; alltoallv sends
 * its counts ahead in that superstep, and each process chooses for the data it
 * sends); broadcast, reduce, allreduce and the scans also have a two-phase
 * one (the data split in p blocks, one block per process, so that no process
 * sends or receives more than about twice the data once). The choice is made
 * on every call from the cost model l*S + g*h + c*w: l, g and c come from the
 * file named by BSP_PARAMS (the JSON that bspprobe writes) or from built-in
 * defaults. BSP_COLLECTIVE_TRACE=1 prints each choice on stderr (process 0);
 * BSP_COLLECTIVE=direct|two_phase|messages or bsp_collective_force() forces
 * one. All processes must see the same
 * environment, so that they choose alike.
 *
 * Sizes are in bytes for the raw-byte operations and in elements of
 * `size` bytes for the typed ones, as `int`s like the rest of BSPlib.
 */
#ifndef SUPERSTEP_BSP_LEVEL1_H
#define SUPERSTEP_BSP_LEVEL1_H

#include <bsp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Superstep's collectives ------------------------------------------------ */

/* A combining operator: acc[i] = acc[i] (+) in[i] for 0 <= i < count, on
 * elements of the size given to the collective. It need not be commutative:
 * collectives combine the contributions in rank order, x0 (+) x1 (+) ... It
 * must be associative. `arg` is passed through unchanged. */
typedef void (*bsp_combine_fn)(void *acc, const void *in, int count, void *arg);

/* dst (nbytes) on every process becomes src (nbytes) of process root. src is
 * read on root only; src and dst may be the same area. */
void bsp_broadcast(int root, const void *src, void *dst, int nbytes);

/* dst (count elements) on root becomes src of process 0 (+) ... (+) src of
 * process p-1, element by element. dst is not written on other processes and
 * may be NULL there. */
void bsp_reduce(int root, const void *src, void *dst, int count, int size, bsp_combine_fn op,
                void *arg);
/* bsp_reduce with the result on every process. */
void bsp_allreduce(const void *src, void *dst, int count, int size, bsp_combine_fn op, void *arg);

/* dst on process i becomes src of 0 (+) ... (+) src of i (inclusive), or
 * src of 0 (+) ... (+) src of i-1 (exclusive; dst is not written on 0). */
void bsp_scan_inclusive(const void *src, void *dst, int count, int size, bsp_combine_fn op,
                        void *arg);
void bsp_scan_exclusive(const void *src, void *dst, int count, int size, bsp_combine_fn op,
                        void *arg);

/* dst on root (p * nbytes) becomes the src (nbytes) of processes 0 .. p-1 in
 * pid order; dst is not written elsewhere. (The Oxford toolset's signature.) */
void bsp_gather(int root, const void *src, void *dst, int nbytes);
/* bsp_gather with the result on every process. */
void bsp_allgather(const void *src, void *dst, int nbytes);
/* dst (nbytes) on process i becomes bytes i*nbytes .. (i+1)*nbytes-1 of src on
 * root (p * nbytes). (The Oxford toolset's signature.) */
void bsp_scatter(int root, const void *src, void *dst, int nbytes);

/* Total exchange: block j (nbytes at src + j*nbytes) of process i lands in
 * block i of dst on process j. */
void bsp_alltoall(const void *src, void *dst, int nbytes);
/* Total exchange with counts: process i sends send_counts[j] bytes from
 * src + send_displs[j] to process j, where they land at dst + recv_displs[i];
 * recv_counts[i] must equal process i's send_counts[j] (checked). src and dst
 * must not overlap. The first superstep carries every pair's counts and, from
 * each process that chose messages, its data; a process that chose direct puts
 * its data after a registration superstep, which then every process takes part
 * in. Processes may choose (or force) differently here. */
void bsp_alltoallv(const void *src, const int *send_counts, const int *send_displs, void *dst,
                   const int *recv_counts, const int *recv_displs);

/* Algorithm choice. */
typedef enum {
  BSP_COLLECTIVE_AUTO = 0,      /* the cost model decides (default) */
  BSP_COLLECTIVE_DIRECT = 1,    /* registers its areas, then one data superstep */
  BSP_COLLECTIVE_TWO_PHASE = 2, /* two data supersteps, blocks of n/p (where defined) */
  BSP_COLLECTIVE_MESSAGES = 3   /* one superstep in all: the data travels as BSMP messages,
                                   no registration */
} bsp_collective_algorithm;
/* Forces the algorithm of the following collectives on this process (every
 * process must force alike); BSP_COLLECTIVE_AUTO gives the choice back to the
 * cost model. Overrides BSP_COLLECTIVE. */
void bsp_collective_force(bsp_collective_algorithm algorithm);
/* The algorithm the last collective called on this process used (for
 * bsp_alltoallv: for the data this process sent); BSP_COLLECTIVE_AUTO before
 * the first. */
bsp_collective_algorithm bsp_collective_chosen(void);

/* ---- The Oxford BSP toolset's level-1 names ----------------------------------
 * For programs written against the Oxford toolset's bsp_level1.h. An Oxford
 * operator is op(result, left, right, &nbytes): result = left (+) right, on
 * whole values of nbytes bytes. */
typedef void (*bsp_fold_fn)(void *result, void *left, void *right, int *nbytes);

/* bsp_broadcast with Oxford's argument order (pid is the root). */
void bsp_bcast(int pid, void *src, void *dst, int nbytes);
/* dst on every process becomes src of 0 (+) ... (+) src of p-1 (one value of nbytes). */
void bsp_fold(bsp_fold_fn op, void *src, void *dst, int nbytes);
/* dst on process i becomes src of 0 (+) ... (+) src of i (inclusive prefix). */
void bsp_scan(bsp_fold_fn op, void *src, void *dst, int nbytes);

int bsp_sumI(int x);
float bsp_sumR(float x);
double bsp_sumD(double x);
int bsp_prodI(int x);
float bsp_prodR(float x);
double bsp_prodD(double x);
int bsp_maxI(int x);
float bsp_maxR(float x);
double bsp_maxD(double x);
int bsp_minI(int x);
float bsp_minR(float x);
double bsp_minD(double x);
/* Logical and / or of x over all processes (1 or 0). */
int bsp_all(int x);
int bsp_any(int x);

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_BSP_LEVEL1_H */
