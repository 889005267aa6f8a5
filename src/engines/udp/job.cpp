#include "engines/udp/job.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace superstep::udp {

namespace {

[[noreturn]] void bad_environment(const char* what, const char* value) {
  std::fprintf(stderr,
               "superstep: error in bsp_begin: the udp engine cannot start: %s (\"%s\"); start "
               "the program with 'bsprun --engine udp -n P program', or set BSP_UDP_RANK, "
               "BSP_UDP_SIZE and BSP_UDP_RENDEZVOUS=host:port (process 0's address)\n",
               what, value ? value : "");
  std::exit(1);
}

// The first of `names` that is set, or nullptr.
const char* first_set(std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (const char* value = std::getenv(name); value && *value) return value;
  return nullptr;
}

int parse_int(const char* text, const char* what) {
  char* end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < 0 || value > 1 << 20) bad_environment(what, text);
  return static_cast<int>(value);
}

Job read_job() {
  Job j;
  const char* rank =
      first_set({"BSP_UDP_RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"});
  const char* size =
      first_set({"BSP_UDP_SIZE", "SLURM_NTASKS", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE"});
  if (rank) j.rank = parse_int(rank, "the process's rank is not a number");
  if (size) j.size = parse_int(size, "the job's size is not a number");
  if (j.size < 1 || j.rank >= j.size) bad_environment("the rank is not below the size", rank);
  if (const char* k = std::getenv("BSP_UDP_KEY"); k && *k) {
    char* end = nullptr;
    j.key = std::strtoull(k, &end, 16);
    if (*end != '\0' || std::strlen(k) != 16 || j.key == 0)
      bad_environment("BSP_UDP_KEY is not 16 hexadecimal digits (and not 0)", k);
  }
  if (const char* t = std::getenv("BSP_UDP_TIMEOUT"); t && *t) {
    char* end = nullptr;
    j.timeout_s = std::strtod(t, &end);
    if (*end != '\0' || !(j.timeout_s > 0)) bad_environment("BSP_UDP_TIMEOUT is not positive", t);
  }
  const char* stats = std::getenv("BSP_UDP_STATS");
  j.stats = stats && *stats && std::strcmp(stats, "0") != 0;
  if (const char* order = std::getenv("BSP_UDP_ORDER"); order && *order) {
    if (std::strcmp(order, "pid") == 0)
      j.pid_order = true;
    else if (std::strcmp(order, "latin") != 0)
      bad_environment("BSP_UDP_ORDER is neither latin nor pid", order);
  }
  if (j.size == 1) return j;
  const char* where = std::getenv("BSP_UDP_RENDEZVOUS");
  if (!where || !*where) bad_environment("BSP_UDP_RENDEZVOUS is not set", where);
  const char* colon = std::strrchr(where, ':');
  if (!colon || colon == where) bad_environment("BSP_UDP_RENDEZVOUS is not host:port", where);
  j.host.assign(where, colon);
  j.port = parse_int(colon + 1, "BSP_UDP_RENDEZVOUS's port is not a number");
  if (j.port < 1 || j.port > 65535) bad_environment("BSP_UDP_RENDEZVOUS's port", where);
  if (const char* fd = std::getenv("BSP_UDP_SOCKET_FD"); fd && *fd && j.rank == 0)
    j.socket_fd = parse_int(fd, "BSP_UDP_SOCKET_FD is not a file descriptor");
  return j;
}

}  // namespace

const Job& job() {
  static const Job j = read_job();
  return j;
}

}  // namespace superstep::udp
