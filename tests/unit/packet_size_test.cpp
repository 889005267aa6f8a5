// The udp engine's packet size and segmented sends (engines/udp/packet_size).
#include "engines/udp/packet_size.hpp"

#include <gtest/gtest.h>

#include "engines/udp/wire.hpp"

namespace superstep::udp {
namespace {

constexpr std::uint32_t kLargestPayload = 65507 - sizeof(PacketHeader);

TEST(PacketSize, LoopbackWithLargeBuffersTakesAWholeDatagram) {
  EXPECT_EQ(choose_payload(4 << 20, 2, 65536, nullptr), kLargestPayload);
}

TEST(PacketSize, AnEthernetPathBoundsIt) {
  EXPECT_EQ(choose_payload(4 << 20, 4, 1500, nullptr), 1500u - 28 - sizeof(PacketHeader));
}

TEST(PacketSize, WithoutALearnedMtuAtMost8KiB) {
  EXPECT_EQ(choose_payload(4 << 20, 2, 0, nullptr), 8192u);
}

TEST(PacketSize, EverySendersMinimumWindowFitsOneReceiveBuffer) {
  for (std::uint32_t buffer : {212992u, 1u << 20, 4u << 20})
    for (int p : {2, 3, 8, 17, 64}) {
      std::uint32_t payload = choose_payload(buffer, p, 65536, nullptr);
      if (payload == 1024) continue;  // the floor: buffers too small for any window
      EXPECT_LE(std::uint64_t{kMinWindow} * (p - 1) * (payload + kPacketOverhead), buffer)
          << "buffer " << buffer << ", p = " << p;
      EXPECT_LE(payload, buffer / 16);
    }
}

TEST(PacketSize, BspUdpPacketReplacesAllButThePath) {
  EXPECT_EQ(choose_payload(212992, 64, 65536, "30000"), 30000u);
  EXPECT_EQ(choose_payload(4 << 20, 2, 65536, "100"), 256u);
  EXPECT_EQ(choose_payload(4 << 20, 2, 1500, "30000"), 1500u - 28 - sizeof(PacketHeader));
  EXPECT_EQ(choose_payload(4 << 20, 2, 65536, ""), kLargestPayload);  // empty: unset
}

TEST(PacketSize, SegmentedSendsOnlyForSmallPackets) {
  EXPECT_EQ(segments_per_send(1432), 44u);  // 44 * 1472 bytes fit 64 KiB
  EXPECT_EQ(segments_per_send(256), kMaxSegments);
  EXPECT_EQ(segments_per_send(kLargestPayload), 1u);
  EXPECT_EQ(segments_per_send(40000), 1u);
  EXPECT_EQ(segments_per_send(30000), 2u);
}

}  // namespace
}  // namespace superstep::udp
