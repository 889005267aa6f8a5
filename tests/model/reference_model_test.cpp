// Unit tests of the reference model on small hand-written programs. Every
// expected value is derived by hand from the paper (sections 3 and 4) and the
// choices in DESIGN.md, not from running the model.
#include "reference_model.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace superstep::model {
namespace {

// Builds a program superstep by superstep: `on(q)` appends to process q's ops
// in the current superstep.
class Builder {
 public:
  Builder(int p, std::vector<int> buffers) {
    program_.seed = 42;
    program_.nprocs = p;
    program_.buffer_sizes = std::move(buffers);
    next();
  }
  Builder& next() {
    program_.supersteps.push_back(
        Superstep{std::vector<std::vector<Op>>(static_cast<std::size_t>(program_.nprocs))});
    return *this;
  }
  Builder& on(int q, Op op) {
    program_.supersteps.back().ops[static_cast<std::size_t>(q)].push_back(op);
    return *this;
  }
  Builder& all(Op op) {
    for (int q = 0; q < program_.nprocs; ++q) on(q, op);
    return *this;
  }
  const Program& program() const { return program_; }

 private:
  Program program_;
};

Op write(Addr at, int n, int pattern) { return Op{OpKind::kWrite, 0, at, kNull, 0, n, pattern}; }
Op push(Addr at, int size) { return Op{OpKind::kPushReg, 0, at, kNull, 0, size, 0}; }
Op pop(Addr at) { return Op{OpKind::kPopReg, 0, at, kNull, 0, 0, 0}; }
Op put(int pid, Addr src, Addr dst, int offset, int n, bool hp = false) {
  return Op{hp ? OpKind::kHpput : OpKind::kPut, pid, src, dst, offset, n, 0};
}
Op get(int pid, Addr src, int offset, Addr dst, int n, bool hp = false) {
  return Op{hp ? OpKind::kHpget : OpKind::kGet, pid, src, dst, offset, n, 0};
}
Op tagsize(int n) { return Op{OpKind::kSetTagsize, 0, kNull, kNull, 0, 0, n}; }
Op send(int pid, Addr tag, Addr payload, int n) {
  return Op{OpKind::kSend, pid, tag, payload, 0, n, 0};
}
Op qsize() { return Op{OpKind::kQsize, 0, kNull, kNull, 0, 0, 0}; }
Op get_tag(Addr at) { return Op{OpKind::kGetTag, 0, at, kNull, 0, 0, 0}; }
Op move(Addr at, int n) { return Op{OpKind::kMove, 0, at, kNull, 0, n, 0}; }
Op hpmove() { return Op{OpKind::kHpmove, 0, kNull, kNull, 0, 0, 0}; }

ModelResult run(const Builder& b) { return run_model(b.program(), ModelOptions{true}); }

Op team_begin(int colour, int key) {
  return Op{OpKind::kTeamBegin, 0, kNull, kNull, key, 0, colour};
}
Op enquire() { return Op{OpKind::kEnquire, 0, kNull, kNull, 0, 0, 0}; }
Op team_sync() { return Op{OpKind::kSync, 0, kNull, kNull, 0, 0, 0}; }
Op team_end() { return Op{OpKind::kTeamEnd, 0, kNull, kNull, 0, 0, 0}; }

// The hex contents of buffer `buf` of process `pid` when it was observed at
// `where` ("s1", "s1.0", ...) for the nth time (from 0).
std::string memory_at(const ModelResult& r, int pid, const std::string& where, int buf,
                      int nth = 0) {
  std::string prefix = where + " mem " + std::to_string(buf) + " ";
  for (const std::string& line : r.logs[static_cast<std::size_t>(pid)])
    if (line.rfind(prefix, 0) == 0 && nth-- == 0) return line.substr(prefix.size());
  return "<missing>";
}

// ... after superstep `step` (of a program without teams).
std::string memory_after(const ModelResult& r, int pid, int step, int buf) {
  return memory_at(r, pid, "s" + std::to_string(step), buf);
}

std::vector<std::string> queue_lines(const ModelResult& r, int pid) {
  std::vector<std::string> lines;
  for (const std::string& line : r.logs[static_cast<std::size_t>(pid)])
    if (line.find(" mem ") == std::string::npos) lines.push_back(line);
  return lines;
}

// Initial bytes of a whole buffer, with [from, from + n) replaced by `patch`.
std::string expect_bytes(const Program& prog, int pid, int buf, int from,
                         std::vector<std::uint8_t> patch) {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < prog.buffer_sizes[static_cast<std::size_t>(buf)]; ++i)
    bytes.push_back(initial_byte(prog.seed, pid, buf, i));
  for (std::size_t i = 0; i < patch.size(); ++i)
    bytes[static_cast<std::size_t>(from) + i] = patch[i];
  return hex_bytes(bytes.data(), bytes.size());
}

std::vector<std::uint8_t> pattern(int value, int n) {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < n; ++i) bytes.push_back(written_byte(value, i));
  return bytes;
}

const Addr x{0, 0};  // buffer 0, offset 0
const Addr y{1, 0};  // buffer 1, offset 0

TEST(ReferenceModel, PutReadsItsSourceAtTheCall) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  b.on(0, write(y, 4, 10)).on(0, put(1, y, x, 0, 4)).on(0, write(y, 4, 50)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  EXPECT_EQ(memory_after(r, 1, 1, 0), expect_bytes(b.program(), 1, 0, 0, pattern(10, 4)));
  // A put to a registered area does not change it before the sync.
  EXPECT_EQ(memory_after(r, 1, 0, 0), expect_bytes(b.program(), 1, 0, 0, {}));
}

TEST(ReferenceModel, GetSeesTheValueBeforeThisSuperstepsPuts) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  // Process 1 writes x locally; process 0 puts into x on 1 and gets x from 1.
  b.on(1, write(x, 4, 7));
  b.on(0, write(y, 4, 99)).on(0, put(1, y, x, 0, 4)).on(0, get(1, x, 0, y, 4)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  // The get read process 1's x after its local computation, before the put landed.
  EXPECT_EQ(memory_after(r, 0, 1, 1), expect_bytes(b.program(), 0, 1, 0, pattern(7, 4)));
  EXPECT_EQ(memory_after(r, 1, 1, 0), expect_bytes(b.program(), 1, 0, 0, pattern(99, 4)));
}

TEST(ReferenceModel, WritesLandInOrderOfIssuingPidThenIssueOrder) {
  Builder b(3, {8, 8});
  b.all(push(x, 8)).next();
  b.on(2, write(y, 2, 30)).on(2, put(0, y, x, 0, 2));
  b.on(1, write(y, 2, 10))
      .on(1, put(0, y, x, 0, 2))
      .on(1, write(y, 2, 20))
      .on(1, put(0, y, x, 0, 2));
  b.on(0, write(y, 3, 5)).on(0, put(0, y, x, 0, 3)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  // Byte 0..1 from process 2 (last writer); byte 2 from process 0's own put.
  std::vector<std::uint8_t> expect = pattern(30, 2);
  expect.push_back(written_byte(5, 2));
  EXPECT_EQ(memory_after(r, 0, 1, 0), expect_bytes(b.program(), 0, 0, 0, expect));
}

TEST(ReferenceModel, GetsLandBeforeAnyPut) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  // Process 0 puts into x on process 1, and process 1 gets process 0's x into
  // its own x, and also puts into its own x and then gets into it again.
  b.on(0, write(y, 4, 1)).on(0, put(1, y, x, 0, 4)).on(0, write(x, 8, 2));
  b.on(1, get(0, x, 0, x, 4)).on(1, write(y, 8, 3)).on(1, put(1, y, x, 4, 2));
  b.on(1, get(0, x, 4, Addr{0, 4}, 4)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  // Paper 3.3: gets are written before any put. Bytes 0..3: the get (pattern 2)
  // then process 0's put (pattern 1). Bytes 4..7: the second get (pattern 2,
  // from byte 4), then process 1's own put over bytes 4..5 (pattern 3).
  std::vector<std::uint8_t> expect = pattern(1, 4);
  std::vector<std::uint8_t> from_put = pattern(3, 2);
  std::vector<std::uint8_t> from_get = pattern(2, 8);
  expect.insert(expect.end(), from_put.begin(), from_put.end());
  expect.push_back(from_get[6]);
  expect.push_back(from_get[7]);
  EXPECT_EQ(memory_after(r, 1, 1, 0), expect_bytes(b.program(), 1, 0, 0, expect));
}

TEST(ReferenceModel, SlotsTranslateAddressesBetweenProcesses) {
  Builder b(2, {8, 16});
  // One slot: process 0 registers buffer 0, process 1 registers buffer 1 at offset 8.
  b.on(0, push(x, 8)).on(1, push(Addr{1, 8}, 8)).next();
  b.on(0, write(y, 3, 4)).on(0, put(1, y, x, 2, 3)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  EXPECT_EQ(memory_after(r, 1, 1, 1), expect_bytes(b.program(), 1, 1, 10, pattern(4, 3)));
}

TEST(ReferenceModel, NewestRegistrationShadowsAndPopRemovesIt) {
  Builder b(2, {16, 8});
  b.all(push(x, 4)).all(push(x, 12)).next();
  b.on(0, put(1, y, x, 8, 4)).all(pop(x)).next();  // uses the size-12 slot; pop removes it
  b.on(0, put(1, y, x, 8, 4)).next();              // now the size-4 slot: out of bounds
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kMisuse);
  EXPECT_EQ(r.stop->primitive, "bsp_put");
  EXPECT_EQ(r.stop->pid, 0);
  EXPECT_EQ(r.stop->superstep, 2);
}

TEST(ReferenceModel, PushThenPopInOneSuperstepIsANoOp) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).all(pop(x)).next();
  b.on(1, put(0, y, x, 0, 1)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_put");
  EXPECT_EQ(r.stop->pid, 1);
  EXPECT_EQ(r.stop->superstep, 1);
}

TEST(ReferenceModel, PopThenPushInOneSuperstepReplaces) {
  Builder b(2, {8, 8});
  b.all(push(x, 2)).next();
  b.all(pop(x)).all(push(x, 8)).next();
  b.on(1, put(0, y, x, 4, 4)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
}

TEST(ReferenceModel, PutIntoAProcessThatRegisteredNullIsAnError) {
  Builder b(2, {8, 8});
  b.on(0, push(x, 8)).on(1, push(kNull, 0)).next();
  b.on(0, put(1, y, x, 0, 1)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_put");
  EXPECT_EQ(r.stop->pid, 0);
}

TEST(ReferenceModel, PopsOfDifferentSlotsAreAnError) {
  // The paper's example: p0 registers x twice, p1 registers x then y; both pop x.
  Builder b(2, {8, 8});
  b.all(push(x, 8)).on(0, push(x, 8)).on(1, push(y, 8)).next();
  b.all(pop(x)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_pop_reg");
  EXPECT_EQ(r.stop->superstep, 1);
}

TEST(ReferenceModel, SetTagsizeReturnsTheValueThatWouldOtherwiseHoldNext) {
  Builder b(2, {8, 8});
  b.all(tagsize(4)).all(tagsize(2)).next();
  b.all(tagsize(3)).on(1, write(x, 2, 9)).on(1, send(0, x, y, 1)).next();
  b.on(0, get_tag(y)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  // The message was sent with tag size 2 and read when the tag size was 3.
  std::vector<std::uint8_t> tag = pattern(9, 2);
  std::uint8_t payload = initial_byte(42, 1, 1, 0);
  std::vector<std::string> expect = {"s0 set_tagsize 0", "s0 set_tagsize 4", "s1 set_tagsize 2",
                                     "s2 get_tag 1 " + hex_bytes(tag.data(), 2)};
  EXPECT_EQ(queue_lines(r, 0), expect);
  // get_tag wrote the tag into y.
  EXPECT_EQ(memory_after(r, 0, 2, 1), expect_bytes(b.program(), 0, 1, 0, tag));
  (void)payload;
}

TEST(ReferenceModel, QueueIsOrderedBySourcePidThenSendOrder) {
  Builder b(3, {4, 4});
  b.on(2, send(0, kNull, x, 1)).on(1, send(0, kNull, y, 2)).on(1, send(0, kNull, x, 0)).next();
  b.on(0, qsize()).on(0, hpmove()).on(0, hpmove()).on(0, hpmove()).on(0, hpmove()).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  std::uint8_t y1[2] = {initial_byte(42, 1, 1, 0), initial_byte(42, 1, 1, 1)};
  std::uint8_t x2 = initial_byte(42, 2, 0, 0);
  std::vector<std::string> expect = {"s1 qsize 3 3", "s1 hpmove 2 - " + hex_bytes(y1, 2),
                                     "s1 hpmove 0 - -", "s1 hpmove 1 - " + hex_bytes(&x2, 1),
                                     "s1 hpmove -1",
                                     // The hpmove pointers still show the messages at the sync.
                                     "s1 hpmove kept - " + hex_bytes(y1, 2), "s1 hpmove kept - -",
                                     "s1 hpmove kept - " + hex_bytes(&x2, 1)};
  EXPECT_EQ(queue_lines(r, 0), expect);
}

TEST(ReferenceModel, UnreadMessagesAreGoneAfterOneSuperstep) {
  Builder b(2, {4, 4});
  b.on(1, send(0, kNull, x, 4)).next();
  b.on(0, qsize()).next();
  b.on(0, qsize()).on(0, get_tag(y)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  std::vector<std::string> expect = {"s1 qsize 1 4", "s2 qsize 0 0", "s2 get_tag -1"};
  EXPECT_EQ(queue_lines(r, 0), expect);
}

TEST(ReferenceModel, MoveCopiesAtMostTheReceptionSize) {
  Builder b(2, {8, 8});
  b.on(0, write(x, 5, 3)).on(0, send(1, kNull, x, 5)).next();
  b.on(1, move(y, 2)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  std::vector<std::uint8_t> copied = pattern(3, 2);
  EXPECT_EQ(queue_lines(r, 1), std::vector<std::string>{"s1 move " + hex_bytes(copied.data(), 2)});
  EXPECT_EQ(memory_after(r, 1, 1, 1), expect_bytes(b.program(), 1, 1, 0, copied));
}

TEST(ReferenceModel, MoveOnAnEmptyQueueIsAnError) {
  Builder b(2, {8, 8});
  b.next().on(1, move(y, 2)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_move");
  EXPECT_EQ(r.stop->pid, 1);
  EXPECT_EQ(r.stop->superstep, 1);
}

TEST(ReferenceModel, HpputIntoBytesAnotherPutWritesIsUndefined) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  b.on(0, put(1, y, x, 0, 4, true)).on(1, put(1, y, x, 3, 2)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kUndefined);
}

TEST(ReferenceModel, DisjointHpTransfersAreDefined) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  b.on(0, write(y, 4, 6)).on(0, put(1, y, x, 0, 4, true)).on(1, get(0, x, 4, y, 4, true)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  EXPECT_EQ(memory_after(r, 1, 1, 0), expect_bytes(b.program(), 1, 0, 0, pattern(6, 4)));
}

TEST(ReferenceModel, WritingAnHpputSourceAfterTheCallIsUndefined) {
  Builder b(2, {8, 8});
  b.all(push(x, 8)).next();
  b.on(0, put(1, y, x, 0, 4, true)).on(0, write(y, 1, 6)).next();
  ModelResult r = run(b);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kUndefined);
}

TEST(ReferenceModel, CollectiveMismatchesAreErrors) {
  Builder pushes(3, {8});
  pushes.all(push(x, 8)).on(2, push(x, 4)).next();
  ASSERT_TRUE(run(pushes).stop);
  EXPECT_EQ(run(pushes).stop->primitive, "bsp_push_reg");
  Builder tags(3, {8});
  tags.all(tagsize(4)).on(1, tagsize(2));
  ASSERT_TRUE(run(tags).stop);
  EXPECT_EQ(run(tags).stop->primitive, "bsp_set_tagsize");
}

// Teams (bsp.h, bsp_team_begin). Colours 1 and 0: process 2 (key -1) and 0
// (key 0) form team 1, processes 1 and 3 (both key 5, so by pid) team 0.
TEST(ReferenceModelTeams, TeamPidsFollowKeyThenPid) {
  Builder b(4, {8});
  const int colour[] = {1, 0, 1, 0}, key[] = {0, 5, -1, 5};
  for (int q = 0; q < 4; ++q)
    b.on(q, team_begin(colour[q], key[q])).on(q, enquire()).on(q, team_end());
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  const int team_pid[] = {1, 0, 0, 1};
  for (int q = 0; q < 4; ++q) {
    std::string pid = std::to_string(team_pid[q]);
    std::vector<std::string> expect = {"s0.0 team pid " + pid + " nprocs 2",
                                       "s0.0 enquire pid " + pid + " nprocs 2 time ok"};
    EXPECT_EQ(queue_lines(r, q), expect) << "process " << q;
  }
}

// Entering ends the enclosing superstep: a put issued before bsp_team_begin has
// landed when the team starts; the team's puts name team pids.
TEST(ReferenceModelTeams, EnteringEndsTheSuperstepAndTeamsNameTheirOwnPids) {
  Builder b(3, {8, 8});
  b.all(push(x, 8)).next();
  b.on(0, write(y, 4, 10)).on(0, put(1, y, x, 0, 4));
  // Processes 0 and 1 form a team in which process 1 is pid 0; process 2 is alone.
  b.on(0, team_begin(0, 1)).on(1, team_begin(0, 0)).on(2, team_begin(7, 0));
  b.on(0, push(x, 8)).on(1, push(x, 8)).on(0, team_sync()).on(1, team_sync());
  b.on(1, write(y, 2, 20)).on(1, put(1, y, x, 4, 2));  // team pid 1: process 0
  for (int q = 0; q < 3; ++q) b.on(q, team_end());
  b.next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  EXPECT_EQ(memory_at(r, 1, "s1", 0), expect_bytes(b.program(), 1, 0, 0, pattern(10, 4)));
  EXPECT_EQ(memory_at(r, 1, "s1.0", 0), expect_bytes(b.program(), 1, 0, 0, pattern(10, 4)));
  // bsp_team_end delivers the team's last superstep.
  EXPECT_EQ(memory_at(r, 0, "s1.1", 0), expect_bytes(b.program(), 0, 0, 4, pattern(20, 2)));
  EXPECT_EQ(queue_lines(r, 2), std::vector<std::string>{"s1.0 team pid 0 nprocs 1"});
}

// A team's queue starts empty and its tag size at 0; after it, the enclosing
// machine's queue (delivered when the team began) and tag size are as before.
TEST(ReferenceModelTeams, QueueAndTagSizeAreTheTeamsOwn) {
  Builder b(2, {8, 8});
  b.all(tagsize(4)).next();
  b.on(0, send(1, x, y, 3)).all(team_begin(0, 0));
  b.on(1, qsize()).all(tagsize(1)).on(0, send(1, kNull, y, 2)).all(team_sync());
  b.on(1, qsize()).on(1, get_tag(Addr{1, 4})).all(team_end());
  b.on(1, qsize()).on(1, get_tag(Addr{1, 4})).all(tagsize(0)).next();
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  std::uint8_t tag[4];
  for (int i = 0; i < 4; ++i) tag[i] = initial_byte(42, 0, 0, i);
  std::vector<std::string> expect = {"s0 set_tagsize 0", "s1.0 team pid 1 nprocs 2",
                                     "s1.0 qsize 0 0",   "s1.0 set_tagsize 0",
                                     "s1.1 qsize 1 2",
                                     "s1.1 get_tag 2 -",  // sent with the team's tag size 0
                                     "s1 qsize 1 3",     "s1 get_tag 3 " + hex_bytes(tag, 4),
                                     "s1 set_tagsize 4"};
  EXPECT_EQ(queue_lines(r, 1), expect);
}

// Registrations start empty in a team and are dropped when it ends; the
// enclosing machine's are usable again after it.
TEST(ReferenceModelTeams, RegistrationsAreTheTeamsOwn) {
  Builder outer_in_team(2, {8, 8});
  outer_in_team.all(push(x, 8)).next();
  outer_in_team.all(team_begin(0, 0)).on(0, put(1, y, x, 0, 4)).all(team_end()).next();
  ModelResult r = run(outer_in_team);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kMisuse);
  EXPECT_EQ(r.stop->primitive, "bsp_put");
  EXPECT_EQ(r.stop->superstep, 1);

  Builder team_after(2, {8, 8});
  team_after.all(push(x, 8)).next();
  team_after.all(team_begin(0, 0)).all(push(y, 8)).all(team_sync()).all(team_end());
  team_after.on(0, put(1, x, x, 0, 4)).next();  // the enclosing registration: fine
  team_after.on(0, put(1, x, y, 0, 4)).next();  // the team's: gone
  r = run(team_after);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_put");
  EXPECT_EQ(r.stop->superstep, 2);
  // Observed after the team began (first), and at the end of superstep 1 (second).
  std::vector<std::uint8_t> from_0;
  for (int i = 0; i < 4; ++i) from_0.push_back(initial_byte(42, 0, 0, i));
  EXPECT_EQ(memory_at(r, 1, "s1", 0, 1), expect_bytes(team_after.program(), 1, 0, 0, from_0));
}

// Teams nest, run different numbers of supersteps, and label what they observe
// with their own supersteps.
TEST(ReferenceModelTeams, NestedTeamsAndTheirOwnSupersteps) {
  Builder b(4, {8});
  b.all(team_begin(0, 0));
  b.on(0, team_begin(0, 0))
      .on(1, team_begin(0, -1))
      .on(2, team_begin(1, 0))
      .on(3, team_begin(1, 0));
  b.on(0, team_sync()).on(1, team_sync()).on(0, enquire()).all(team_end()).all(team_end());
  ModelResult r = run(b);
  ASSERT_FALSE(r.stop) << describe(*r.stop);
  std::vector<std::string> expect = {"s0.0 team pid 0 nprocs 4", "s0.0.0 team pid 1 nprocs 2",
                                     "s0.0.1 enquire pid 1 nprocs 2 time ok"};
  EXPECT_EQ(queue_lines(r, 0), expect);
  // Process 2's inner team ran one superstep, process 0's two.
  EXPECT_NE(memory_at(r, 0, "s0.0.1", 0), "<missing>");
  EXPECT_EQ(memory_at(r, 2, "s0.0.1", 0), "<missing>");
  EXPECT_NE(memory_at(r, 2, "s0.0.0", 0), "<missing>");
}

// After bsp_team_end an hpput into another process may land while that process
// is still in its team: undefined. Into itself it is defined.
TEST(ReferenceModelTeams, HpputIntoAnotherProcessAfterTeamsIsUndefined) {
  for (int target : {0, 1}) {
    Builder b(2, {8, 8});
    b.all(push(x, 8)).next();
    b.on(0, team_begin(0, 0)).on(1, team_begin(1, 0)).all(team_end());
    b.on(0, put(target, y, x, 0, 4, true)).next();
    ModelResult r = run(b);
    EXPECT_EQ(r.stop.has_value(), target == 1) << "target " << target;
  }
}

TEST(ReferenceModelTeams, BrokenTeamStructure) {
  Builder outside(2, {8});
  outside.all(team_end());
  ModelResult r = run(outside);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kMisuse);
  EXPECT_EQ(r.stop->primitive, "bsp_team_end");

  Builder negative(1, {8});
  negative.all(team_begin(-1, 0)).all(team_end());
  r = run(negative);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->primitive, "bsp_team_begin");

  Builder disagree(2, {8});
  disagree.all(team_begin(0, 0)).on(0, team_sync()).all(team_end());
  r = run(disagree);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kMisuse);
  EXPECT_EQ(r.stop->pid, -1);

  Builder unfinished(2, {8});
  unfinished.all(team_begin(0, 0));
  r = run(unfinished);
  ASSERT_TRUE(r.stop);
  EXPECT_EQ(r.stop->kind, ModelStop::Kind::kInvalid);
}

TEST(ProgramText, TeamsRoundTrip) {
  Builder b(2, {8});
  b.on(0, team_begin(3, -1)).on(1, team_begin(0, 2)).all(team_sync()).all(team_end());
  std::string text = program_to_text(b.program());
  EXPECT_NE(text.find("team_begin key=-1 colour=3\n"), std::string::npos) << text;
  std::string error;
  std::optional<Program> back = program_from_text(text, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(program_to_text(*back), text);
  EXPECT_EQ(back->supersteps.front().ops, b.program().supersteps.front().ops);
}

TEST(ProgramText, RoundTrips) {
  Builder b(3, {8, 16});
  b.on(0, push(kNull, 0)).on(1, push(Addr{1, 4}, 12)).on(2, push(x, 8)).next();
  b.on(0, put(2, y, kNull, 3, 1, true)).on(1, send(0, x, kNull, 0)).on(2, tagsize(5)).next();
  // An op named like the file's end marker must not end the file early.
  b.on(1, Op{OpKind::kEnd, 0, kNull, kNull, 0, 0, 0}).next();
  std::string text = program_to_text(b.program());
  std::string error;
  std::optional<Program> back = program_from_text(text, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(program_to_text(*back), text);
  EXPECT_EQ(back->op_count(), b.program().op_count());
}

}  // namespace
}  // namespace superstep::model
