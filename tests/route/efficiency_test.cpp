// Section 3 of Juurlink and Wijshoff (1993): the efficiency formulas give the paper's numbers.
#include "efficiency.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "transputer.hpp"

namespace bsproute {
namespace {

TEST(Efficiency, PacketsPerInstructionFollowFromTheInstructionMix) {
  EXPECT_NEAR(EfficiencyModel{}.packets_per_instruction(), 0.56, 1e-12);
}

TEST(Efficiency, Figure4ValuesTheTextQuotes) {
  // "to achieve an efficiency of E = 0.8, C/t_m must be larger than 8.84 when
  // N = 32, 10.16 when N = 64 and when N = 128, 11.48" (L = 20, t_d = t_m).
  const EfficiencyModel dma;
  EXPECT_NEAR(lambda_for_efficiency(dma, 32, 0.8), 8.84, 0.005);
  EXPECT_NEAR(lambda_for_efficiency(dma, 64, 0.8), 10.16, 0.005);
  EXPECT_NEAR(lambda_for_efficiency(dma, 128, 0.8), 11.48, 0.005);
}

TEST(Efficiency, LambdaForEfficiencyInvertsEfficiency) {
  for (NodeKind kind : {NodeKind::dma, NodeKind::crossbar}) {
    EfficiencyModel m;
    m.node = kind;
    for (double e : {0.2, 0.4, 0.6, 0.8})
      EXPECT_NEAR(efficiency(m, 256, lambda_for_efficiency(m, 256, e)), e, 1e-12);
  }
}

TEST(Efficiency, CrossbarNodesNeedLessAndGrowSlowerThanDma) {
  EfficiencyModel dma, crossbar;
  crossbar.node = NodeKind::crossbar;
  const auto d = efficiency_curves(dma, {0.8}, 10), c = efficiency_curves(crossbar, {0.8}, 10);
  const double dma_growth = d[0].lambda.back() - d[0].lambda.front();
  const double crossbar_growth = c[0].lambda.back() - c[0].lambda.front();
  EXPECT_LT(crossbar_growth, dma_growth / 4);
  for (std::size_t i = 0; i < d[0].lambda.size(); ++i) EXPECT_LT(c[0].lambda[i], d[0].lambda[i]);
  EXPECT_THROW(lambda_for_efficiency(dma, 8, 1.0), std::invalid_argument);
}

TEST(Transputer, PaperPredictionFormulaGivesItsPrintedLines) {
  // Section 2.3 prints the model's T(2,8,h) = 51.9h + 41 and T(3,64,h) = 171.3h + 492.
  const TimeLine a = paper_prediction(2, 8, 0.625, 14.5);
  EXPECT_NEAR(a.a, 51.9, 0.05);
  EXPECT_NEAR(a.b, 41, 0.5);
  const TimeLine b = paper_prediction(3, 64, 0.625, 14.5);
  EXPECT_NEAR(b.a, 171.3, 0.05);
  EXPECT_NEAR(b.b, 492, 0.5);
  // rho(2,8,100) = 1.82e5 bytes/s from the measured 42.2h + 183.
  EXPECT_NEAR(effective_rate(8, 100, 42.2 * 100 + 183), 1.82e5, 0.005e5);
}

TEST(Transputer, SimulatedLinesAreStraightAndBadSizesAreRefused) {
  TransputerSpec spec;
  spec.ns = {2};
  spec.packet_bytes = {8, 64};
  spec.hs = {10, 30, 50};
  spec.runs = 4;
  const auto cases = run_transputer(spec);
  ASSERT_EQ(cases.size(), 2u);
  for (const auto& c : cases) EXPECT_GT(c.r2, 0.99);
  spec.packet_bytes = {0};
  EXPECT_THROW(run_transputer(spec), std::invalid_argument);
}

}  // namespace
}  // namespace bsproute
