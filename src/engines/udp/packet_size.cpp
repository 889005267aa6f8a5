#include "engines/udp/packet_size.hpp"

#include <algorithm>
#include <cstdlib>

#include "engines/udp/wire.hpp"

namespace superstep::udp {

namespace {
constexpr std::uint32_t kHeaders = 28 + sizeof(PacketHeader);  // IP, UDP and ours
constexpr std::uint32_t kLargestPayload = 65507 - sizeof(PacketHeader);
constexpr std::uint32_t kPacketsPerBuffer = 16;
constexpr std::uint32_t kUnknownPathLargest = 8192;
}  // namespace

std::uint32_t choose_payload(std::uint32_t smallest_buffer, int processes, int path_mtu,
                             const char* forced) {
  const auto senders = static_cast<std::uint32_t>(std::max(processes - 1, 1));
  const std::uint32_t per_packet =
      std::min(smallest_buffer / kPacketsPerBuffer, smallest_buffer / (kMinWindow * senders));
  std::uint32_t limit = std::clamp<std::uint32_t>(
      per_packet > kPacketOverhead ? per_packet - kPacketOverhead : 0, 1024, kLargestPayload);
  if (forced && *forced)
    limit = std::clamp<std::uint32_t>(static_cast<std::uint32_t>(std::atoi(forced)), 256, 65000);
  const std::uint32_t mtu = path_mtu > 0
                                ? std::max<std::uint32_t>(576, static_cast<std::uint32_t>(path_mtu))
                                : kUnknownPathLargest + kHeaders;
  return std::min({limit, mtu - kHeaders, kLargestPayload});
}

std::size_t segments_per_send(std::uint32_t payload) {
  const std::size_t fit = 65000 / (sizeof(PacketHeader) + payload);
  return fit < 2 ? 1 : std::min(fit, kMaxSegments);
}

}  // namespace superstep::udp
