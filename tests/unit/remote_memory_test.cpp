// engines/shm/remote_memory: read_process_memory copies any number of ranges,
// split into calls of at most IOV_MAX ranges each and resumed after partial
// transfers. Read from this process itself (cross-memory attach on one's own
// pid needs no permission; where a sandbox refuses it, the test is skipped).
#include "engines/shm/remote_memory.hpp"

#include <gtest/gtest.h>
#include <limits.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace superstep::shm {
namespace {

bool cross_memory_attach_works() {
  char from = 'x', to = 0;
  iovec l{&to, 1}, r{&from, 1};
  return process_vm_readv(getpid(), &l, 1, &r, 1, 0) == 1 && to == 'x';
}

class RemoteMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!cross_memory_attach_works())
      GTEST_SKIP() << "process_vm_readv is refused here (seccomp or Yama)";
  }
};

std::vector<unsigned char> pattern(std::size_t n) {
  std::vector<unsigned char> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(i * 7 + 1);
  return v;
}

// Splits `buffer` into ranges of the given lengths (cycled), empty ones included.
std::vector<iovec> ranges(unsigned char* buffer, std::size_t n, std::vector<std::size_t> lengths) {
  std::vector<iovec> out;
  std::size_t at = 0;
  for (std::size_t k = 0; at < n; ++k) {
    std::size_t len = std::min(lengths[k % lengths.size()], n - at);
    out.push_back({buffer + at, len});
    at += len;
  }
  return out;
}

TEST_F(RemoteMemoryTest, ManyMoreLocalRangesThanIovMax) {
  const std::size_t n = 3 * IOV_MAX + 17;
  auto source = pattern(n);
  std::vector<unsigned char> dest(n, 0);
  auto local = ranges(dest.data(), n, {1});  // one byte each: 3 * IOV_MAX + 17 ranges
  iovec remote{source.data(), n};
  ASSERT_GT(local.size(), static_cast<std::size_t>(IOV_MAX));
  EXPECT_EQ(read_process_memory(getpid(), local.data(), local.size(), &remote, 1), 0);
  EXPECT_EQ(dest, source);
}

TEST_F(RemoteMemoryTest, ManyRangesOnBothSidesWithDifferentSplitsAndEmptyRanges) {
  const std::size_t n = 40000;
  auto source = pattern(n);
  std::vector<unsigned char> dest(n, 0);
  auto local = ranges(dest.data(), n, {3, 0, 5, 1});
  auto remote = ranges(source.data(), n, {7, 2, 0, 11});
  ASSERT_GT(remote.size(), static_cast<std::size_t>(IOV_MAX));
  EXPECT_EQ(read_process_memory(getpid(), local.data(), local.size(), remote.data(), remote.size()),
            0);
  EXPECT_EQ(dest, source);
}

TEST_F(RemoteMemoryTest, NothingToCopy) {
  iovec empty{nullptr, 0};
  EXPECT_EQ(read_process_memory(getpid(), &empty, 1, &empty, 1), 0);
  EXPECT_EQ(read_process_memory(getpid(), nullptr, 0, nullptr, 0), 0);
}

TEST_F(RemoteMemoryTest, UnmappedSourceReportsTheError) {
  char dest[8];
  iovec local{dest, sizeof dest};
  iovec remote{reinterpret_cast<void*>(8), sizeof dest};  // the first page is never mapped
  EXPECT_EQ(read_process_memory(getpid(), &local, 1, &remote, 1), EFAULT);
}

// Pairs whose local range lies a few bytes after the remote one modulo a page
// go through a buffer (the kernel's copy crawls there); those bytes, and the
// pairs around them read as they are, land as process_vm_readv would put them.
TEST_F(RemoteMemoryTest, RangesAtSlowDistancesLandAsTheyWould) {
  const std::size_t page = 4096;
  // A source and a destination area, both page-aligned within their vectors;
  // the source's bytes never repeat at any distance that matters (a chunk or
  // range read from the wrong place shows).
  const std::size_t n = (3u << 20) + 8 * page;
  std::vector<unsigned char> source_store(n + page);
  for (std::size_t i = 0; i < source_store.size(); ++i)
    source_store[i] = static_cast<unsigned char>((i * 2654435761u) >> 13);
  std::vector<unsigned char> dest_store(n + 2 * page, 0);
  auto align = [&](unsigned char* p) {
    return p + (page - reinterpret_cast<std::uintptr_t>(p) % page) % page;
  };
  unsigned char* source = align(source_store.data());
  unsigned char* dest = align(dest_store.data());
  // (remote offset, local offset, length): slow distances (16, 1, 63) of 1 KiB up to more
  // than three bounce chunks, from sources at and well inside a page, beside ranges at other
  // distances and short ones.
  struct Pair {
    std::size_t from, to, length;
  };
  const Pair pairs[] = {{0, 16, 5000},
                        {8192 + 4000, 8192 + 4000 + 1, 1024},
                        {16384, 16384 + 63, 1023},
                        {20480, 20480 + 64, 4096},
                        {28672 + 4000, 28672 + 4000 + 16, (3u << 20) + 7}};
  std::vector<iovec> local, remote;
  for (const Pair& p : pairs) {
    remote.push_back({source + p.from, p.length});
    local.push_back({dest + p.to, p.length});
  }
  ASSERT_EQ(read_process_memory(getpid(), local.data(), local.size(), remote.data(), remote.size()),
            0);
  for (const Pair& p : pairs)
    EXPECT_EQ(std::memcmp(dest + p.to, source + p.from, p.length), 0)
        << "from " << p.from << " to " << p.to << ", " << p.length << " bytes";
  // Nothing written outside the ranges: the bytes just before and after each are still zero.
  for (const Pair& p : pairs) {
    EXPECT_EQ(dest[p.to - 1], 0) << p.to - 1;
    EXPECT_EQ(dest[p.to + p.length], 0) << p.to + p.length;
  }
}

TEST_F(RemoteMemoryTest, UnmappedSourceAtASlowDistanceReportsTheError) {
  std::vector<char> dest(4096);
  iovec local{dest.data(), dest.size()};
  // In the second page of the address space, never mapped, 16 bytes before the
  // destination modulo a page.
  auto at = std::uintptr_t{4096} + ((reinterpret_cast<std::uintptr_t>(dest.data()) - 16) & 4095);
  iovec remote{reinterpret_cast<void*>(at), dest.size()};
  EXPECT_EQ(read_process_memory(getpid(), &local, 1, &remote, 1), EFAULT);
}

}  // namespace
}  // namespace superstep::shm
