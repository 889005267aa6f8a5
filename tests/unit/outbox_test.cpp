// messaging/outbox: the records a process writes per destination, and the
// combining of consecutive small puts into one record.
#include "messaging/outbox.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <tuple>
#include <vector>

#include "util/cache_ring.hpp"
#include "core/message_queue.hpp"
#include "messaging/record_reader.hpp"

namespace superstep {
namespace {

// The records of a stream, each as a reader standing on it.
std::vector<RecordReader> records(const ByteBuffer& stream) {
  std::vector<RecordReader> out;
  RecordReader r(stream.data(), stream.data() + stream.size());
  for (; !r.done(); r.next()) out.push_back(r);
  EXPECT_TRUE(r.complete());
  return out;
}

// Offsets of the fills of consecutive supersteps of one parity: the first at
// the start, each next one after it, back to the start once past the ring (a
// few MiB). "At the start" is within a cache line of it: a fill begins a whole
// number of lines from its destination (line_gap in outbox.cpp).
void expect_moves_round(const std::vector<std::uint64_t>& offsets) {
  ASSERT_GE(offsets.size(), 2u);
  EXPECT_LT(offsets[0], 64u);
  EXPECT_GT(offsets[1], offsets[0]);  // moved on
  std::uint64_t highest = 0;
  int wraps = 0;
  for (std::size_t i = 1; i < offsets.size(); ++i) {
    highest = std::max(highest, offsets[i]);
    if (offsets[i] < 64) ++wraps;
  }
  EXPECT_GT(wraps, 0);                          // came back round
  EXPECT_LE(highest, std::uint64_t{16} << 20);  // within the ring's largest size
}

class OutboxTest : public ::testing::Test {
 protected:
  void SetUp() override { out.reset(3, false); }
  Outbox out;
  std::uint64_t words[1024] = {};
};

TEST_F(OutboxTest, ConsecutivePutsCombineIntoOneRecord) {
  for (int i = 0; i < 64; ++i) {
    words[i] = static_cast<std::uint64_t>(i) * 3;
    out.put(1, 0x10000 + 8 * i, &words[i], 8);
  }
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].kind(), RecordKind::kPutInline);
  EXPECT_EQ(r[0].put_inline().dst_address, 0x10000u);
  EXPECT_EQ(r[0].put_inline().nbytes, 64u * 8);
  EXPECT_EQ(std::memcmp(r[0].put_inline().data, words, 64 * 8), 0);
  EXPECT_TRUE(out.stream(0).empty());
  EXPECT_TRUE(out.any_stream());
}

TEST_F(OutboxTest, CombiningStopsAtTheLimit) {
  int n = static_cast<int>(Outbox::kCombineMax / 8) + 1;
  for (int i = 0; i < n; ++i) out.put(1, 0x10000 + 8 * i, &words[i], 8);
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].put_inline().nbytes, Outbox::kCombineMax);
  EXPECT_EQ(r[1].put_inline().nbytes, 8u);
}

TEST_F(OutboxTest, GapsOddSizesAndInterveningRecordsStartNewRecords) {
  out.put(1, 0x10000, &words[0], 16);
  out.put(1, 0x10018, &words[2], 8);  // a gap of 8 bytes (and another size: not a stride)
  out.put(1, 0x10020, &words[3], 3);  // continues: combined
  out.put(1, 0x10023, &words[4], 8);  // after an odd size the record is not 8-aligned
  out.send(1, nullptr, 0, &words[5], 8);
  out.put(1, 0x1002b, &words[6], 8);  // after a send
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0].put_inline().nbytes, 16u);
  EXPECT_EQ(r[1].put_inline().dst_address, 0x10018u);
  EXPECT_EQ(r[1].put_inline().nbytes, 11u);
  EXPECT_EQ(r[2].put_inline().dst_address, 0x10023u);
  EXPECT_EQ(r[3].kind(), RecordKind::kSend);
  EXPECT_EQ(r[4].kind(), RecordKind::kPutInline);
}

TEST_F(OutboxTest, LargePutsGoToTheBulkArea) {
  std::vector<char> big(Outbox::kInlineMax + 1, 'x');
  out.put(2, 0x20000, big.data(), big.size());
  auto r = records(out.stream(2));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].kind(), RecordKind::kPutRemote);
  EXPECT_EQ(r[0].put_remote().origin, kFromBulk);
  EXPECT_GE(out.bulk().size(), big.size());
  EXPECT_LT(out.bulk().size(), big.size() + 64);  // at most a line's gap before it
}

// A large put's bytes wait in the staging or the bulk area a whole number of
// cache lines from their destination, wherever that lies: the copy into place
// (the receiver's, or the kernel's for a cross-memory read or an MPI message)
// never meets the distances at which copies crawl (util/block_copy.hpp).
TEST_F(OutboxTest, LargePutsWaitAWholeNumberOfLinesFromTheirDestination) {
  std::vector<char> area(std::size_t{4} << 20);
  std::vector<char> big(64 * 1024);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7 + (i >> 8));
  for (bool staged : {true, false}) {
    Outbox box;
    box.reset(3, !staged);
    if (staged)
      box.set_staging({area.data(), area.size()});
    else
      box.set_bulk_messages(32 * 1024, 0);
    for (std::uint64_t low : {0, 1, 16, 31, 48, 63}) {
      std::uint64_t dst = 0x7f0000100000 + low;
      box.put(1, dst, big.data(), big.size());
      auto r = records(box.stream(1));
      ASSERT_EQ(r.size(), 1u);
      PutRemoteRecord put = r[0].put_remote();
      ASSERT_EQ(put.origin, staged ? kFromSharedStaging : kFromBulk);
      const char* base = staged ? area.data() : box.bulk().data();
      auto at = reinterpret_cast<std::uintptr_t>(base) + put.address;
      EXPECT_EQ((dst - at) % 64, 0u) << (staged ? "staged" : "bulk") << ", destination + " << low;
      EXPECT_EQ(std::memcmp(base + put.address, big.data(), big.size()), 0);
      box.clear();
    }
  }
}

// Each superstep stages after where the last one of its parity ended, and
// comes back to the start once past the ring (a few MiB): the lines a
// superstep writes are not the ones another process read from last time.
TEST_F(OutboxTest, StagingMovesOnEachSuperstepAndComesBackRound) {
  std::vector<char> area(std::size_t{64} << 20);
  out.set_staging({area.data(), area.size()});
  std::vector<char> big(64 * 1024);
  std::vector<std::uint64_t> offsets;
  for (int step = 0; step < 1000; ++step) {
    std::memset(big.data(), step & 0x7f, big.size());
    out.put(1, 0x10000, big.data(), big.size());
    auto r = records(out.stream(1));
    ASSERT_EQ(r.size(), 1u);
    PutRemoteRecord put = r[0].put_remote();
    ASSERT_EQ(put.origin, kFromSharedStaging);
    ASSERT_LE(put.address + put.nbytes, area.size());
    EXPECT_EQ(area[put.address], step & 0x7f);
    EXPECT_EQ(area[put.address + put.nbytes - 1], step & 0x7f);
    offsets.push_back(put.address);
    out.clear();
  }
  expect_moves_round(offsets);
}

// The same for the bulk area, where large puts wait for the sync when there
// is no shared staging (the MPI engine sends them from there as messages):
// writing into the lines the receiver read last time cost the put up to five
// times as much on a two-processor VM (64 KiB puts, DESIGN.md).
TEST_F(OutboxTest, BulkAreaMovesOnEachSuperstepAndComesBackRound) {
  out.reset(3, true);
  out.set_bulk_messages(32 * 1024, 0);
  std::vector<char> big(64 * 1024);
  std::vector<std::uint64_t> offsets;
  for (int step = 0; step < 1000; ++step) {
    std::memset(big.data(), step & 0x7f, big.size());
    out.put(1, 0x10000, big.data(), big.size());
    ASSERT_EQ(out.bulk_sends().size(), 1u);
    const Outbox::BulkSend& send = out.bulk_sends()[0];
    ASSERT_TRUE(send.in_bulk);
    ASSERT_EQ(send.nbytes, big.size());
    ASSERT_LE(send.address + send.nbytes, out.bulk().size());
    EXPECT_EQ(out.bulk().data()[send.address], step & 0x7f);
    EXPECT_EQ(out.bulk().data()[send.address + send.nbytes - 1], step & 0x7f);
    auto r = records(out.stream(1));
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].put_remote().origin, kFromBulk);
    EXPECT_EQ(r[0].put_remote().address, send.address);
    offsets.push_back(send.address);
    out.clear();
  }
  expect_moves_round(offsets);
}

// A large put reaches the staging and the bulk area through the ring copy
// (messaging/ring_copy.hpp), which measures its reference at the first one.
TEST_F(OutboxTest, LargePutsAreCopiedByTheRingCopy) {
  std::vector<char> big(64 * 1024, 'x');  // large enough for both
  RingCopy staged_copy;
  std::vector<char> area(std::size_t{64} << 20);
  out.set_staging({area.data(), area.size()});
  out.set_ring_copy(&staged_copy);
  out.put(1, 0x10000, big.data(), big.size());
  EXPECT_TRUE(staged_copy.policy().has_reference());

  Outbox bulk;
  RingCopy bulk_copy;
  bulk.reset(3, true);
  bulk.set_bulk_messages(32 * 1024, 0);
  bulk.set_ring_copy(&bulk_copy);
  bulk.put(1, 0x10000, big.data(), big.size());
  ASSERT_EQ(bulk.bulk_sends().size(), 1u);
  EXPECT_TRUE(bulk_copy.policy().has_reference());
}

// A fill larger than a quarter of the ring would not stay in the reader's
// cache anyway: the next starts at the beginning again.
TEST_F(OutboxTest, LargeStagedFillsDoNotMoveRound) {
  std::vector<char> area(std::size_t{64} << 20);
  out.set_staging({area.data(), area.size()});
  std::vector<char> big(cache_ring_bytes() / 4 + 4096, 'x');
  for (int step = 0; step < 3; ++step) {
    out.put(1, 0x10000, big.data(), big.size());
    auto r = records(out.stream(1));
    ASSERT_EQ(r.size(), 1u);
    EXPECT_LT(r[0].put_remote().address, 64u) << "superstep " << step;
    out.clear();
  }
}

TEST_F(OutboxTest, PushGoesToEveryOtherProcess) {
  out.push(1, words, 64, 7);
  EXPECT_EQ(records(out.stream(0)).size(), 1u);
  EXPECT_TRUE(out.stream(1).empty());
  EXPECT_EQ(records(out.stream(2))[0].kind(), RecordKind::kPush);
}

std::uint64_t room(const Outbox::Run& run) { return static_cast<std::uint64_t>(run.end - run.at); }

// A run (what the cheapest put, superstep_put_continues, grows) continues the
// open record in place, as a put would, until its room is spent; the stream
// counts its bytes once it settles.
TEST_F(OutboxTest, RunGrowsTheOpenRecordUntilItsRoomIsSpent) {
  for (int i = 0; i < 8; ++i) words[i] = static_cast<std::uint64_t>(i) + 100;
  out.put(1, 0x10000, &words[0], 8);
  Outbox::Run run;
  // Its room ends where the stream would have to grow.
  std::uint64_t stream_room = out.stream(1).room();
  out.open_run(1, run, UINT64_MAX);
  EXPECT_EQ(room(run), stream_room);
  out.stream(1).make_room(2 * Outbox::kCombineMax);
  out.open_run(1, run, UINT64_MAX);
  EXPECT_EQ(room(run), Outbox::kCombineMax - 8);
  out.open_run(1, run, 24);  // as the caller lowers it to its area's end
  EXPECT_TRUE(superstep_run_extend(&run, &words[1], 8));
  EXPECT_TRUE(superstep_run_extend(&run, &words[2], 16));
  EXPECT_FALSE(superstep_run_extend(&run, &words[4], 8));  // no room left
  out.put(1, 0x10020, &words[4], 8);  // the record's own rule still continues it
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].put_inline().nbytes, 40u);
  EXPECT_EQ(std::memcmp(r[0].put_inline().data, words, 40), 0);
}

TEST_F(OutboxTest, RunRoomStopsAtTheCombineLimit) {
  int n = static_cast<int>(Outbox::kCombineMax / 8);
  out.stream(1).make_room(2 * Outbox::kCombineMax);
  out.put(1, 0x10000, &words[0], 8);
  Outbox::Run run;
  out.open_run(1, run, UINT64_MAX);
  for (int i = 1; i < n; ++i) ASSERT_TRUE(superstep_run_extend(&run, &words[i % 8], 8)) << i;
  EXPECT_EQ(room(run), 0u);
  EXPECT_FALSE(superstep_run_extend(&run, &words[0], 8));
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].put_inline().nbytes, Outbox::kCombineMax);
}

// Anything else written into the run's stream settles the run first and ends
// it: the other record then comes after the run's bytes, and growing the run
// later would put bytes after that record that belong to the put before it.
// Other streams' records leave it open.
TEST_F(OutboxTest, RunEndsWhenAnythingElseEntersItsStream) {
  for (int i = 0; i < 8; ++i) words[i] = static_cast<std::uint64_t>(i) + 100;
  Outbox::Run run, other;
  out.put(1, 0x10000, &words[0], 8);
  out.open_run(1, run, UINT64_MAX);
  ASSERT_TRUE(superstep_run_extend(&run, &words[1], 8));
  out.send(1, nullptr, 0, &words[2], 8);
  EXPECT_FALSE(superstep_run_extend(&run, &words[3], 8));
  out.put(1, 0x10010, &words[3], 8);  // a new record after the send
  out.open_run(1, run, UINT64_MAX);
  ASSERT_TRUE(superstep_run_extend(&run, &words[4], 8));
  out.put(2, 0x20000, &words[5], 8);  // another stream's records leave it alone
  out.open_run(2, other, UINT64_MAX);
  ASSERT_TRUE(superstep_run_extend(&other, &words[6], 8));
  ASSERT_TRUE(superstep_run_extend(&run, &words[5], 8));
  auto r = records(out.stream(1));
  EXPECT_FALSE(superstep_run_extend(&run, &words[6], 8));  // reading the stream settled it
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].put_inline().nbytes, 16u);
  EXPECT_EQ(std::memcmp(r[0].put_inline().data, &words[0], 16), 0);
  EXPECT_EQ(r[2].put_inline().dst_address, 0x10010u);
  EXPECT_EQ(r[2].put_inline().nbytes, 24u);
  EXPECT_EQ(std::memcmp(r[2].put_inline().data, &words[3], 24), 0);
  auto r2 = records(out.stream(2));
  ASSERT_EQ(r2.size(), 1u);
  EXPECT_EQ(r2[0].put_inline().nbytes, 16u);
  EXPECT_EQ(std::memcmp(r2[0].put_inline().data, &words[5], 16), 0);
}

// Every way the outbox writes into or reads the run's stream settles the run
// first: the stream's size and the record's byte count then include the
// run's bytes.
TEST_F(OutboxTest, EveryUseOfTheStreamSettlesTheRun) {
  using Use = void (*)(Outbox&);
  const Use uses[] = {
      [](Outbox& o) { o.seal(); },
      [](Outbox& o) { o.get_request(1, 0x40000, 8); },
      [](Outbox& o) { o.share_request(1, 0x40000); },
      [](Outbox& o) { o.push(0, reinterpret_cast<void*>(0x50000), 8, 1); },
      [](Outbox& o) {
        std::uint64_t w = 7;
        o.hpput(0, 1, 0x60000, &w, 8);
      },
      [](Outbox& o) {
        std::uint64_t w = 7;
        o.send(1, nullptr, 0, &w, 8);
      },
      [](Outbox& o) {
        std::uint64_t w = 7;
        EXPECT_TRUE(o.put_inline_if_room(1, 0x70000, &w, 8));
      },
      [](Outbox& o) {
        std::uint64_t w = 7;
        o.put(1, 0x70000, &w, 8);
      },
      [](Outbox& o) { o.settle(1); },
  };
  for (Use use : uses) {
    out.clear();
    out.stream(1).make_room(Outbox::kCombineMax);
    out.put(1, 0x10000, &words[0], 8);
    Outbox::Run run;
    out.open_run(1, run, UINT64_MAX);
    ASSERT_TRUE(superstep_run_extend(&run, &words[1], 8));
    ASSERT_TRUE(superstep_run_extend(&run, &words[2], 8));
    use(out);
    EXPECT_FALSE(superstep_run_extend(&run, &words[3], 8));
    auto r = records(out.stream(1));
    ASSERT_GE(r.size(), 1u);
    EXPECT_EQ(r[0].put_inline().nbytes, 24u);
  }
}

// send_if_room, the fast path of bsp_send, declines while a run is open and
// writes nothing: it stays free of settling, which send() does.
TEST_F(OutboxTest, SendIfRoomDeclinesWhileARunIsOpen) {
  out.stream(1).make_room(Outbox::kCombineMax);
  out.put(1, 0x10000, &words[0], 8);
  Outbox::Run run;
  out.open_run(1, run, UINT64_MAX);
  ASSERT_TRUE(superstep_run_extend(&run, &words[1], 8));
  std::uint64_t w = 7;
  EXPECT_FALSE(out.send_if_room(1, nullptr, 0, &w, 8));
  EXPECT_TRUE(superstep_run_extend(&run, &words[2], 8));  // nothing ended it
  out.send(1, nullptr, 0, &w, 8);
  EXPECT_TRUE(out.send_if_room(1, nullptr, 0, &w, 8));
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].put_inline().nbytes, 24u);
}

TEST_F(OutboxTest, NoRunAfterARecordThatCannotGrow) {
  Outbox::Run run;
  out.put(1, 0x10000, &words[0], 4);  // bytes that do not fill a word
  out.open_run(1, run, UINT64_MAX);
  EXPECT_EQ(room(run), 0u);
  out.send(1, nullptr, 0, &words[1], 8);
  out.open_run(1, run, UINT64_MAX);
  EXPECT_EQ(room(run), 0u);
  out.open_run(2, run, UINT64_MAX);
  EXPECT_EQ(room(run), 0u);  // an empty stream
}

// send_if_room writes the same record as send, and declines (writing
// nothing) where the stream would have to grow.
TEST_F(OutboxTest, SendIfRoomWritesWhatSendWrites) {
  std::uint64_t tag = 0x1234, payload[2] = {7, 8};
  out.send(1, &tag, 3, payload, 16);
  out.stream(2).make_room(64);
  ASSERT_TRUE(out.send_if_room(2, &tag, 3, payload, 16));
  ASSERT_EQ(out.stream(1).size(), out.stream(2).size());
  EXPECT_EQ(std::memcmp(out.stream(1).data(), out.stream(2).data(), out.stream(1).size()), 0);
  ByteBuffer& full = out.stream(0);
  full.make_room(8);
  while (full.has_room(1)) full.grow_in_room(1);
  std::size_t before = full.size();
  EXPECT_FALSE(out.send_if_room(0, nullptr, 0, payload, 8));
  EXPECT_EQ(full.size(), before);
}

TEST_F(OutboxTest, ClearForgetsTheRecordToExtend) {
  out.put(1, 0x10000, &words[0], 8);
  out.clear();
  EXPECT_FALSE(out.any_stream());
  out.put(1, 0x10008, &words[1], 8);
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].put_inline().dst_address, 0x10008u);
}

// seal() ends each non-empty stream with its tally, so that the destination
// can queue a stream of sends without walking it.
TEST_F(OutboxTest, SealEndsEachStreamWithItsTally) {
  std::uint64_t payload[3] = {1, 2, 3};
  for (int i = 0; i < 3; ++i) out.send(1, nullptr, 0, payload, 8 * (i + 1));
  out.put(2, 0x10000, &words[0], 8);
  out.send(2, nullptr, 0, payload, 8);
  out.get_request(2, 0x20000, 16);
  out.seal();
  EXPECT_TRUE(out.stream(0).empty());
  auto only_sends = records(out.stream(1));
  ASSERT_EQ(only_sends.size(), 4u);
  ASSERT_EQ(only_sends.back().kind(), RecordKind::kStreamEnd);
  StreamEndRecord tally = only_sends.back().stream_end();
  EXPECT_TRUE(tally.only_sends);
  EXPECT_EQ(tally.sends, 3u);
  EXPECT_EQ(tally.send_payload_bytes, 8u + 16 + 24);
  EXPECT_EQ(tally.get_requests, 0u);
  auto mixed = records(out.stream(2));
  ASSERT_EQ(mixed.size(), 4u);
  ASSERT_EQ(mixed.back().kind(), RecordKind::kStreamEnd);
  tally = mixed.back().stream_end();
  EXPECT_FALSE(tally.only_sends);
  EXPECT_EQ(tally.sends, 1u);
  EXPECT_EQ(tally.send_payload_bytes, 8u);
  EXPECT_EQ(tally.get_requests, 1u);
  // The next superstep's streams start afresh.
  out.clear();
  out.send(1, nullptr, 0, payload, 8);
  out.seal();
  auto again = records(out.stream(1));
  ASSERT_EQ(again.size(), 2u);
  EXPECT_EQ(again.back().stream_end().sends, 1u);
}

// The windows of sends that superstep_send_fits (superstep/detail/inline_paths.h)
// fills read this table, which the runtime publishes; here the test does.
Outbox::SendWindow g_windows[3];

class SendWindowTest : public OutboxTest {
 protected:
  void SetUp() override {
    OutboxTest::SetUp();
    superstep_send_windows = {g_windows, 3};
  }
  void TearDown() override { superstep_send_windows = {}; }
};

// A window takes sends of the shape it was opened for, as the messages of one
// run (a header for all, each message its tag and payload as send() writes
// them after its header), and settles them as sends: the tally counts them.
TEST_F(SendWindowTest, TakesSendsOfItsShapeAndSettlesThemAsSends) {
  std::uint32_t tag = 0xabcd1234;
  std::uint64_t payload[3] = {11, 22, 33};
  out.stream(1).make_room(4096);
  ASSERT_TRUE(out.send_if_room(1, &tag, 4, &payload[0], 8));
  out.open_send_window(1, g_windows[1], 4, 8);
  EXPECT_EQ(superstep_send_fits(1, &tag, &payload[1], 8), 1);
  EXPECT_EQ(superstep_send_fits(1, &tag, &payload[2], 8), 1);
  EXPECT_EQ(superstep_send_fits(1, &tag, &payload[2], 16), 0);  // another shape
  EXPECT_EQ(superstep_send_fits(2, &tag, &payload[2], 8), 0);   // no window there
  out.seal();
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 3u);
  ASSERT_EQ(r[0].kind(), RecordKind::kSend);
  ASSERT_EQ(r[1].kind(), RecordKind::kSendRun);
  const SendRunRecord run = r[1].send_run();
  ASSERT_EQ(run.count, 2u);
  EXPECT_EQ(run.element, 16u);  // the tag padded to 8 bytes, the payload
  for (int i = 0; i < 3; ++i) {
    SendRecord m = i == 0 ? r[0].send() : run.message(static_cast<std::uint64_t>(i - 1));
    EXPECT_EQ(m.tag_bytes, 4u);
    EXPECT_EQ(std::memcmp(m.tag, &tag, 4), 0);
    EXPECT_EQ(m.payload_bytes, 8u);
    EXPECT_EQ(std::memcmp(m.payload, &payload[i], 8), 0);
  }
  StreamEndRecord tally = r.back().stream_end();
  EXPECT_TRUE(tally.only_sends);
  EXPECT_EQ(tally.sends, 3u);
  EXPECT_EQ(tally.send_payload_bytes, 24u);
}

// A window never opened, or closed, takes no send: not even a message of no
// bytes at all (no tag, no payload), which no run can hold (its count would
// not follow from the run's bytes); the library's send writes it instead.
TEST_F(SendWindowTest, TakesNoSendWhereNoneIsOpenNotEvenOneOfNoBytes) {
  g_windows[1] = Outbox::SendWindow{};
  EXPECT_EQ(superstep_send_fits(1, nullptr, nullptr, 0), 0);
  out.stream(1).make_room(4096);
  ASSERT_TRUE(out.send_if_room(1, nullptr, 0, nullptr, 0));
  out.open_send_window(1, g_windows[1], 0, 0);
  EXPECT_EQ(superstep_send_fits(1, nullptr, nullptr, 0), 0);
  out.seal();
  EXPECT_EQ(records(out.stream(1)).back().stream_end().sends, 1u);
}

// Anything else written into the stream closes the window first, so that it
// comes after the window's sends; a window that took no send leaves no record;
// a window's room ends where the stream would have to grow; none opens while
// a run is open.
TEST_F(SendWindowTest, ClosesBeforeAnythingElseAndEndsWhereTheStreamWouldGrow) {
  std::uint64_t payload = 7;
  out.stream(1).make_room(4096);
  ASSERT_TRUE(out.send_if_room(1, nullptr, 0, &payload, 8));
  out.open_send_window(1, g_windows[1], 0, 8);
  std::uint64_t room = static_cast<std::uint64_t>(g_windows[1].run.end - g_windows[1].run.at);
  const std::uint64_t size = out.stream(1).size();  // settled (and closed) the window
  EXPECT_EQ(room + kSendRunHeaderBytes, out.stream(1).room());
  EXPECT_EQ(size, 24u);  // the send's record; the empty run's header taken back
  EXPECT_EQ(superstep_send_fits(1, nullptr, &payload, 8), 0);
  out.open_send_window(1, g_windows[1], 0, 8);
  ASSERT_EQ(superstep_send_fits(1, nullptr, &payload, 8), 1);
  out.put(1, 0x10000, &words[0], 8);
  EXPECT_EQ(superstep_send_fits(1, nullptr, &payload, 8), 0);  // the put closed it
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].kind(), RecordKind::kSend);
  EXPECT_EQ(r[1].kind(), RecordKind::kSendRun);
  EXPECT_EQ(r[1].send_run().count, 1u);
  EXPECT_EQ(r[2].kind(), RecordKind::kPutInline);
  // Filled to the end of the stream's room, and no further.
  out.send(2, nullptr, 0, &payload, 8);
  out.open_send_window(2, g_windows[2], 0, 8);
  std::uint64_t fits = static_cast<std::uint64_t>(g_windows[2].run.end - g_windows[2].run.at) / 8;
  for (std::uint64_t i = 0; i < fits; ++i)
    ASSERT_EQ(superstep_send_fits(2, nullptr, &payload, 8), 1) << i;
  EXPECT_EQ(superstep_send_fits(2, nullptr, &payload, 8), 0);
  out.seal();
  EXPECT_EQ(records(out.stream(2)).back().stream_end().sends, fits + 1);
  // A run of puts open on the lane: no window.
  out.clear();
  out.put(0, 0x10000, &words[0], 8);
  Outbox::Run run;
  out.open_run(0, run, UINT64_MAX);
  out.open_send_window(0, g_windows[0], 0, 8);
  EXPECT_EQ(g_windows[0].run.at, g_windows[0].run.end);
  EXPECT_EQ(superstep_send_fits(0, nullptr, &payload, 8), 0);
}

// util/cache_ring.hpp's RingMapping: a fill past what is mapped maps twice as
// far as the larger of the two, in 64 KiB steps, up to the ring's extent and
// never past it; the ranges follow one another from 0; a fill within what is
// mapped maps nothing; once the extent is mapped no fill maps more.
// The bytes of one destination's put records, in order, and whether each
// record starts where the last ended (one run of puts from `first` on).
struct RunBytes {
  std::vector<char> bytes;
  std::vector<RecordKind> kinds;
  bool contiguous = true;
};
RunBytes run_bytes(const ByteBuffer& stream, const char* staging, std::uint64_t first) {
  RunBytes out;
  std::uint64_t next = first;
  for (const RecordReader& r : records(stream)) {
    out.kinds.push_back(r.kind());
    const char* data;
    std::uint64_t dst, n;
    if (r.kind() == RecordKind::kPutInline) {
      data = static_cast<const char*>(r.put_inline().data);
      dst = r.put_inline().dst_address;
      n = r.put_inline().nbytes;
    } else {
      PutRemoteRecord put = r.put_remote();
      EXPECT_EQ(put.origin, kFromSharedStaging);
      // Read straight into place by the destination: a whole number of lines from it.
      EXPECT_EQ((put.dst_address - reinterpret_cast<std::uintptr_t>(staging + put.address)) % 64,
                0u);
      data = staging + put.address;
      dst = put.dst_address;
      n = put.nbytes;
    }
    out.contiguous = out.contiguous && dst == next;
    next = dst + n;
    out.bytes.insert(out.bytes.end(), data, data + n);
  }
  return out;
}

// A run of puts that fills a whole record goes on in the staging ring, as a
// staged put that grows: the destination then copies its bytes into place
// once, where from the stream it would fetch them and copy them again. Puts
// and the first tier's runs (open_run) grow it alike, each lane in a share
// of the ring of its own, and a new staged record starts where a share is
// spent.
// The staging area has room for both lanes whatever the ring's size: each
// writes four rings' worth, and reserves at most one share more than it
// writes plus a line per share (the engine's own area is far larger: a
// staging area that is spent is the next test's case).
TEST_F(OutboxTest, LongRunsGoOnInTheStagingRing) {
  std::vector<char> area(9 * cache_ring_bytes());
  out.set_staging({area.data(), area.size()});
  const int n = static_cast<int>(4 * cache_ring_bytes() / 8);  // past several shares
  std::vector<std::uint64_t> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0x1000000000u + static_cast<std::uint64_t>(i);
    b[i] = 0x2000000000u + static_cast<std::uint64_t>(i);
  }
  const std::uint64_t to_a = 0x7f0000100000, to_b = 0x7f0000900010;
  Outbox::Run run;
  out.stream(1).make_room(2 * Outbox::kCombineMax);
  int i = 0;
  // Lane 1 by the first tier's runs, lane 2 by puts, dealt in turn.
  while (i < n) {
    out.put(2, to_b + 8 * static_cast<std::uint64_t>(i), &b[i], 8);
    out.put(1, to_a + 8 * static_cast<std::uint64_t>(i), &a[i], 8);
    out.open_run(1, run, UINT64_MAX);
    for (++i; i < n && i % 100 != 0; ++i) {
      out.put(2, to_b + 8 * static_cast<std::uint64_t>(i), &b[i], 8);
      if (!superstep_run_extend(&run, &a[i], 8)) {
        out.put(1, to_a + 8 * static_cast<std::uint64_t>(i), &a[i], 8);
        out.open_run(1, run, UINT64_MAX);
      }
    }
  }
  for (auto [dst, values, to] : {std::tuple{1, &a, to_a}, std::tuple{2, &b, to_b}}) {
    RunBytes got = run_bytes(out.stream(dst), area.data(), to);
    EXPECT_TRUE(got.contiguous) << "lane " << dst;
    ASSERT_EQ(got.bytes.size(), 8u * n) << "lane " << dst;
    EXPECT_EQ(std::memcmp(got.bytes.data(), values->data(), got.bytes.size()), 0) << "lane " << dst;
    ASSERT_GE(got.kinds.size(), 3u);
    EXPECT_EQ(got.kinds[0], RecordKind::kPutInline);  // the run's first record, in the stream
    for (std::size_t k = 1; k < got.kinds.size(); ++k)
      EXPECT_EQ(got.kinds[k], RecordKind::kPutRemote) << "lane " << dst << ", record " << k;
    // One staged record per share, not one per put or per run.
    EXPECT_LT(got.kinds.size(), 8u * n / Outbox::kCombineMax) << "lane " << dst;
  }
}

// A run's shares of the ring double from Outbox::kFirstShare: runs that
// just outgrow a record reserve little of the ring, long ones take few
// records. (A share of 64 KiB each time made 100 runs of 4,104 bytes reach
// 6.2 MiB into the ring to write 800 bytes there.)
TEST_F(OutboxTest, RunSharesDoubleFromASmallFirstOne) {
  std::vector<char> area(std::size_t{64} << 20);
  out.set_staging({area.data(), area.size()});
  std::uint64_t w = 42;
  const int runs = 100, per_run = static_cast<int>(Outbox::kCombineMax / 8) + 1;
  for (int r = 0; r < runs; ++r)
    for (int i = 0; i < per_run; ++i)
      out.put(1, 0x7f0000000000 + static_cast<std::uint64_t>(r) * 0x10000 + 8 * i, &w, 8);
  std::uint64_t reached = 0;
  for (const RecordReader& r : records(out.stream(1)))
    if (r.kind() == RecordKind::kPutRemote)
      reached = std::max(reached, r.put_remote().address + r.put_remote().nbytes);
  EXPECT_LE(reached, runs * (Outbox::kFirstShare + 128));

  Outbox box;
  box.reset(2, false);
  box.set_staging({area.data(), area.size()});
  const int n = static_cast<int>((std::uint64_t{512} << 10) / 8);
  for (int i = 0; i < n; ++i) box.put(1, 0x7f0000000000 + 8 * static_cast<std::uint64_t>(i), &w, 8);
  std::vector<std::uint64_t> sizes;
  for (const RecordReader& r : records(box.stream(1)))
    if (r.kind() == RecordKind::kPutRemote) sizes.push_back(r.put_remote().nbytes);
  ASSERT_GE(sizes.size(), 3u);
  EXPECT_EQ(sizes[0], Outbox::kFirstShare);
  EXPECT_EQ(sizes[1], 2 * Outbox::kFirstShare);
  for (std::size_t k = 2; k + 1 < sizes.size(); ++k)
    EXPECT_EQ(sizes[k], std::min(2 * sizes[k - 1], Outbox::kMostShare)) << "share " << k;
}

// Where the staging ring has no room left, a run goes on in its stream.
TEST_F(OutboxTest, LongRunsGoOnInTheStreamOnceTheStagingIsFull) {
  std::vector<char> area(2 * Outbox::kCombineMax);
  out.set_staging({area.data(), area.size()});
  const int n = static_cast<int>(6 * Outbox::kCombineMax / 8);
  std::vector<std::uint64_t> a(n);
  for (int i = 0; i < n; ++i) a[i] = static_cast<std::uint64_t>(i) * 11;
  for (int i = 0; i < n; ++i) out.put(1, 0x10000 + 8 * static_cast<std::uint64_t>(i), &a[i], 8);
  RunBytes got = run_bytes(out.stream(1), area.data(), 0x10000);
  EXPECT_TRUE(got.contiguous);
  ASSERT_EQ(got.bytes.size(), 8u * n);
  EXPECT_EQ(std::memcmp(got.bytes.data(), a.data(), got.bytes.size()), 0);
  // In the stream, then in the staging while it had room, then in the stream
  // to the superstep's end: once spent, the staging area takes nothing more.
  ASSERT_GE(got.kinds.size(), 3u);
  EXPECT_EQ(got.kinds.front(), RecordKind::kPutInline);
  EXPECT_EQ(got.kinds[1], RecordKind::kPutRemote);
  EXPECT_EQ(got.kinds.back(), RecordKind::kPutInline);
  std::size_t first_inline_after = 2;
  while (first_inline_after < got.kinds.size() &&
         got.kinds[first_inline_after] == RecordKind::kPutRemote)
    ++first_inline_after;
  for (std::size_t k = first_inline_after; k < got.kinds.size(); ++k)
    EXPECT_EQ(got.kinds[k], RecordKind::kPutInline) << "record " << k;
  // The next superstep's run arrives whole too, wherever its bytes go.
  out.clear();
  for (int i = 0; i < n; ++i) out.put(1, 0x10000 + 8 * static_cast<std::uint64_t>(i), &a[i], 8);
  RunBytes next = run_bytes(out.stream(1), area.data(), 0x10000);
  EXPECT_TRUE(next.contiguous);
  ASSERT_EQ(next.bytes.size(), 8u * n);
  EXPECT_EQ(std::memcmp(next.bytes.data(), a.data(), next.bytes.size()), 0);
}

// A staged run ends with its superstep: the next one starts its own records.
TEST_F(OutboxTest, AStagedRunEndsWithItsSuperstep) {
  std::vector<char> area(std::size_t{8} << 20);
  out.set_staging({area.data(), area.size()});
  const int n = static_cast<int>(2 * Outbox::kCombineMax / 8);
  std::vector<std::uint64_t> a(n + 1);
  for (int i = 0; i <= n; ++i) a[i] = static_cast<std::uint64_t>(i) * 13;
  for (int i = 0; i < n; ++i) out.put(1, 0x10000 + 8 * static_cast<std::uint64_t>(i), &a[i], 8);
  ASSERT_EQ(records(out.stream(1)).back().kind(), RecordKind::kPutRemote);
  out.clear();
  out.put(1, 0x10000 + 8 * static_cast<std::uint64_t>(n), &a[n], 8);
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].kind(), RecordKind::kPutInline);
  EXPECT_EQ(r[0].put_inline().nbytes, 8u);
}

// Puts of one size, each the same distance after the last (an array dealt
// out element by element), share one strided record: each element costs its
// bytes in the stream, not a record of its own.
TEST_F(OutboxTest, PutsAtOneDistanceShareAStridedRecord) {
  for (std::uint32_t element : {8u, 16u, 24u, 64u}) {
    Outbox box;
    box.reset(2, false);
    const int n = 1000;
    const std::uint64_t stride = 3 * element + 8, first = 0x7f0000100000;
    std::vector<char> src(static_cast<std::size_t>(n) * element);
    for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<char>(i * 13 + i / 251);
    for (int k = 0; k < n; ++k)
      box.put(1, first + k * stride, src.data() + static_cast<std::size_t>(k) * element, element);
    auto r = records(box.stream(1));
    ASSERT_EQ(r.size(), 1u) << element << "-byte elements";
    ASSERT_EQ(r[0].kind(), RecordKind::kPutStrided);
    PutStridedRecord put = r[0].put_strided();
    EXPECT_EQ(put.dst_address, first);
    EXPECT_EQ(put.stride, stride);
    EXPECT_EQ(put.count, static_cast<std::uint64_t>(n));
    EXPECT_EQ(put.element, element);
    EXPECT_EQ(std::memcmp(put.data, src.data(), src.size()), 0);  // element sizes of whole words
    EXPECT_EQ(box.stream(1).size(), record_writer::kPutStridedBytes + src.size());
  }
}

// A put that breaks the pattern (another size, another distance, an element
// before the last, or any other record) starts a record of its own; puts of
// sizes that are not whole words, or larger than kStridedMax, are never strided.
TEST_F(OutboxTest, AStrideEndsWherePutsLeaveIt) {
  std::uint64_t w[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};  // 16-byte puts from w[7] read w[8]
  out.put(1, 0x1000, &w[0], 8);
  out.put(1, 0x1020, &w[1], 8);
  out.put(1, 0x1040, &w[2], 8);   // strided: 3 elements
  out.put(1, 0x1060, &w[3], 16);  // another size: a new record
  out.put(1, 0x1100, &w[4], 16);  // strided with it, distance 0xa0
  out.put(1, 0x1180, &w[5], 16);  // another distance: a new record
  out.send(1, nullptr, 0, &w[6], 8);
  out.put(1, 0x1200, &w[7], 16);  // after the send: a new record
  auto r = records(out.stream(1));
  ASSERT_EQ(r.size(), 5u);
  ASSERT_EQ(r[0].kind(), RecordKind::kPutStrided);
  EXPECT_EQ(r[0].put_strided().count, 3u);
  EXPECT_EQ(r[0].put_strided().stride, 0x20u);
  ASSERT_EQ(r[1].kind(), RecordKind::kPutStrided);
  EXPECT_EQ(r[1].put_strided().count, 2u);
  EXPECT_EQ(r[1].put_strided().dst_address, 0x1060u);
  EXPECT_EQ(std::memcmp(r[1].put_strided().data, &w[3], 16), 0);
  EXPECT_EQ(std::memcmp(r[1].put_strided().data + 16, &w[4], 16), 0);
  EXPECT_EQ(r[2].kind(), RecordKind::kPutInline);
  EXPECT_EQ(r[2].put_inline().dst_address, 0x1180u);
  EXPECT_EQ(r[3].kind(), RecordKind::kSend);
  EXPECT_EQ(r[4].kind(), RecordKind::kPutInline);

  Outbox box;
  box.reset(2, false);
  char bytes[200] = {};
  for (int k = 0; k < 4; ++k) box.put(1, 0x2000 + 16 * k, bytes, 4);    // not whole words
  for (int k = 0; k < 4; ++k) box.put(1, 0x3000 + 256 * k, bytes, 72);  // past kStridedMax
  for (int k = 0; k < 4; ++k) box.put(1, 0x5000 - 64 * k, bytes, 8);    // backwards
  for (const RecordReader& rec : records(box.stream(1)))
    EXPECT_EQ(rec.kind(), RecordKind::kPutInline);
}

// A strided record neither takes a run (whose puts continue byte by byte) nor
// asks for one: no run is opened after its puts.
TEST_F(OutboxTest, StridedPutsOpenNoRun) {
  std::uint64_t w[3] = {1, 2, 3};
  out.put(1, 0x1000, &w[0], 8);
  EXPECT_FALSE(out.run_likely(1, 8));  // a record of its own
  out.put(1, 0x1010, &w[1], 8);
  EXPECT_FALSE(out.run_likely(1, 8));  // strided
  Outbox::Run run;
  out.open_run(1, run, UINT64_MAX);
  EXPECT_EQ(room(run), 0u);
  out.put(1, 0x2000, &w[0], 8);
  out.put(1, 0x2008, &w[1], 8);
  EXPECT_TRUE(out.run_likely(1, 8));  // continued: the next one is likely to
}

TEST(RingMappingTest, MapsTwiceAsFarAsAFillReachesUpToTheExtent) {
  constexpr std::uint64_t kKiB = 1024, kExtent = 1280 * kKiB;
  RingMapping mapping;
  EXPECT_TRUE(mapping.reaches_unmapped(1));
  RingMapping::Range r = mapping.grow(40 * kKiB, kExtent);
  EXPECT_EQ(r.from, 0u);
  EXPECT_EQ(r.to, 128 * kKiB);  // 80 KiB, rounded up to 64 KiB steps
  EXPECT_FALSE(mapping.reaches_unmapped(128 * kKiB));
  EXPECT_TRUE(mapping.reaches_unmapped(128 * kKiB + 1));
  r = mapping.grow(130 * kKiB, kExtent);  // twice the fill's end, past twice what was mapped
  EXPECT_EQ(r.from, 128 * kKiB);
  EXPECT_EQ(r.to, 320 * kKiB);
  r = mapping.grow(321 * kKiB, kExtent);
  EXPECT_EQ(r.from, 320 * kKiB);
  EXPECT_EQ(r.to, 704 * kKiB);  // 642 KiB in 64 KiB steps
  r = mapping.grow(705 * kKiB, kExtent);
  EXPECT_EQ(r.from, 704 * kKiB);
  EXPECT_EQ(r.to, kExtent);  // not past the extent
  // The whole extent is mapped: a fill past it (a put larger than the ring)
  // maps nothing more, and the hot path's test stays false.
  EXPECT_FALSE(mapping.reaches_unmapped(64 * kExtent));
  r = mapping.grow(2 * kExtent, kExtent);
  EXPECT_EQ(r.to, r.from);
}

// A reader maps as far as its writer has (the record says), never past the
// extent, and nothing where the writer has mapped no more than it has.
TEST(RingMappingTest, AReaderFollowsItsWriter) {
  constexpr std::uint64_t kKiB = 1024, kExtent = 1280 * kKiB;
  RingMapping writer, reader;
  RingMapping::Range w = writer.grow(40 * kKiB, kExtent);
  EXPECT_TRUE(reader.reaches_unmapped(writer.mapped_end(kExtent)));
  RingMapping::Range r = reader.follow(writer.mapped_end(kExtent), kExtent);
  EXPECT_EQ(r.from, w.from);
  EXPECT_EQ(r.to, w.to);
  EXPECT_FALSE(reader.reaches_unmapped(writer.mapped_end(kExtent)));
  r = reader.follow(w.to, kExtent);  // the same again: nothing
  EXPECT_EQ(r.to, r.from);
  w = writer.grow(1000 * kKiB, kExtent);  // the writer's extent is the whole ring now
  EXPECT_EQ(writer.mapped_end(kExtent), kExtent);
  r = reader.follow(writer.mapped_end(kExtent), kExtent);
  EXPECT_EQ(r.from, 128 * kKiB);
  EXPECT_EQ(r.to, kExtent);
  EXPECT_FALSE(reader.reaches_unmapped(kExtent * 4));  // whole: a read past it maps nothing
}

TEST(RingMappingTest, AFillPastTheExtentMapsTheExtentAtOnce) {
  RingMapping mapping;
  RingMapping::Range r = mapping.grow(std::uint64_t{3} << 20, std::uint64_t{1} << 20);
  EXPECT_EQ(r.from, 0u);
  EXPECT_EQ(r.to, std::uint64_t{1} << 20);
  EXPECT_FALSE(mapping.reaches_unmapped(std::uint64_t{3} << 20));
}

}  // namespace
}  // namespace superstep

// What the first tier of bsp_send reads (the runtime defines it in the library).
superstep_send_table superstep_send_windows = {nullptr, 0};
