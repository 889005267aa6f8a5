#include "host_address.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

namespace bsprun {
namespace {

std::string short_name(const std::string& name) { return name.substr(0, name.find('.')); }

bool is_interface_address(in_addr address) {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return false;
  bool found = false;
  for (ifaddrs* i = list; i && !found; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    found = reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr == address.s_addr;
  }
  freeifaddrs(list);
  return found;
}

}  // namespace

std::optional<in_addr> resolve_ipv4(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found) return std::nullopt;
  in_addr address = reinterpret_cast<const sockaddr_in*>(found->ai_addr)->sin_addr;
  freeaddrinfo(found);
  return address;
}

bool names_this_machine(const std::string& host, in_addr address) {
  if (host == "localhost") return true;
  char name[256] = {};
  in_addr numeric{};
  bool is_number = inet_pton(AF_INET, host.c_str(), &numeric) == 1;
  if (!is_number && gethostname(name, sizeof name - 1) == 0 &&
      (host == name || short_name(host) == short_name(name)))
    return true;
  return is_interface_address(address);
}

std::optional<in_addr> local_address_towards(in_addr to) {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::nullopt;
  sockaddr_in peer{};
  peer.sin_family = AF_INET;
  peer.sin_addr = to;
  peer.sin_port = htons(9);  // connecting a datagram socket sends nothing
  sockaddr_in self{};
  socklen_t size = sizeof self;
  bool ok = connect(fd, reinterpret_cast<sockaddr*>(&peer), sizeof peer) == 0 &&
            getsockname(fd, reinterpret_cast<sockaddr*>(&self), &size) == 0;
  close(fd);
  if (!ok) return std::nullopt;
  return self.sin_addr;
}

std::string to_text(in_addr address) {
  char text[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &address, text, sizeof text);
  return text;
}

}  // namespace bsprun
