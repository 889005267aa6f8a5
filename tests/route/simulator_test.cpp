// The step simulation: hand-checked tiny cases, conservation, determinism,
// hot spots, and the service rate.
#include "simulator.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "campaign.hpp"

namespace bsproute {
namespace {

TEST(Simulator, OneCubeSwapWithApplicationNodesTakesThreeSteps) {
  // Step 1: each packet enters its router and is queued on link 0; step 2: it
  // crosses and is queued for its application node; step 3: it is taken off.
  Hypercube cube(1);
  const RunStats s = simulate(cube, Routing::paper, NodeModel{}, Workload{{1}, {0}}, 1);
  EXPECT_EQ(s.steps, 3);
  EXPECT_EQ(s.busiest_node, 2);  // its own packet and the one it receives
  EXPECT_EQ(s.max_queue, 1);
  EXPECT_DOUBLE_EQ(s.mean_hops, 1);
  EXPECT_DOUBLE_EQ(s.link_utilisation, 2.0 / (2 * 3));
}

TEST(Simulator, OneCubeThreePacketsEachWayQueueOnTheOneLink) {
  // Without application nodes all three packets are queued at step 0 and
  // cross one per step; each is delivered on arrival.
  Hypercube cube(1);
  NodeModel direct;
  direct.external_links = false;
  const RunStats s =
      simulate(cube, Routing::dimension_order, direct, Workload{{1, 1, 1}, {0, 0, 0}}, 1);
  EXPECT_EQ(s.steps, 3);
  EXPECT_EQ(s.max_queue, 3);
  EXPECT_EQ(s.busiest_node, 6);
  EXPECT_DOUBLE_EQ(s.link_utilisation, 1.0);
}

TEST(Simulator, TwoCubeComplementPermutationInDimensionOrder) {
  // Every packet crosses both dimensions; no two packets want the same link
  // in the same step, so r = n + 2 = 4 and every router decides 3 times.
  Hypercube cube(2);
  const RunStats s =
      simulate(cube, Routing::dimension_order, NodeModel{}, Workload{{3}, {2}, {1}, {0}}, 1);
  EXPECT_EQ(s.steps, 4);
  EXPECT_EQ(s.busiest_node, 3);
  EXPECT_EQ(s.max_queue, 1);
  EXPECT_DOUBLE_EQ(s.mean_hops, 2);
  EXPECT_DOUBLE_EQ(s.link_utilisation, 8.0 / (8 * 4));
}

TEST(Simulator, EveryPacketIsDeliveredOnceToItsDestinationOnEveryNetwork) {
  for (const auto& topology : topology_names())
    for (Routing routing : {Routing::paper, Routing::valiant, Routing::dimension_order})
      for (bool external : {true, false}) {
        Scenario s;
        s.topology = topology;
        s.n = 4;
        s.h = 5;
        s.routing = routing;
        s.model.external_links = external;
        s.model.service_rate = 1.5;
        const CampaignResult r = run_campaign(s, 3, 11);
        for (const RunStats& run : r.runs) {
          EXPECT_EQ(run.packets, 16 * 5);
          EXPECT_EQ(run.delivered, run.packets) << topology;
          EXPECT_EQ(run.misdelivered, 0) << topology;
        }
      }
}

TEST(Simulator, SameSeedSameStatisticsOtherSeedOtherRandomChoices) {
  Scenario s;
  s.n = 6;
  s.h = 10;
  const CampaignResult a = run_campaign(s, 4, 99), b = run_campaign(s, 4, 99);
  const CampaignResult c = run_campaign(s, 4, 100);
  bool any_difference = false;
  for (std::size_t i = 0; i < a.runs.size(); ++i) {
    EXPECT_EQ(a.runs[i].steps, b.runs[i].steps);
    EXPECT_EQ(a.runs[i].busiest_node, b.runs[i].busiest_node);
    EXPECT_EQ(a.runs[i].max_queue, b.runs[i].max_queue);
    EXPECT_EQ(a.runs[i].link_utilisation, b.runs[i].link_utilisation);
    any_difference |= a.runs[i].busiest_node != c.runs[i].busiest_node ||
                      a.runs[i].link_utilisation != c.runs[i].link_utilisation;
  }
  EXPECT_TRUE(any_difference);
}

TEST(Simulator, DimensionOrderMakesHotSpotsOnTransposeThatRandomisationRemoves) {
  // Bit fixing sends the packets of a whole row of the transpose through one
  // node: its queues grow as sqrt(N) (N = 2^12: 64 packets share a node), while
  // the randomised routers keep them short.
  Scenario s;
  s.n = 12;
  s.h = 1;
  s.pattern = Pattern::transpose;
  s.routing = Routing::dimension_order;
  const CampaignResult fixed = run_campaign(s, 1, 5);
  s.routing = Routing::paper;
  const CampaignResult paper = run_campaign(s, 3, 5);
  s.routing = Routing::valiant;
  const CampaignResult valiant = run_campaign(s, 3, 5);
  EXPECT_GE(fixed.max_queue.mean, 2.5 * paper.max_queue.mean);
  EXPECT_GE(fixed.max_queue.mean, 2.5 * valiant.max_queue.mean);
  EXPECT_GT(fixed.steps.mean, 1.5 * paper.steps.mean);
  EXPECT_GT(fixed.steps.mean, valiant.steps.mean);
  // Four times the nodes, twice the hot spot.
  s.routing = Routing::dimension_order;
  s.n = 10;
  EXPECT_GE(fixed.max_queue.mean, 1.8 * run_campaign(s, 1, 5).max_queue.mean);
}

TEST(Simulator, ASlowRouterIsTheBottleneck) {
  // At half a decision per step the busiest router needs about 2 d steps.
  Scenario s;
  s.n = 3;
  s.h = 20;
  const CampaignResult fast = run_campaign(s, 3, 8);
  s.model.service_rate = 0.5;
  const CampaignResult slow = run_campaign(s, 3, 8);
  EXPECT_GE(slow.steps.mean, 2 * slow.busiest_node.mean * 0.9);
  EXPECT_GT(slow.steps.mean, 1.5 * fast.steps.mean);
}

TEST(Simulator, MismatchedWorkloadAndBadRateAreRefused) {
  Hypercube cube(2);
  EXPECT_THROW(simulate(cube, Routing::paper, NodeModel{}, Workload{{1}, {0}}, 1),
               std::invalid_argument);
  NodeModel bad;
  bad.service_rate = -1;
  EXPECT_THROW(simulate(cube, Routing::paper, bad, Workload(4), 1), std::invalid_argument);
  EXPECT_THROW(simulate(cube, Routing::paper, NodeModel{}, Workload{{9}, {}, {}, {}}, 1),
               std::invalid_argument);
}

TEST(Simulator, EmptyRelationTakesNoSteps) {
  Hypercube cube(3);
  EXPECT_EQ(simulate(cube, Routing::paper, NodeModel{}, Workload(8), 1).steps, 0);
}

}  // namespace
}  // namespace bsproute
