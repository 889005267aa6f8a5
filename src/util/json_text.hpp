// JSON, through nlohmann-json (a header-only library: nothing is added to
// libbsp at run time, and libbsp.map keeps its symbols inside the library).
//
// The tools' result files are JSON (bspprobe's, and what its measuring child
// processes hand back; bsproute's; bspprof's profiles and reports), and libbsp
// reads bspprobe's results (BSP_PARAMS, the collectives' cost model) and writes
// profiles. Objects keep their members in the order they were set or read, so
// a file reads in the order its documentation describes it; integers stay
// integers; a non-finite number is written as null (JSON has no NaN).
#pragma once

#include <cstddef>
#include <exception>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace superstep {

using Json = nlohmann::ordered_json;

// A text that is not JSON. what() is one line:
// "NAME:LINE:COLUMN: syntax error: unexpected ...; expected ',' or '}'".
class JsonSyntaxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses a whole JSON text; `name` (a file name) starts the message of the
// JsonSyntaxError it throws.
Json parse_json(std::string_view text, const std::string& name);

// Reads and parses a file; throws JsonSyntaxError, or std::runtime_error
// ("cannot read FILE: why") when it cannot be read.
Json read_json_file(const std::string& file);

// "LINE:COLUMN", both counted from 1, of the byte at `offset` (from 0) of text.
std::string line_and_column(std::string_view text, std::size_t offset);

// What a nlohmann-json exception says without its "[json.exception...] "
// prefix ("type must be number, but is string"); other exceptions' what().
std::string json_error_text(const std::exception& e);

}  // namespace superstep
