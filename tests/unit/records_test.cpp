// messaging/record_writer and messaging/record_reader: the record format's one
// writer and one reader. Every kind written and read back, the 8-byte layout
// (lengths, padding, aligned payloads), growing a put record, the seal read
// from a stream's end, and a stream cut anywhere: the reader stops at the
// last whole record and says so.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "messaging/record_reader.hpp"
#include "messaging/record_writer.hpp"

namespace superstep {
namespace {

namespace rw = record_writer;

// A stream under construction, 8-byte aligned like the outbox's.
class Stream {
 public:
  char* reserve(std::uint64_t n) {
    std::uint64_t at = size_;
    size_ += n;
    words_.resize((size_ + 7) / 8);
    return begin() + at;
  }
  char* begin() { return reinterpret_cast<char*>(words_.data()); }
  const char* end() { return begin() + size_; }
  std::uint64_t size() const { return size_; }

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t size_ = 0;
};

std::uint64_t offset(const char* base, const void* p) {
  return static_cast<std::uint64_t>(static_cast<const char*>(p) - base);
}

// One record of each kind, sealed as the outbox seals a stream.
void write_one_of_each(Stream& s) {
  const char put_bytes[5] = {'a', 'b', 'c', 'd', 'e'};
  std::memcpy(rw::put_inline(s.reserve(rw::put_inline_bytes(5)), 0x1000, 5), put_bytes, 5);
  rw::put_remote(s.reserve(rw::kPutRemoteBytes), kFromSharedStaging, 0x2000, 4096, 192, 65536);
  rw::send(s.reserve(rw::send_bytes(3, 6)), "tag", 3, "hello!", 6);
  rw::push(s.reserve(rw::kPushBytes), 0x3000, 64, 9);
  rw::get_request(s.reserve(rw::kGetRequestBytes), 0x4000, 24, true);
  rw::put_remote(s.reserve(rw::kPutRemoteBytes), kFromUserMemory, 0x5000, 2048, 0x6000);
  rw::share_request(s.reserve(rw::kShareRequestBytes), 0x7000);
  // A strided record as the outbox makes one: from a one-element put record, then a third element.
  const std::uint64_t elements[3] = {0x11, 0x22, 0x33};
  std::uint64_t strided = offset(s.begin(), s.reserve(rw::put_inline_bytes(8)));
  std::memcpy(rw::put_inline(s.begin() + strided, 0x8000, 8), &elements[0], 8);
  s.reserve(rw::strided_bytes_added(8));
  rw::put_strided_from_inline(s.begin() + strided, 0x40, 8, &elements[1]);
  std::memcpy(s.reserve(8), &elements[2], 8);
  rw::set_put_strided_count(s.begin() + strided, 3);
  rw::stream_end(s.reserve(kStreamEndBytes), false, 1, 6, 1);
}

// Check mode's call site of a put: its file name (padded, not terminated)
// and line, and the put after it read as usual.
TEST(Records, PutSiteCarriesTheFileAndLineBeforeItsPut) {
  Stream s;
  const char file[] = "src/prog.c";
  const auto file_bytes = static_cast<std::uint32_t>(sizeof file - 1);
  rw::put_site(s.reserve(rw::put_site_bytes(file_bytes)), file, file_bytes, 42);
  rw::put_site(s.reserve(rw::put_site_bytes(0)), nullptr, 0, 0);
  const std::uint32_t value = 7;
  std::memcpy(rw::put_inline(s.reserve(rw::put_inline_bytes(4)), 0x1000, 4), &value, 4);
  rw::stream_end(s.reserve(kStreamEndBytes), false, 0, 0, 0);
  EXPECT_EQ(rw::put_site_bytes(file_bytes), 32u);

  RecordReader r(s.begin(), s.end());
  ASSERT_EQ(r.kind(), RecordKind::kPutSite);
  EXPECT_EQ(r.record().length(), 32u);
  PutSiteRecord site = r.put_site();
  EXPECT_EQ(std::string(site.file, site.file_bytes), "src/prog.c");
  EXPECT_EQ(site.line, 42);
  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPutSite);
  EXPECT_EQ(r.put_site().file_bytes, 0u);
  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPutInline);
  EXPECT_EQ(r.put_inline().dst_address, 0x1000u);
  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kStreamEnd);
  EXPECT_EQ(read_stream_end(s.end()).records_end, r.position());
  r.next();
  EXPECT_TRUE(r.complete());
}

// Check mode's kGetSite record: the owner's bytes an hpget reads, the call's
// file and line; the record after it is read as usual.
TEST(Records, GetSiteCarriesTheRangeTheFileAndTheLine) {
  Stream s;
  const char file[] = "prog.c";
  const auto file_bytes = static_cast<std::uint32_t>(sizeof file - 1);
  rw::get_site(s.reserve(rw::get_site_bytes(file_bytes)), 0x2000, 24, file, file_bytes, 17);
  rw::get_request(s.reserve(rw::kGetRequestBytes), 0x2000, 24, false);
  rw::stream_end(s.reserve(kStreamEndBytes), false, 0, 0, 1);
  EXPECT_EQ(rw::get_site_bytes(file_bytes), 40u);

  RecordReader r(s.begin(), s.end());
  ASSERT_EQ(r.kind(), RecordKind::kGetSite);
  EXPECT_EQ(r.record().length(), 40u);
  GetSiteRecord site = r.get_site();
  EXPECT_EQ(site.address, 0x2000u);
  EXPECT_EQ(site.nbytes, 24u);
  EXPECT_EQ(std::string(site.file, site.file_bytes), "prog.c");
  EXPECT_EQ(site.line, 17);
  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kGetRequest);
  EXPECT_EQ(r.get_request().nbytes, 24u);
  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kStreamEnd);
  r.next();
  EXPECT_TRUE(r.complete());
}

TEST(Records, EveryKindReadsBackAsWritten) {
  Stream s;
  write_one_of_each(s);
  RecordReader r(s.begin(), s.end());

  ASSERT_FALSE(r.done());
  ASSERT_EQ(r.kind(), RecordKind::kPutInline);
  PutInlineRecord put = r.put_inline();
  EXPECT_EQ(put.dst_address, 0x1000u);
  EXPECT_EQ(put.nbytes, 5u);
  EXPECT_EQ(std::string(put.data, put.nbytes), "abcde");

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPutRemote);
  PutRemoteRecord staged = r.put_remote();
  EXPECT_EQ(staged.dst_address, 0x2000u);
  EXPECT_EQ(staged.origin, kFromSharedStaging);
  EXPECT_EQ(staged.nbytes, 4096u);
  EXPECT_EQ(staged.address, 192u);
  EXPECT_EQ(staged.ring_mapped, 65536u);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kSend);
  SendRecord send = r.send();
  EXPECT_EQ(std::string(send.tag, send.tag_bytes), "tag");
  EXPECT_EQ(std::string(send.payload, send.payload_bytes), "hello!");

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPush);
  PushRecord push = r.push();
  EXPECT_EQ(push.address, 0x3000u);
  EXPECT_EQ(push.size, 64u);
  EXPECT_EQ(push.id, 9u);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kGetRequest);
  GetRequestRecord get = r.get_request();
  EXPECT_EQ(get.address, 0x4000u);
  EXPECT_EQ(get.nbytes, 24u);
  EXPECT_TRUE(get.as_bulk);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPutRemote);
  PutRemoteRecord hp = r.put_remote();
  EXPECT_EQ(hp.origin, kFromUserMemory);
  EXPECT_EQ(hp.dst_address, 0x5000u);
  EXPECT_EQ(hp.nbytes, 2048u);
  EXPECT_EQ(hp.address, 0x6000u);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kShareRequest);
  EXPECT_EQ(r.share_request().address, 0x7000u);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kPutStrided);
  PutStridedRecord strided = r.put_strided();
  EXPECT_EQ(strided.dst_address, 0x8000u);
  EXPECT_EQ(strided.stride, 0x40u);
  EXPECT_EQ(strided.count, 3u);
  EXPECT_EQ(strided.element, 8u);
  const std::uint64_t elements[3] = {0x11, 0x22, 0x33};
  EXPECT_EQ(std::memcmp(strided.data, elements, sizeof elements), 0);

  r.next();
  ASSERT_EQ(r.kind(), RecordKind::kStreamEnd);
  StreamEndRecord seal = r.stream_end();
  EXPECT_EQ(seal.records_end, r.position());
  EXPECT_FALSE(seal.only_sends);
  EXPECT_EQ(seal.sends, 1u);
  EXPECT_EQ(seal.send_payload_bytes, 6u);
  EXPECT_EQ(seal.get_requests, 1u);

  r.next();
  EXPECT_TRUE(r.done());
  EXPECT_TRUE(r.complete());
  EXPECT_EQ(r.position(), s.end());
}

TEST(Records, AnEmptyStreamHasNoRecordsAndIsComplete) {
  char nothing[1];
  RecordReader r(nothing, nothing);
  EXPECT_TRUE(r.done());
  EXPECT_TRUE(r.complete());
  EXPECT_TRUE(RecordReader().complete());
}

// Every record is a multiple of 8 bytes whatever its sizes, so every header
// is aligned; a message's payload starts 8-byte aligned after its padded tag
// (bsp_hpmove hands it out as the program's type).
TEST(Records, LengthsArePaddedToEightAndPayloadsAligned) {
  const std::string bytes(40, 'x');
  for (std::uint32_t tag_bytes = 0; tag_bytes <= 17; ++tag_bytes) {
    for (std::uint64_t n = 0; n <= 17; ++n) {
      Stream s;
      std::memcpy(
          rw::put_inline(s.reserve(rw::put_inline_bytes(n)), 0x100, static_cast<std::uint32_t>(n)),
          bytes.data(), n);
      rw::send(s.reserve(rw::send_bytes(tag_bytes, n)), bytes.data(), tag_bytes, bytes.data(), n);
      ASSERT_EQ(rw::put_inline_bytes(n) % 8, 0u);
      ASSERT_EQ(rw::send_bytes(tag_bytes, n) % 8, 0u);
      ASSERT_EQ(rw::put_inline_bytes(n), 16 + (n + 7) / 8 * 8);

      RecordReader r(s.begin(), s.end());
      ASSERT_EQ(r.kind(), RecordKind::kPutInline);
      EXPECT_EQ(r.put_inline().nbytes, n);
      r.next();
      ASSERT_EQ(offset(s.begin(), r.position()), rw::put_inline_bytes(n));
      ASSERT_EQ(r.kind(), RecordKind::kSend);
      SendRecord m = r.send();
      EXPECT_EQ(offset(s.begin(), m.payload) % 8, 0u) << "tag " << tag_bytes << " payload " << n;
      EXPECT_EQ(m.tag_bytes, tag_bytes);
      EXPECT_EQ(m.payload_bytes, n);
      EXPECT_EQ(std::string(m.payload, n), bytes.substr(0, n));
      r.next();
      EXPECT_TRUE(r.complete());
    }
  }
  EXPECT_EQ(rw::kPutRemoteBytes % 8, 0u);
  EXPECT_EQ(rw::kPushBytes % 8, 0u);
  EXPECT_EQ(rw::kGetRequestBytes % 8, 0u);
  EXPECT_EQ(rw::kShareRequestBytes % 8, 0u);
  EXPECT_EQ(kStreamEndBytes % 8, 0u);
}

// The outbox grows the last put record of a stream when the next put
// continues it: the record then spans the payload appended after it.
TEST(Records, AGrownPutRecordSpansThePayloadAppendedAfterIt) {
  Stream s;
  std::uint64_t first = 0x1111111111111111, second = 0x2222222222222222;
  std::uint64_t record = offset(s.begin(), s.reserve(rw::put_inline_bytes(8)));
  std::memcpy(rw::put_inline(s.begin() + record, 0x1000, 8), &first, 8);
  std::memcpy(s.reserve(8), &second, 8);  // s may move: the record is found by its offset
  rw::set_put_inline_bytes(s.begin() + record, 16);
  rw::send(s.reserve(rw::send_bytes(0, 0)), nullptr, 0, nullptr, 0);
  RecordReader r(s.begin(), s.end());
  ASSERT_EQ(r.kind(), RecordKind::kPutInline);
  PutInlineRecord put = r.put_inline();
  EXPECT_EQ(put.dst_address, 0x1000u);
  ASSERT_EQ(put.nbytes, 16u);
  EXPECT_EQ(std::memcmp(put.data, &first, 8), 0);
  EXPECT_EQ(std::memcmp(put.data + 8, &second, 8), 0);
  r.next();
  EXPECT_EQ(r.kind(), RecordKind::kSend);
  r.next();
  EXPECT_TRUE(r.complete());
}

// A sealed stream's last record is read from its end, without a walk.
TEST(Records, TheSealIsReadFromTheStreamsEnd) {
  Stream s;
  rw::send(s.reserve(rw::send_bytes(2, 8)), "ab", 2, "12345678", 8);
  rw::send(s.reserve(rw::send_bytes(0, 3)), nullptr, 0, "xyz", 3);
  const std::uint64_t records = s.size();
  rw::stream_end(s.reserve(kStreamEndBytes), true, 2, 11, 0);
  StreamEndRecord seal = read_stream_end(s.end());
  EXPECT_EQ(offset(s.begin(), seal.records_end), records);
  EXPECT_TRUE(seal.only_sends);
  EXPECT_EQ(seal.sends, 2u);
  EXPECT_EQ(seal.send_payload_bytes, 11u);
  EXPECT_EQ(seal.get_requests, 0u);
}

// Cut a stream after any number of bytes: the reader visits exactly the
// records that lie whole before the cut, never reads past it, and is
// complete only when the cut falls between records.
TEST(Records, AStreamCutAnywhereEndsAtItsLastWholeRecord) {
  Stream s;
  write_one_of_each(s);
  std::vector<std::uint64_t> ends;  // where each record ends
  for (RecordReader r(s.begin(), s.end()); !r.done();) {
    r.next();
    ends.push_back(offset(s.begin(), r.position()));
  }
  ASSERT_EQ(ends.size(), 9u);
  for (std::uint64_t cut = 0; cut <= s.size(); ++cut) {
    std::vector<char> copy(s.begin(), s.begin() + cut);  // nothing readable past the cut
    const char* begin = copy.data();
    std::uint64_t whole = 0;
    while (whole < ends.size() && ends[whole] <= cut) ++whole;
    RecordReader r(begin, begin + cut);
    std::uint64_t seen = 0;
    for (; !r.done(); r.next()) ++seen;
    EXPECT_EQ(seen, whole) << "cut at " << cut;
    EXPECT_EQ(offset(begin, r.position()), whole ? ends[whole - 1] : 0) << "cut at " << cut;
    EXPECT_EQ(r.complete(), cut == 0 || (whole && ends[whole - 1] == cut)) << "cut at " << cut;
  }
}

// A strided record whose count claims more elements than its stream holds
// (a count whose product with the element's size wraps, too) ends the walk.
TEST(Records, AStridedCountPastTheStreamEndsTheWalk) {
  for (std::uint64_t count : {std::uint64_t{3}, std::uint64_t{1} << 61, ~std::uint64_t{0}}) {
    Stream s;
    const std::uint64_t element = 0x11;
    std::uint64_t strided = offset(s.begin(), s.reserve(rw::put_inline_bytes(8)));
    std::memcpy(rw::put_inline(s.begin() + strided, 0x8000, 8), &element, 8);
    s.reserve(rw::strided_bytes_added(8));
    rw::put_strided_from_inline(s.begin() + strided, 0x40, 8, &element);
    rw::set_put_strided_count(s.begin() + strided, count);  // two elements are there
    RecordReader r(s.begin(), s.end());
    EXPECT_TRUE(r.done()) << count;
    EXPECT_FALSE(r.complete()) << count;
  }
}

}  // namespace
}  // namespace superstep
