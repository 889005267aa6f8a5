// The C entry points of bsp.h: check the arguments, then make one call into
// the core. Every misuse stops the program with one message that names the
// primitive, the process, the superstep and the offending values.
#include <bsp.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "api/checks.hpp"
#include "core/errors.hpp"
#include "core/processors.hpp"
#include "core/runtime.hpp"
#include "engines/engine_select.hpp"

using superstep::check_not_negative;
using superstep::check_not_null;
using superstep::check_pid;
using superstep::running;
using superstep::Runtime;
using superstep::usage_error;

namespace {

// bsp_nprocs() before bsp_begin: under MPI the processes of the job, else
// $BSP_NPROCS if set, else the processors.
int processors_before_begin() {
  if (int mpi_processes = superstep::mpi_processes_before_begin()) return mpi_processes;
  const char* env = std::getenv("BSP_NPROCS");
  if (!env || !*env) return superstep::available_processors();
  char* end = nullptr;
  long n = std::strtol(env, &end, 10);
  if (*end != '\0' || n < 1 || n > INT_MAX)
    usage_error("bsp_nprocs", "BSP_NPROCS is \"%s\"; set it to a positive number of processes",
                env);
  return static_cast<int>(n);
}

}  // namespace

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

void bsp_begin(int maxprocs) { Runtime::begin(maxprocs); }

void bsp_end(void) { running("bsp_end").end(); }

void bsp_vabort(const char* format, va_list args) {
  std::string message;
  if (format) {
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    if (n > 0) {
      message.resize(static_cast<std::size_t>(n));
      std::vsnprintf(message.data(), message.size() + 1, format, args);
    }
  }
  if (!message.empty() && message.back() == '\n') message.pop_back();
  superstep::fatal(message);
}

void bsp_abort(const char* format, ...) {
  va_list args;
  va_start(args, format);
  bsp_vabort(format, args);
}

int bsp_nprocs(void) {
  if (Runtime* rt = Runtime::active()) return rt->nprocs();
  return processors_before_begin();
}

int bsp_pid(void) { return running("bsp_pid").pid(); }

double bsp_time(void) { return running("bsp_time").time(); }

// In parentheses: bsp.h's bsp_sync() macro passes the call site to bsp_sync_at
// (api/profile_api.cpp); this is the function itself, for callers without it.
void(bsp_sync)(void) { running("bsp_sync").sync(); }

void bsp_push_reg(const void* ident, int size) {
  Runtime& rt = running("bsp_push_reg");
  check_not_negative("bsp_push_reg", "size", size);
  rt.push_reg(ident, static_cast<std::uint64_t>(size));
}

void bsp_pop_reg(const void* ident) { running("bsp_pop_reg").pop_reg(ident); }

static void drma(const char* primitive, bool is_put, int pid, const void* src, void* dst,
                 int offset, int nbytes, bool hp) {
  Runtime& rt = running(primitive);
  check_pid(primitive, rt, pid);
  check_not_negative(primitive, "offset", offset);
  check_not_negative(primitive, "nbytes", nbytes);
  check_not_null(primitive, "src", src, nbytes);
  check_not_null(primitive, "dst", dst, nbytes);
  if (is_put)
    rt.put(primitive, pid, src, dst, static_cast<std::uint64_t>(offset),
           static_cast<std::uint64_t>(nbytes), hp);
  else
    rt.get(primitive, pid, src, static_cast<std::uint64_t>(offset), dst,
           static_cast<std::uint64_t>(nbytes), hp);
}

// The common case, every argument plainly valid, takes one branch to the
// core; anything else goes through drma() to be diagnosed.
static inline bool plainly_valid(const Runtime* rt, int pid, const void* src, const void* dst,
                                 int offset, int nbytes) {
  return rt && static_cast<unsigned>(pid) < static_cast<unsigned>(rt->nprocs()) && offset >= 0 &&
         nbytes > 0 && src && dst;
}

void bsp_put(int pid, const void* src, void* dst, int offset, int nbytes) {
  Runtime* rt = Runtime::active();
  if (plainly_valid(rt, pid, src, dst, offset, nbytes)) [[likely]]
    return rt->put("bsp_put", pid, src, dst, static_cast<std::uint64_t>(offset),
                   static_cast<std::uint64_t>(nbytes), false);
  drma("bsp_put", true, pid, src, dst, offset, nbytes, false);
}

void bsp_hpput(int pid, const void* src, void* dst, int offset, int nbytes) {
  Runtime* rt = Runtime::active();
  if (plainly_valid(rt, pid, src, dst, offset, nbytes)) [[likely]]
    return rt->put("bsp_hpput", pid, src, dst, static_cast<std::uint64_t>(offset),
                   static_cast<std::uint64_t>(nbytes), true);
  drma("bsp_hpput", true, pid, src, dst, offset, nbytes, true);
}

void bsp_get(int pid, const void* src, int offset, void* dst, int nbytes) {
  drma("bsp_get", false, pid, src, const_cast<void*>(static_cast<const void*>(dst)), offset, nbytes,
       false);
}

void bsp_hpget(int pid, const void* src, int offset, void* dst, int nbytes) {
  drma("bsp_hpget", false, pid, src, dst, offset, nbytes, true);
}

void bsp_set_tagsize(int* tag_nbytes) {
  Runtime& rt = running("bsp_set_tagsize");
  if (!tag_nbytes)
    usage_error("bsp_set_tagsize", "tag_nbytes is NULL; pass a pointer to the new size");
  check_not_negative("bsp_set_tagsize", "the tag size", *tag_nbytes);
  *tag_nbytes = static_cast<int>(rt.set_tagsize(*tag_nbytes));
}

void bsp_send(int pid, const void* tag, const void* payload, int payload_nbytes) {
  Runtime& rt = running("bsp_send");
  check_pid("bsp_send", rt, pid);
  check_not_negative("bsp_send", "payload_nbytes", payload_nbytes);
  if (!tag && rt.tagsize() > 0)
    usage_error("bsp_send", "tag is NULL but the tag size is %u; pass a tag of that size",
                rt.tagsize());
  check_not_null("bsp_send", "payload", payload, payload_nbytes);
  rt.send(pid, tag, payload, static_cast<std::uint64_t>(payload_nbytes));
}

void bsp_qsize(int* nmessages, int* accum_nbytes) {
  superstep::MessageQueue& q = running("bsp_qsize").queue();
  if (nmessages) *nmessages = static_cast<int>(std::min<std::uint64_t>(q.size(), INT_MAX));
  if (accum_nbytes)
    *accum_nbytes = static_cast<int>(std::min<std::uint64_t>(q.payload_bytes(), INT_MAX));
}

void bsp_get_tag(int* status, void* tag) {
  superstep::MessageQueue& q = running("bsp_get_tag").queue();
  if (!status) usage_error("bsp_get_tag", "status is NULL; pass a pointer to an int");
  if (q.empty()) {
    *status = -1;
    return;
  }
  superstep::MessageQueue::Message m = q.front();
  if (m.tag_bytes) {
    if (!tag)
      usage_error("bsp_get_tag", "tag is NULL but the message has a %u-byte tag; pass a buffer",
                  m.tag_bytes);
    std::memcpy(tag, m.tag, m.tag_bytes);
  }
  *status = static_cast<int>(m.payload_bytes);
}

void bsp_move(void* payload, int reception_nbytes) {
  superstep::MessageQueue& q = running("bsp_move").queue();
  check_not_negative("bsp_move", "reception_nbytes", reception_nbytes);
  if (q.empty())
    usage_error("bsp_move", "the message queue is empty; check bsp_qsize or bsp_get_tag first");
  superstep::MessageQueue::Message m = q.front();
  std::uint64_t n =
      std::min<std::uint64_t>(m.payload_bytes, static_cast<std::uint64_t>(reception_nbytes));
  if (n) {
    check_not_null("bsp_move", "payload", payload, static_cast<int>(n));
    std::memcpy(payload, m.payload, n);
  }
  q.pop();
}

int bsp_hpmove(void** tag_ptr, void** payload_ptr) {
  superstep::MessageQueue& q = running("bsp_hpmove").queue();
  if (!tag_ptr || !payload_ptr)
    usage_error("bsp_hpmove", "tag_ptr or payload_ptr is NULL; pass pointers to two pointers");
  if (q.empty()) return -1;
  superstep::MessageQueue::Message m = q.front();
  *tag_ptr = const_cast<char*>(m.tag);
  *payload_ptr = const_cast<char*>(m.payload);
  q.pop();
  return static_cast<int>(m.payload_bytes);
}

}  // extern "C"
