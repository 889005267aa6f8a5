// Routing choices: each algorithm picks the links its description says.
#include "routing.hpp"

#include <gtest/gtest.h>

#include <set>

namespace bsproute {
namespace {

TEST(Routing, DimensionOrderFixesTheLowestDifferingBitFirst) {
  Hypercube cube(4);
  Rng rng(1);
  std::vector<int> scratch;
  Packet p;
  p.destination = 0b1010;
  EXPECT_EQ(choose_link(cube, Routing::dimension_order, p, 0b0000, rng, scratch), 1);
  EXPECT_EQ(choose_link(cube, Routing::dimension_order, p, 0b0010, rng, scratch), 3);
  EXPECT_EQ(choose_link(cube, Routing::dimension_order, p, 0b1010, rng, scratch), -1);
}

TEST(Routing, PaperVariantChoosesAmongAllCorrectingLinks) {
  Hypercube cube(4);
  Rng rng(3);
  std::vector<int> scratch;
  Packet p;
  p.destination = 0b1011;
  std::set<int> seen;
  for (int i = 0; i < 200; ++i) seen.insert(choose_link(cube, Routing::paper, p, 0, rng, scratch));
  EXPECT_EQ(seen, (std::set<int>{0, 1, 3}));
}

TEST(Routing, ValiantGoesToTheIntermediateNodeFirst) {
  Hypercube cube(3);
  Rng rng(5);
  std::vector<int> scratch;
  Packet p;
  p.source = 0;
  p.destination = 0;
  p.intermediate = 0b110;
  EXPECT_EQ(choose_link(cube, Routing::valiant, p, 0, rng, scratch), 1);
  EXPECT_EQ(choose_link(cube, Routing::valiant, p, 0b110, rng, scratch), 1);  // phase two
  EXPECT_EQ(p.intermediate, -1);
}

TEST(Routing, NamesRoundTripAndUnknownNamesAreRefused) {
  for (Routing r : {Routing::paper, Routing::valiant, Routing::dimension_order})
    EXPECT_EQ(parse_routing(routing_name(r)), r);
  EXPECT_THROW(parse_routing("greedy"), std::invalid_argument);
}

}  // namespace
}  // namespace bsproute
