// The bspprof command: a good report, and bad input, which gets one clear line
// on stderr and a non-zero exit status, never a half-made report.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "run_command.hpp"
#include "synthetic_profile.hpp"
#include "synthetic_result.hpp"

namespace bspprof {
namespace {

using testing::Edge;
using testing::profile_text;
using toolkit::testing::quoted;
using toolkit::testing::run_command;

class Cli : public ::testing::Test {
 protected:
  std::string path(const std::string& name) {
    return "/tmp/bspprof_cli_" + std::to_string(getpid()) + "_" + name;
  }
  std::string write(const std::string& name, const std::string& text) {
    std::string p = path(name);
    std::ofstream(p) << text;
    written_.push_back(p);
    return p;
  }
  void TearDown() override {
    for (const std::string& p : written_) std::remove(p.c_str());
  }
  static toolkit::testing::CommandResult bspprof(const std::string& args) {
    return run_command(std::string(BSPPROF) + " " + args);
  }
  static long lines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }
  std::string two_process_profile() {
    auto word = [](int to) { return std::vector<Edge>{{to, "put", 400, 1}}; };
    return profile_text({{{0.001, word(1)}, {0.002, word(0)}}, {{0.002, {}}, {0.001, {}}}});
  }

 private:
  std::vector<std::string> written_;
};

TEST_F(Cli, ReportsWithProbeParameters) {
  std::string profile = write("good.json", two_process_profile());
  std::string probe = write("probe.json", bspprobe::testing::synthetic_result({1, 2}).dump());
  std::string html = path("good.html");
  auto r = bspprof("report " + profile + " --params " + probe + " --html " + html);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("BSPWB  predicts"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("synthetic.c:10"), std::string::npos) << r.output;
  std::ifstream in(html);
  std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_EQ(page.find("http://www.w3.org/2000/svg\" width") != std::string::npos, true);
  std::remove(html.c_str());
  auto j = bspprof("report " + profile + " --params " + probe + " --json");
  EXPECT_EQ(j.status, 0);
  EXPECT_NE(j.output.find("\"schema\": \"superstep-bspprof-report/1\""), std::string::npos)
      << j.output;
  auto c = bspprof("compare " + profile + " " + profile);
  EXPECT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("B/A 1.00"), std::string::npos) << c.output;
}

TEST_F(Cli, TruncatedProfile) {
  std::string text = two_process_profile();
  const std::string file = write("cut.json", text.substr(0, text.size() / 2));
  auto r = bspprof("report " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_EQ(r.output.rfind("bspprof: " + file + ":", 0), 0u) << r.output;
  EXPECT_NE(r.output.find(": syntax error: unexpected end of input; expected"), std::string::npos)
      << r.output;
}

TEST_F(Cli, MalformedProfileNamesLineAndColumn) {
  const std::string file = write("comma.json",
                                 "{\"schema\": \"superstep-profile/1\",\n"
                                 "  \"complete\": true\n  \"run\": {}}\n");
  auto r = bspprof("report " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "bspprof: " + file +
                          ":3:7: syntax error: unexpected string literal; expected ',' or '}'\n");
}

TEST_F(Cli, MalformedParametersFileNamesLineAndColumn) {
  const std::string file = write("params.json",
                                 "{\"schema\": \"superstep-bspprobe/1\",\n"
                                 " \"per_p\": [1 2]}\n");
  auto r = bspprof("report " + write("p.json", two_process_profile()) + " --params " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "bspprof: " + file +
                          ":2:14: syntax error: unexpected number literal; expected ',' or ']'\n");
}

TEST_F(Cli, ForeignFile) {
  auto r = bspprof("report " + write("foreign.json", "{\"schema\":\"something-else/3\"}"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("is not a Superstep profile"), std::string::npos) << r.output;
}

TEST_F(Cli, ZeroSupersteps) {
  std::string text =
      "{\"schema\":\"superstep-profile/1\",\"complete\":false,\"run\":{\"process\":0,"
      "\"nprocs\":1,\"program\":\"x\",\"host\":\"h\",\"date\":\"d\",\"begin_ns\":0},"
      "\"processes\":[{\"pid\":0,\"ended\":false,\"supersteps\":[]}]}";
  auto r = bspprof("report " + write("empty.json", text));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("holds no supersteps"), std::string::npos) << r.output;
}

TEST_F(Cli, ProbeOfAnotherVersion) {
  superstep::Json probe = bspprobe::testing::synthetic_result({1, 2});
  probe["schema"] = "superstep-bspprobe/0";
  auto r = bspprof("report " + write("p.json", two_process_profile()) + " --params " +
                   write("old.json", probe.dump()));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("not a bspprobe result of this version"), std::string::npos) << r.output;
}

TEST_F(Cli, ProbeWithoutThisNumberOfProcessesUsesTheNearestAndSaysSo) {
  const std::string probe = write("p48.json", bspprobe::testing::synthetic_result({4, 8}).dump());
  auto r = bspprof("report " + write("p.json", two_process_profile()) + " --params " + probe);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(probe + " has no measurements at p = 2 (it has p = 4, 8): using the "
                                  "nearest, p = 4"),
            std::string::npos)
      << r.output;
  // The synthetic machine has 2 processors: p = 4 was oversubscribed.
  EXPECT_NE(r.output.find("the parameters at p = 4 were measured oversubscribed (4 processes on 2 "
                          "processors)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(probe + ", p = 4: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("BSPWB  predicts"), std::string::npos) << r.output;
  // Of two as near, the larger p.
  const std::string probe13 = write("p13.json", bspprobe::testing::synthetic_result({1, 3}).dump());
  auto t = bspprof("report " + write("p2.json", two_process_profile()) + " --params " + probe13);
  EXPECT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("using the nearest, p = 3"), std::string::npos) << t.output;
}

TEST_F(Cli, ParametersFromBspParamsUnlessParamsIsGiven) {
  const std::string profile = write("p.json", two_process_profile());
  const std::string by_env = write("env.json", bspprobe::testing::synthetic_result({2}).dump());
  const std::string given = write("given.json", bspprobe::testing::synthetic_result({2}).dump());
  auto env = run_command("BSP_PARAMS=" + quoted(by_env) + " " + BSPPROF + " report " + profile);
  EXPECT_EQ(env.status, 0) << env.output;
  EXPECT_NE(env.output.find("parameters from " + by_env + " (BSP_PARAMS)\n"), std::string::npos)
      << env.output;
  auto both = run_command("BSP_PARAMS=" + quoted(by_env) + " " + BSPPROF + " report " + profile +
                          " --params " + given);
  EXPECT_EQ(both.status, 0) << both.output;
  EXPECT_NE(both.output.find("parameters from " + given + " (--params)\n"), std::string::npos)
      << both.output;
  auto missing = run_command("BSP_PARAMS=" + quoted(path("absent.json")) + " " + BSPPROF +
                             " report " + profile);
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.output.rfind("bspprof: BSP_PARAMS: cannot read " + path("absent.json"), 0), 0u)
      << missing.output;
  auto none = run_command(std::string("BSP_PARAMS=builtin ") + BSPPROF + " report " + profile);
  EXPECT_EQ(none.status, 0) << none.output;
  EXPECT_NE(none.output.find("no parameters"), std::string::npos) << none.output;
}

TEST_F(Cli, PredictsOnAHypercubeByFitAndBySimulation) {
  const std::string file = write("predict.json", two_process_profile());
  auto fit = bspprof("predict " + quoted(file) + " --n 2 --B 1e6 --td 1e-6 --m 8");
  EXPECT_EQ(fit.status, 0) << fit.output;
  EXPECT_NE(fit.output.find("machine: hypercube, n = 2 (N = 4)"), std::string::npos) << fit.output;
  EXPECT_NE(fit.output.find("total: predicted"), std::string::npos) << fit.output;
  auto sim = bspprof("predict " + quoted(file) + " --machine torus --model simulate");
  EXPECT_EQ(sim.status, 0) << sim.output;
  EXPECT_NE(sim.output.find("simulate (bsproute"), std::string::npos) << sim.output;
  EXPECT_EQ(bspprof("predict " + quoted(file) + " --machine ring").status, 2);
  EXPECT_EQ(bspprof("predict " + quoted(file) + " --model guess").status, 2);
  EXPECT_EQ(bspprof("predict " + quoted(file) + " --m 0").status, 2);
  EXPECT_EQ(bspprof("predict " + quoted(file) + " --laws 1,2").status, 2);
  auto too_small = bspprof("predict " + quoted(file) + " --machine crossbar --n 0");
  EXPECT_EQ(too_small.status, 2);
  auto torus_fit = bspprof("predict " + quoted(file) + " --machine torus");
  EXPECT_EQ(torus_fit.status, 1);
  EXPECT_EQ(lines(torus_fit.output), 1) << torus_fit.output;
}

// predict without a network predicts for this machine, with its measured parameters, names
// it and prints times in human units; without parameters it says how to get them.
TEST_F(Cli, PredictsForThisMachineByDefault) {
  const std::string file = write("here.json", two_process_profile());
  const std::string probe = write("probe.json", bspprobe::testing::synthetic_result({1, 2}).dump());
  auto r = bspprof("predict " + quoted(file) + " --params " + quoted(probe));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("predicted for this machine (Test CPU, host "), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("by the BSP model"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" ms "), std::string::npos) << r.output;  // 2 ms of work
  EXPECT_NE(r.output.find("total: predicted "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("transputer"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("e-0"), std::string::npos) << r.output;  // no raw seconds
  auto none =
      run_command(std::string("BSP_PARAMS=builtin ") + BSPPROF + " predict " + quoted(file));
  EXPECT_EQ(none.status, 1) << none.output;
  EXPECT_EQ(lines(none.output), 1) << none.output;
  EXPECT_NE(none.output.find("bspprobe"), std::string::npos) << none.output;
}

// compare pairs supersteps by call site and count there, and names those without a partner.
TEST_F(Cli, ComparePairsSuperstepsByCallSite) {
  auto idle = [](int steps) {
    std::vector<std::vector<testing::Step>> s(static_cast<std::size_t>(steps),
                                              {{0.001, {}}, {0.001, {}}});
    return profile_text(s);
  };
  // A: sites 10, 11, 12. B: 10, 11, 11, 12 (one more superstep at line 11).
  const std::string a = write("a.json", idle(3));
  std::string text = idle(4);
  for (auto [from, to] : {std::pair{"synthetic.c:12", "synthetic.c:11"},
                          std::pair{"synthetic.c:13", "synthetic.c:12"}})
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
      text.replace(at, std::string(from).size(), to);
  const std::string b = write("b.json", text);
  auto r = bspprof("compare " + quoted(a) + " " + quoted(b));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("paired by call site"), std::string::npos) << r.output;
  // A's superstep 2 (line 12) pairs with B's 3; B's 2, the second at line 11, has no partner.
  EXPECT_NE(r.output.find("     2      3 synthetic.c:12"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("     -      2 synthetic.c:11"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("1 of B's supersteps have no partner in A: 2 (synthetic.c:11, the "
                          "2nd superstep there)"),
            std::string::npos)
      << r.output;
  auto same = bspprof("compare " + quoted(a) + " " + quoted(a));
  EXPECT_NE(same.output.find("every superstep has its partner"), std::string::npos)
      << same.output;
}

TEST_F(Cli, MissingFileAndBadCommandLine) {
  auto r = bspprof("report " + quoted(path("absent.json")));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_EQ(bspprof("frobnicate x").status, 2);
  // An option another command uses is refused, not ignored.
  auto html =
      bspprof("predict " + quoted(path("absent.json")) + " --html " + quoted(path("o.html")));
  EXPECT_EQ(html.status, 2);
  EXPECT_NE(html.output.find("option '--html' is for report, not predict"), std::string::npos)
      << html.output;
  auto h = bspprof("--help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.output.find("usage: bspprof report FILE"), std::string::npos);
}

}  // namespace
}  // namespace bspprof
