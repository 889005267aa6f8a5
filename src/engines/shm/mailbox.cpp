#include "engines/shm/mailbox.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

#include "util/block_copy.hpp"

namespace superstep::shm {

namespace {
constexpr std::uint64_t kPage = 4096;
constexpr std::uint64_t page_up(std::uint64_t n) { return (n + kPage - 1) & ~(kPage - 1); }

// Address space for all boxes together (reserved, not allocated), halved
// until the system agrees, and at most kMaxBox per box: a process may send
// that much in one superstep.
constexpr std::uint64_t kWantedSpace = std::uint64_t{1} << 44;
constexpr std::uint64_t kLeastSpace = std::uint64_t{1} << 30;
constexpr std::uint64_t kMaxBox = std::uint64_t{64} << 30;
// Pages a box keeps across supersteps, as the outboxes keep their buffers
// (util/memory_keep.hpp).
constexpr std::uint64_t kKeepBytes = MemoryKeep::kKeepBytes;
}  // namespace

Mailboxes Mailboxes::create(int nprocs) {
  Mailboxes m;
  auto p = static_cast<std::uint64_t>(nprocs);
  std::uint64_t table = page_up(p * p * sizeof(ReplySlot));
  for (std::uint64_t space = kWantedSpace; space >= kLeastSpace; space /= 2) {
    std::uint64_t box = std::min(kMaxBox, space / (2 * p)) & ~(kPage - 1);
    if (box == 0) break;
    std::uint64_t bytes = table + 2 * p * box;
    void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) continue;
    m.base_ = static_cast<char*>(mem);
    m.bytes_ = bytes;
    // Zero-filled, which is every slot's initial state (nothing posted);
    // constructing them would touch every page of the table, p * p lines.
    m.slots_ = reinterpret_cast<ReplySlot*>(mem);
    m.boxes_ = m.base_ + table;
    m.box_bytes_ = box;
    m.nprocs_ = nprocs;
    break;
  }
  return m;
}

void Mailboxes::unmap() {
  if (base_) munmap(base_, bytes_);
  base_ = nullptr;
}

const char* Mailboxes::post(int q, int parity, const void* data, std::uint64_t n) {
  std::uint64_t at = used_[parity];
  if (n > box_bytes_ - at) return nullptr;
  char* to = box(q, parity) + at;
  copy_block(to, data, n);
  used_[parity] = std::min(box_bytes_, (at + n + 7) & ~std::uint64_t{7});
  peak_[parity] = std::max(peak_[parity], used_[parity]);
  return to;
}

void Mailboxes::expect(int q, std::uint64_t bytes) {
  bytes = std::min(page_up(bytes), box_bytes_);
  for (int parity = 0; parity < 2; ++parity) {
    // Nobody reads past what was posted, and posts never passed peak_.
    if (bytes <= peak_[parity]) continue;
    std::memset(box(q, parity) + peak_[parity], 0, bytes - peak_[parity]);
    peak_[parity] = bytes;
  }
}

void Mailboxes::trim(int q, int parity) {
  if (!keep_[parity].release(used_[parity]) || peak_[parity] <= kKeepBytes) return;
  madvise(box(q, parity) + kKeepBytes, page_up(peak_[parity]) - kKeepBytes, MADV_REMOVE);
  peak_[parity] = kKeepBytes;
}

}  // namespace superstep::shm
