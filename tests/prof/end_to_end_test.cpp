// A program with known computation and known h-relations (known_work.c),
// profiled on each engine: the profile holds what the program did.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>

#include "profile.hpp"
#include "run_command.hpp"

namespace bspprof {
namespace {

using toolkit::testing::run_command;

void check_known_work(const Profile& prof, int p) {
  ASSERT_TRUE(prof.complete);
  ASSERT_EQ(prof.nprocs, p);
  ASSERT_EQ(prof.steps.size(), 6u);  // registration, four working supersteps, bsp_end
  EXPECT_EQ(prof.steps[0].procs[0].pushes, 1);
  for (int s = 1; s <= 4; ++s) {
    for (int i = 0; i < p; ++i) {
      const ProcessStep& q = prof.steps[s].procs[i];
      const double busy = (i + 1) * s * 1e-3;
      EXPECT_GE(q.w(), busy) << "superstep " << s << " process " << i;
      EXPECT_LT(q.w(), busy + 0.25) << "superstep " << s << " process " << i;
      EXPECT_EQ(q.label, "step" + std::to_string(s));
      EXPECT_NE(q.site.find("known_work.c:"), std::string::npos) << q.site;
      if (p == 1) continue;  // everything goes to itself
      const int prev = (i + p - 1) % p, next = (i + 1) % p;
      // Out: the put to next, the get data that next reads from here, the message.
      EXPECT_EQ(q.out_bytes[0], 16.0 * s * (i + 1));
      EXPECT_EQ(q.out_bytes[2], 8.0 * s);
      EXPECT_EQ(q.in_bytes[0], 16.0 * s * (prev + 1));
      EXPECT_EQ(q.in_bytes[2], 8.0 * s);
      // Messages, tags (4 bytes) included: one of 4 bytes to process 0 (none from 0 itself),
      // 10 s of 8 bytes to next; counted at the sync, whichever tier sent them.
      EXPECT_EQ(q.out_bytes[4], (i == 0 ? 0.0 : 8.0) + 120.0 * s);
      EXPECT_EQ(q.out_count[4], (i == 0 ? 0.0 : 1.0) + 10.0 * s);
      EXPECT_EQ(q.in_bytes[4], (i == 0 ? 8.0 * (p - 1) : 0.0) + 120.0 * s);
      EXPECT_EQ(q.in_count[4], (i == 0 ? p - 1.0 : 0.0) + 10.0 * s);
      EXPECT_EQ(q.out_count[0], 1.0);
      (void)next;
    }
  }
}

std::string temp_file(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/bspprof_e2e_" + name + "_" +
         std::to_string(getpid()) + ".json";
}

TEST(EndToEnd, SharedMemoryEngine) {
  for (int p : {1, 2, 3}) {
    const std::string file = temp_file("shm" + std::to_string(p));
    auto r = run_command(std::string(BSPRUN) + " -n " + std::to_string(p) + " --profile " + file +
                         " " + KNOWN_WORK);
    ASSERT_EQ(r.status, 0) << r.output;
    check_known_work(load_profile(file), p);
    std::remove(file.c_str());
  }
}

TEST(EndToEnd, MpiEngine) {
  if (std::string(MPIRUN).empty()) GTEST_SKIP() << "the MPI engine is not built";
  const std::string file = temp_file("mpi");
  auto r =
      run_command("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 BSP_PROFILE=" + file +
                  " " + MPIRUN + " -n 2 --oversubscribe " + KNOWN_WORK);
  ASSERT_EQ(r.status, 0) << r.output;
  check_known_work(load_profile(file), 2);
  std::remove(file.c_str());
}

TEST(EndToEnd, ProcessThatDiesLeavesAnIncompleteProfile) {
  const std::string file = temp_file("killed");
  auto r = run_command("BSP_TEST_KILL=1 " + std::string(BSPRUN) + " -n 2 --profile " + file + " " +
                       KNOWN_WORK);
  EXPECT_NE(r.status, 0) << r.output;
  Profile prof = load_profile(file);
  EXPECT_FALSE(prof.complete);
  EXPECT_GE(prof.steps.size(), 2u);
  std::remove(file.c_str());
}

// What put_runs.c puts (see there), per superstep, source, destination and kind: the
// messages, their bytes and how many were small (at most 16 bytes). N = 1000.
using EdgeKey = std::tuple<int, int, int, std::string>;  // superstep, from, to, kind
using Edges = std::map<EdgeKey, std::array<double, 3>>;  // bytes, count, small

Edges put_runs_expected(int p) {
  constexpr int n = 1000;
  Edges edges;
  auto add = [&](int s, int from, int to, const char* kind, double count, double bytes,
                 double large = 0) {
    auto& e = edges[{s, from, to, kind}];
    e[0] += bytes;
    e[1] += count;
    e[2] += count - large;
  };
  for (int me = 0; me < p; ++me) {
    const int next = (me + 1) % p, prev = (me + p - 1) % p;
    add(1, me, next, "put", n, 8.0 * n);            // A, one run
    add(1, me, next, "put", n / 2, 16.0 * n / 2);   // B, a run of 16-byte puts
    add(1, me, next, "put", n / 2, 16.0 * n / 2);   // B, strided
    add(1, me, prev, "hpput", n, 8.0 * n);          // H
    add(1, me, next, "put", n / 4, 8.0 * n / 4);    // M, alternating with...
    add(1, me, next, "hpput", n / 4, 8.0 * n / 4);  // ...hpputs
    // M, mixed sizes, a fifth of them 24 bytes: not small.
    add(1, me, next, "put", n / 2, (8 + 16 + 8 + 4 + 24) * n / 10.0, n / 10);
    for (int i = 0; i < n; ++i) add(1, me, (me + i) % p, "put", 1, 8);  // C, dealt cyclically
    add(2, me, next, "put", n, 8.0 * n);
    add(3, me, next, "put", 2 * n, 16.0 * n);  // a push in between
    add(4, me, next, "put", n, 8.0 * n);       // a pop in between
  }
  return edges;
}

// The edges a profile file holds for puts and hpputs, read straight from its JSON.
Edges put_edges_in(const std::string& file) {
  std::ifstream in(file);
  nlohmann::json prof = nlohmann::json::parse(in);
  Edges edges;
  for (const auto& process : prof["processes"]) {
    const int from = process["pid"];
    for (const auto& step : process["supersteps"])
      for (const auto& edge : step["edges"]) {
        const std::string kind = edge[1];
        if (kind != "put" && kind != "hpput") continue;
        auto& e = edges[{step["s"].get<int>(), from, edge[0].get<int>(), kind}];
        e[0] += edge[2].get<double>();
        e[1] += edge[3].get<double>();
        e[2] += edge[4].get<double>();
      }
  }
  return edges;
}

// Runs put_runs.c on p processes with `env` set, through bsprun, or under MPI where mpirun is
// given, and holds its profile to put_runs_expected.
void check_put_runs(const std::string& env, int p, const std::string& mpirun = "") {
  const std::string file = temp_file("put_runs" + std::to_string(p));
  const std::string launch =
      mpirun.empty() ? env + " " + BSPRUN + " -n " + std::to_string(p) + " --profile " + file
                     : "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " + env +
                           " BSP_PROFILE=" + file + " " + mpirun + " -n " + std::to_string(p) +
                           " --oversubscribe";
  auto r = run_command(launch + " " + PUT_RUNS);
  ASSERT_EQ(r.status, 0) << r.output;
  const Edges got = put_edges_in(file), want = put_runs_expected(p);
  for (const auto& [key, value] : want) {
    const auto& [s, from, to, kind] = key;
    auto it = got.find(key);
    ASSERT_NE(it, got.end()) << "no " << kind << " edge " << from << " -> " << to
                             << " in superstep " << s << " at p = " << p;
    EXPECT_EQ(it->second[0], value[0])
        << kind << " bytes " << from << " -> " << to << ", superstep " << s << ", p = " << p;
    EXPECT_EQ(it->second[1], value[1])
        << kind << " count " << from << " -> " << to << ", superstep " << s << ", p = " << p;
    EXPECT_EQ(it->second[2], value[2])
        << kind << " small " << from << " -> " << to << ", superstep " << s << ", p = " << p;
  }
  EXPECT_EQ(got.size(), want.size()) << "edges the program did not make, p = " << p;
  Profile prof = load_profile(file);
  ASSERT_EQ(prof.steps.size(), 6u);
  EXPECT_EQ(prof.steps[3].procs[0].pushes, 1);
  EXPECT_EQ(prof.steps[4].procs[0].pops, 1);
  std::remove(file.c_str());
}

// Runs of 8- and 16-byte puts, which the program's inline tier continues with no call while
// profiling too, are counted exactly: per superstep, destination and kind, with runs broken
// by syncs, pushes, pops, puts of other sizes and kinds, and puts to other processes.
TEST(EndToEnd, PutRunsAreCountedExactly) {
  for (int p : {1, 2, 3}) check_put_runs("", p);
}

// Check mode, which sees every put on the library's path, counts them the same.
TEST(EndToEnd, PutRunsAreCountedTheSameInCheckMode) { check_put_runs("BSP_CHECK=1", 2); }

// The same on the MPI engine, whose outbox lays its runs out the same way.
TEST(EndToEnd, PutRunsAreCountedExactlyUnderMpi) {
  if (std::string(MPIRUN).empty()) GTEST_SKIP() << "the MPI engine is not built";
  check_put_runs("", 2, MPIRUN);
}

// The small puts apart (each continuing no run, a record of its own) as scattered_puts.c makes
// them: superstep 1's contiguous puts are nearly all in runs (a run's first put, and one
// after each run the library ends for room, are apart), superstep 2's puts a word apart all
// are apart. Read straight from the profile's edges: [partner, kind, bytes, count, small, apart].
void check_small_puts_apart(int p, const std::string& mpirun = "") {
  const std::string file = temp_file("scattered" + std::to_string(p));
  const std::string launch =
      mpirun.empty() ? std::string(BSPRUN) + " -n " + std::to_string(p) + " --profile " + file
                     : "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 BSP_PROFILE=" +
                           file + " " + mpirun + " -n " + std::to_string(p) + " --oversubscribe";
  auto r = run_command(launch + " " + SCATTERED_PUTS);
  ASSERT_EQ(r.status, 0) << r.output;
  std::ifstream in(file);
  const nlohmann::json prof = nlohmann::json::parse(in);
  int checked = 0;
  for (const auto& process : prof["processes"])
    for (const auto& step : process["supersteps"])
      for (const auto& edge : step["edges"]) {
        const int s = step["s"].get<int>();
        if (edge[1] != "put" || (s != 1 && s != 2)) continue;
        ASSERT_EQ(edge.size(), 6u) << edge.dump();
        EXPECT_EQ(edge[3].get<int>(), 1000) << edge.dump();
        EXPECT_EQ(edge[4].get<int>(), 1000) << edge.dump();
        if (s == 1) {
          EXPECT_LE(edge[5].get<int>(), 20) << "superstep 1, p = " << p << ": " << edge.dump();
        } else {
          EXPECT_EQ(edge[5].get<int>(), 1000) << "superstep 2, p = " << p << ": " << edge.dump();
        }
        ++checked;
      }
  EXPECT_EQ(checked, 2 * p);
  std::remove(file.c_str());
}

TEST(EndToEnd, SmallPutsApartAreCountedApart) {
  for (int p : {1, 2}) check_small_puts_apart(p);
}

TEST(EndToEnd, SmallPutsApartAreCountedApartUnderMpi) {
  if (std::string(MPIRUN).empty()) GTEST_SKIP() << "the MPI engine is not built";
  check_small_puts_apart(2, MPIRUN);
}

// examples/teams.c at p = 4: the even pids and the odd ones make two teams, of 4 and 14
// supersteps (the odd team syncs ten more times), inside the machine's superstep 1. The
// profile holds each team's supersteps, and bspprof a row and a prediction per team.
void check_teams(const std::string& launch, const std::string& name) {
  const std::string file = temp_file(name);
  auto r = run_command("BSP_PROFILE=" + file + " " + launch + " " + TEAMS_PROGRAM);
  ASSERT_EQ(r.status, 0) << r.output;
  const Profile prof = load_profile(file);
  ASSERT_TRUE(prof.complete);
  ASSERT_EQ(prof.steps.size(), 2u);  // bsp_team_begin ends superstep 0, bsp_end superstep 1
  EXPECT_EQ(prof.steps[0].procs[0].site, "bsp_team_begin");
  EXPECT_EQ(prof.steps[1].procs[0].site, "bsp_end");
  ASSERT_EQ(prof.teams.size(), 2u);
  for (int colour : {0, 1}) {
    const Team& team = prof.teams[static_cast<std::size_t>(colour)];
    EXPECT_EQ(team_name(team), "superstep 1, colour " + std::to_string(colour));
    EXPECT_EQ(team.machine.nprocs, 2);
    ASSERT_EQ(team.machine.steps.size(), colour == 0 ? 4u : 14u);
    EXPECT_EQ(team.machine.steps.back().procs[0].site, "bsp_team_end");
    EXPECT_EQ(team.outer_pids, (std::vector<int>{colour, colour + 2}));
    EXPECT_TRUE(team.machine.teams.empty());
    // Superstep 1 of each team: every member puts its pid (4 bytes) to the team's process 0.
    EXPECT_EQ(team.machine.steps[1].procs[0].in_bytes[0], 4.0);
    EXPECT_EQ(team.machine.steps[1].procs[1].out_bytes[0], 4.0);
  }
  auto report = run_command(std::string(BSPPROF) + " report " + file + " --g 1e-9 --l 1e-6");
  ASSERT_EQ(report.status, 0) << report.output;
  for (const char* line : {"\nsuperstep 1, colour 0 ", "\nsuperstep 1, colour 1 ",
                           "\nteam superstep 1, colour 0: 2 processes (pids in the enclosing "
                           "machine: 0 2), 4 supersteps\n",
                           "\nteam superstep 1, colour 1: 2 processes (pids in the enclosing "
                           "machine: 1 3), 14 supersteps\n"})
    EXPECT_NE(report.output.find(line), std::string::npos) << line << "\n" << report.output;
  // The machine's prediction and one per team.
  std::size_t predictions = 0;
  for (std::size_t at = 0; (at = report.output.find("\nBSP    predicts ", at)) != std::string::npos;
       ++at)
    ++predictions;
  EXPECT_EQ(predictions, 3u) << report.output;
  std::remove(file.c_str());
}

TEST(EndToEnd, TeamsRecordTheirOwnSupersteps) {
  check_teams(std::string(BSPRUN) + " -n 4", "teams");
}

TEST(EndToEnd, TeamsRecordTheirOwnSuperstepsUnderMpi) {
  if (std::string(MPIRUN).empty()) GTEST_SKIP() << "the MPI engine is not built";
  check_teams(std::string("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ") + MPIRUN +
                  " -n 4 --oversubscribe",
              "teams_mpi");
}

}  // namespace
}  // namespace bspprof
