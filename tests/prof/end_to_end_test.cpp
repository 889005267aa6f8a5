// A program with known computation and known h-relations (known_work.c),
// profiled on each engine: the profile holds what the program did.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

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

}  // namespace
}  // namespace bspprof
