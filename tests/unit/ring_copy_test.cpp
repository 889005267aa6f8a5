// The staging rings' copy (messaging/ring_copy.hpp, util/streaming_copy.hpp):
// non-temporal stores copy every byte at every alignment and size, and the
// choice between them and plain stores follows the costs it is shown.
#include "messaging/ring_copy.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "util/streaming_copy.hpp"

namespace superstep {
namespace {

std::vector<char> pattern(std::size_t n) {
  std::vector<char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<char>(i * 131 + 7);
  return v;
}

TEST(StreamingCopy, CopiesEveryByteAtEveryAlignment) {
  for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 127u, 128u, 200u, 4096u, 65536u + 17u}) {
    for (std::size_t dst_offset = 0; dst_offset < 64; dst_offset += 7) {
      for (std::size_t src_offset : {0u, 1u, 16u, 33u}) {
        // One byte more than needed: an empty vector's data() may be null,
        // which no copy may be handed (UBSan checks memmove's arguments).
        std::vector<char> src = pattern(n + src_offset + 1);
        std::vector<char> dst(n + dst_offset + 64, 'x');
        copy_block_streaming(dst.data() + dst_offset, src.data() + src_offset, n);
        for (std::size_t i = 0; i < dst_offset; ++i) ASSERT_EQ(dst[i], 'x');
        for (std::size_t i = 0; i < n; ++i)
          ASSERT_EQ(dst[dst_offset + i], src[src_offset + i]) << "n " << n << " at " << i;
        for (std::size_t i = dst_offset + n; i < dst.size(); ++i) ASSERT_EQ(dst[i], 'x');
      }
    }
  }
}

TEST(RingCopy, CopiesEveryByteWhicheverWayItChooses) {
  for (StagingStores way :
       {StagingStores::kAuto, StagingStores::kPlain, StagingStores::kStreaming}) {
    RingCopy ring(way);
    for (std::size_t n : {std::size_t{100}, RingCopy::kMinBytes, RingCopy::kMinBytes * 4 + 5}) {
      std::vector<char> src = pattern(n), dst(n + 3, 0);
      for (int i = 0; i < 40; ++i) {
        ring.copy(dst.data() + 3, src.data(), n);
        ASSERT_EQ(std::vector<char>(dst.begin() + 3, dst.end()), src);
      }
    }
  }
}

// Drives the policy with the costs a placement gives: plain and streaming
// copies of `bytes` (64 KiB unless said) at these costs per byte, `copies` times.
constexpr std::uint64_t kCopyBytes = std::uint64_t{64} << 10;
int streaming_copies(RingCopyPolicy& policy, double plain, double streaming, int copies,
                     std::uint64_t bytes = kCopyBytes) {
  int chosen = 0;
  for (int i = 0; i < copies; ++i) {
    bool s = policy.next_streaming();
    chosen += s;
    policy.observe(s, s ? streaming : plain, bytes);
  }
  return chosen;
}

// A ring of 1 MiB: its first round is 16 copies of 64 KiB.
constexpr std::uint64_t kRingBytes = std::uint64_t{1} << 20;
constexpr int kSettle64KiB = static_cast<int>(kRingBytes / kCopyBytes);

TEST(RingCopyPolicy, NeverTriesStreamingWherePlainCopiesAreCheap) {
  // Close placement: plain stores cost 1.3x a copy within the processor.
  RingCopyPolicy policy;
  policy.set_reference(1.0);
  EXPECT_EQ(streaming_copies(policy, 1.3, 0.5, 1000), 0);
}

TEST(RingCopyPolicy, TakesStreamingWhereItIsCheaperAndPlainIsDear) {
  // Far placement: plain stores 9.7x a local copy, streaming ones 2x.
  RingCopyPolicy policy;
  policy.set_reference(1.0);
  policy.set_settle_bytes(kRingBytes);
  int streaming = streaming_copies(policy, 9.7, 2.0, 1000);
  EXPECT_TRUE(policy.streaming_chosen());
  // A ring's worth of plain copies before anything is tried, then plain only to probe.
  EXPECT_GE(streaming,
            1000 - kSettle64KiB - 1000 / static_cast<int>(RingCopyPolicy::kProbeEvery) - 1);
}

TEST(RingCopyPolicy, WaitsForTheRingsFirstRoundInBytes) {
  // 64 KiB copies in a 1 MiB ring: nothing tried during the first 16.
  RingCopyPolicy small;
  small.set_reference(1.0);
  small.set_settle_bytes(kRingBytes);
  EXPECT_EQ(streaming_copies(small, 9.7, 2.0, kSettle64KiB), 0);
  EXPECT_EQ(streaming_copies(small, 9.7, 2.0, 1), 1);
  // 1 MiB copies: the first round is one copy; tried after kSettleCopies.
  RingCopyPolicy large;
  large.set_reference(1.0);
  large.set_settle_bytes(kRingBytes);
  const int settle = static_cast<int>(RingCopyPolicy::kSettleCopies);
  EXPECT_EQ(streaming_copies(large, 9.7, 2.0, settle, kRingBytes), 0);
  EXPECT_EQ(streaming_copies(large, 9.7, 2.0, 1, kRingBytes), 1);
  EXPECT_TRUE(large.streaming_chosen());
}

TEST(RingCopyPolicy, KeepsPlainWhereStreamingIsNoCheaper) {
  // Plain stores dear, but streaming ones dearer still: tried now and then only.
  RingCopyPolicy policy;
  policy.set_reference(1.0);
  int streaming = streaming_copies(policy, 4.0, 5.0, 1000);
  EXPECT_FALSE(policy.streaming_chosen());
  EXPECT_LE(streaming, 1 + 1000 / static_cast<int>(RingCopyPolicy::kProbeEvery));
}

TEST(RingCopyPolicy, FollowsThePlacementWhenItChanges) {
  RingCopyPolicy policy;
  policy.set_reference(1.0);
  streaming_copies(policy, 9.7, 2.0, 200);  // far
  ASSERT_TRUE(policy.streaming_chosen());
  streaming_copies(policy, 1.2, 2.5, 200);  // close: plain is cheaper again
  EXPECT_FALSE(policy.streaming_chosen());
  streaming_copies(policy, 9.7, 2.0, 200);  // far again
  EXPECT_TRUE(policy.streaming_chosen());
}

TEST(RingCopyPolicy, OneSlowCopyChangesNothing) {
  // A plain copy the scheduler interrupted among cheap ones.
  RingCopyPolicy policy;
  policy.set_reference(1.0);
  streaming_copies(policy, 1.2, 2.5, 20);
  policy.observe(false, 50.0, kCopyBytes);
  EXPECT_EQ(streaming_copies(policy, 1.2, 2.5, 100), 0);
}

TEST(RingCopyPolicy, ForcedWaysStayForced) {
  RingCopyPolicy plain(StagingStores::kPlain), streaming(StagingStores::kStreaming);
  plain.set_reference(1.0);
  streaming.set_reference(1.0);
  EXPECT_EQ(streaming_copies(plain, 9.7, 1.0, 100), 0);
  EXPECT_EQ(streaming_copies(streaming, 1.0, 9.7, 100), 100);
}

}  // namespace
}  // namespace superstep
