#include "engines/shm/remote_memory.hpp"

#include <limits.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <vector>

#include "util/block_copy.hpp"

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

// The ranges as they are: any number, in calls of at most IOV_MAX, resumed
// after partial transfers.
int read_ranges(pid_t pid, const iovec* local, std::size_t nlocal, const iovec* remote,
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

// The kernel copies with the same `rep movsb` as the C library's memcpy, and
// crawls at the same distances (util/block_copy.hpp): process_vm_readv takes
// several times as long with the local range 1-31 bytes after the remote one
// modulo a page. Such a range is read into a buffer at the remote range's own
// page offset instead, a chunk at a time, and copied into place from there
// with copy_block: one more copy, at a fraction of what the slow one loses.
// Below 1 KiB the call itself is most of the cost, and the bounce gains
// nothing.
constexpr std::size_t kBounceMin = 1024;
constexpr std::size_t kBounceChunk = std::size_t{1} << 20;
constexpr std::size_t kPage = 4096;

bool through_bounce(const iovec& local, const iovec& remote) {
  return local.iov_len >= kBounceMin &&
         copy_distance_is_slow(reinterpret_cast<std::uintptr_t>(local.iov_base),
                               reinterpret_cast<std::uintptr_t>(remote.iov_base));
}

int read_through_bounce(pid_t pid, const iovec& local, const iovec& remote) {
  // Kept for the life of the thread: a process that reads at a slow distance
  // once tends to do so at every sync.
  static thread_local std::vector<char> bounce;
  if (bounce.empty()) bounce.resize(kBounceChunk + 2 * kPage);
  auto at_page = reinterpret_cast<std::uintptr_t>(bounce.data());
  char* base = bounce.data() + (kPage - at_page % kPage) % kPage;
  for (std::size_t done = 0; done < local.iov_len;) {
    std::size_t chunk = std::min(kBounceChunk, local.iov_len - done);
    auto from = reinterpret_cast<std::uintptr_t>(remote.iov_base) + done;
    char* into = base + from % kPage;
    iovec l{into, chunk}, r{reinterpret_cast<void*>(from), chunk};
    if (int error = read_ranges(pid, &l, 1, &r, 1)) return error;
    copy_block(static_cast<char*>(local.iov_base) + done, into, chunk);
    done += chunk;
  }
  return 0;
}
}  // namespace

int read_process_memory(pid_t pid, const iovec* local, std::size_t nlocal, const iovec* remote,
                        std::size_t nremote) {
  // Only lists of pairs of equal lengths (what the core builds) are taken
  // apart: the pairs at a slow distance go through the bounce buffer, the
  // ranges between them as they are.
  bool pairwise = nlocal == nremote, any_slow = false;
  for (std::size_t i = 0; pairwise && i < nlocal; ++i) {
    pairwise = local[i].iov_len == remote[i].iov_len;
    any_slow = any_slow || through_bounce(local[i], remote[i]);
  }
  if (!pairwise || !any_slow) return read_ranges(pid, local, nlocal, remote, nremote);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= nlocal; ++i) {
    if (i < nlocal && !through_bounce(local[i], remote[i])) continue;
    if (i > start) {
      if (int error = read_ranges(pid, local + start, i - start, remote + start, i - start))
        return error;
    }
    if (i < nlocal) {
      if (int error = read_through_bounce(pid, local[i], remote[i])) return error;
    }
    start = i + 1;
  }
  return 0;
}

}  // namespace superstep::shm
