// The C entry points of bsp.h: check the arguments, then make one call into
// the core. Every misuse stops the program with one message that names the
// primitive, the process, the superstep and the offending values.
#include <bsp.h>

#include <cstdarg>

#include "api/checks.hpp"
#include "api/misuse.hpp"
#include "core/abort_run.hpp"
#include "core/bsmp_receive.hpp"
#include "util/errors.hpp"
#include "core/nprocs_before_begin.hpp"
#include "core/runtime.hpp"
#include "engines/engine_select.hpp"

using superstep::Call;
using superstep::send_misuse;
using superstep::check_not_negative;
using superstep::check_not_null;
using superstep::check_pid;
using superstep::running;
using superstep::Runtime;
using superstep::usage_error;

extern "C" {

void bsp_init(void (*spmd_part)(void), int argc, char* argv[]) {
  (void)argc;
  (void)argv;
  if (Runtime::begun())
    usage_error("bsp_init", "called after bsp_begin; call bsp_init first in main");
  if (!spmd_part)
    usage_error("bsp_init", "spmd_part is NULL; pass the function that calls bsp_begin");
  superstep::on_bsp_init(spmd_part);  // under MPI, processes other than 0 start here
}

void bsp_begin(int maxprocs) {
  superstep::check_program_inline_layout();
  Runtime::begin(maxprocs);
}

void bsp_end(void) { running("bsp_end").end(); }

void bsp_team_begin(int colour, int key) { running("bsp_team_begin").enter_team(colour, key); }

void bsp_team_end(void) { running("bsp_team_end").leave_team(); }

void bsp_vabort(const char* format, va_list args) { superstep::abort_run(format, args); }

void bsp_abort(const char* format, ...) {
  va_list args;
  va_start(args, format);
  bsp_vabort(format, args);
}

int bsp_nprocs(void) {
  if (Runtime* rt = Runtime::active()) return rt->nprocs();
  return superstep::nprocs_before_begin();
}

int bsp_pid(void) { return running("bsp_pid").pid(); }

double bsp_time(void) { return running("bsp_time").time(); }

// In parentheses: bsp.h's bsp_sync() macro passes the call site to bsp_sync_at
// (api/profile_api.cpp); this is the function itself, for callers without it.
void(bsp_sync)(void) {
  Runtime& rt = running("bsp_sync");
  if (superstep::PortabilityCheck* check = rt.check()) [[unlikely]]
    check->sync_site({});  // not known: not the last sync's
  rt.sync();
}

// In parentheses: bsp.h's bsp_push_reg() macro passes the call site to
// bsp_push_reg_at; this is the function itself, for callers without it.
void(bsp_push_reg)(const void* ident, int size) { bsp_push_reg_at(ident, size, nullptr, 0); }

void bsp_push_reg_at(const void* ident, int size, const char* file, int line) {
  Runtime& rt = running("bsp_push_reg");
  check_not_negative("bsp_push_reg", "size", size);
  rt.push_reg(ident, static_cast<std::uint64_t>(size), superstep::CallSite{file, line});
}

void bsp_pop_reg(const void* ident) { running("bsp_pop_reg").pop_reg(ident); }

// bsp_put, bsp_hpput, bsp_get and bsp_hpget: api/put.cpp.

void bsp_set_tagsize(int* tag_nbytes) {
  Runtime& rt = running("bsp_set_tagsize");
  if (!tag_nbytes)
    usage_error("bsp_set_tagsize", "tag_nbytes is NULL; pass a pointer to the new size");
  check_not_negative("bsp_set_tagsize", "the tag size", *tag_nbytes);
  *tag_nbytes = static_cast<int>(rt.set_tagsize(*tag_nbytes));
}

namespace {

// Tier 2 of bsp_send (which opens the window the program's first tier fills), then the full
// path: true when the message is sent, false when the call is a misuse (nothing done).
[[gnu::always_inline]] inline bool send_after_first_tier(int pid, const void* tag,
                                                         const void* payload, int payload_nbytes) {
  Runtime* rt = Runtime::active();
  if (rt && rt->send_small(pid, tag, payload, payload_nbytes)) [[likely]]
    return true;
  if (!rt || static_cast<unsigned>(pid) >= static_cast<unsigned>(rt->nprocs()) ||
      payload_nbytes < 0 || (!tag && rt->tagsize() > 0) || (!payload && payload_nbytes > 0))
    return false;
  rt->send(pid, tag, payload, static_cast<std::uint64_t>(payload_nbytes));
  return true;
}

[[gnu::always_inline]] inline void send(const Call& call, int pid, const void* tag,
                                        const void* payload, int payload_nbytes) {
  if (superstep_send_fits(pid, tag, payload, payload_nbytes)) [[likely]]
    return;
  if (!send_after_first_tier(pid, tag, payload, payload_nbytes)) [[unlikely]]
    send_misuse(call, pid, tag, payload, payload_nbytes);
}

}  // namespace

// bsp_send after the first tier, which an optimised program takes inline
// (superstep/detail/inline_paths.h); file and line are read only to report a misuse.
void superstep_send_after_first_tier(int pid, const void* tag, const void* payload,
                                     int payload_nbytes, const char* file, int line) {
  if (!send_after_first_tier(pid, tag, payload, payload_nbytes)) [[unlikely]]
    send_misuse({"bsp_send", file, line}, pid, tag, payload, payload_nbytes);
}

// In parentheses: bsp.h's bsp_send() macro passes the call site to bsp_send_at.
void(bsp_send)(int pid, const void* tag, const void* payload, int payload_nbytes) {
  send("bsp_send", pid, tag, payload, payload_nbytes);
}

void bsp_send_at(int pid, const void* tag, const void* payload, int payload_nbytes,
                 const char* file, int line) {
  send({"bsp_send", file, line}, pid, tag, payload, payload_nbytes);
}

void bsp_qsize(int* nmessages, int* accum_nbytes) {
  superstep::queue_size(running("bsp_qsize").queue(), nmessages, accum_nbytes);
}

void bsp_get_tag(int* status, void* tag) {
  superstep::MessageQueue& q = running("bsp_get_tag").queue();
  if (!status) usage_error("bsp_get_tag", "status is NULL; pass a pointer to an int");
  *status = superstep::peek_tag(q, tag);
}

// bsp_move after the first tier, which an optimised program takes inline
// (superstep/detail/inline_paths.h): what that leaves (a payload over 16 bytes, the
// last message of a stream or of the queue, and every misuse) goes the full
// path. Out of line, so that the first tier ends in a jump here.
void superstep_move_after_first_tier(void* payload, int reception_nbytes) {
  superstep::MessageQueue& q = running("bsp_move").queue();
  check_not_negative("bsp_move", "reception_nbytes", reception_nbytes);
  superstep::move_payload(q, payload, static_cast<std::uint64_t>(reception_nbytes));
}

void bsp_move(void* payload, int reception_nbytes) {
  if (superstep_move_small(payload, reception_nbytes)) [[likely]]
    return;
  superstep_move_after_first_tier(payload, reception_nbytes);
}

int bsp_hpmove(void** tag_ptr, void** payload_ptr) {
  superstep::MessageQueue& q = running("bsp_hpmove").queue();
  if (!tag_ptr || !payload_ptr)
    usage_error("bsp_hpmove", "tag_ptr or payload_ptr is NULL; pass pointers to two pointers");
  return superstep::take_in_place(q, tag_ptr, payload_ptr);
}

}  // extern "C"
