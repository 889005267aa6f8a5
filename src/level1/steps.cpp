#include "level1/steps.hpp"

#include <climits>
#include <cstdint>

#include "core/runtime.hpp"
#include "util/errors.hpp"

namespace superstep::level1 {

void check_call(const char* name, long long count, long long size) {
  if (!Runtime::active())
    usage_error(name, "called outside bsp_begin..bsp_end; call it between them, on every process");
  if (count < 0) usage_error(name, "the count is %lld; it must not be negative", count);
  if (size < 0) usage_error(name, "the element size is %lld; it must not be negative", size);
}

void check_root(const char* name, int root) {
  if (root < 0 || root >= bsp_nprocs())
    usage_error(name, "root %d is outside 0..%d; pass a pid from 0 to bsp_nprocs()-1", root,
                bsp_nprocs() - 1);
}

void check_area(const char* name, const char* what, const void* area, long long nbytes) {
  if (!area && nbytes > 0)
    usage_error(name, "%s is NULL but holds %lld bytes; pass a valid address", what, nbytes);
}

int bytes_int(const char* name, long long bytes) {
  if (bytes > INT_MAX)
    usage_error(name, "needs an area of %lld bytes, more than BSPlib's int sizes allow (%d)", bytes,
                INT_MAX);
  return static_cast<int>(bytes);
}

Registrations::~Registrations() {
  for (auto it = pushed_.rbegin(); it != pushed_.rend(); ++it) bsp_pop_reg(*it);
}

char* Registrations::push(void* area, long long nbytes) {
  if (!area) {
    // Distinct addresses, so that each pop finds its own slot.
    area = &placeholders_[pushed_.size() % sizeof placeholders_];
    nbytes = 0;
  }
  bsp_push_reg(area, bytes_int(name_, nbytes));
  pushed_.push_back(area);
  return static_cast<char*>(area);
}

void Registrations::sync_registered() {
  bsp_sync();
  check_queue(name_, 0);
}

void put_stable(int pid, const void* src, void* dst, long long offset, long long nbytes) {
  if (Runtime::active()->hpputs_skip_a_copy())
    bsp_hpput(pid, src, dst, static_cast<int>(offset), static_cast<int>(nbytes));
  else
    bsp_put(pid, src, dst, static_cast<int>(offset), static_cast<int>(nbytes));
}

bool overlap(const void* a, long long a_bytes, const void* b, long long b_bytes) {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return a_bytes > 0 && b_bytes > 0 && x < y + static_cast<std::uintptr_t>(b_bytes) &&
         y < x + static_cast<std::uintptr_t>(a_bytes);
}

void check_queue(const char* name, int expected) {
  int messages = 0, bytes = 0;
  bsp_qsize(&messages, &bytes);
  if (messages > expected)
    usage_error(name,
                "%d message(s) sent before the call arrived during it; a collective ends the "
                "superstep like bsp_sync and must leave the queue empty: move them first (call "
                "the collective one superstep after the sends)",
                messages - expected);
}

MessageRound::MessageRound(const char* name)
    : name_(name),
      tag_(reused<char, Use::tag>(static_cast<std::size_t>(Runtime::active()->tagsize())).data()) {}

void MessageRound::send(int to, const void* data, long long nbytes) {
  bsp_send(to, tag_, data, bytes_int(name_, nbytes));
}

void MessageRound::deliver(int expected) {
  bsp_sync();
  check_queue(name_, expected);
}

const char* MessageRound::next_any(long long* nbytes) {
  void* tag = nullptr;
  void* payload = nullptr;
  *nbytes = bsp_hpmove(&tag, &payload);
  return static_cast<const char*>(payload);
}

const char* MessageRound::next(int from, long long nbytes) {
  long long got = 0;
  const char* payload = next_any(&got);
  if (got != nbytes)
    usage_error(name_,
                "process %d passed %lld bytes where process %d expects %lld; every process "
                "must pass the same size",
                from, got, bsp_pid(), nbytes);
  return payload;
}

}  // namespace superstep::level1
