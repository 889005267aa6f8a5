#include "udp_spawn.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "hostfile.hpp"
#include "job_processes.hpp"
#include "placement.hpp"
#include "rank_list.hpp"
#include "remote_command.hpp"

namespace bsprun {
namespace {

// A UDP socket bound here to a free port, for process 0 to listen on: it
// inherits the socket itself (BSP_UDP_SOCKET_FD). Binding a port, closing it
// and letting process 0 bind it again left a moment in which any other
// program's socket could get that port from the kernel (seen with runs
// started side by side). -1 where the system refuses.
int bound_socket(int& port) {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  socklen_t len = sizeof a;
  if (fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
    port = ntohs(a.sin_port);
    return fd;
  }
  if (fd >= 0) close(fd);
  return -1;
}

std::uint64_t random_number() {
  std::uint64_t value = 0;
  if (getrandom(&value, sizeof value, 0) != sizeof value)
    value = static_cast<std::uint64_t>(getpid()) * 0x9e3779b97f4a7c15u ^
            static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return value;
}

// For process 0 on another host, which cannot be asked: a random port below
// Linux's ephemeral range (where the other sockets of the job get theirs).
int random_port() { return 10000 + static_cast<int>(random_number() % 22000); }

// The run's key (BSP_UDP_KEY): processes of another run, also one that used
// the same port before, cannot join this one.
std::string random_key() {
  std::uint64_t key = random_number();
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(key ? key : 1));
  return text;
}

struct SpawnArguments {
  int nprocs = 0;
  std::string address;
  std::vector<std::string> rsh{kDefaultRemoteShell};
  std::vector<int> local;
  std::vector<RemoteHost> remote;
  char** program = nullptr;
};

std::optional<SpawnArguments> parse(int argc, char** argv) {
  SpawnArguments a;
  if (argc < 2) return std::nullopt;
  a.nprocs = std::atoi(argv[0]);
  a.address = argv[1];
  int i = 2;
  for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
    std::string option = argv[i];
    std::optional<std::vector<int>> ranks;
    if (option == "--rsh" && i + 1 < argc) {
      a.rsh = remote_shell_words(argv[++i]);
    } else if (option == "--local" && i + 1 < argc && (ranks = parse_ranks(argv[i + 1]))) {
      a.local = *ranks;
      ++i;
    } else if (option == "--host" && i + 2 < argc && (ranks = parse_ranks(argv[i + 2]))) {
      a.remote.push_back({argv[i + 1], *ranks});
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  if (a.nprocs < 1 || i + 1 >= argc || a.rsh.empty()) return std::nullopt;
  a.program = argv + i + 1;
  return a;
}

}  // namespace

UdpLaunch udp_launch(const Options& options) {
  Placement placement;
  if (options.hostfile.empty()) {
    placement.nprocs = *options.nprocs;
    for (int r = 0; r < placement.nprocs; ++r) placement.local.push_back(r);
    placement.rendezvous = "127.0.0.1";
  } else {
    Hostfile file = read_hostfile(options.hostfile);
    if (!file.error.empty()) return {{}, 0, file.error};
    placement = place_processes(file, options.hostfile, options.nprocs, options.oversubscribe);
    if (!placement.error.empty()) return {{}, 0, placement.error};
  }
  // bsprun itself, as the spawner of the job's processes.
  std::vector<std::string> command{"/proc/self/exe", kSpawnUdpOption,
                                   std::to_string(placement.nprocs), placement.rendezvous};
  if (!placement.remote.empty()) command.insert(command.end(), {"--rsh", remote_shell(options)});
  if (!placement.local.empty())
    command.insert(command.end(), {"--local", format_ranks(placement.local)});
  for (const RemoteHost& host : placement.remote)
    command.insert(command.end(), {"--host", host.name, format_ranks(host.ranks)});
  command.push_back("--");
  command.insert(command.end(), options.command.begin(), options.command.end());
  return {command, placement.nprocs, ""};
}

int spawn_udp(int argc, char** argv) {
  std::optional<SpawnArguments> a = parse(argc, argv);
  if (!a) {
    std::fprintf(stderr, "bsprun: bad %s command line\n", kSpawnUdpOption);
    return kExitUsage;
  }
  bool rank0_here = std::find(a->local.begin(), a->local.end(), 0) != a->local.end();
  int port = 0, socket_fd = -1;
  if (rank0_here) {
    socket_fd = bound_socket(port);
    if (socket_fd < 0) {
      std::perror("bsprun: no free UDP port");
      return 1;
    }
  } else {
    port = random_port();
  }
  setenv("BSP_ENGINE", "udp", 1);
  setenv("BSP_UDP_SIZE", std::to_string(a->nprocs).c_str(), 1);
  setenv("BSP_UDP_RENDEZVOUS", (a->address + ":" + std::to_string(port)).c_str(), 1);
  setenv("BSP_UDP_KEY", random_key().c_str(), 1);
  JobProcesses job;
  // The remote shells first: they take longest to start.
  bool started = true;
  for (const RemoteHost& host : a->remote)
    started =
        started && job.start_session(remote_command(a->rsh, host.name, host.ranks, a->program),
                                     host.name, host.ranks);
  for (int rank : a->local)
    started = started && job.start_rank(rank, a->program, rank == 0 ? socket_fd : -1);
  if (socket_fd >= 0) close(socket_fd);  // process 0 has its own
  if (!started) {
    job.kill_all();
    job.wait(false);
    return 1;
  }
  return job.wait(false);
}

}  // namespace bsprun
