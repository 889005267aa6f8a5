#include "engines/shm/output_redirect.hpp"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace superstep {
namespace {

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// A connection to bsprun that announces itself as stream `target_fd` of
// process pid; -1 on failure.
int connect_stream(const char* path, int pid, int target_fd) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (std::strlen(path) >= sizeof(address.sun_path)) return -1;
  std::strcpy(address.sun_path, path);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int rc;
  do {
    rc = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address));
  } while (rc != 0 && errno == EINTR);
  std::string header = std::to_string(pid) + " " + std::to_string(target_fd) + "\n";
  if (rc != 0 || !write_all(fd, header.data(), header.size())) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

void redirect_output_for_tagging(int pid) {
  const char* path = std::getenv(kOutputSocketVariable);
  if (path == nullptr || *path == '\0' || pid == 0) return;
  int out = connect_stream(path, pid, STDOUT_FILENO);
  int err = out < 0 ? -1 : connect_stream(path, pid, STDERR_FILENO);
  if (err < 0) {
    if (out >= 0) ::close(out);
    return;
  }
  // dup2 leaves FD_CLOEXEC clear on 1 and 2, so programs this process starts
  // inherit the tagged streams too.
  ::dup2(out, STDOUT_FILENO);
  ::dup2(err, STDERR_FILENO);
  ::close(out);
  ::close(err);
}

}  // namespace superstep
