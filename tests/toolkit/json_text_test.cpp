// JSON through nlohmann-json: a text that is not JSON gets one line naming
// the file, the line and column, and what was expected; integers stay integers.
#include "superstep_internal/json_text.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

namespace superstep {
namespace {

std::string syntax_error(const std::string& text, const std::string& name = "run.json") {
  try {
    parse_json(text, name);
  } catch (const JsonSyntaxError& e) {
    return e.what();
  }
  return "(parsed)";
}

TEST(JsonText, MissingCommaNamesLineColumnAndWhatWasExpected) {
  const std::string text = "{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}\n";
  // The unexpected string "c" ends at line 4, column 5.
  EXPECT_EQ(syntax_error(text),
            "run.json:4:5: syntax error: unexpected string literal; expected ',' or '}'");
}

TEST(JsonText, ArrayCutShortExpectsCommaOrBracket) {
  EXPECT_EQ(syntax_error("[1, 2", "x.json"),
            "x.json:1:6: syntax error: unexpected end of input; expected ',' or ']'");
}

TEST(JsonText, EveryErrorIsOneLineStartingWithTheName) {
  for (const std::string text : {"", "{", "{\"a\" 1}", "[1,]", "tru", "{\"a\":\"x\ny\"}", "1 2"}) {
    const std::string what = syntax_error(text, "f.json");
    EXPECT_EQ(what.rfind("f.json:", 0), 0u) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_NE(what.find(": syntax error: "), std::string::npos) << what;
  }
}

TEST(JsonText, LineAndColumnCountFromOne) {
  EXPECT_EQ(line_and_column("abc", 0), "1:1");
  EXPECT_EQ(line_and_column("abc\ndef", 5), "2:2");
  EXPECT_EQ(line_and_column("abc\n", 4), "2:1");
  EXPECT_EQ(line_and_column("ab", 99), "1:3");  // past the end: just after it
}

TEST(JsonText, IntegersStayIntegersAndOrderIsKept) {
  Json j = parse_json("{\"z\": 18446744073709551615, \"a\": -3, \"m\": 2.5, \"n\": 1e300}", "n");
  EXPECT_TRUE(j["z"].is_number_unsigned());
  EXPECT_EQ(j["z"].get<unsigned long long>(), std::numeric_limits<unsigned long long>::max());
  EXPECT_TRUE(j["a"].is_number_integer());
  EXPECT_TRUE(j["m"].is_number_float());
  EXPECT_EQ(j.dump(), "{\"z\":18446744073709551615,\"a\":-3,\"m\":2.5,\"n\":1e+300}");
  Json w = Json::object();
  w["later"] = 1;
  w["earlier"] = std::nan("");
  EXPECT_EQ(w.dump(), "{\"later\":1,\"earlier\":null}");
}

TEST(JsonText, ErrorTextLosesTheLibrarysPrefix) {
  Json j = parse_json("{\"a\": \"text\"}", "t");
  try {
    (void)j.at("a").get<double>();
    FAIL() << "a string read as a number";
  } catch (const Json::exception& e) {
    EXPECT_EQ(json_error_text(e), "type must be number, but is string");
  }
  try {
    (void)j.at("b");
    FAIL() << "a missing key found";
  } catch (const Json::exception& e) {
    EXPECT_EQ(json_error_text(e), "key 'b' not found");
  }
}

TEST(JsonText, ReadsAFileAndNamesOneItCannotRead) {
  const std::string path = "/tmp/json_text_test_" + std::to_string(getpid()) + ".json";
  std::ofstream(path) << "{\"p\": [1, 2, 4, 8]}\n";
  EXPECT_EQ(read_json_file(path)["p"].size(), 4u);
  std::ofstream(path) << "{\"p\": [1, 2 4]}\n";
  try {
    read_json_file(path);
    FAIL() << "a malformed file read";
  } catch (const JsonSyntaxError& e) {
    EXPECT_EQ(std::string(e.what()), path +
                                         ":1:13: syntax error: unexpected number literal; "
                                         "expected ',' or ']'");
  }
  std::remove(path.c_str());
  try {
    read_json_file(path);
    FAIL() << "a missing file read";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot read " + path + ": ", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace superstep
