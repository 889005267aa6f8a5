// engines/shm/shared_pages: an area shared keeps its addresses and contents,
// another mapping of it sees the same bytes, a forked child gets private
// memory, giving it back keeps the contents, refusals leave memory alone, and
// an area shared a part at a time shows its mappers how far it is shared.
#include "engines/shm/shared_pages.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>

namespace superstep::shm {
namespace {

constexpr std::size_t kLen = 64 * 4096;

bool maps_mention(const char* what) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line))
    if (line.find(what) != std::string::npos) return true;
  return false;
}

char* fresh_pages(std::size_t len, char fill) {
  void* p = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  EXPECT_NE(p, MAP_FAILED);
  std::memset(p, fill, len);
  return static_cast<char*>(p);
}

TEST(SharedPages, SharedAreaKeepsItsContentsAndAnotherMappingSeesTheSameBytes) {
  char* area = fresh_pages(kLen, 'a');
  ASSERT_TRUE(share_pages(area, kLen, kLen));
  EXPECT_TRUE(maps_mention("superstep-area"));
  EXPECT_EQ(area[0], 'a');
  EXPECT_EQ(area[kLen - 1], 'a');
  char* other = map_peer_pages(getpid(), reinterpret_cast<std::uintptr_t>(area), kLen);
  ASSERT_NE(other, nullptr);
  other[100] = 'x';
  EXPECT_EQ(area[100], 'x');  // one memory, two addresses
  area[200] = 'y';
  EXPECT_EQ(other[200], 'y');
  unmap_peer_pages(other, kLen);
  unshare_pages(area);
  EXPECT_FALSE(maps_mention("superstep-area"));
  EXPECT_EQ(area[100], 'x');  // the contents stay
  EXPECT_EQ(area[200], 'y');
  area[300] = 'z';  // private, writable memory again
  EXPECT_EQ(area[300], 'z');
  munmap(area, kLen);
}

TEST(SharedPages, AForkedChildWritesItsOwnPrivateCopy) {
  char* area = fresh_pages(kLen, 'b');
  ASSERT_TRUE(share_pages(area, kLen, kLen));
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    bool ok = area[7] == 'b' && !maps_mention("superstep-area");
    std::memset(area, 'c', kLen);
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(area[7], 'b');
  unshare_pages(area);
  munmap(area, kLen);
}

TEST(SharedPages, NoPageIsSharedTwiceAndReadOnlyMemoryIsLeftAlone) {
  char* area = fresh_pages(kLen, 'd');
  ASSERT_TRUE(share_pages(area, kLen, kLen));
  EXPECT_FALSE(share_pages(area + 4096, 4096, 4096));  // inside a shared area already
  unshare_pages(area);
  munmap(area, kLen);

  char* readonly = fresh_pages(kLen, 'e');
  ASSERT_EQ(mprotect(readonly, kLen, PROT_READ), 0);
  EXPECT_FALSE(share_pages(readonly, kLen, kLen));
  EXPECT_FALSE(maps_mention("superstep-area"));
  munmap(readonly, kLen);
}

TEST(SharedPages, UnmappedPartsAreLeftAloneWhenGivingBack) {
  char* area = fresh_pages(kLen, 'f');
  ASSERT_TRUE(share_pages(area, kLen, kLen));
  munmap(area + kLen / 2, kLen / 2);  // the program freed part of it
  unshare_pages(area);
  EXPECT_FALSE(maps_mention("superstep-area"));
  EXPECT_EQ(area[0], 'f');
  munmap(area, kLen / 2);
}

// Areas over 64 MiB are converted and given back a chunk at a time: every
// byte keeps its value across the chunk boundaries.
TEST(SharedPages, ALargeAreaIsSharedAndGivenBackChunkByChunk) {
  constexpr std::size_t kLarge = (std::size_t{136} << 20) + 3 * 4096;
  char* area = fresh_pages(kLarge, 0);
  for (std::size_t i = 0; i < kLarge; i += 4096) area[i] = static_cast<char>(i / 4096 * 7);
  ASSERT_TRUE(share_pages(area, kLarge, kLarge));
  char* other = map_peer_pages(getpid(), reinterpret_cast<std::uintptr_t>(area), kLarge);
  ASSERT_NE(other, nullptr);
  for (std::size_t i = 0; i < kLarge; i += 4096)
    ASSERT_EQ(other[i], static_cast<char>(i / 4096 * 7)) << "page " << i / 4096;
  other[kLarge - 1] = 'q';
  unmap_peer_pages(other, kLarge);
  unshare_pages(area);
  EXPECT_FALSE(maps_mention("superstep-area"));
  for (std::size_t i = 0; i < kLarge; i += 4096)
    ASSERT_EQ(area[i], static_cast<char>(i / 4096 * 7)) << "page " << i / 4096;
  EXPECT_EQ(area[kLarge - 1], 'q');
  munmap(area, kLarge);
}

// The core shares a large area a part per sync: each part keeps its bytes, a
// mapper reads how far the area is shared, and giving it back covers every part.
TEST(SharedPages, AnAreaIsSharedAPartAtATime) {
  char* area = fresh_pages(kLen, 'g');
  area[kLen - 1] = 'h';
  ASSERT_TRUE(share_pages(area, kLen, kLen / 4));
  char* other = map_peer_pages(getpid(), reinterpret_cast<std::uintptr_t>(area), kLen);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(peer_pages_shared(other), kLen / 4);
  EXPECT_EQ(other[kLen / 4 - 1], 'g');
  area[kLen / 2] = 'i';  // private still: the mapper may not look there yet
  ASSERT_TRUE(share_pages(area, kLen, kLen / 2 + 4096));
  EXPECT_EQ(peer_pages_shared(other), kLen / 2 + 4096);
  EXPECT_EQ(other[kLen / 2], 'i');
  ASSERT_TRUE(share_pages(area, kLen, kLen));
  EXPECT_EQ(peer_pages_shared(other), kLen);
  EXPECT_EQ(other[kLen - 1], 'h');
  other[5] = 'j';
  EXPECT_EQ(area[5], 'j');
  unmap_peer_pages(other, kLen);
  unshare_pages(area);
  EXPECT_FALSE(maps_mention("superstep-area"));
  EXPECT_EQ(area[5], 'j');
  EXPECT_EQ(area[kLen / 2], 'i');
  EXPECT_EQ(area[kLen - 1], 'h');
  munmap(area, kLen);
}

// A part the system refuses to share (here read-only memory in the middle)
// leaves the area shared as far as it was, and its mappers see that length.
TEST(SharedPages, APartRefusedLeavesTheAreaSharedAsFarAsItWas) {
  char* area = fresh_pages(kLen, 'k');
  ASSERT_EQ(mprotect(area + kLen / 2, 4096, PROT_READ), 0);
  ASSERT_TRUE(share_pages(area, kLen, kLen / 4));
  EXPECT_FALSE(share_pages(area, kLen, kLen));
  char* other = map_peer_pages(getpid(), reinterpret_cast<std::uintptr_t>(area), kLen);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(peer_pages_shared(other), kLen / 4);
  unmap_peer_pages(other, kLen);
  unshare_pages(area);
  EXPECT_FALSE(maps_mention("superstep-area"));
  EXPECT_EQ(area[kLen - 1], 'k');
  munmap(area, kLen);
}

TEST(SharedPages, AProcessWithoutTheAreaMapsNothing) {
  EXPECT_EQ(map_peer_pages(getpid(), 0x10000, kLen), nullptr);
}

}  // namespace
}  // namespace superstep::shm
