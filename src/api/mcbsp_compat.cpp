// The MulticoreBSP for C interface (include/superstep/mcbsp_interface.h):
// unsigned process ids and size_t sizes, converted to the classic int
// interface after a range check. Each function here is the symbol that the
// header's assembler label names, so these definitions and the header must
// agree by hand; the compatibility tests (tests/tools/mcbsp) compile programs
// against the header and link them with these.
#include <bsp.h>

#include <climits>
#include <cstddef>
#include <cstdint>

#include "api/checks.hpp"
#include "api/mcbsp_direct_get.hpp"
#include "util/errors.hpp"

using superstep::usage_error;

namespace {

// Until the core takes 64-bit sizes at its C entry points, one request moves
// at most INT_MAX bytes.
int size_to_int(const char* primitive, const char* what, std::size_t value) {
  if (value > static_cast<std::size_t>(INT_MAX)) {
    usage_error(primitive,
                "%s is %zu, more than %d, the most one request can move; split it into smaller "
                "requests",
                what, value, INT_MAX);
  }
  return static_cast<int>(value);
}

// A pid above INT_MAX names no process; passing it on as a negative int would
// give a confusing message, so name the value the program used.
int pid_to_int(const char* primitive, unsigned pid) {
  if (pid > static_cast<unsigned>(INT_MAX)) {
    usage_error(primitive,
                "pid %u is not a process (bsp_nprocs() is %d); pass a pid from 0 to "
                "bsp_nprocs()-1",
                pid, bsp_nprocs());
  }
  return static_cast<int>(pid);
}

}  // namespace

extern "C" {

void superstep_mcbsp_begin(unsigned maxprocs) {
  if (maxprocs > static_cast<unsigned>(INT_MAX)) {
    usage_error("bsp_begin", "%u processes requested; ask for at most %d", maxprocs, INT_MAX);
  }
  bsp_begin(static_cast<int>(maxprocs));
}

unsigned superstep_mcbsp_nprocs(void) { return static_cast<unsigned>(bsp_nprocs()); }

unsigned superstep_mcbsp_pid(void) { return static_cast<unsigned>(bsp_pid()); }

void superstep_mcbsp_push_reg(const void* ident, std::size_t size) {
  bsp_push_reg(ident, size_to_int("bsp_push_reg", "size", size));
}

void superstep_mcbsp_put(unsigned pid, const void* src, const void* dst, std::size_t offset,
                         std::size_t nbytes) {
  // MulticoreBSP declares the destination const; the classic call writes
  // through the registered area that dst names, never through dst itself.
  bsp_put(pid_to_int("bsp_put", pid), src, const_cast<void*>(dst),
          size_to_int("bsp_put", "offset", offset), size_to_int("bsp_put", "nbytes", nbytes));
}

void superstep_mcbsp_hpput(unsigned pid, const void* src, const void* dst, std::size_t offset,
                           std::size_t nbytes) {
  bsp_hpput(pid_to_int("bsp_hpput", pid), src, const_cast<void*>(dst),
            size_to_int("bsp_hpput", "offset", offset), size_to_int("bsp_hpput", "nbytes", nbytes));
}

void superstep_mcbsp_get(unsigned pid, const void* src, std::size_t offset, void* dst,
                         std::size_t nbytes) {
  bsp_get(pid_to_int("bsp_get", pid), src, size_to_int("bsp_get", "offset", offset), dst,
          size_to_int("bsp_get", "nbytes", nbytes));
}

void superstep_mcbsp_hpget(unsigned pid, const void* src, std::size_t offset, void* dst,
                           std::size_t nbytes) {
  bsp_hpget(pid_to_int("bsp_hpget", pid), src, size_to_int("bsp_hpget", "offset", offset), dst,
            size_to_int("bsp_hpget", "nbytes", nbytes));
}

void superstep_mcbsp_direct_get(unsigned pid, const void* src, std::size_t offset, void* dst,
                                std::size_t nbytes) {
  superstep::direct_get(pid_to_int("bsp_direct_get", pid), src, offset, dst, nbytes);
}

void superstep_mcbsp_set_tagsize(std::size_t* tag_nbytes) {
  int size = size_to_int("bsp_set_tagsize", "*tag_nbytes", *tag_nbytes);
  bsp_set_tagsize(&size);
  *tag_nbytes = static_cast<std::size_t>(size);
}

void superstep_mcbsp_send(unsigned pid, const void* tag, const void* payload,
                          std::size_t payload_nbytes) {
  bsp_send(pid_to_int("bsp_send", pid), tag, payload,
           size_to_int("bsp_send", "payload_nbytes", payload_nbytes));
}

// MulticoreBSP allows the tag and payload to be read at any time until the
// end of the next sync. Reading them now, as bsp_send does, is one of the
// allowed times, so the message a program receives is the same.
void superstep_mcbsp_hpsend(unsigned pid, const void* tag, const void* payload,
                            std::size_t payload_nbytes) {
  bsp_send(pid_to_int("bsp_hpsend", pid), tag, payload,
           size_to_int("bsp_hpsend", "payload_nbytes", payload_nbytes));
}

void superstep_mcbsp_qsize(unsigned* nmessages, std::size_t* accum_nbytes) {
  int messages = 0;
  int bytes = 0;
  bsp_qsize(&messages, &bytes);
  *nmessages = static_cast<unsigned>(messages);
  if (accum_nbytes != nullptr) *accum_nbytes = static_cast<std::size_t>(bytes);
}

void superstep_mcbsp_get_tag(std::size_t* status, void* tag) {
  int length = -1;
  bsp_get_tag(&length, tag);
  *status = length < 0 ? SIZE_MAX : static_cast<std::size_t>(length);
}

void superstep_mcbsp_move(void* payload, std::size_t reception_nbytes) {
  // Copying is bounded by the message's length too, so a reception area
  // larger than INT_MAX loses nothing when capped.
  bsp_move(payload, reception_nbytes > static_cast<std::size_t>(INT_MAX)
                        ? INT_MAX
                        : static_cast<int>(reception_nbytes));
}

std::size_t superstep_mcbsp_hpmove(void** tag_ptr, void** payload_ptr) {
  int length = bsp_hpmove(tag_ptr, payload_ptr);
  return length < 0 ? SIZE_MAX : static_cast<std::size_t>(length);
}

}  // extern "C"

namespace superstep {

void direct_get(int pid, const void* src, std::size_t offset, void* dst, std::size_t nbytes) {
  Runtime& rt = running("bsp_direct_get");
  check_pid("bsp_direct_get", rt, pid);
  if (nbytes > 0 && (!src || !dst))
    usage_error("bsp_direct_get", "src or dst is NULL but nbytes is %zu; pass valid addresses",
                nbytes);
  rt.direct_get(pid, src, offset, dst, nbytes);
}

}  // namespace superstep
