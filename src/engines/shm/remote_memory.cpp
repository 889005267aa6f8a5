#include "engines/shm/remote_memory.hpp"

#include <limits.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>

namespace superstep::shm {

namespace {
constexpr std::size_t kMaxIov = IOV_MAX;

// A position inside a list of ranges.
struct Cursor {
  const iovec* list;
  std::size_t count;
  std::size_t index = 0;
  std::size_t offset = 0;  // bytes already done of list[index]

  bool done() const { return index >= count; }

  // Fills up to kMaxIov ranges from the current position into out.
  std::size_t take(iovec* out) const {
    std::size_t n = 0;
    for (std::size_t i = index; i < count && n < kMaxIov; ++i) {
      std::size_t skip = i == index ? offset : 0;
      if (list[i].iov_len == skip) continue;
      out[n].iov_base = static_cast<char*>(list[i].iov_base) + skip;
      out[n].iov_len = list[i].iov_len - skip;
      ++n;
    }
    return n;
  }

  void advance(std::size_t bytes) {
    while (index < count) {
      std::size_t left = list[index].iov_len - offset;
      if (bytes < left) {
        offset += bytes;
        return;
      }
      bytes -= left;
      ++index;
      offset = 0;
    }
  }
};
}  // namespace

int read_process_memory(pid_t pid, const iovec* local, std::size_t nlocal, const iovec* remote,
                        std::size_t nremote) {
  Cursor l{local, nlocal}, r{remote, nremote};
  iovec lbuf[kMaxIov], rbuf[kMaxIov];
  for (;;) {
    // Skip empty ranges so that done() is exact.
    while (!l.done() && l.list[l.index].iov_len == l.offset) ++l.index, l.offset = 0;
    while (!r.done() && r.list[r.index].iov_len == r.offset) ++r.index, r.offset = 0;
    if (l.done() || r.done()) return 0;
    std::size_t nl = l.take(lbuf), nr = r.take(rbuf);
    ssize_t got = process_vm_readv(pid, lbuf, nl, rbuf, nr, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (got == 0) return EFAULT;
    l.advance(static_cast<std::size_t>(got));
    r.advance(static_cast<std::size_t>(got));
  }
}

}  // namespace superstep::shm
