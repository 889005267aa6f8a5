#include "tagged_output.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace bsprun {
namespace {

// A line longer than this is printed in pieces of this size, each tagged.
constexpr std::size_t kMaxLine = 64 * 1024;

[[noreturn]] void fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// False once nobody reads `fd` any more (EPIPE); on other errors there is
// nowhere to print, but the program's output is still drained.
bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return !(n < 0 && errno == EPIPE);
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

std::string make_temporary_folder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string base = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  // Socket paths are short (sun_path); fall back to /tmp when TMPDIR is deep.
  if (base.size() > 60) base = "/tmp";
  std::string pattern = base + "/bsprun-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) fail("mkdtemp");
  return pattern;
}

}  // namespace

struct TaggedOutput::Stream {
  int fd;
  int pid;     // -1 until the connection's header has been read
  int target;  // 1: bsprun's stdout, 2: its stderr
  std::string pending;

  // Prints every complete line in `pending`; at end of file also the rest.
  // False when the target is a closed pipe.
  bool print_lines(bool at_end) {
    std::size_t start = 0;
    for (;;) {
      std::size_t newline = pending.find('\n', start);
      std::size_t length, next;
      if (newline != std::string::npos) {
        length = newline - start;
        next = newline + 1;
      } else if (pending.size() - start >= kMaxLine || (at_end && pending.size() > start)) {
        length = std::min(pending.size() - start, kMaxLine);
        next = start + length;
      } else {
        break;
      }
      std::string line = "[" + std::to_string(pid) + "] ";
      line.append(pending, start, length);
      line += '\n';
      if (!write_all(target, line.data(), line.size())) return false;
      start = next;
    }
    pending.erase(0, start);
    return true;
  }

  // A socket connection starts with "<pid> <1|2>\n"; false if it is malformed.
  bool parse_header() {
    std::size_t newline = pending.find('\n');
    if (newline == std::string::npos) return pending.size() < 64;
    char* end = nullptr;
    long parsed_pid = std::strtol(pending.c_str(), &end, 10);
    long parsed_target = std::strtol(end, &end, 10);
    if (end != pending.c_str() + newline || parsed_pid < 0 || parsed_pid > 1000000000 ||
        (parsed_target != 1 && parsed_target != 2)) {
      return false;
    }
    pid = static_cast<int>(parsed_pid);
    target = static_cast<int>(parsed_target);
    pending.erase(0, newline + 1);
    return true;
  }
};

TaggedOutput::TaggedOutput() {
  folder_ = make_temporary_folder();
  socket_path_ = folder_ + "/output";
  listen_fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listen_fd_ < 0) fail("socket");
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, socket_path_.c_str(), sizeof(address.sun_path) - 1);
  if (::bind(listen_fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    fail("bind");
  }
  if (::listen(listen_fd_, SOMAXCONN) != 0) fail("listen");

  for (int target : {1, 2}) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail("pipe");
    streams_.push_back(std::make_unique<Stream>(Stream{fds[0], 0, target, {}}));
    (target == 1 ? program_stdout_ : program_stderr_) = fds[1];
  }
}

TaggedOutput::~TaggedOutput() {
  close_program_ends();
  for (auto& stream : streams_) ::close(stream->fd);
  if (listen_fd_ >= 0) ::close(listen_fd_);
  ::unlink(socket_path_.c_str());
  ::rmdir(folder_.c_str());
}

void TaggedOutput::close_program_ends() {
  for (int* fd : {&program_stdout_, &program_stderr_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

void TaggedOutput::add_poll_fds(std::vector<pollfd>& fds) const {
  fds.push_back({listen_fd_, POLLIN, 0});
  for (const auto& stream : streams_) fds.push_back({stream->fd, POLLIN, 0});
}

void TaggedOutput::handle(const std::vector<pollfd>& fds, std::size_t first) {
  // Read first, then accept, so the indices in `fds` still match streams_.
  std::vector<Stream*> ready;
  for (std::size_t i = 0; i < streams_.size(); ++i) {
    if (fds[first + 1 + i].revents != 0) ready.push_back(streams_[i].get());
  }
  for (Stream* stream : ready) read_stream(*stream);
  // Where bsprun's stdout or stderr is a closed pipe, the program's streams
  // to it are closed too: its next write there fails as it would without
  // bsprun in between (SIGPIPE).
  for (auto& stream : streams_) {
    if (stream->fd >= 0 && stream->pid >= 0 && closed_[stream->target]) {
      ::close(stream->fd);
      stream->fd = -1;
    }
  }
  std::erase_if(streams_, [](const auto& stream) { return stream->fd < 0; });
  if (fds[first].revents != 0) accept_pending();
}

void TaggedOutput::accept_pending() {
  for (;;) {
    int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      return;  // EAGAIN: nobody else waiting
    }
    streams_.push_back(std::make_unique<Stream>(Stream{fd, -1, 1, {}}));
  }
}

void TaggedOutput::read_stream(Stream& stream) {
  char buffer[16384];
  ssize_t n;
  do {
    n = ::read(stream.fd, buffer, sizeof buffer);
  } while (n < 0 && errno == EINTR);
  bool at_end = n <= 0;
  if (n > 0) stream.pending.append(buffer, static_cast<std::size_t>(n));
  if (stream.pid < 0 && !stream.parse_header()) at_end = true;  // not one of ours
  if (stream.pid >= 0 && !closed_[stream.target] && !stream.print_lines(at_end))
    closed_[stream.target] = true;
  if (at_end) {
    ::close(stream.fd);
    stream.fd = -1;
  }
}

bool TaggedOutput::finished() {
  if (!streams_.empty()) return false;
  accept_pending();  // connections made by processes that have exited since
  return streams_.empty();
}

}  // namespace bsprun
