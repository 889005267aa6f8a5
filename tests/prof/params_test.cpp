// The parameters bspprof takes from a bspprobe result: o per message from the
// per-message fits, the sync's part where it was measured, o in full where
// only that was, nothing where the result predates them.
#include "params.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "synthetic_result.hpp"

namespace bspprof {
namespace {

// Writes the result to a file of its own, removed when the test ends.
class ProbeFile {
 public:
  explicit ProbeFile(const bspprobe::Json& result) {
    char name[] = "/tmp/bspprof_params_test_XXXXXX";
    const int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    close(fd);
    path_ = name;
    std::ofstream(path_) << result.dump();
  }
  ~ProbeFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(Params, TakesTheSyncsPartOfOPerKind) {
  const ProbeFile file(bspprobe::testing::synthetic_result({1, 2}));
  const Params par = params_from_probe(file.path(), 2, HOperator::kMax);
  // synthetic_o: 4e-8 for bsp_get, 5e-9 otherwise; four fifths spent in the sync.
  EXPECT_NEAR(par.o[0], 0.8 * 5e-9, 1e-18);  // put
  EXPECT_NEAR(par.o[1], 0.8 * 5e-9, 1e-18);  // hpput: g_global's
  EXPECT_NEAR(par.o[2], 0.8 * 4e-8, 1e-18);  // get
  EXPECT_NEAR(par.o[3], 0.8 * 4e-8, 1e-18);  // hpget, as get
  EXPECT_NEAR(par.o[4], 0.8 * 5e-9, 1e-18);  // send
  // g and L of g_global's per-message fit: L without the o of its p - 1 messages.
  EXPECT_NEAR(par.g, bspprobe::testing::synthetic_g("global", 2), 1e-18);
  EXPECT_NEAR(par.L, bspprobe::testing::kSyntheticL - 5e-9, 1e-15);
  EXPECT_NE(par.source.find("o, the cost of each message"), std::string::npos);
}

// Puts and hpputs of at most 16 bytes: o_small_sync, four fifths of synthetic_o_small in the
// least samples (0.99 of the median, synthetic_result.hpp); the
// other kinds' small counts are always 0, and a result without o_small charges them o.
TEST(Params, TakesTheSyncsPartOfOSmallForPuts) {
  bspprobe::Json result = bspprobe::testing::synthetic_result({1, 2});
  const ProbeFile file(result);
  const Params par = params_from_probe(file.path(), 2, HOperator::kMax);
  EXPECT_NEAR(par.o_small[0], 0.792e-9, 1e-18);  // put
  EXPECT_NEAR(par.o_small[1], 0.792e-9, 1e-18);  // hpput: g_global's
  EXPECT_NEAR(params_from_probe(file.path(), 2, HOperator::kSum).o_small[0], 0.396e-9, 1e-18);
  EXPECT_NE(par.source.find("put 4 ns (0.792 ns small)"), std::string::npos) << par.source;
  for (bspprobe::Json& entry : result["per_p"])
    for (const char* key : {"g_local", "g_global", "g_put", "g_get", "g_send"})
      if (entry[key].is_object())
        for (const char* field : {"o_small", "o_small_issue", "o_small_sync", "small_points"})
          entry[key]["per_message"].erase(field);
  const ProbeFile older(result);
  const Params old = params_from_probe(older.path(), 2, HOperator::kMax);
  EXPECT_NEAR(old.o_small[0], 0.8 * 5e-9, 1e-18);
  EXPECT_NEAR(old.o_small[1], 0.8 * 5e-9, 1e-18);
}

// A small put apart (a record of its own): the sync's part of the scattered total exchange
// beyond bsp_put's whole messages, per 16-byte piece: (5 - 3) ns/word * 4 words = 8 ns
// (synthetic_g), halved for in + out; o_small where the result has no scattered puts.
TEST(Params, TakesTheCostOfASmallPutApartFromTheScatteredPuts) {
  bspprobe::Json result = bspprobe::testing::synthetic_result({1, 2});
  const ProbeFile file(result);
  const Params par = params_from_probe(file.path(), 2, HOperator::kMax);
  EXPECT_NEAR(par.o_apart[0], 8e-9, 1e-15);
  EXPECT_NEAR(par.o_apart[1], 8e-9, 1e-15);
  EXPECT_NEAR(params_from_probe(file.path(), 2, HOperator::kSum).o_apart[0], 4e-9, 1e-15);
  EXPECT_NE(par.source.find("16-byte puts landing p apart"), std::string::npos) << par.source;
  for (bspprobe::Json& entry : result["per_p"]) entry.erase("g_scattered");
  const ProbeFile older(result);
  const Params old = params_from_probe(older.path(), 2, HOperator::kMax);
  EXPECT_EQ(old.o_apart[0], old.o_small[0]);
}

TEST(Params, HalvesOForTheSumReading) {
  const ProbeFile file(bspprobe::testing::synthetic_result({1, 2}));
  const Params par = params_from_probe(file.path(), 2, HOperator::kSum);
  EXPECT_NEAR(par.o[0], 0.4 * 5e-9, 1e-18);
}

TEST(Params, TakesOInFullWithoutTheSyncsPartAndNothingWithoutAFit) {
  bspprobe::Json result = bspprobe::testing::synthetic_result({1, 2});
  for (bspprobe::Json& entry : result["per_p"])
    for (const char* key : {"g_local", "g_global", "g_put", "g_get", "g_send"})
      if (entry[key].is_object()) {
        entry[key]["per_message"].erase("o_issue");
        entry[key]["per_message"].erase("o_sync");
      }
  const ProbeFile with_o(result);
  EXPECT_NEAR(params_from_probe(with_o.path(), 2, HOperator::kMax).o[0], 5e-9, 1e-18);
  for (bspprobe::Json& entry : result["per_p"])
    for (const char* key : {"g_local", "g_global", "g_put", "g_get", "g_send"})
      if (entry[key].is_object()) entry[key].erase("per_message");
  const ProbeFile older(result);
  const Params par = params_from_probe(older.path(), 2, HOperator::kMax);
  for (double o : par.o) EXPECT_EQ(o, 0);
  EXPECT_EQ(par.source.find("o, the cost of each message"), std::string::npos);
}

// g_self is the cyclic shift's slope at p = 1 (where every process puts to itself), at every
// p; 0 where p = 1 was not measured.
TEST(Params, TakesGSelfFromTheLocalShiftAtOneProcess) {
  const ProbeFile file(bspprobe::testing::synthetic_result({1, 2}));
  for (int p : {1, 2}) {
    const Params par = params_from_probe(file.path(), p, HOperator::kMax);
    EXPECT_NEAR(par.g_self, bspprobe::testing::synthetic_g("local", 1), 1e-18) << "p = " << p;
    EXPECT_NE(par.source.find("a put to oneself costs"), std::string::npos);
  }
  const ProbeFile without_one(bspprobe::testing::synthetic_result({2}));
  EXPECT_EQ(params_from_probe(without_one.path(), 2, HOperator::kMax).g_self, 0);
}

}  // namespace
}  // namespace bspprof
