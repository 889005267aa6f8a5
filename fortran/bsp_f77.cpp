// The Fortran 77 interface of the Oxford BSP toolset (Hill, McColl, Stefanescu, Goudreau, Lang,
// Rao, Suel, Tsantilas and Bisseling, "BSPlib: The BSP Programming Library", 1998, and the
// toolset's bsp_f77 library): CALL BSPBEGIN(P), BSPPUSHREG(A, NBYTES), BSPPUT(PID, SRC, DST,
// OFFSET, NBYTES), BSPSYNC(), the functions BSPPID(), BSPNPROCS(), BSPTIME() and the level-1
// routines (BSPBCAST, BSPFOLD, BSPSUMD, ...), over bsp.h and bsp_level1.h.
//
// Every argument arrives by reference, as Fortran passes it. Offsets and sizes are in bytes, as in
// C. Each routine is defined once under the name gfortran, flang, ifort/ifx, nvfortran and Cray
// give it (lower case and one underscore, "bspput_") and exported again under the other
// manglings in use: lower case without an underscore (IBM XL Fortran, and others with
// -fno-underscoring) and upper case ("BSPPUT"; compilers folding to upper case). No Oxford name
// holds an underscore, so the f2c and g77 rule of a second underscore for such names gives the
// first form again. A CHARACTER argument (BSPABORT) carries its length as a hidden size_t after
// the others, as gfortran (version 8 on), flang and the Intel compilers pass it.
#define SUPERSTEP_NO_SYNC_SITE 1
#define SUPERSTEP_NO_CALL_SITE 1
#include <bsp.h>
#include <bsp_level1.h>

#include <cstddef>

// The other manglings of a routine defined as <lower>_: aliases of the same code.
#define SUPERSTEP_F77_ALIASES(ret, lower, upper, params)                             \
  extern "C" ret lower params __attribute__((alias(#lower "_"), visibility("default"))); \
  extern "C" ret upper params __attribute__((alias(#lower "_"), visibility("default")));

extern "C" {

// Writes out the Fortran run time's buffers of every unit (bsp.F90): before bsp_begin, which may
// fork the processes, and before bsp_end and bsp_abort, after which a process may end without
// the run time's clean-up.
void superstep_f_flush();

// Start and end.
void bspbegin_(const int* maxprocs) {
  superstep_f_flush();
  bsp_begin(*maxprocs);
}
void bspend_() {
  superstep_f_flush();
  bsp_end();
}

// BSPABORT(MESSAGE): the message without its trailing blanks (Fortran pads a CHARACTER variable).
void bspabort_(const char* message, std::size_t length) {
  superstep_f_flush();
  while (length > 0 && message[length - 1] == ' ') --length;
  bsp_abort("%.*s", static_cast<int>(length), message);
}

// Enquiry.
int bspnprocs_() { return bsp_nprocs(); }
int bsppid_() { return bsp_pid(); }
double bsptime_() { return bsp_time(); }

// Superstep.
void bspsync_() { bsp_sync_at(nullptr, 0); }

// DRMA.
void bsppushreg_(const void* ident, const int* nbytes) { bsp_push_reg(ident, *nbytes); }
void bsppopreg_(const void* ident) { bsp_pop_reg(ident); }
void bspput_(const int* pid, const void* src, void* dst, const int* offset, const int* nbytes) {
  bsp_put(*pid, src, dst, *offset, *nbytes);
}
void bsphpput_(const int* pid, const void* src, void* dst, const int* offset, const int* nbytes) {
  bsp_hpput(*pid, src, dst, *offset, *nbytes);
}
void bspget_(const int* pid, const void* src, const int* offset, void* dst, const int* nbytes) {
  bsp_get(*pid, src, *offset, dst, *nbytes);
}
void bsphpget_(const int* pid, const void* src, const int* offset, void* dst, const int* nbytes) {
  bsp_hpget(*pid, src, *offset, dst, *nbytes);
}

// BSMP. BSPSETTAGSIZE(TAGSIZE) sets the size and returns the previous one in TAGSIZE, as in C.
// BSPGETTAG(STATUS, TAG): STATUS is -1 when no message is left, else the payload's size.
void bspsettagsize_(int* tag_nbytes) { bsp_set_tagsize(tag_nbytes); }
void bspsend_(const int* pid, const void* tag, const void* payload, const int* nbytes) {
  bsp_send(*pid, tag, payload, *nbytes);
}
void bspqsize_(int* nmessages, int* accum_nbytes) { bsp_qsize(nmessages, accum_nbytes); }
void bspgettag_(int* status, void* tag) { bsp_get_tag(status, tag); }
void bspmove_(void* payload, const int* reception_nbytes) { bsp_move(payload, *reception_nbytes); }

// Level 1. OP of BSPFOLD and BSPSCAN is a Fortran SUBROUTINE OP(RESULT, LEFT, RIGHT, NBYTES):
// four arguments by reference, which is bsp_fold_fn itself.
void bspbcast_(const int* pid, void* src, void* dst, const int* nbytes) {
  bsp_bcast(*pid, src, dst, *nbytes);
}
void bspfold_(bsp_fold_fn op, void* src, void* dst, const int* nbytes) {
  bsp_fold(op, src, dst, *nbytes);
}
void bspscan_(bsp_fold_fn op, void* src, void* dst, const int* nbytes) {
  bsp_scan(op, src, dst, *nbytes);
}
int bspsumi_(const int* x) { return bsp_sumI(*x); }
float bspsumr_(const float* x) { return bsp_sumR(*x); }
double bspsumd_(const double* x) { return bsp_sumD(*x); }
int bspprodi_(const int* x) { return bsp_prodI(*x); }
float bspprodr_(const float* x) { return bsp_prodR(*x); }
double bspprodd_(const double* x) { return bsp_prodD(*x); }
int bspmaxi_(const int* x) { return bsp_maxI(*x); }
float bspmaxr_(const float* x) { return bsp_maxR(*x); }
double bspmaxd_(const double* x) { return bsp_maxD(*x); }
int bspmini_(const int* x) { return bsp_minI(*x); }
float bspminr_(const float* x) { return bsp_minR(*x); }
double bspmind_(const double* x) { return bsp_minD(*x); }
// BSPALL(X) and BSPANY(X): LOGICAL in and out (default kind: 4 bytes, zero is .FALSE.); the
// result is 1 or 0, .TRUE. or .FALSE. to every compiler named above.
int bspall_(const int* x) { return bsp_all(*x != 0) ? 1 : 0; }
int bspany_(const int* x) { return bsp_any(*x != 0) ? 1 : 0; }

}  // extern "C"

SUPERSTEP_F77_ALIASES(void, bspbegin, BSPBEGIN, (const int*))
SUPERSTEP_F77_ALIASES(void, bspend, BSPEND, ())
SUPERSTEP_F77_ALIASES(void, bspabort, BSPABORT, (const char*, std::size_t))
SUPERSTEP_F77_ALIASES(int, bspnprocs, BSPNPROCS, ())
SUPERSTEP_F77_ALIASES(int, bsppid, BSPPID, ())
SUPERSTEP_F77_ALIASES(double, bsptime, BSPTIME, ())
SUPERSTEP_F77_ALIASES(void, bspsync, BSPSYNC, ())
SUPERSTEP_F77_ALIASES(void, bsppushreg, BSPPUSHREG, (const void*, const int*))
SUPERSTEP_F77_ALIASES(void, bsppopreg, BSPPOPREG, (const void*))
SUPERSTEP_F77_ALIASES(void, bspput, BSPPUT, (const int*, const void*, void*, const int*, const int*))
SUPERSTEP_F77_ALIASES(void, bsphpput, BSPHPPUT,
                      (const int*, const void*, void*, const int*, const int*))
SUPERSTEP_F77_ALIASES(void, bspget, BSPGET, (const int*, const void*, const int*, void*, const int*))
SUPERSTEP_F77_ALIASES(void, bsphpget, BSPHPGET,
                      (const int*, const void*, const int*, void*, const int*))
SUPERSTEP_F77_ALIASES(void, bspsettagsize, BSPSETTAGSIZE, (int*))
SUPERSTEP_F77_ALIASES(void, bspsend, BSPSEND, (const int*, const void*, const void*, const int*))
SUPERSTEP_F77_ALIASES(void, bspqsize, BSPQSIZE, (int*, int*))
SUPERSTEP_F77_ALIASES(void, bspgettag, BSPGETTAG, (int*, void*))
SUPERSTEP_F77_ALIASES(void, bspmove, BSPMOVE, (void*, const int*))
SUPERSTEP_F77_ALIASES(void, bspbcast, BSPBCAST, (const int*, void*, void*, const int*))
SUPERSTEP_F77_ALIASES(void, bspfold, BSPFOLD, (bsp_fold_fn, void*, void*, const int*))
SUPERSTEP_F77_ALIASES(void, bspscan, BSPSCAN, (bsp_fold_fn, void*, void*, const int*))
SUPERSTEP_F77_ALIASES(int, bspsumi, BSPSUMI, (const int*))
SUPERSTEP_F77_ALIASES(float, bspsumr, BSPSUMR, (const float*))
SUPERSTEP_F77_ALIASES(double, bspsumd, BSPSUMD, (const double*))
SUPERSTEP_F77_ALIASES(int, bspprodi, BSPPRODI, (const int*))
SUPERSTEP_F77_ALIASES(float, bspprodr, BSPPRODR, (const float*))
SUPERSTEP_F77_ALIASES(double, bspprodd, BSPPRODD, (const double*))
SUPERSTEP_F77_ALIASES(int, bspmaxi, BSPMAXI, (const int*))
SUPERSTEP_F77_ALIASES(float, bspmaxr, BSPMAXR, (const float*))
SUPERSTEP_F77_ALIASES(double, bspmaxd, BSPMAXD, (const double*))
SUPERSTEP_F77_ALIASES(int, bspmini, BSPMINI, (const int*))
SUPERSTEP_F77_ALIASES(float, bspminr, BSPMINR, (const float*))
SUPERSTEP_F77_ALIASES(double, bspmind, BSPMIND, (const double*))
SUPERSTEP_F77_ALIASES(int, bspall, BSPALL, (const int*))
SUPERSTEP_F77_ALIASES(int, bspany, BSPANY, (const int*))
