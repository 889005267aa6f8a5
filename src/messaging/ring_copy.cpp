#include "messaging/ring_copy.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "util/cache_ring.hpp"
#include "util/block_copy.hpp"
#include "util/streaming_copy.hpp"

namespace superstep {

namespace {
// A cheap clock in any unit: the time-stamp counter where there is one
// (a few times cheaper to read in a virtual machine than clock_gettime).
std::uint64_t ticks() {
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}
}  // namespace

void RingCopyPolicy::Recent::add(double cost) {
  costs_[next_] = cost;
  next_ = (next_ + 1) % costs_.size();
  count_ = std::min<unsigned>(count_ + 1, costs_.size());
}

double RingCopyPolicy::Recent::least() const {
  return *std::min_element(costs_.begin(), costs_.begin() + count_);
}

bool RingCopyPolicy::next_streaming() {
  if (forced_ != StagingStores::kAuto) return forced_ == StagingStores::kStreaming;
  bool probe = ++copies_ % kProbeEvery == 0;
  if (streaming_mode_) return !probe;  // plain stores now and then: the placement may change
  if (plain_seen_ < kSettleCopies || plain_bytes_ < settle_bytes_ || !has_reference() ||
      plain_.least() <= kGate * reference_)
    return false;
  return streaming_.empty() || probe;
}

void RingCopyPolicy::observe(bool streaming, double cost, std::uint64_t bytes) {
  if (forced_ != StagingStores::kAuto) return;
  (streaming ? streaming_ : plain_).add(cost);
  if (!streaming) {
    ++plain_seen_;
    plain_bytes_ += bytes;
  }
  if (plain_.empty() || streaming_.empty()) return;
  streaming_mode_ = streaming_mode_ ? streaming_.least() < plain_.least()
                                    : streaming_.least() < kSwitch * plain_.least();
}

RingCopy::RingCopy(StagingStores forced) : policy_(forced) {
  policy_.set_settle_bytes(cache_ring_bytes());
}

// A copy of the same bytes within this process (into scratch memory it
// alone touches), the best of three after one that warms it.
void RingCopy::measure_reference(const void* src, std::size_t n) {
  n = std::min(n, std::size_t{256} << 10);
  std::vector<char> scratch(n + 64);
  // The same line offset as the source: no slow copy distance (block_copy.hpp).
  char* to = scratch.data() + line_gap(reinterpret_cast<std::uintptr_t>(scratch.data()),
                                       reinterpret_cast<std::uintptr_t>(src));
  double best = 0;
  for (int i = 0; i < 4; ++i) {
    std::uint64_t t0 = ticks();
    copy_block(to, src, n);
    double cost = static_cast<double>(ticks() - t0) / static_cast<double>(n);
    if (i == 1 || (i > 1 && cost < best)) best = cost;
  }
  policy_.set_reference(best > 0 ? best : 1e-9);
}

void RingCopy::copy(void* dst, const void* src, std::size_t n) {
  // A forced way takes every size, so that tests of it reach every size
  // that is staged; below kMinBytes a copy is too short to time well.
  StagingStores forced = policy_.forced();
  if (forced != StagingStores::kAuto || n < kMinBytes) {
    if (forced == StagingStores::kStreaming)
      copy_block_streaming(dst, src, n);
    else
      copy_block(dst, src, n);
    return;
  }
  if (!policy_.has_reference()) measure_reference(src, n);
  bool streaming = policy_.next_streaming();
  std::uint64_t t0 = ticks();
  if (streaming)
    copy_block_streaming(dst, src, n);
  else
    copy_block(dst, src, n);
  policy_.observe(streaming, static_cast<double>(ticks() - t0) / static_cast<double>(n), n);
}

}  // namespace superstep
