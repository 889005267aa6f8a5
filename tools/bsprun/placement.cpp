#include "placement.hpp"

#include <map>

#include "host_address.hpp"

namespace bsprun {

namespace {

struct Where {
  in_addr address;
  bool local;
  int remote_index = -1;
};
using Hosts = std::map<std::string, Where>;

// Every host the file names, resolved once; remote ones get their place in
// placement.remote. Returns the file's slot count, or -1 after setting
// placement.error.
long resolve_hosts(const Hostfile& file, const std::string& path, Placement& placement,
                   Hosts& hosts) {
  long slots = 0;
  for (const HostLine& line : file.hosts) {
    slots += line.slots;
    if (hosts.count(line.name)) continue;
    std::optional<in_addr> address = resolve_ipv4(line.name);
    if (!address) {
      placement.error = "bsprun: hostfile " + path + ", line " + std::to_string(line.line) +
                        ": unknown host '" + line.name + "' (it has no IPv4 address)";
      return -1;
    }
    Where where{*address, names_this_machine(line.name, *address)};
    if (!where.local) {
      where.remote_index = static_cast<int>(placement.remote.size());
      placement.remote.push_back({line.name, {}});
    }
    hosts.emplace(line.name, where);
  }
  return slots;
}

// Slot after slot in the file's order, round again when P exceeds them.
void assign_ranks(const Hostfile& file, const Hosts& hosts, Placement& placement) {
  int rank = 0;
  while (rank < placement.nprocs) {
    for (const HostLine& line : file.hosts) {
      const Where& where = hosts.at(line.name);
      for (int s = 0; s < line.slots && rank < placement.nprocs; ++s, ++rank) {
        if (where.local)
          placement.local.push_back(rank);
        else
          placement.remote[where.remote_index].ranks.push_back(rank);
      }
    }
  }
  std::erase_if(placement.remote, [](const RemoteHost& h) { return h.ranks.empty(); });
}

// Process 0's address as the others reach it (placement.error where no route leads there).
void choose_rendezvous(const Hostfile& file, const Hosts& hosts, Placement& placement) {
  const Where& first = hosts.at(file.hosts.front().name);
  if (!first.local) {
    placement.rendezvous = to_text(first.address);
  } else if (placement.remote.empty()) {
    placement.rendezvous = "127.0.0.1";
  } else {
    // Process 0 is here: the others reach it at the address our packets to
    // them leave from.
    const std::string& there = placement.remote.front().name;
    std::optional<in_addr> here = local_address_towards(hosts.at(there).address);
    if (!here) {
      placement.error = "bsprun: no route from this machine to host '" + there + "'";
      return;
    }
    placement.rendezvous = to_text(*here);
  }
}

}  // namespace

Placement place_processes(const Hostfile& file, const std::string& path, std::optional<int> nprocs,
                          bool oversubscribe) {
  Placement placement;
  Hosts hosts;
  const long slots = resolve_hosts(file, path, placement, hosts);
  if (slots < 0) return placement;
  placement.nprocs = nprocs ? *nprocs : static_cast<int>(std::min<long>(slots, 999999999));
  if (placement.nprocs > slots && !oversubscribe) {
    placement.error = "bsprun: there are not enough slots in the hostfile " + path + " for " +
                      std::to_string(placement.nprocs) + " processes: it has " +
                      std::to_string(slots) + (slots == 1 ? " slot" : " slots") + " on " +
                      std::to_string(hosts.size()) + (hosts.size() == 1 ? " host" : " hosts") +
                      "; give fewer processes, more slots, or --oversubscribe";
    return placement;
  }
  assign_ranks(file, hosts, placement);
  choose_rendezvous(file, hosts, placement);
  return placement;
}

}  // namespace bsprun
