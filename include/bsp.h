/*
 * bsp.h - Superstep's BSPlib interface, and its specification.
 *
 * The 20 primitives of BSPlib (Hill et al., "BSPlib: The BSP Programming
 * Library", Parallel Computing 24, 1998, Table 2) with exactly the paper's C
 * signatures, plus bsp_vabort. The header compiles as C89 and later and as
 * C++. Above each primitive is its contract: what it does and when that takes
 * effect (with the paper's section), its parameters, every error Superstep
 * reports, what is undefined, its cost in BSP terms, and the choice Superstep
 * makes where the paper leaves one. The manual pages (man 3 bsp_put, ...) say
 * the same at more length.
 *
 * The model. bsp_begin(p) starts p processes that run the same code (SPMD).
 * Their computation is divided into supersteps: superstep 0 starts at
 * bsp_begin, every bsp_sync ends one and starts the next, bsp_end ends the
 * last. Communication issued in a superstep (puts, gets, sends, registrations,
 * a new tag size) takes effect at the end of that superstep, when all
 * processes meet at a barrier. Every process has its own memory: globals and
 * statics are private to each process.
 *
 * Cost. A superstep in which process i computes for w_i and sends or receives
 * h_i bytes costs MAX w_i + g * MAX h_i + l (paper section 5.1.1), where g
 * (time per byte when everyone communicates) and l (the barrier) are this
 * machine's parameters: bspprobe(1) measures them. The costs below say what
 * each primitive adds to w (work at the call) and to h (bytes at the sync).
 *
 * Errors. Superstep stops the whole program on every misuse it can detect:
 * one line on stderr, every process ends, exit status 1. A misuse found by
 * one process at its call reads
 *   superstep: error in <primitive>, process <P>, superstep <S>: <details>
 * and for bsp_put, bsp_hpput, bsp_get, bsp_hpget and bsp_send, which name
 * their caller's file and line (see bsp_put_at),
 *   superstep: error in <primitive>, process <P>, superstep <S> (<file>:<line>): <details>
 * and one found when the processes compare notes at a sync (collective calls
 * that do not match) reads
 *   superstep: error in <primitive>, superstep <S>: <details>
 * Outside bsp_begin..bsp_end the "process, superstep" part is left out.
 * The <details> name the values and say what to do; the exact texts are in
 * each primitive's manual page. Supersteps are numbered from 0.
 * A process that is killed or exits without bsp_end stops the run the same
 * way (see bsp_end), also with exit status 1 on the shared-memory engine and
 * under bsprun --engine udp (which exits with process 0's status); when the
 * killed one is process 0, its signal is the program's end. Under mpirun the
 * status is mpirun's: 1 for a misuse or bsp_abort (the MPI engine calls
 * MPI_Abort with 1), but 128 + N when a rank was killed by signal N.
 *
 * Processes. On one machine (the shared-memory engine, the default)
 * bsp_begin(p) in process 0 starts a short-lived helper that starts a
 * supervisor process, which forks processes 1..p-1. So the workers are not
 * children of process 0: the program's wait() never sees them and SIGCHLD is
 * left alone. With p > 1, process 0 runs one extra thread during the run,
 * which watches the supervisor. Each process allows any process to ptrace it
 * (PR_SET_PTRACER_ANY) during the run, so that the others may read its
 * memory where Yama restricts that; process 0 resets it at bsp_end. Under
 * an MPI launcher the MPI engine runs the same program on MPI ranks instead
 * (libbsp_mpi, see bsp_mpi.h).
 *
 * Threads. Superstep keeps one state per process and no lock: two threads of
 * one process must not be inside primitives at the same time (that is a data
 * race, undefined and not detected). Calls from different threads one after
 * another are fine (nothing is kept per thread); bsp_pid, bsp_nprocs and
 * bsp_time may be called from several threads at once. Each primitive below
 * says which rule applies ("Threads:").
 *
 * Order. The primitives appear in the order of the paper: the SPMD framework
 * (section 2), DRMA (section 3), BSMP (section 4). Programs written for
 * MulticoreBSP for C or BSPedupack 2.0 compile with SUPERSTEP_MCBSP_COMPAT
 * defined (bspcc --mcbsp, or #include <mcbsp.h>): their signatures of the
 * primitives that differ (unsigned pids, size_t sizes) and the additions
 * bsp_hpsend and bsp_direct_get are in the last group, from
 * superstep/mcbsp_interface.h.
 */
#ifndef SUPERSTEP_BSP_H
#define SUPERSTEP_BSP_H

#include <stdarg.h>
#include <stddef.h>
#ifdef SUPERSTEP_MCBSP_COMPAT
#include <stdint.h> /* SIZE_MAX: what bsp_get_tag and bsp_hpmove report for an empty queue */
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SUPERSTEP_NORETURN __attribute__((noreturn))
#define SUPERSTEP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SUPERSTEP_NORETURN
#define SUPERSTEP_PRINTF(f, a)
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/* Types used by later BSPlib programs. They are int, so programs written
 * against the classic int interface and programs using these names both
 * compile unchanged. */
typedef int bsp_pid_t;
typedef int bsp_nprocs_t;
typedef int bsp_size_t;
#endif

/** @defgroup spmd SPMD framework (paper §2)
 * Starting and ending the processes, enquiries, and the superstep's end.
 * @{ */

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_begin - start the SPMD part with maxprocs processes (paper 2.1).
 *
 * Must be the first statement of main, or of the function given to
 * bsp_init; one bsp_begin/bsp_end pair per program. Process 0 is the caller
 * and keeps its state; processes 1..p-1 are copies of it made at this call
 * (shared-memory engine) and then run independently.
 *
 * maxprocs  the number of processes. Superstep gives exactly maxprocs (the
 *           paper allows fewer), also more than the processors: they then
 *           share them. Under MPI: ranks 0..maxprocs-1 of the job take part,
 *           the others end at once with exit status 0.
 *
 * Errors:
 *   maxprocs is <n>; ask for at least 1 process
 *   maxprocs is <n>; Superstep runs at most 4096 processes
 *   called a second time; a program has one SPMD part: ...
 *   process 0 runs <n> threads and uses OpenMP; ... (shared-memory engine,
 *     p > 1: OpenMP threads alive in process 0 cannot exist in forked
 *     processes; start OpenMP after bsp_begin)
 *   BSP_FORCE gives <name> "<v>"; set it to auto, ... (superstep(7))
 *   BSP_FORCE has "<entry>"; write name=word entries separated by commas, ...
 *   this program was compiled against the bsp.h of another Superstep (its
 *     inline paths have layout <n>, this library reads layout <m>); ...
 *   BSP_ENGINE is "<v>"; set it to shm or mpi, or leave it unset
 * Undefined: threads of process 0 other than the caller (they do not exist
 * in processes 1..p-1); calling it anywhere but first in its function.
 * Cost: starting p processes, about the cost of p forks.
 * Superstep: stdio and C++ stream buffers are flushed first so that
 * nothing buffered is printed p times. Where cross-memory attach is refused
 * (seccomp, Yama; BSP_FORCE=xmem=off forces it) data moves through shared
 * mappings; BSP_VERBOSE=1 says which path is used.
 * Threads: the thread that runs main (or bsp_init's function); no other thread of process 0
 * may be inside a primitive meanwhile.
 */
void bsp_begin(int maxprocs);
#endif

/**
 * bsp_end - end the SPMD part (paper 2.1).
 *
 * The last statement of the function that called bsp_begin. A final sync:
 * what is still in flight is delivered. Process 0 then returns and carries
 * on alone; the others end here: they flush stdio and the C++ standard
 * streams and _exit(0), so atexit handlers and static destructors run only
 * in process 0, once, when it exits. Every process must call it.
 *
 * Errors:
 *   (at the sync) processes disagree on how the superstep ends (process 0:
 *     bsp_end, process 1: bsp_sync, ...); every process must call bsp_sync
 *     the same number of times before bsp_end
 *   called outside bsp_begin..bsp_end / called after bsp_end
 *   called inside a team; end the team first with bsp_team_end
 * A process that returns from main or calls exit() before bsp_end stops the
 * run: "superstep: process <P> exited with status <s> in superstep <S>
 * without calling bsp_end; stopping all processes". A process killed by a
 * signal stops it too ("process <P> was killed by signal <n> (<name>) in
 * superstep <S>; stopping all processes"). A child the program forks has no
 * BSP role: its exit does not stop the run.
 * Cost: one sync.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_end(void);

/**
 * bsp_init - name the function that runs the SPMD part (paper 2.2).
 *
 * For programs that start sequentially and call bsp_begin later: call it
 * first in main, then call spmd_part (which starts with bsp_begin) when the
 * number of processes is known.
 *
 * spmd_part  the function that contains bsp_begin..bsp_end.
 * argc, argv main's arguments (unused on shared memory).
 *
 * Errors:
 *   called after bsp_begin; call bsp_init first in main
 *   spmd_part is NULL; pass the function that calls bsp_begin
 * Superstep: under MPI only rank 0 runs the sequential part; the others
 * start in spmd_part, so input read before bsp_begin is process 0's.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_init(void (*spmd_part)(void), int argc, char *argv[]);

/**
 * bsp_abort - one process stops all (paper 2.3).
 *
 * Prints the printf-style message (a trailing newline is dropped, one is
 * added) as one line on stderr and stops every process with exit status 1,
 * without a barrier. Works anywhere, also outside bsp_begin..bsp_end.
 * If several processes abort in the same superstep, one message is printed.
 * Cost: no barrier; the others stop within milliseconds.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_abort(const char *format, ...) SUPERSTEP_NORETURN SUPERSTEP_PRINTF(1, 2);

/**
 * bsp_vabort - bsp_abort with a va_list, for wrappers that forward their own
 * arguments. A Superstep extension (not in the paper; BSPonMPI and
 * MulticoreBSP have it too).
 * Threads: one thread at a time (see Threads above).
 */
void bsp_vabort(const char *format, va_list args) SUPERSTEP_NORETURN SUPERSTEP_PRINTF(1, 0);

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_nprocs - the number of processes (paper 2.4).
 *
 * Inside bsp_begin..bsp_end: p, the number of processes. Before bsp_begin
 * (and after bsp_end): the processors available, which is $BSP_NPROCS if set,
 * else under an MPI launcher the job's size, else the processors in this
 * process's affinity mask, capped by a cgroup v2 CPU quota (rounded up).
 *
 * Errors: BSP_NPROCS is "<v>"; set it to a positive number of processes
 * Cost: constant, local.
 * Threads: safe from several threads at once: it reads only what bsp_begin fixed.
 */
int bsp_nprocs(void);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_pid - this process's number, 0..bsp_nprocs()-1 (paper 2.4).
 *
 * Errors: called outside bsp_begin..bsp_end; call bsp_begin first
 *         called after bsp_end; only bsp_nprocs and bsp_abort work there
 *   (every primitive but bsp_nprocs, bsp_abort and bsp_init reports these)
 * Cost: constant, local.
 * Threads: safe from several threads at once: it reads only what bsp_begin fixed.
 */
int bsp_pid(void);
#endif

/**
 * bsp_time - seconds since bsp_begin on this process's clock (paper 2.4).
 *
 * The paper does not synchronise the processes' clocks. Superstep reads
 * CLOCK_MONOTONIC (nanosecond resolution on Linux) from the one instant
 * process 0 entered bsp_begin on shared memory, and MPI_Wtime from each
 * rank's own bsp_begin under MPI.
 * Errors: called outside bsp_begin..bsp_end / called after bsp_end
 * Cost: constant, local.
 * Threads: safe from several threads at once: it reads only the clock and what bsp_begin fixed.
 */
double bsp_time(void);

/**
 * bsp_sync - end the superstep (paper 2.5).
 *
 * A barrier of all processes at which every communication of the superstep
 * takes effect, in this order: get sources are read; then, on each process,
 * the gets' destinations are written in issue order, then the puts' in
 * order of the source's pid, then issue order; registrations and the tag
 * size change; the queue holds the messages sent to this process, ordered by
 * source pid, then send order. Last superstep's messages are gone.
 *
 * Errors: the collective mismatches of bsp_push_reg, bsp_pop_reg,
 * bsp_set_tagsize and bsp_end are found here.
 * Cost: l + g * h, h the most bytes one process sends or receives. An
 * empty superstep costs one barrier; gets add a second, hpputs read from
 * user memory a third.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_sync(void);

/**
 * bsp_sync_at - bsp_sync that names its call site (a Superstep extension).
 *
 * The macro bsp_sync() below makes every bsp_sync() call pass its file and
 * line, which profiles (bspprof) name; being function-like, it leaves
 * &bsp_sync and declarations alone, so existing programs compile unchanged.
 * A mismatch found at the sync (below) names the reporting process's file
 * and line, and those of its first bsp_push_reg of the superstep.
 * Define SUPERSTEP_NO_SYNC_SITE before including bsp.h to call bsp_sync
 * itself. The C++ interface's ctx.sync() passes its caller's line too.
 * Errors, cost and threads: as bsp_sync.
 */
void bsp_sync_at(const char *file, int line);

/** @} */

/** @defgroup teams Teams (a Superstep extension)
 * A BSP computation on a subset of the processes, nested as deep as wanted:
 * between bsp_team_begin and bsp_team_end a process runs an ordinary BSP
 * program on its team, and a routine written for BSPlib runs unchanged there.
 * @{ */

/**
 * bsp_team_begin - split the machine into teams and enter this process's.
 *
 * Collective: every process of the current machine (the one bsp_begin
 * started, or the team it is in) calls it in the same superstep. It first
 * ends the superstep like bsp_sync (what was issued lands, registrations and
 * the tag size take effect); then the processes that passed the same colour
 * form a team, ordered by key, then by their pid. Inside the team, until its
 * bsp_team_end: bsp_pid and bsp_nprocs are the team's (0 .. size-1, in that
 * order); bsp_sync synchronises the team only, and different teams run
 * different numbers of supersteps independently; registrations start empty
 * and are the team's own sequence; the queue starts empty, the tag size at 0;
 * bsp_push_reg, bsp_put, bsp_get and bsp_send name team pids and reach team
 * members only; the level-1 collectives work on the team. The enclosing
 * machine's registrations stay as they were but cannot be used until the
 * team ends. bsp_time keeps the machine's clock. bsp_abort inside a team
 * stops the whole run. A team of one is allowed. Teams nest: bsp_team_begin
 * inside a team splits that team.
 * Errors:
 *   colour is negative
 *   (one line) the engine has no teams: the shared-memory engine (the
 *     default), the MPI engine and the udp engine have them; an engine plugin
 *     of one's own may not
 *   teams nested deeper than the engine allows (the shared-memory engine:
 *     8 levels)
 * Cost: one sync of the current machine and one barrier of it.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_team_begin(int colour, int key);

/**
 * bsp_team_end - leave the team, back to the enclosing machine.
 *
 * Collective over the team: every process of the team calls it, after the
 * same number of bsp_sync calls in the team. It ends the team as bsp_end ends
 * a machine: what is still in flight is delivered, the team's registrations
 * are dropped, its queue emptied. The process then continues in the enclosing
 * machine, in the superstep that bsp_team_begin started there; the enclosing
 * machine's next bsp_sync waits for every one of its processes, which is
 * where teams that run longer hold the others up.
 * Errors:
 *   called outside a team
 *   (at the sync) processes of the team disagree on how its last superstep
 *     ends (process 0: bsp_team_end, process 1: bsp_sync, ...)
 * Cost: one sync of the team and one barrier of it.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_team_end(void);

/** @} */

/** @defgroup drma Direct remote memory access (paper §3)
 * Registration (§3.1), puts (§3.2) and gets (§3.3).
 * @{ */

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_push_reg - register a memory area for DRMA (paper 3.1).
 *
 * Collective: every process calls it, in the same order, in the same
 * superstep. The registration takes effect at the next bsp_sync; from then
 * on bsp_put/bsp_get name the area by this process's ident. Registrations
 * form a sequence of slots; a lookup uses the newest slot in which this
 * process registered the address.
 *
 * ident  the start of the local area; NULL registers nothing on this
 *        process (others may still register memory in the same slot).
 * size   its extent in bytes, used for bounds checks; 0 allows no access.
 *
 * Errors:
 *   size is <n>; it must not be negative
 *   (at the next sync) processes pushed different numbers of registrations
 *     (process 0: <n>, ...); bsp_push_reg is collective: ...
 * Cost: constant at the call; p - 1 small records in the next sync's h.
 * Superstep: pushes and pops of one superstep are applied in issue order.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_push_reg(const void *ident, int size);

/**
 * bsp_push_reg_at - bsp_push_reg that names its call site (a Superstep
 * extension).
 *
 * The macro bsp_push_reg(...) at the end of this header makes every call
 * pass its file and line, which check mode (BSP_CHECK, bspcheck(1)) names
 * when it reports a write into the area: "the area registered at
 * prog.c:8". Being function-like, it leaves &bsp_push_reg and the function
 * itself alone. Define SUPERSTEP_NO_CALL_SITE before including bsp.h to
 * call bsp_push_reg itself. file may be NULL (no site).
 * Arguments, errors, cost and threads: as bsp_push_reg.
 */
void bsp_push_reg_at(const void *ident, int size, const char *file, int line);
#endif

/**
 * bsp_pop_reg - remove a registration (paper 3.1).
 *
 * Collective: every process pops the same slot in the same superstep; the
 * slot is the newest one in which this process registered ident, counting
 * this superstep's earlier pushes and pops. It takes effect at the next
 * bsp_sync: DRMA may still use the area until then.
 *
 * Errors:
 *   address <a> is not registered (counting this superstep's pushes and
 *     pops); pop only what bsp_push_reg registered
 *   (at the next sync) processes popped different numbers of registrations
 *   (at the next sync) processes popped different registration slots
 *     (process 0: slot <k>, ...): ... pop the same registration everywhere
 * Cost: constant; nothing is sent (each process resolves the slot itself).
 * Threads: one thread at a time (see Threads above).
 */
void bsp_pop_reg(const void *ident);

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_put - buffered copy into another process's registered memory (3.2).
 *
 * Copies nbytes from src (this process) to dst + offset on process pid,
 * where dst is an address this process registered; the bytes land in the
 * area that pid registered in the same slot. src is read at the call (it may
 * be changed right after); the destination is written at the end of the
 * superstep, after every get source was read (3.3).
 *
 * pid     the destination process, 0..bsp_nprocs()-1 (may be bsp_pid()).
 * src     the bytes to send; need not be registered.
 * dst     a registered address of this process.
 * offset  bytes from the start of the destination area, >= 0.
 * nbytes  bytes to copy, >= 0; a put of 0 bytes does nothing and checks
 *         no registration.
 *
 * Errors (each "superstep: error in bsp_put, process P, superstep S
 * (file:line): ...", naming the line of the call: see bsp_put_at):
 *   pid <n> is outside 0..<p-1> (bsp_nprocs() is <p>); pass a pid from 0 to ...
 *   offset is <n>; it must not be negative   (also nbytes)
 *   src is NULL but nbytes is <n>; pass a valid address   (also dst)
 *   address <a> is not registered on this process (or only with NULL); ...
 *   process <q> registered NULL in the registration of <a>, so it has no
 *     memory there
 *   offset <o> + nbytes <n> = <e> is beyond the <size> bytes process <q>
 *     registered for <a>; a put must stay within the area its destination ...
 * Undefined: src or the destination area smaller than nbytes; freeing the
 * destination area before the sync.
 * Cost: w += nbytes (the copy at the call); h += nbytes on both sides.
 * Superstep: writes that overlap are applied in order of the source's pid,
 * then issue order, after all gets: the same program gives the same result.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_put(int pid, const void *src, void *dst, int offset, int nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_hpput - unbuffered put (paper 3.2).
 *
 * As bsp_put, with the same arguments and errors ("error in bsp_hpput"),
 * but src is not copied at the call: the data may move at any time until the
 * end of the superstep. The result is defined only if neither the source
 * nor the destination area is changed, by computation or by other
 * communication, during the superstep.
 * Cost: constant at the call; h += nbytes. One copy, straight between the
 * processes (cross-memory attach); where that is refused it is a bsp_put.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_hpput(int pid, const void *src, void *dst, int offset, int nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_get - buffered copy from another process's registered memory (3.3).
 *
 * Copies nbytes from src + offset on process pid, where src is an address
 * this process registered, into dst here. The source is read at the end of
 * the superstep, after all computation and before any destination of a put
 * or get is written; dst is written then.
 *
 * pid     the source process, 0..bsp_nprocs()-1 (may be bsp_pid()).
 * src     a registered address of this process.
 * offset  bytes from the start of the source area, >= 0.
 * dst     where the bytes go; need not be registered.
 * nbytes  bytes to copy, >= 0; a get of 0 bytes does nothing.
 *
 * Errors: as bsp_put's, with "error in bsp_get", and "a get must stay
 * within the area its source (process <q>) registered".
 * Undefined: dst smaller than nbytes, or freed before the sync.
 * Cost: constant at the call; h += nbytes on both sides.
 * Superstep: at a sync the gets land first, in issue order, then the puts.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_get(int pid, const void *src, int offset, void *dst, int nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_hpget - unbuffered get (paper 3.3).
 *
 * As bsp_get, with the same arguments and errors ("error in bsp_hpget"),
 * but the copy may happen at any time until the end of the superstep: the
 * result is defined only if neither the source area nor dst is changed
 * during the superstep.
 * Cost: constant at the call; h += nbytes; one copy where cross-memory
 * attach is allowed.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_hpget(int pid, const void *src, int offset, void *dst, int nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_put_at, bsp_hpput_at, bsp_get_at, bsp_hpget_at - the DRMA primitives
 * with their call site (a Superstep extension).
 *
 * The macros bsp_put(...), bsp_hpput(...), bsp_get(...) and bsp_hpget(...)
 * at the end of this header make every call pass its file and line, which a
 * misuse error then names after the superstep:
 *   superstep: error in bsp_put, process 1, superstep 2 (prog.c:12): ...
 * (where the primitive was called outside bsp_begin..bsp_end: "error in
 * bsp_put (prog.c:12): ..."). Being function-like with the primitive's five
 * arguments, the macros leave &bsp_put, (bsp_put)(...) and the functions
 * themselves alone; an argument with a comma outside parentheses (a compound
 * literal {1, 2}) needs parentheses. The file and line are read only when the
 * call is a misuse: a put taken inline costs what it cost without them.
 * Define SUPERSTEP_NO_CALL_SITE before including bsp.h to call the
 * primitives themselves (their errors then name no site). file may be NULL
 * (no site). The C++ interface passes its caller's line too.
 * Arguments, errors, cost and threads: as the primitive's.
 */
void bsp_put_at(int pid, const void *src, void *dst, int offset, int nbytes, const char *file,
                int line);
void bsp_hpput_at(int pid, const void *src, void *dst, int offset, int nbytes, const char *file,
                  int line);
void bsp_get_at(int pid, const void *src, int offset, void *dst, int nbytes, const char *file,
                int line);
void bsp_hpget_at(int pid, const void *src, int offset, void *dst, int nbytes, const char *file,
                  int line);
#endif

/** @} */

/** @defgroup bsmp Bulk synchronous message passing (paper §4)
 * The tag size (§4.1), sending (§4.2) and the queue (§4.3-4.6).
 * @{ */

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_set_tagsize - choose the tag size of the next supersteps (paper 4.1).
 *
 * Collective: every process calls it with the same value in the same
 * superstep; it takes effect at the next bsp_sync (the last call of a
 * superstep counts). The default tag size is 0.
 *
 * tag_nbytes  in: the new tag size in bytes, >= 0. out: the tag size that
 *             was pending before this call (the one in effect, unless this
 *             superstep already called it), so a library can restore it.
 *
 * Errors:
 *   tag_nbytes is NULL; pass a pointer to the new size
 *   the tag size is <n>; it must not be negative
 *   (at the next sync) processes asked for different tag sizes (process 0:
 *     <n>, process 1: no call, ...); every process must call it with ...
 * Cost: constant.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_set_tagsize(int *tag_nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_send - send a message to another process's queue (paper 4.2).
 *
 * Copies the tag (of the tag size in effect in this superstep) and
 * payload_nbytes of payload at the call. The message is in pid's queue
 * during the next superstep only.
 *
 * pid             the destination process, 0..bsp_nprocs()-1.
 * tag             the tag; may be NULL when the tag size is 0.
 * payload         the payload; may be NULL when payload_nbytes is 0.
 * payload_nbytes  its size in bytes, >= 0. A message with neither tag nor
 *                 payload is still a message.
 *
 * Errors (each naming the line of the call, as bsp_put's: see bsp_send_at):
 *   pid <n> is outside 0..<p-1> (bsp_nprocs() is <p>); ...
 *   payload_nbytes is <n>; it must not be negative
 *   tag is NULL but the tag size is <n>; pass a tag of that size
 *   payload is NULL but nbytes is <n>; pass a valid address
 * Cost: w += tag size + payload_nbytes; h += the same (plus 16 bytes of
 * header, shared by a run of sends of one shape of at most 16 bytes each to
 * one process) on both sides.
 * Superstep: a message keeps the tag size in effect when it was sent; the
 * queue is ordered by source pid, then send order.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_send(int pid, const void *tag, const void *payload, int payload_nbytes);

/**
 * bsp_send_at - bsp_send that names its call site (a Superstep extension):
 * the macro bsp_send(...) at the end of this header passes the caller's file
 * and line, which a misuse error names, as bsp_put_at does for bsp_put.
 * Arguments, errors, cost and threads: as bsp_send.
 */
void bsp_send_at(int pid, const void *tag, const void *payload, int payload_nbytes,
                 const char *file, int line);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_qsize - how many messages are left in the queue (paper 4.3).
 *
 * nmessages     out: the messages not yet moved; may be NULL.
 * accum_nbytes  out: the sum of their payload sizes; may be NULL.
 * Both are clamped to INT_MAX.
 * Cost: constant.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_qsize(int *nmessages, int *accum_nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_get_tag - look at the first message in the queue (paper 4.4).
 *
 * status  out: -1 if the queue is empty, else the payload size of the
 *         first message.
 * tag     out: the tag of the first message (as many bytes as the tag size
 *         it was sent with); unchanged if the queue is empty. May be NULL
 *         when that size is 0.
 * Calling it again returns the same message until bsp_move.
 *
 * Errors:
 *   status is NULL; pass a pointer to an int
 *   tag is NULL but the message has a <n>-byte tag; pass a buffer
 * Cost: w += tag size.
 * Threads: one thread at a time (see Threads above).
 */
void bsp_get_tag(int *status, void *tag);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_move - take the first message's payload off the queue (paper 4.5).
 *
 * payload           where the payload is copied; may be NULL when nothing
 *                   is copied.
 * reception_nbytes  the most bytes to copy, >= 0: a longer payload is
 *                   truncated, 0 just removes the message.
 *
 * Errors:
 *   reception_nbytes is <n>; it must not be negative
 *   the message queue is empty; check bsp_qsize or bsp_get_tag first
 *   payload is NULL but nbytes is <n>; pass a valid address
 * Cost: w += the bytes copied.
 * Superstep: moving from an empty queue is an error (the paper does not say).
 * Threads: one thread at a time (see Threads above).
 */
void bsp_move(void *payload, int reception_nbytes);
#endif

#ifndef SUPERSTEP_MCBSP_COMPAT
/**
 * bsp_hpmove - take the first message off the queue without copying (4.6).
 *
 * Returns -1 if the queue is empty (the pointers are then unchanged), else
 * the payload size of the first message, which it removes from the queue.
 * tag_ptr      out: points to the message's tag.
 * payload_ptr  out: points to its payload.
 * Both stay valid until the end of the current superstep; the payload is
 * 8-byte aligned.
 *
 * Errors: tag_ptr or payload_ptr is NULL; pass pointers to two pointers
 * Cost: constant.
 * Threads: one thread at a time (see Threads above).
 */
int bsp_hpmove(void **tag_ptr, void **payload_ptr);
#endif

/** @} */

/** @defgroup mcbsp MulticoreBSP for C interface (a Superstep extension)
 * With SUPERSTEP_MCBSP_COMPAT defined: unsigned process ids, size_t sizes,
 * bsp_hpsend and bsp_direct_get, under the symbols superstep_mcbsp_*.
 * @{ */
#ifdef SUPERSTEP_MCBSP_COMPAT
#include "superstep/mcbsp_interface.h"
#endif
/** @} */

#ifdef __cplusplus
}
#endif

#ifndef SUPERSTEP_NO_SYNC_SITE
#define bsp_sync() bsp_sync_at(__FILE__, __LINE__)
#endif

/* Not API: in an optimised build the common case of bsp_put, bsp_hpput,
 * bsp_send and bsp_move runs inline, without a call (superstep/detail/). */
#ifndef SUPERSTEP_MCBSP_COMPAT
#include "superstep/detail/inline_paths.h"
#endif

/* The call sites of the communication primitives (bsp_put_at above): after
 * the inline definitions, which define the functions of these names. */
#if !defined(SUPERSTEP_MCBSP_COMPAT) && !defined(SUPERSTEP_NO_CALL_SITE) && \
    !defined(SUPERSTEP_BUILDING_LIBRARY)
#define bsp_put(pid, src, dst, offset, nbytes) \
  bsp_put_at(pid, src, dst, offset, nbytes, __FILE__, __LINE__)
#define bsp_hpput(pid, src, dst, offset, nbytes) \
  bsp_hpput_at(pid, src, dst, offset, nbytes, __FILE__, __LINE__)
#define bsp_get(pid, src, offset, dst, nbytes) \
  bsp_get_at(pid, src, offset, dst, nbytes, __FILE__, __LINE__)
#define bsp_hpget(pid, src, offset, dst, nbytes) \
  bsp_hpget_at(pid, src, offset, dst, nbytes, __FILE__, __LINE__)
#define bsp_send(pid, tag, payload, payload_nbytes) \
  bsp_send_at(pid, tag, payload, payload_nbytes, __FILE__, __LINE__)
#define bsp_push_reg(ident, size) bsp_push_reg_at(ident, size, __FILE__, __LINE__)
#endif

#endif /* SUPERSTEP_BSP_H */
