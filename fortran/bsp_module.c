/* What the Fortran module (bsp.F90) calls: the primitives that take data, given Fortran's own
 * descriptors of the arrays (ISO_Fortran_binding.h, assumed-rank TYPE(*) dummies). From a
 * descriptor these learn the address, the size of an element and whether the array is
 * contiguous, so that a put or a get counts in elements, never in bytes, and an array section
 * with gaps is refused rather than copied: registration and a get need the address of the
 * program's own array, and a temporary copy would be gone when the sync reads or writes it.
 *
 * The call site (file and line) that the module passes goes to bsp.h's *_at functions, which
 * keep the file's name beyond the call (the profile, the checks): each name is therefore kept
 * once for the whole run, in a NUL-terminated copy (site_file). */
#define SUPERSTEP_NO_SYNC_SITE 1
#define SUPERSTEP_NO_CALL_SITE 1
#include <ISO_Fortran_binding.h>
#include <bsp.h>
#include <bsp_level1.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kept names of source files: a list searched from the most recent (a program names few). */
struct kept_file {
  struct kept_file *next;
  size_t length;
  char name[];
};
static struct kept_file *kept_files;

/* file[0..length) as a NUL-terminated string that lives until the program ends; NULL when no file
 * was given (length 0). */
static const char *site_file(const char *file, size_t length) {
  if (file == NULL || length == 0) return NULL;
  for (struct kept_file *k = kept_files; k != NULL; k = k->next)
    if (k->length == length && memcmp(k->name, file, length) == 0) return k->name;
  struct kept_file *k = malloc(sizeof *k + length + 1);
  if (k == NULL) return NULL;
  k->length = length;
  memcpy(k->name, file, length);
  k->name[length] = '\0';
  k->next = kept_files;
  kept_files = k;
  return k->name;
}

/* The number of elements of the array a describes. */
static inline int64_t element_count(const CFI_cdesc_t *a) {
  if (a->rank == 0) return 1;
  int64_t n = (int64_t)a->dim[0].extent;
  for (int d = 1; d < a->rank; ++d) n *= (int64_t)a->dim[d].extent;
  return n;
}

/* Whether a's elements lie next to each other: at once for a scalar and a vector (what most calls
 * pass), by the run time's CFI_is_contiguous otherwise. */
static inline int contiguous(const CFI_cdesc_t *a) {
  if (a->rank == 0) return 1;
  if (a->rank == 1) return a->dim[0].extent <= 1 || a->dim[0].sm == (CFI_index_t)a->elem_len;
  return CFI_is_contiguous(a);
}

/* Stops the program for a misuse that only the module sees, naming the call site. */
SUPERSTEP_NORETURN __attribute__((noinline, cold)) static void refuse(const char *primitive, const char *file, int line,
                                      const char *what) {
  if (file != NULL)
    bsp_abort("superstep: error in %s (%s:%d): %s", primitive, file, line, what);
  bsp_abort("superstep: error in %s: %s", primitive, what);
}

/* Stops the program for an array that is not contiguous, or too large for an int of bytes. */
SUPERSTEP_NORETURN __attribute__((noinline, cold)) static void refuse_array(
    const CFI_cdesc_t *a, const char *primitive, const char *role, const char *file, int line) {
  char what[256];
  if (!contiguous(a))
    snprintf(what, sizeof what,
             "the %s is an array section that is not contiguous (it has gaps between its "
             "elements); pass a contiguous array or section, or copy it into one first",
             role);
  else
    snprintf(what, sizeof what, "the %s holds %lld bytes, more than BSPlib's int can count", role,
             (long long)(element_count(a) * (int64_t)a->elem_len));
  refuse(primitive, file, line, what);
}

/* The byte count of the whole array a, which must be contiguous. */
static inline int whole_bytes(const CFI_cdesc_t *a, const char *primitive, const char *role,
                              const char *file, int line) {
  int64_t bytes = element_count(a) * (int64_t)a->elem_len;
  if (!contiguous(a) || bytes > INT_MAX) refuse_array(a, primitive, role, file, line);
  return (int)bytes;
}

/* An offset in elements of a, in bytes. */
static inline int offset_bytes(const CFI_cdesc_t *a, int offset, const char *primitive, const char *file,
                        int line) {
  int64_t bytes = (int64_t)offset * (int64_t)a->elem_len;
  if (bytes > INT_MAX || bytes < INT_MIN) {
    char what[128];
    snprintf(what, sizeof what, "offset %d elements is more than BSPlib's int can count in bytes",
             offset);
    refuse(primitive, file, line, what);
  }
  return (int)bytes;
}

/* The source and destination of a put or get hold the same type and kind. */
static inline void same_type(const CFI_cdesc_t *src, const CFI_cdesc_t *dst, const char *primitive,
                      const char *file, int line) {
  if (src->type != dst->type || src->elem_len != dst->elem_len) {
    char what[192];
    snprintf(what, sizeof what,
             "the source's elements (%zu bytes each) and the destination's (%zu bytes each) are "
             "not of the same type and kind",
             src->elem_len, dst->elem_len);
    refuse(primitive, file, line, what);
  }
}

#define SITE const char *file, size_t file_length, int line
#define KEEP_SITE const char *kept = site_file(file, file_length)

void superstep_f_push_reg(const CFI_cdesc_t *a, SITE) {
  KEEP_SITE;
  bsp_push_reg_at(a->base_addr, whole_bytes(a, "bsp_push_reg", "registered array", kept, line),
                  kept, line);
}

void superstep_f_pop_reg(const CFI_cdesc_t *a) { bsp_pop_reg(a->base_addr); }

void superstep_f_sync(SITE) {
  KEEP_SITE;
  bsp_sync_at(kept, line);
}

void superstep_f_put(int pid, const CFI_cdesc_t *src, const CFI_cdesc_t *dst, int offset, int hp,
                     SITE) {
  KEEP_SITE;
  const char *name = hp ? "bsp_hpput" : "bsp_put";
  same_type(src, dst, name, kept, line);
  int nbytes = whole_bytes(src, name, "source", kept, line);
  (void)whole_bytes(dst, name, "destination", kept, line);
  int at = offset_bytes(dst, offset, name, kept, line);
  if (hp)
    bsp_hpput_at(pid, src->base_addr, dst->base_addr, at, nbytes, kept, line);
  else
    bsp_put_at(pid, src->base_addr, dst->base_addr, at, nbytes, kept, line);
}

void superstep_f_get(int pid, const CFI_cdesc_t *src, int offset, const CFI_cdesc_t *dst, int hp,
                     SITE) {
  KEEP_SITE;
  const char *name = hp ? "bsp_hpget" : "bsp_get";
  same_type(src, dst, name, kept, line);
  (void)whole_bytes(src, name, "source", kept, line);
  int nbytes = whole_bytes(dst, name, "destination", kept, line);
  int at = offset_bytes(src, offset, name, kept, line);
  if (hp)
    bsp_hpget_at(pid, src->base_addr, at, dst->base_addr, nbytes, kept, line);
  else
    bsp_get_at(pid, src->base_addr, at, dst->base_addr, nbytes, kept, line);
}

void superstep_f_send(int pid, const CFI_cdesc_t *tag, const CFI_cdesc_t *payload, SITE) {
  KEEP_SITE;
  (void)whole_bytes(tag, "bsp_send", "tag", kept, line);
  bsp_send_at(pid, tag->base_addr, payload->base_addr,
              whole_bytes(payload, "bsp_send", "payload", kept, line), kept, line);
}

void superstep_f_get_tag(int *status, const CFI_cdesc_t *tag, SITE) {
  KEEP_SITE;
  (void)whole_bytes(tag, "bsp_get_tag", "tag", kept, line);
  bsp_get_tag(status, tag->base_addr);
}

void superstep_f_move(const CFI_cdesc_t *payload, SITE) {
  KEEP_SITE;
  bsp_move(payload->base_addr, whole_bytes(payload, "bsp_move", "payload", kept, line));
}

void superstep_f_bcast(int root, const CFI_cdesc_t *src, const CFI_cdesc_t *dst, SITE) {
  KEEP_SITE;
  same_type(src, dst, "bsp_bcast", kept, line);
  int nbytes = whole_bytes(src, "bsp_bcast", "source", kept, line);
  if (whole_bytes(dst, "bsp_bcast", "destination", kept, line) < nbytes)
    refuse("bsp_bcast", kept, line, "the destination is smaller than the source");
  bsp_bcast(root, src->base_addr, dst->base_addr, nbytes);
}

void superstep_f_abort(const char *message, size_t length) {
  while (length > 0 && message[length - 1] == ' ') --length;
  bsp_abort("%.*s", (int)length, message);
}
