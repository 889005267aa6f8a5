// core/check: BSP_CHECK and BSP_CHECK_ORDER as the library reads them, the
// orders they ask for, and the detector's findings (one line each on stderr).
#include "core/check/portability_check.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

namespace superstep {
namespace {

TEST(CheckChoices, ReadsTheChecksAndTheOrders) {
  CheckChoices c;
  std::string error;
  EXPECT_TRUE(c.parse_checks("overlap", error));
  EXPECT_TRUE(c.overlap);
  EXPECT_FALSE(c.hpsource);
  EXPECT_TRUE(c.parse_checks("1", error));
  EXPECT_TRUE(c.overlap && c.hpsource);
  EXPECT_TRUE(c.parse_orders("queue:shuffle:42,writes:reverse,hp:late", error));
  EXPECT_EQ(c.queue.kind, LegalOrder::Kind::kShuffle);
  EXPECT_EQ(c.queue.seed, 42u);
  EXPECT_EQ(c.writes.kind, LegalOrder::Kind::kReverse);
  EXPECT_EQ(c.hp, CheckChoices::HpRead::kLate);
  EXPECT_TRUE(c.reorders());
  CheckChoices off;
  EXPECT_TRUE(off.parse_checks("0", error));
  EXPECT_FALSE(off.any());
}

TEST(CheckChoices, RefusesWhatItDoesNotKnow) {
  CheckChoices c;
  std::string error;
  EXPECT_FALSE(c.parse_checks("overlap,bogus", error));
  EXPECT_NE(error.find("unknown check 'bogus'"), std::string::npos) << error;
  EXPECT_FALSE(c.parse_orders("queue:shuffle:", error));
  EXPECT_NE(error.find("unknown choice 'queue:shuffle:'"), std::string::npos) << error;
  EXPECT_FALSE(c.parse_orders("queue:shuffle:-3", error));
  EXPECT_FALSE(c.parse_orders("writes:sideways", error));
}

TEST(LegalOrder, ReversesAndShufflesRepeatably) {
  std::vector<int> items(50);
  std::iota(items.begin(), items.end(), 0);
  std::vector<int> reversed = items, shuffled = items, again = items, other = items;
  arrange_in(LegalOrder{LegalOrder::Kind::kReverse, 0}, 7, reversed);
  EXPECT_EQ(reversed.front(), 49);
  EXPECT_EQ(reversed.back(), 0);
  arrange_in(LegalOrder{LegalOrder::Kind::kShuffle, 5}, 7, shuffled);
  arrange_in(LegalOrder{LegalOrder::Kind::kShuffle, 5}, 7, again);
  arrange_in(LegalOrder{LegalOrder::Kind::kShuffle, 6}, 7, other);
  EXPECT_EQ(shuffled, again);
  EXPECT_NE(shuffled, items);
  EXPECT_NE(shuffled, other);
  std::vector<int> sorted = shuffled;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, items);
}

CheckChoices all_checks() {
  CheckChoices c;
  std::string error;
  c.parse_checks("1", error);
  return c;
}

// A put of process `src` landing: its bytes (all `byte`) are in memory when
// the detector notes it, as in the sync.
void land(PortabilityCheck& c, int src, std::uint64_t at, std::uint64_t n, unsigned char byte,
          WriteSite site = {}) {
  std::memset(reinterpret_cast<void*>(at), byte, n);
  c.put_lands(src, at, n, site);
}

// The detector's findings of one superstep's writes into `area`.
std::string findings(PortabilityCheck& check, void (*writes)(PortabilityCheck&, std::uint64_t),
                     std::uint64_t area) {
  testing::internal::CaptureStderr();
  check.begin_writes();
  writes(check, area);
  check.end_writes(3);
  return testing::internal::GetCapturedStderr();
}

TEST(PortabilityCheck, ReportsWritesOfTwoProcessesIntoTheSameBytes) {
  static char area[64];
  PortabilityCheck check(all_checks(), 1);
  check.registered(area, sizeof area, {"prog.c", 8});
  check.sync_site({"prog.c", 14});
  const auto base = reinterpret_cast<std::uintptr_t>(area);
  std::string out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        land(c, 0, b + 8, 8, 1, {"prog.c", 11});
        land(c, 2, b + 12, 8, 2, {"lib/other.c", 30});
        land(c, 3, b + 40, 8, 3, {"prog.c", 11});  // alone: no finding
      },
      base);
  EXPECT_EQ(out,
            "bspcheck: overlapping puts in superstep 3 on process 1: process 0 (prog.c:11) and "
            "process 2 (lib/other.c:30) write bytes 12..15 of the area registered at prog.c:8; the sync at prog.c:14 ends "
            "the superstep\n");
  // The writers are forgotten at the end of the superstep.
  out = findings(
      check, [](PortabilityCheck& c, std::uint64_t b) { c.put_lands(2, b + 8, 8, {}); }, base);
  EXPECT_EQ(out, "");
}

TEST(PortabilityCheck, ReportsOneProcessWritingTheSameBytesTwice) {
  static char area[16];
  PortabilityCheck check(all_checks(), 0);
  check.registered(area, sizeof area, {"prog.c", 5});
  std::string out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        c.put_lands(1, b, 4, {"prog.c", 9});
        c.put_lands(1, b, 4, {"prog.c", 10});
      },
      reinterpret_cast<std::uintptr_t>(area));
  EXPECT_NE(out.find("overlapping writes from one process in superstep 3 on process 0: process 1 "
                     "(prog.c:9, then prog.c:10) writes bytes 0..3 of the area registered at prog.c:5 twice; portable only "
                     "where writes land in program order"),
            std::string::npos)
      << out;
}

// Puts whose call site did not travel (bsp_put called through its address)
// name their processes alone; one pair of sites is one finding, however many
// bytes collide.
TEST(PortabilityCheck, NamesWritersWithoutSitesAndReportsEachPairOfSitesOnce) {
  static char area[32];
  PortabilityCheck check(all_checks(), 0);
  check.registered(area, sizeof area, {"prog.c", 5});
  std::string out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        land(c, 1, b, 4, 1);
        land(c, 2, b, 4, 2, {"prog.c", 7});
        land(c, 1, b + 8, 4, 1);
        land(c, 2, b + 8, 4, 2, {"prog.c", 7});
      },
      reinterpret_cast<std::uintptr_t>(area));
  EXPECT_EQ(out,
            "bspcheck: overlapping puts in superstep 3 on process 0: process 1 and process 2 "
            "(prog.c:7) write bytes 0..11 of the area registered at prog.c:5; the sync ends the "
            "superstep\n");
}

TEST(PortabilityCheck, ReportsAnHpputSourceChangedBeforeTheSync) {
  PortabilityCheck check(all_checks(), 2);
  long value = 5, kept = 6;
  check.hp_transfer("bsp_hpput", 0, &value, sizeof value, {});
  check.hp_transfer("bsp_hpput", 1, &kept, sizeof kept, {});
  check.sync_site({"prog.c", 20});
  value = 7;
  testing::internal::CaptureStderr();
  check.sync_entered(4);
  std::string out = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out,
            "bspcheck: hpput source changed before the sync in superstep 4 on process 2: "
            "bsp_hpput (to process 0, 8 bytes) and the sync at prog.c:20; the bytes sent depend "
            "on when the transfer reads them\n");
}

// What hpget_served reports of process 1's hpget of `nbytes` at `offset` of
// `area`, called at prog.c:`line`.
std::string hpget_finding(PortabilityCheck& check, const unsigned char* area,
                          std::uint64_t offset, std::uint64_t nbytes, int line) {
  testing::internal::CaptureStderr();
  check.hpget_served(1, reinterpret_cast<std::uintptr_t>(area) + offset, nbytes,
                     {"prog.c", line}, 2);
  return testing::internal::GetCapturedStderr();
}

// A finding only where a byte the get reads changed: in the first block, in a
// later one, in the bytes after the last whole 8.
TEST(PortabilityCheck, ReportsAnHpgetSourceOnlyWhereItsOwnerChangedItsBytes) {
  static unsigned char area[10003];
  PortabilityCheck check(all_checks(), 0);
  check.registered(area, sizeof area, {"prog.c", 4});
  check.superstep_started();
  check.sync_site({"prog.c", 30});
  area[100] = 1;
  area[4097] = 2;
  area[10002] = 3;
  check.sync_entered(2);
  EXPECT_EQ(hpget_finding(check, area, 0, 100, 10), "");
  EXPECT_EQ(hpget_finding(check, area, 101, 3996, 11), "");
  EXPECT_EQ(hpget_finding(check, area, 4098, 5904, 12), "");
  EXPECT_EQ(hpget_finding(check, area, 9990, 12, 13), "");
  EXPECT_EQ(hpget_finding(check, area, 96, 8, 14),
            "bspcheck: hpget source changed by its owner in superstep 2 on process 0: bsp_hpget "
            "at prog.c:14 (process 1, 8 bytes) reads bytes 96..103 of the area registered at "
            "prog.c:4, changed by its owner (process 0) during superstep 2; the bytes that "
            "arrive depend on when the transfer reads them; the sync at prog.c:30 ends the "
            "superstep\n");
  EXPECT_NE(hpget_finding(check, area, 4090, 8, 15), "");
  EXPECT_NE(hpget_finding(check, area, 10002, 1, 16), "");
  // hp:early's bytes: as the superstep started.
  EXPECT_EQ(*check.start_bytes(reinterpret_cast<std::uintptr_t>(area) + 4097, 1), 0);
  // The next superstep starts from the bytes as they are now.
  check.superstep_started();
  check.sync_entered(3);
  EXPECT_EQ(hpget_finding(check, area, 0, sizeof area, 17), "");
}

// Processes that put the same bytes into the same place: whichever lands
// last, the memory holds the same, so nothing is reported; where any byte
// differs the whole overlap is. Outside every registered area likewise.
TEST(PortabilityCheck, EqualWritesOfSeveralProcessesAreNoFinding) {
  static char area[16];
  static char elsewhere[16];
  PortabilityCheck check(all_checks(), 0);
  check.registered(area, sizeof area, {"prog.c", 5});
  std::string out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        for (int src = 0; src < 4; ++src) land(c, src, b, 4, 1, {"prog.c", 9});
        const auto e = reinterpret_cast<std::uint64_t>(elsewhere);
        for (int src = 0; src < 4; ++src) land(c, src, e, 8, 5, {"prog.c", 10});
      },
      reinterpret_cast<std::uintptr_t>(area));
  EXPECT_EQ(out, "");
  out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        land(c, 1, b, 4, 1, {"prog.c", 9});
        std::memcpy(reinterpret_cast<void*>(b), "\x01\x01\x01\x02", 4);  // the last byte differs
        c.put_lands(2, b, 4, {"prog.c", 9});
        const auto e = reinterpret_cast<std::uint64_t>(elsewhere);
        land(c, 1, e, 8, 5, {"prog.c", 10});
        land(c, 2, e + 4, 8, 6, {"prog.c", 10});
      },
      reinterpret_cast<std::uintptr_t>(area));
  EXPECT_NE(out.find("process 1 (prog.c:9) and process 2 (prog.c:9) write bytes 0..3 of the area "
                     "registered at prog.c:5"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("process 1 (prog.c:10) and process 2 (prog.c:10) write bytes 0x"),
            std::string::npos)
      << out;
}

// An hpget's destination colliding with a put is named with the get's line.
TEST(PortabilityCheck, NamesAnHpgetInAnOverlapWithItsLine) {
  static char area[16];
  PortabilityCheck check(all_checks(), 0);
  check.registered(area, sizeof area, {"prog.c", 5});
  check.hpget_called(2, area, 8, {"prog.c", 9});
  std::string out = findings(
      check,
      [](PortabilityCheck& c, std::uint64_t b) {
        std::memset(reinterpret_cast<void*>(b), 7, 8);
        c.get_lands(b, 8);
        land(c, 1, b + 4, 4, 1, {"prog.c", 12});
      },
      reinterpret_cast<std::uintptr_t>(area));
  EXPECT_EQ(out,
            "bspcheck: overlapping puts in superstep 3 on process 0: process 0's bsp_hpget "
            "(prog.c:9) and process 1 (prog.c:12) write bytes 4..7 of the area registered at "
            "prog.c:5; the sync ends the superstep\n");
}

TEST(Checksum, ChangesWithAnyByte) {
  std::vector<unsigned char> bytes(37, 3);
  const std::uint64_t before = checksum(bytes.data(), bytes.size());
  for (std::size_t k = 0; k < bytes.size(); ++k) {
    bytes[k] ^= 1;
    EXPECT_NE(checksum(bytes.data(), bytes.size()), before) << "byte " << k;
    bytes[k] ^= 1;
  }
  EXPECT_EQ(checksum(bytes.data(), bytes.size()), before);
}

}  // namespace
}  // namespace superstep
