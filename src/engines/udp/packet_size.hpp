// How large the udp engine's data packets are, and how many go out in one
// segmented send: pure functions of what the transport learned at start-up
// (receive buffers, path MTU), so that tests can give them any inputs.
#pragma once

#include <cstddef>
#include <cstdint>

namespace superstep::udp {

// What the kernel keeps per datagram beyond its payload, roughly.
inline constexpr std::uint32_t kPacketOverhead = 1024;
// The fewest packets a sender may have in flight towards one destination.
inline constexpr std::uint32_t kMinWindow = 4;
// The kernel's UDP_MAX_SEGMENTS: packets in one segmented send at most.
inline constexpr std::size_t kMaxSegments = 64;

// The payload of a data packet for a job of `processes` whose smallest
// receive buffer is smallest_buffer bytes and whose smallest path MTU is
// path_mtu (0: none learned). At most what the path carries in one datagram
// (8 KiB where unknown: an IP datagram over the MTU travels in fragments, and
// losing one loses it all), a sixteenth of the buffer, and little enough that
// every other process's minimum window fits one buffer together.
// `forced` (BSP_UDP_PACKET, or null) replaces all but the path's bound.
std::uint32_t choose_payload(std::uint32_t smallest_buffer, int processes, int path_mtu,
                             const char* forced);

// Packets of `payload` bytes that one segmented send (UDP_SEGMENT) carries:
// as many as fit about 64 KiB, at most kMaxSegments; 1 (no segmentation)
// where fewer than two fit.
std::size_t segments_per_send(std::uint32_t payload);

}  // namespace superstep::udp
