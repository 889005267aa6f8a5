// Teams in a profile (superstep-profile/2, docs/bspprof.md): read into a machine per team, and
// predicted as a machine of the team's size whose predicted time replaces the time its
// processes measured in it, on a profile made up by hand with answers computed on paper.
#include <gtest/gtest.h>

#include <string>

#include "assessment.hpp"
#include "profile.hpp"

namespace bspprof {
namespace {

// A superstep line with no edges: computation from `begin` to `enter` ms, the sync taking none.
std::string step(int s, double begin_ms, double enter_ms) {
  const auto ns = [](double ms) { return std::to_string(static_cast<long long>(ms * 1e6)); };
  return "{\"s\":" + std::to_string(s) + ",\"t\":[" + ns(begin_ms) + "," + ns(enter_ms) + "," +
         ns(enter_ms) + "," + ns(enter_ms) + "],\"site\":\"t.c:" + std::to_string(s) +
         "\",\"reg\":[0,0],\"edges\":[]}";
}

// Two processes; superstep 0 computes 1 ms, superstep 1 10 ms, in which each process runs a
// team of its own (colour = its pid): process 0's of two supersteps of 1 ms (2 ms in it),
// process 1's of three of 2 ms (6 ms in it).
std::string profile_with_teams(const std::string& schema) {
  std::string procs;
  for (int q = 0; q < 2; ++q) {
    std::string team_steps;
    const int n = q == 0 ? 2 : 3;
    const double w = q == 0 ? 1 : 2;
    for (int s = 0; s < n; ++s)
      team_steps += (s ? "," : "") + step(s, 1 + s * w, 1 + (s + 1) * w);
    procs += std::string(q ? "," : "") + "{\"pid\":" + std::to_string(q) +
             ",\"ended\":true,\"supersteps\":[" + step(0, 0, 1) + "," + step(1, 1, 11) +
             "],\"teams\":[{\"path\":[[1," + std::to_string(q) +
             "]],\"pid\":0,\"nprocs\":1,\"supersteps\":[" + team_steps + "]}]}";
  }
  return "{\"schema\":\"" + schema +
         "\",\"complete\":true,\"run\":{\"process\":0,\"nprocs\":2,\"program\":\"t\","
         "\"host\":\"h\",\"date\":\"d\"},\"processes\":[" +
         procs + "]}";
}

TEST(Teams, ReadAsAMachineEachUnderTheSuperstepTheyRanIn) {
  const Profile prof = parse_profile(profile_with_teams("superstep-profile/2"), "t.json");
  ASSERT_EQ(prof.steps.size(), 2u);
  ASSERT_EQ(prof.teams.size(), 2u);
  for (int q = 0; q < 2; ++q) {
    const Team& team = prof.teams[static_cast<std::size_t>(q)];
    EXPECT_EQ(team_name(team), "superstep 1, colour " + std::to_string(q));
    EXPECT_EQ(team.in(), 1u);
    EXPECT_EQ(team.machine.nprocs, 1);
    EXPECT_EQ(team.machine.steps.size(), q == 0 ? 2u : 3u);
    EXPECT_EQ(team.outer_pids, std::vector<int>{q});
    EXPECT_NEAR(team.seconds[0], q == 0 ? 2e-3 : 6e-3, 1e-12);
  }
}

TEST(Teams, APhaseOfTeamsCostsTheSlowestTeamPredicted) {
  const Profile prof = parse_profile(profile_with_teams("superstep-profile/2"), "t.json");
  Params par;
  par.l = 1e-3;  // g = L = 0: a superstep costs its longest computation and l
  const Assessment a = assess(prof, par, HOperator::kMax);
  ASSERT_EQ(a.teams.size(), 2u);
  EXPECT_NEAR(a.teams[0].prediction.bsp, 2 * (1e-3 + 1e-3), 1e-12);
  EXPECT_NEAR(a.teams[1].prediction.bsp, 3 * (2e-3 + 1e-3), 1e-12);
  // Superstep 1 in BSP: process 0 computes 10 - 2 + 4 ms, process 1 10 - 6 + 9 ms, the slower.
  EXPECT_NEAR(a.prediction.steps[1].bsp, 13e-3 + 1e-3, 1e-12);
  // BSPWB and MPM charge no l, and with L = 0 predict each team as measured: 10 ms.
  EXPECT_NEAR(a.teams[1].prediction.bspwb, 6e-3, 1e-12);
  EXPECT_NEAR(a.prediction.steps[1].bspwb, 10e-3, 1e-12);
  EXPECT_NEAR(a.prediction.steps[1].mpm, 10e-3, 1e-12);
  EXPECT_NEAR(a.prediction.bsp, 2e-3 + 14e-3, 1e-12);
  EXPECT_NEAR(a.prediction.steps[1].W, 10e-3, 1e-12);  // as measured
}

TEST(Teams, VersionOneIsReadAndOthersRefused) {
  Profile one = parse_profile(profile_with_teams("superstep-profile/1"), "t.json");
  EXPECT_EQ(one.steps.size(), 2u);
  EXPECT_THROW(parse_profile(profile_with_teams("superstep-profile/3"), "t.json"), InputError);
}

TEST(Teams, MembersThatDisagreeOnTheSizeAreRefused) {
  std::string text = profile_with_teams("superstep-profile/2");
  // Both processes claim pid 0 of one team.
  const std::string colour_one = "\"path\":[[1,1]]";
  text.replace(text.find(colour_one), colour_one.size(), "\"path\":[[1,0]]");
  EXPECT_THROW(parse_profile(text, "t.json"), InputError);
}

}  // namespace
}  // namespace bspprof
