// The parameters module (util/bsp_params.hpp): a full bspprobe result read into its type, a
// result missing every optional field, bad input refused with the file and the field named,
// the entry nearest a p, and the order in which the finder looks for the file.
#include "util/bsp_params.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace superstep {
namespace {

Json fit(double slope) {
  return {{"slope", slope},
          {"intercept", 2e-6},
          {"r2", 0.99},
          {"sync_slope", slope / 2},
          {"per_message",
           {{"g", slope}, {"intercept", 1e-6}, {"o", 5e-9}, {"o_sync", 4e-9}, {"o_small", 1e-9}}}};
}

Json full_result() {
  Json one = {{"p", 1},
              {"oversubscribed", false},
              {"l", {{"median", 1e-6}}},
              {"g_local", fit(1e-9)},
              {"g_global", nullptr}};
  Json two = {{"p", 2},
              {"oversubscribed", true},
              {"l", {{"median", 3e-6}}},
              {"g_local", fit(1e-9)},
              {"g_global", fit(2e-9)},
              {"g_put", fit(3e-9)},
              {"g_get", fit(4e-9)},
              {"g_send", fit(5e-9)},
              {"g_scattered", fit(6e-9)}};
  return {{"schema", "superstep-bspprobe/1"},
          {"machine", "cpu"},
          {"host", "h"},
          {"processors", 2},
          {"word_bytes", 8},
          {"floors", {{"memcpy_ns_per_byte", 0.1}}},
          {"formula11", {{"g", 7e-9}, {"L", 8e-6}, {"r2", 0.9}}},
          {"per_p", Json::array({one, two})}};
}

TEST(BspParams, ReadsAFullResult) {
  const BspParams b = bsp_params_from_json(full_result(), "r.json");
  EXPECT_EQ(b.schema, "superstep-bspprobe/1");
  EXPECT_EQ(b.machine, "cpu");
  EXPECT_EQ(b.host, "h");
  EXPECT_EQ(b.processors, 2);
  EXPECT_EQ(b.word_bytes, 8);
  EXPECT_EQ(b.memcpy_ns_per_byte, 0.1);
  ASSERT_EQ(b.per_p.size(), 2u);
  EXPECT_FALSE(b.per_p[0].g_global);  // null at p = 1
  const ParamsAtP& two = b.per_p[1];
  EXPECT_EQ(two.p, 2);
  EXPECT_TRUE(two.oversubscribed);
  EXPECT_EQ(two.l, 3e-6);
  ASSERT_TRUE(two.g_scattered && two.g_put && two.g_get && two.g_send);
  EXPECT_EQ(two.g_global->slope, 2e-9);
  EXPECT_EQ(two.g_global->intercept, 2e-6);
  EXPECT_EQ(two.g_put->sync_slope, 1.5e-9);
  ASSERT_TRUE(two.g_send->per_message);
  EXPECT_EQ(two.g_send->per_message->o, 5e-9);
  EXPECT_EQ(two.g_send->per_message->o_sync, 4e-9);
  EXPECT_EQ(two.g_send->per_message->o_small, 1e-9);
  EXPECT_FALSE(two.g_send->per_message->o_small_sync);
}

TEST(BspParams, ReadsAResultMissingEveryOptionalField) {
  const Json minimal = {{"per_p", {{{"p", 4}, {"l", {{"median", 2e-6}}}}}}};
  const BspParams b = bsp_params_from_json(minimal, "m.json");
  EXPECT_EQ(b.schema, "");
  EXPECT_EQ(b.processors, 0);
  EXPECT_EQ(b.word_bytes, 4);
  EXPECT_FALSE(b.memcpy_ns_per_byte);
  ASSERT_EQ(b.per_p.size(), 1u);
  EXPECT_FALSE(b.per_p[0].oversubscribed);
  EXPECT_FALSE(b.per_p[0].g_local || b.per_p[0].g_global || b.per_p[0].g_put);
  Json fit_alone = minimal;
  fit_alone["per_p"][0]["g_put"] = {{"slope", 1e-9}};
  const BspParams with_fit = bsp_params_from_json(fit_alone, "m.json");
  const ParamsAtP& e = with_fit.per_p[0];
  ASSERT_TRUE(e.g_put);
  EXPECT_EQ(e.g_put->intercept, 0);
  EXPECT_FALSE(e.g_put->per_message || e.g_put->sync_slope);
}

// What bsp_params_from_json says of `result`, or "" when it takes it.
std::string refusal(const Json& result) {
  try {
    bsp_params_from_json(result, "bad.json");
  } catch (const BspParamsError& e) {
    return e.what();
  }
  return "";
}

TEST(BspParams, RefusesBadInputNamingTheFileAndTheField) {
  Json r = full_result();
  r["per_p"][1]["l"]["median"] = "fast";
  EXPECT_EQ(refusal(r), "bad.json: per_p[1].l.median: expected a number");
  r = full_result();
  r["per_p"][0].erase("l");
  EXPECT_EQ(refusal(r), "bad.json: per_p[0].l: missing");
  r = full_result();
  r["per_p"][1]["g_put"].erase("slope");
  EXPECT_EQ(refusal(r), "bad.json: per_p[1].g_put.slope: missing");
  r = full_result();
  r["per_p"][1]["g_send"]["per_message"] = 3;
  EXPECT_EQ(refusal(r), "bad.json: per_p[1].g_send.per_message: expected an object or null");
  r = full_result();
  r["per_p"][0]["p"] = 0;
  EXPECT_EQ(refusal(r), "bad.json: per_p[0].p: expected a whole number of at least 1");
  r = full_result();
  r["per_p"] = Json::array();
  EXPECT_EQ(refusal(r), "bad.json: per_p: expected a non-empty array (is it bspprobe's result?)");
  EXPECT_EQ(refusal(Json::array()), "bad.json: not a JSON object (is it bspprobe's result?)");
}

TEST(BspParams, ReadingAFileThatIsNotJsonNamesItsLineAndColumn) {
  char name[] = "/tmp/bsp_params_test_XXXXXX";
  const int fd = mkstemp(name);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(name) << "{\"per_p\": [1 2]}";
  try {
    read_bsp_params(name);
    ADD_FAILURE() << "read a file that is not JSON";
  } catch (const JsonSyntaxError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(std::string(name) + ":1:14: syntax error", 0), 0u)
        << e.what();
  }
  std::remove(name);
  EXPECT_THROW(read_bsp_params(name), std::runtime_error);
}

TEST(BspParams, NearestTakesTheEntryAtPElseTheNearest) {
  Json r = full_result();
  r["per_p"].push_back({{"p", 4}, {"l", {{"median", 1e-5}}}});
  const BspParams b = bsp_params_from_json(r, "r.json");
  EXPECT_EQ(b.nearest(2, true).p, 2);
  EXPECT_EQ(b.nearest(9, false).p, 4);
  EXPECT_EQ(b.nearest(3, true).p, 4);   // of two as near, the larger
  EXPECT_EQ(b.nearest(3, false).p, 2);  // or the first in the file
}

// Sets an environment variable for one test, putting back what was there.
class Env {
 public:
  Env(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old, had_ = true;
    value ? setenv(name, value, 1) : unsetenv(name);
  }
  ~Env() { had_ ? setenv(name_, old_.c_str(), 1) : unsetenv(name_); }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

TEST(BspParams, TheFinderLooksInItsOrder) {
  char dir[] = "/tmp/bsp_params_finder_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string root = dir, measured = root + "/share/bspprobe.json";
  mkdir((root + "/share").c_str(), 0700);
  mkdir((root + "/bin").c_str(), 0700);
  std::ofstream(measured) << "{}";
  const std::string seen_from_bin = root + "/bin/../share/bspprobe.json";
  Env data("XDG_DATA_HOME", (root + "/data").c_str());
  Env params("BSP_PARAMS", nullptr);

  // The build's file, the first readable one, without its "../".
  auto found = find_params_file("", {"", root + "/absent.json", seen_from_bin});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->path, measured);
  EXPECT_EQ(found->from, ParamsFrom::build);
  EXPECT_FALSE(find_params_file("", {root + "/absent.json"}));

  // The saved file outranks it, once it is there.
  EXPECT_EQ(saved_params_path(), root + "/data/superstep/bspprobe.json");
  mkdir((root + "/data").c_str(), 0700);
  mkdir((root + "/data/superstep").c_str(), 0700);
  std::ofstream(saved_params_path()) << "{}";
  found = find_params_file("", {seen_from_bin});
  EXPECT_EQ(found->path, saved_params_path());
  EXPECT_EQ(found->from, ParamsFrom::saved);

  // BSP_PARAMS outranks both, readable or not; "builtin" means none.
  {
    Env named("BSP_PARAMS", "/nowhere.json");
    found = find_params_file("", {seen_from_bin});
    EXPECT_EQ(found->path, "/nowhere.json");
    EXPECT_EQ(found->from, ParamsFrom::environment);
    // A tool's --params outranks everything.
    found = find_params_file("given.json", {seen_from_bin});
    EXPECT_EQ(found->path, "given.json");
    EXPECT_EQ(found->from, ParamsFrom::given);
  }
  {
    Env builtin("BSP_PARAMS", "builtin");
    EXPECT_FALSE(find_params_file("", {seen_from_bin}));
  }
  {  // Without XDG_DATA_HOME, the saved file lies under HOME.
    Env no_data("XDG_DATA_HOME", nullptr);
    Env home("HOME", "/home/someone");
    EXPECT_EQ(saved_params_path(), "/home/someone/.local/share/superstep/bspprobe.json");
  }
  std::remove(saved_params_path().c_str());
  std::remove(measured.c_str());
  for (const char* sub : {"/data/superstep", "/data", "/share", "/bin", ""})
    rmdir((root + sub).c_str());
}

}  // namespace
}  // namespace superstep
