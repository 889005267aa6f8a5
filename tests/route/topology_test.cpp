// The three networks: neighbours are mutual, productive links really shorten
// the distance, and the sizes are those asked for.
#include "topology.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace bsproute {
namespace {

TEST(Hypercube, NeighboursFlipOneBitAsThePaperDefines) {
  Hypercube cube(3);
  // Juurlink and Wijshoff (1993): for v = 3, v^(0) = 2, v^(1) = 1, v^(2) = 7.
  EXPECT_EQ(cube.neighbour(3, 0), 2);
  EXPECT_EQ(cube.neighbour(3, 1), 1);
  EXPECT_EQ(cube.neighbour(3, 2), 7);
  std::vector<int> links;
  cube.productive_links(0b101, 0b011, links);
  EXPECT_EQ(links, (std::vector<int>{1, 2}));
  EXPECT_EQ(cube.distance(0, 7), 3);
}

void expect_consistent(const Topology& t) {
  std::vector<int> links;
  for (int a = 0; a < t.nodes(); ++a)
    for (int b = 0; b < t.nodes(); ++b) {
      t.productive_links(a, b, links);
      EXPECT_EQ(links.empty(), a == b);
      for (int l : links) {
        ASSERT_GE(l, 0);
        ASSERT_LT(l, t.degree());
        EXPECT_EQ(t.distance(t.neighbour(a, l), b), t.distance(a, b) - 1)
            << t.name() << " " << a << "->" << b << " link " << l;
      }
    }
}

TEST(Topology, ProductiveLinksShortenTheDistanceOnEveryNetwork) {
  for (const auto& name : topology_names())
    for (int n = min_dimension(name); n <= 5; ++n) expect_consistent(*make_topology(name, n));
}

TEST(Topology, SizesAndDegrees) {
  EXPECT_EQ(make_topology("hypercube", 4)->degree(), 4);
  const auto torus = make_topology("torus", 5);
  EXPECT_EQ(torus->nodes(), 32);
  EXPECT_EQ(torus->degree(), 4);
  EXPECT_EQ(make_topology("crossbar", 3)->degree(), 7);
}

TEST(Topology, BadInputIsRefusedWithAMessage) {
  EXPECT_THROW(make_topology("ring", 3), std::invalid_argument);
  EXPECT_THROW(make_topology("hypercube", 0), std::invalid_argument);
  EXPECT_THROW(make_topology("torus", 1), std::invalid_argument);
  try {
    make_topology("mesh", 3);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mesh"), std::string::npos);
  }
}

}  // namespace
}  // namespace bsproute
