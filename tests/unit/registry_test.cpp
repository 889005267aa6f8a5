// core/registry: the registration sequence of paper §3.1, on one process's view
// (the other processes' pushes arrive as RemotePush lists at commit).
#include "core/registry.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace superstep {
namespace {

std::uint64_t addr(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// A registry of process 0 of 2; process 1 registers at `remote` + 1000 * slot.
class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override { reg.reset(2, 0); }
  // Commits this superstep's pushes; process 1's addresses are 1000, 2000, ...
  void commit() {
    std::vector<std::vector<RemotePush>> pushes(2);
    for (const RegOp& op : reg.pending())
      if (op.kind == RegOpKind::kPush) {
        pushes[0].push_back({addr(op.ident), op.size});
        pushes[1].push_back({1000 * (op.id + 1), op.size * 2});
      }
    reg.commit(pushes);
  }
  Registry reg;
  char a[16], b[16];
};

TEST_F(RegistryTest, PushTakesEffectAtCommit) {
  reg.push(a, sizeof a);
  EXPECT_EQ(reg.find(a), nullptr);
  commit();
  const Registration* r = reg.find(a);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->address[0], addr(a));
  EXPECT_EQ(r->size[0], sizeof a);
  EXPECT_EQ(r->address[1], 1000u);
  EXPECT_EQ(r->size[1], 2 * sizeof a);
}

TEST_F(RegistryTest, NewestSlotHidesOlderUntilPopped) {
  std::uint64_t first = reg.push(a, 4);
  commit();
  std::uint64_t second = reg.push(a, 8);
  commit();
  EXPECT_NE(first, second);
  EXPECT_EQ(reg.find(a)->id, second);
  EXPECT_TRUE(reg.pop(a));
  EXPECT_EQ(reg.find(a)->id, second);  // a pop takes effect at the next sync
  commit();
  EXPECT_EQ(reg.find(a)->id, first);
  EXPECT_EQ(reg.find(a)->size[0], 4u);
}

TEST_F(RegistryTest, PopResolvesAgainstThisSuperstepsPushesAndPops) {
  reg.push(a, 4);
  EXPECT_TRUE(reg.pop(a));   // pops the push of this same superstep
  EXPECT_FALSE(reg.pop(a));  // nothing left to pop
  commit();
  EXPECT_EQ(reg.find(a), nullptr);
}

TEST_F(RegistryTest, PopOfUnregisteredAddressFails) { EXPECT_FALSE(reg.pop(b)); }

TEST_F(RegistryTest, NullRegistrationIsNeverFound) {
  reg.push(nullptr, 0);
  commit();
  EXPECT_EQ(reg.find(nullptr), nullptr);
  EXPECT_TRUE(reg.pop(nullptr));  // but it is a slot, and can be popped
}

TEST_F(RegistryTest, DigestDependsOnTheSequenceOfOperations) {
  Registry other;
  other.reset(2, 1);
  reg.push(a, 4);
  reg.push(b, 4);
  other.push(b, 4);  // the same operations on other addresses give the same digest
  other.push(a, 4);
  EXPECT_EQ(reg.pending_digest(), other.pending_digest());
  EXPECT_EQ(reg.pending_pushes(), 2u);
  reg.pop(a);
  EXPECT_NE(reg.pending_digest(), other.pending_digest());
  EXPECT_EQ(reg.first_popped(), reg.pending()[0].id);  // the slot of a, pushed first
}

}  // namespace
}  // namespace superstep
