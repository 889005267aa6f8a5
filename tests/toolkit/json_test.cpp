// The JSON value the tools write their results with and reads them back.
#include "superstep_internal/json.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace toolkit {
namespace {

TEST(Json, RoundTripKeepsValuesAndKeyOrder) {
  Json o = Json::object();
  o.set("zeta", 1);
  o.set("alpha", Json::numbers({0.1, 2.5e-9, -3}));
  Json inner = Json::object();
  inner.set("text", "a \"quoted\"\\ line\n\ttab\x01");
  inner.set("flag", true);
  inner.set("nothing", nullptr);
  o.set("inner", inner);
  for (bool indent : {true, false}) {
    const Json back = Json::parse(o.dump(indent));
    ASSERT_EQ(back.size(), 3u);
    EXPECT_EQ(back.as_object()[0].first, "zeta");
    EXPECT_EQ(back.as_object()[1].first, "alpha");
    EXPECT_DOUBLE_EQ(back["alpha"][1].as_number(), 2.5e-9);
    EXPECT_DOUBLE_EQ(back["alpha"][2].as_number(), -3);
    EXPECT_EQ(back["inner"]["text"].as_string(), "a \"quoted\"\\ line\n\ttab\x01");
    EXPECT_TRUE(back["inner"]["flag"].as_bool());
    EXPECT_TRUE(back["inner"]["nothing"].is_null());
  }
}

TEST(Json, DoublesSurviveExactly) {
  const double v = 1.0 / 3.0;
  EXPECT_EQ(Json::parse(Json(v).dump()).as_number(), v);
}

TEST(Json, NonFiniteNumbersAreWrittenAsNull) {
  EXPECT_EQ(Json(std::nan("")).dump(false), "null");
  EXPECT_EQ(Json(INFINITY).dump(false), "null");
}

TEST(Json, SetReplacesAnExistingKey) {
  Json o = Json::object();
  o.set("a", 1);
  o.set("a", 2);
  EXPECT_EQ(o.size(), 1u);
  EXPECT_DOUBLE_EQ(o["a"].as_number(), 2);
}

TEST(Json, ParsesStandardText) {
  const Json v = Json::parse(R"( {"a": [1, -2.5e3, true, false, null, "\u00e9\/"], "b": {}} )");
  EXPECT_DOUBLE_EQ(v["a"][1].as_number(), -2500);
  EXPECT_EQ(v["a"][5].as_string(), "\xc3\xa9/");
  EXPECT_EQ(v["b"].size(), 0u);
}

TEST(Json, ParseErrorsNameTheOffset) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "nul", "\"open", "1 2", "{1: 2}"}) {
    try {
      Json::parse(bad);
      ADD_FAILURE() << "parsed: " << bad;
    } catch (const JsonError& e) {
      EXPECT_NE(std::string(e.what()).find("offset"), std::string::npos) << e.what();
    }
  }
}

TEST(Json, WrongTypeAndMissingKeyThrow) {
  const Json v = Json::parse(R"({"a": 1})");
  EXPECT_THROW(v["a"].as_string(), JsonError);
  EXPECT_THROW(v["b"], JsonError);
  EXPECT_EQ(v.find("b"), nullptr);
  EXPECT_THROW(v["a"][0], JsonError);
}

}  // namespace
}  // namespace toolkit
