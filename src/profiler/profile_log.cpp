#include "profiler/profile_log.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace superstep::profile {

namespace {
constexpr std::size_t kChunk = std::size_t{1} << 20;
constexpr std::size_t kPage = 4096;
}  // namespace

bool MappedLog::open(const std::string& path) {
  close();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) return false;
  offset_ = 0;
  if (!grow(0)) {
    ::close(fd_);
    fd_ = -1;
    return false;
  }
  return true;
}

// Maps a fresh chunk after the current one. A line never straddles chunks:
// the rest of the old chunk is filled with newlines, which readers skip as
// empty lines.
bool MappedLog::grow(std::size_t at_least) {
  if (map_) {
    std::memset(map_ + used_, '\n', chunk_ - used_);
    munmap(map_, chunk_);
    offset_ += chunk_;
    map_ = nullptr;
    chunk_ = used_ = 0;
  }
  std::size_t size = at_least + 1 > kChunk ? (at_least + kPage) / kPage * kPage : kChunk;
  if (ftruncate(fd_, static_cast<off_t>(offset_ + size)) != 0) return false;
  void* m =
      mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, static_cast<off_t>(offset_));
  if (m == MAP_FAILED) return false;
  map_ = static_cast<char*>(m);
  chunk_ = size;
  used_ = 0;
  return true;
}

bool MappedLog::append_line(std::string_view line) {
  if (!map_) return false;
  if (used_ + line.size() + 1 > chunk_ && !grow(line.size() + 1)) return false;
  std::memcpy(map_ + used_, line.data(), line.size());
  // A process killed inside memcpy may have stored its bytes in any order;
  // the newline goes last, so a line that has one is whole.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  map_[used_ + line.size()] = '\n';
  used_ += line.size() + 1;
  return true;
}

void MappedLog::close() {
  if (fd_ < 0) return;
  if (map_) munmap(map_, chunk_);
  map_ = nullptr;
  if (ftruncate(fd_, static_cast<off_t>(offset_ + used_)) != 0) {
    // The file keeps trailing zero bytes, which readers stop at.
  }
  ::close(fd_);
  fd_ = -1;
}

}  // namespace superstep::profile
