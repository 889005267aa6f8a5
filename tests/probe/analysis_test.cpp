// From raw timings to the result: known g and l come back out, in seconds and
// in flop units, and each pattern's deviation from the averaged fit is right.
#include "analysis.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "probe_plot.hpp"
#include "report.hpp"
#include "result_schema.hpp"
#include "synthetic_result.hpp"
#include "xml_balance.hpp"

namespace bspprobe {
namespace {

using testing::kSyntheticL;
using testing::synthetic_g;
using testing::synthetic_result;

constexpr double kS = 2e9;

const Json& entry_for(const Json& result, int p) {
  for (const Json& e : result["per_p"])
    if (e["p"].get<double>() == p) return e;
  throw std::out_of_range("no entry for p = " + std::to_string(p));
}

TEST(Analysis, RecoversTable1GAndLInSecondsAndFlops) {
  const Json r = synthetic_result({1, 2, 4, 8});
  EXPECT_DOUBLE_EQ(r["s_flops"].get<double>(), kS);
  for (int p : {1, 2, 4, 8}) {
    const Json& e = entry_for(r, p);
    EXPECT_EQ(e["oversubscribed"].get<bool>(), p > 2);
    EXPECT_DOUBLE_EQ(e["l"]["median"].get<double>(), kSyntheticL);
    EXPECT_DOUBLE_EQ(e["l"]["flops"].get<double>(), kSyntheticL * kS);
    const Json& local = e["g_local"];
    EXPECT_NEAR(local["slope"].get<double>(), synthetic_g("local", p), 1e-15);
    EXPECT_NEAR(local["intercept"].get<double>(), kSyntheticL, 1e-12);
    EXPECT_NEAR(local["g_flops"].get<double>(), synthetic_g("local", p) * kS, 1e-6);
    EXPECT_NEAR(local["r2"].get<double>(), 1, 1e-9);
    if (p == 1) {
      EXPECT_TRUE(e["g_global"].is_null());
      EXPECT_EQ(e["patterns"].size(), 0u);
      continue;
    }
    EXPECT_NEAR(e["g_global"]["slope"].get<double>(), synthetic_g("global", p), 1e-15);
    EXPECT_NEAR(e["g_put"]["slope"].get<double>(), 3e-9, 1e-15);
    EXPECT_EQ(e["g_put"]["primitive"].get<std::string>(), "bsp_put");
    EXPECT_EQ(e["g_get"]["h_operator"].get<std::string>(), "max");
  }
}

// At equal h the time grows by o per message: o comes back, g is the h
// line's, the intercept loses the o of the messages the h line carried,
// n_half = o / g, and o splits into the issuing and the sync's parts.
TEST(Analysis, RecoversTheCostPerMessageAndNHalf) {
  const Json r = synthetic_result({1, 2, 4});
  for (int p : {1, 2, 4}) {
    const Json& e = entry_for(r, p);
    for (const char* name : {"local", "global", "put", "get", "send"}) {
      if (p == 1 && std::string(name) != "local") continue;
      const Json& pm = e[std::string("g_") + name]["per_message"];
      ASSERT_TRUE(pm.is_object()) << name << " at p = " << p;
      const double o = testing::synthetic_o(name), g = synthetic_g(name, p);
      const double grid_messages = std::string(name) == "local" ? 1.0 : p - 1.0;
      EXPECT_NEAR(pm["o"].get<double>(), o, o * 1e-9) << name << " at p = " << p;
      EXPECT_NEAR(pm["g"].get<double>(), g, g * 1e-9);
      EXPECT_NEAR(pm["intercept"].get<double>(), kSyntheticL - o * grid_messages, 1e-12);
      EXPECT_NEAR(pm["n_half_bytes"].get<double>(), o / g * 4, o / g * 4e-9);
      EXPECT_NEAR(pm["r2"].get<double>(), 1, 1e-9);
      EXPECT_NEAR(pm["o_issue"].get<double>(), 0.2 * o, o * 1e-9);
      EXPECT_NEAR(pm["o_sync"].get<double>(), 0.8 * o, o * 1e-9);
      EXPECT_GE(pm["points"].size(), 2u);
    }
  }
  EXPECT_TRUE(schema_problems(r).empty());
  EXPECT_NE(format_report(r).find("per-message cost"), std::string::npos);
}

// Pieces of at most 16 bytes (8 and 16 B at h = 16384) are left out of the record fit and
// come back as o_small: the time each adds beyond the point with one message per transfer at
// the same h, with its issuing part (medians) and its sync part (the least of the samples).
TEST(Analysis, ReportsSmallMessagesApartFromTheRecordFit) {
  const Json r = synthetic_result({1, 2});
  for (int p : {1, 2}) {
    const Json& e = entry_for(r, p);
    for (const char* name : {"local", "global", "put", "get", "send"}) {
      if (p == 1 && std::string(name) != "local") continue;
      const Json& pm = e[std::string("g_") + name]["per_message"];
      ASSERT_TRUE(pm.is_object()) << name << " at p = " << p;
      const double o_small = testing::synthetic_o_small(name);
      ASSERT_TRUE(pm.contains("o_small")) << name << " at p = " << p;
      EXPECT_NEAR(pm["o_small"].get<double>(), o_small, o_small * 1e-6) << name;
      EXPECT_NEAR(pm["o_small_issue"].get<double>(), 0.2 * o_small, o_small * 1e-6) << name;
      // From the least sync part of the samples: the 0.99 sample of each point.
      EXPECT_NEAR(pm["o_small_sync"].get<double>(), 0.99 * 0.8 * o_small, o_small * 1e-6) << name;
      EXPECT_EQ(pm["small_points"].size(), 2u) << name << " at p = " << p;
      for (const Json& point : pm["small_points"])
        EXPECT_LE(point["piece_bytes"].get<double>(), kSmallBytes);
      for (const Json& point : pm["points"])
        EXPECT_GT(point["piece_bytes"].get<double>(), kSmallBytes);
    }
  }
  EXPECT_TRUE(schema_problems(r).empty());
  EXPECT_NE(format_report(r).find("messages of at most"), std::string::npos);
}

// A result written before o_small (per_message without it) still passes the schema check;
// a malformed o_small does not.
TEST(ResultSchema, OSmallIsOptionalButMustBeANumber) {
  Json r = synthetic_result({2});
  Json& pm = r["per_p"][0]["g_put"]["per_message"];
  for (const char* field : {"o_small", "o_small_issue", "o_small_sync", "small_points"})
    pm.erase(field);
  EXPECT_TRUE(schema_problems(r).empty());
  pm["o_small"] = "fast";
  EXPECT_FALSE(schema_problems(r).empty());
}

TEST(Analysis, Formula11AveragesPatternsAndDeviationIsTheRatio) {
  const Json r = synthetic_result({2, 4});
  // Included: E and PP at p = 2 and 4; OA, AO, AA at p = 4. Every pattern has
  // g = 2e-9 except PP with 4e-9, so the average over five patterns is 2.4e-9.
  const Json& f11 = r["formula11"];
  EXPECT_EQ(f11["included"].size(), 7u);
  const double g11 = (4 * 2e-9 + 4e-9) / 5;
  EXPECT_NEAR(f11["g"].get<double>(), g11, 1e-15);
  // Whole-word messages make each pattern realise a slightly different h, and
  // averaging times of lines with different slopes at different h is only
  // nearly linear: L comes back within 0.1 %.
  EXPECT_NEAR(f11["L"].get<double>(), kSyntheticL, kSyntheticL * 1e-3);
  for (int p : {2, 4}) {
    const Json& patterns = entry_for(r, p)["patterns"];
    // At p = 2 one to all and all to one are the ping-pong, all to all the exchange:
    // measured once, as those two.
    EXPECT_EQ(patterns.size(), p == 2 ? 2u : 5u);
    EXPECT_NEAR(patterns["PP"]["deviation"].get<double>(), 4e-9 / g11, 1e-6);
    if (p > 2) {
      EXPECT_NEAR(patterns["AA"]["deviation"].get<double>(), 2e-9 / g11, 1e-6);
    }
    EXPECT_NEAR(patterns["E"]["L"].get<double>(), kSyntheticL, 1e-11);
  }
}

TEST(Analysis, NoFormula11WithoutTwoProcesses) {
  const Json r = synthetic_result({1});
  EXPECT_TRUE(r["formula11"].is_null());
}

TEST(Analysis, ResultPassesTheSchemaCheckAndSurvivesAFileRoundTrip) {
  const Json r = synthetic_result({1, 2, 4});
  EXPECT_EQ(schema_problems(r), std::vector<std::string>{});
  const Json back = Json::parse(r.dump());
  EXPECT_EQ(schema_problems(back), std::vector<std::string>{});
}

TEST(ResultSchema, NamesWhatIsMissingOrWrong) {
  Json r = synthetic_result({1, 2});
  r["s_flops"] = "fast";
  r["schema"] = "other/1";
  const std::vector<std::string> problems = schema_problems(r);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("schema"), std::string::npos);
  EXPECT_EQ(problems[1], "s_flops: expected a number");
  const std::vector<std::string> empty = schema_problems(Json::parse("{}"));
  EXPECT_NE(std::find(empty.begin(), empty.end(), "per_p: missing"), empty.end());
  EXPECT_NE(std::find(empty.begin(), empty.end(), "floors: missing"), empty.end());
  EXPECT_EQ(schema_problems(Json(3)), std::vector<std::string>{"the result is not a JSON object"});
}

TEST(Report, ShowsTable1RowsFloorsAndPatterns) {
  const std::string text = format_report(synthetic_result({1, 2, 4}));
  EXPECT_NE(text.find("Test CPU"), std::string::npos);
  EXPECT_NE(text.find("s = 2000.0 Mflop/s"), std::string::npos);
  EXPECT_NE(text.find("   4*"), std::string::npos);  // oversubscribed on 2 processors
  EXPECT_NE(text.find("oversubscribed"), std::string::npos);
  EXPECT_NE(text.find("memcpy"), std::string::npos);
  EXPECT_NE(text.find("barrier"), std::string::npos);
  EXPECT_NE(text.find("g of all: one fit over all"), std::string::npos);
  EXPECT_NE(text.find("   2  ping-pong"), std::string::npos);
  for (const char* jargon : {"formula 11", "Table 1", "  PP ", "  OA ", "  AA ", "o_small"})
    EXPECT_EQ(text.find(jargon), std::string::npos) << jargon;
}

// Every line lies near its points: on exact lines each fit is at most a hair off its farthest
// point and the report lists none; where one sample of the total exchange at p = 2 is ten
// times its neighbours, that fit says how far off it is, and the report names it in words.
TEST(Report, NamesEveryLineMoreThanTwiceOffOneOfItsPoints) {
  const Json clean = synthetic_result({1, 2});
  for (const Json& e : clean["per_p"])
    for (const auto& item : e.items())
      if (item.value().is_object() && item.value().contains("worst_ratio")) {
        EXPECT_LT(item.value()["worst_ratio"].get<double>(), 1.05) << item.key();
      }
  EXPECT_EQ(format_report(clean).find("do not describe their points"), std::string::npos);

  const Plan plan = make_plan(true, 1 << 14);
  std::vector<Json> raw = {testing::synthetic_raw(1, plan), testing::synthetic_raw(2, plan)};
  for (Json& series : raw[1]["series"])
    if (series["name"] == "global") {
      Json& samples = series["points"][2]["samples"];
      for (Json& v : samples) v = v.get<double>() * 10;
    }
  MachineInfo info{"Test CPU", "testhost", "2000-01-01T00:00:00Z", "quick", 2};
  ComputeRate rate;
  rate.inner_product_flops.median = 1e9;
  rate.matmul_flops.median = 3e9;
  Floors floors;
  floors.memcpy_seconds_per_byte.median = 1e-10;
  floors.barrier_seconds.median = 1e-6;
  const Json spiked = analyse(info, rate, floors, raw);
  EXPECT_GT(entry_for(spiked, 2)["g_global"]["worst_ratio"].get<double>(), 2);
  const std::string text = format_report(spiked);
  EXPECT_NE(text.find("lines that do not describe their points well"), std::string::npos) << text;
  EXPECT_NE(text.find("the line of the total exchange at p = 2:"), std::string::npos) << text;
}

TEST(ResultPlot, HasAPanelPerProcessCountAndTheShifts) {
  const std::string svg = render_result_plot(synthetic_result({1, 2, 4}));
  EXPECT_EQ(toolkit::testing::xml_balance_problem(svg), "");
  EXPECT_NE(svg.find("p = 2: 2 patterns at equal h (the other three are these again at p = 2)"), std::string::npos);
  EXPECT_NE(svg.find("p = 4: five patterns"), std::string::npos);
  EXPECT_NE(svg.find("shift to the next process and total exchange"), std::string::npos);
  EXPECT_NE(svg.find("least-squares fit over all patterns"), std::string::npos);
  EXPECT_NE(svg.find("shift to the next process, p = 1"), std::string::npos);
}

}  // namespace
}  // namespace bspprobe
