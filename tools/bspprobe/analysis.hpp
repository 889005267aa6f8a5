// From raw timings to bspprobe's result: fits, flop units, formula 11, and
// the deviation of each pattern from the h-relation hypothesis.
//
// Raw timings (what one measuring process hands back, per p):
//   {"p": P, "l_samples": [seconds per empty superstep, ...],
//    "series": [{"name": "local" | "global" | ... | "AA",
//                "points": [{"h_nominal": H, "h": h realised, "m": words per message,
//                            "samples": [seconds per superstep, ...]}]}]}
// The result's layout is documented in docs/bspprobe.md.
#pragma once

#include <string>
#include <vector>

#include "compute_rate.hpp"
#include "stats.hpp"
#include "superstep_internal/json_text.hpp"

namespace bspprobe {

using superstep::Json;

struct MachineInfo {
  std::string machine;  // e.g. the CPU model
  std::string host;
  std::string date;         // ISO 8601, UTC
  std::string mode;         // "quick" or "full"
  int processors = 0;       // processors online
  double load_before = -1;  // 1-minute load average when the probe started (-1: unknown)
  double load_after = -1;   // and when it ended
  // Processors' worth other programs used while it measured (-1: unknown),
  // and how many measurements were made to find a quiet one.
  double others_processors = -1;
  int tries = 1;
};

// Whether other programs took enough of the processors while the probe
// measured to make its figures theirs as much as the machine's: more than a
// quarter of one processor on average. (A quiet machine's daemons use a few
// hundredths; one compiler job uses a whole one.)
constexpr double kBusyProcessors = 0.25;

struct Floors {
  Summary memcpy_seconds_per_byte;
  Summary barrier_seconds;
};

constexpr const char* kResultSchema = "superstep-bspprobe/1";
constexpr int kWordBytes = 4;
// Puts of at most this many bytes the library joins into records (docs/bspprobe.md): the
// per-message fit leaves pieces this small out and reports their cost apart, as o_small.
constexpr int kSmallBytes = 16;

// Throws Json::exception when a raw result lacks what it should hold.
Json analyse(const MachineInfo& info, const ComputeRate& rate, const Floors& floors,
             const std::vector<Json>& raw_per_p);

// Which (pattern, p) curves formula 11 averages: E and PP at every p >= 2,
// OA, AO and AA at p >= 3 (at p = 2 they are PingPong and Exchange again;
// Roda et al. (1999) likewise leave p = 2 out for them).
bool in_formula11(const std::string& pattern, int p);

}  // namespace bspprobe
