// How a large put's bytes are copied into a staging ring that other
// processes read (the shared-memory engine's staging, the MPI engine's bulk
// area): plain stores or non-temporal ones, chosen by what each costs on the
// processors at hand, measured while the program runs.
//
// Why: the ring's lines were read by another processor at an earlier sync,
// and a plain store into such a line waits until that processor's copy is
// invalidated. Where the host places the two processors close together that
// is cheap and a plain copy costs about a memcpy; where it places them far
// apart, writing round the ring costs several memcpys, and a superstep that
// stages and copies out 64 KiB each way costs about twice as much with plain
// stores as with non-temporal ones, which invalidate without waiting for the
// line; where close, the non-temporal ones cost about twice as much (the
// reader then reads from memory). Which placement a run gets is the host's, and may change
// while it runs, so the choice is measured, not configured: each copy of
// kMinBytes or more is timed, and the writer keeps the cheaper way. Non-
// temporal stores are tried only where plain copies run kGate times slower
// than a copy within this processor, so where plain stores are cheap nothing
// is tried and nothing is lost. BSP_FORCE=staging_stores=plain or streaming forces
// either (differential.staging_streaming runs the second). docs/performance.md,
// "Method", says where the host places the two processors and what it costs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace superstep {

enum class StagingStores { kAuto, kPlain, kStreaming };

// The choice, apart from any clock: costs are per byte, in any unit, the
// same for every call.
class RingCopyPolicy {
 public:
  static constexpr double kGate = 3.5;         // plain copies this much dearer than a local one
  static constexpr double kSwitch = 0.7;       // streaming must cost less than this share of plain
  static constexpr unsigned kProbeEvery = 32;  // copies between tries of the other way
  // Plain copies seen before anything is tried: those of the ring's first
  // round, which find its lines in memory, not in a cache. Counted in bytes,
  // a ring's worth (set_settle_bytes), and at least kSettleCopies copies: 16
  // of 64 KiB in a ring of 1 MiB, but 2 of 1 MiB, whose fills start the ring
  // again every time. Counted in copies alone, a program putting 1 MiB in a
  // superstep would wait 16 supersteps before trying, and where the
  // processors are far apart `bench_total_exchange 2 1048576` would keep the
  // slower plain stores in many launches.
  static constexpr unsigned kSettleCopies = 2;

  explicit RingCopyPolicy(StagingStores forced = StagingStores::kAuto) : forced_(forced) {}
  // How many bytes of plain copies the choice waits for (a ring's first round).
  void set_settle_bytes(std::uint64_t bytes) { settle_bytes_ = bytes; }
  // What a copy within this processor costs (set once, before observe).
  void set_reference(double cost) { reference_ = cost; }
  bool has_reference() const { return reference_ > 0; }
  // Whether the next large copy takes non-temporal stores.
  bool next_streaming();
  // What a large copy of `bytes` cost a byte, by the way it took. Costs of
  // copies of different sizes mix in the same windows, and the least of them
  // decides, which leans to plain stores wherever some plain copies are cheap.
  void observe(bool streaming, double cost, std::uint64_t bytes);
  bool streaming_chosen() const { return streaming_mode_; }
  StagingStores forced() const { return forced_; }

 private:
  // The least of the last few costs: a copy the scheduler interrupted
  // counts for nothing.
  class Recent {
   public:
    void add(double cost);
    bool empty() const { return count_ == 0; }
    double least() const;

   private:
    std::array<double, 8> costs_{};
    unsigned count_ = 0, next_ = 0;
  };

  StagingStores forced_;
  double reference_ = 0;
  Recent plain_, streaming_;
  bool streaming_mode_ = false;
  std::uint64_t copies_ = 0;
  std::uint64_t plain_seen_ = 0;
  std::uint64_t plain_bytes_ = 0;
  std::uint64_t settle_bytes_ = 0;
};

// The policy with a clock: copies as it chooses and times the large copies.
class RingCopy {
 public:
  static constexpr std::size_t kMinBytes = std::size_t{16} << 10;

  explicit RingCopy(StagingStores forced = StagingStores::kAuto);
  void copy(void* dst, const void* src, std::size_t n);
  const RingCopyPolicy& policy() const { return policy_; }

 private:
  void measure_reference(const void* src, std::size_t n);

  RingCopyPolicy policy_;
};

}  // namespace superstep
