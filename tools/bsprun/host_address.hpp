// Where the hosts of a hostfile are: their IPv4 address, and whether a host
// is this machine (its processes then start here, without a remote shell).
#pragma once

#include <netinet/in.h>

#include <optional>
#include <string>

namespace bsprun {

// The host's IPv4 address (the udp engine speaks IPv4), or nothing when the
// name does not resolve.
std::optional<in_addr> resolve_ipv4(const std::string& host);

// True when `host` names this machine: "localhost", this machine's host name
// (with or without its domain), or an address of one of its network
// interfaces.
bool names_this_machine(const std::string& host, in_addr address);

// The address of this machine that packets to `to` leave from (what a
// process there sees as ours), or nothing when there is no route.
std::optional<in_addr> local_address_towards(in_addr to);

std::string to_text(in_addr address);

}  // namespace bsprun
