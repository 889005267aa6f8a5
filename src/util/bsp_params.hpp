// The machine's BSP parameters as bspprobe measures them (docs/bspprobe.md, "The result
// file"): their one type, reader and finder, for the collectives' cost model, bspprof and the
// apps; bspprobe --save writes where saved_params_path() says.
#pragma once

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "json_text.hpp"

namespace superstep {

// A fit's cost per message, seconds: o_sync the sync's part of o, o_small a message of at
// most 16 bytes' (o_small_sync its sync's part).
struct PerMessageFit {
  double g = 0, intercept = 0, o = 0;
  std::optional<double> o_sync, o_small, o_small_sync;
};

// One of Table 1's lines: seconds per word of an h-relation (sync_slope: the sync's part).
struct Fit {
  double slope = 0, intercept = 0, r2 = 0;
  std::optional<double> sync_slope;
  std::optional<PerMessageFit> per_message;
};

// A fit's o (o_small: a message of at most 16 bytes', else o), seconds per message; 0 where
// there is none or it came out below 0 (noise around a cost too small to measure).
double message_cost(const std::optional<Fit>& fit, bool small = false);

// What bspprobe measured at one p; l is the median empty superstep. A fit is absent where
// bspprobe has none (p = 1 has no g_global, g_put, g_get, g_send).
struct ParamsAtP {
  int p = 1;
  bool oversubscribed = false;
  double l = 0;
  std::optional<Fit> g_local, g_global, g_put, g_get, g_send, g_scattered;
};

struct BspParams {
  std::string schema, machine, host;  // "" where the file has none
  int processors = 0;
  double word_bytes = 4;
  std::optional<double> memcpy_ns_per_byte;  // floors
  std::vector<ParamsAtP> per_p;              // never empty

  // The entry measured at p, else at the nearest p; of two as near, the larger where
  // larger_on_tie, else the first in the file.
  const ParamsAtP& nearest(int p, bool larger_on_tie) const;
};

// One line naming the file and the field: "FILE: per_p[1].l.median: expected a number".
class BspParamsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The parameters in `root`, read from `file`. Needed: a non-empty per_p whose entries have p
// and l.median, and a slope in each fit given; any other field may be missing (or null).
BspParams bsp_params_from_json(const Json& root, const std::string& file);

// Throws std::runtime_error ("cannot read FILE: why"), JsonSyntaxError or BspParamsError.
BspParams read_bsp_params(const std::string& file);

// Where `bspprobe --save` keeps this user's parameters, as the XDG Base Directory
// Specification places a program's data: $XDG_DATA_HOME/superstep/bspprobe.json, else
// ~/.local/share/superstep/bspprobe.json; "" where neither is set.
std::string saved_params_path();

enum class ParamsFrom { given, environment, saved, build };
struct ParamsFile {
  std::string path;
  ParamsFrom from;
};

// The file to read: `given` (a tool's --params) when not empty; else the file BSP_PARAMS
// names ("builtin": none); else the user's saved file, when readable; else the first
// readable of `measured` (where the build's bspprobe result lies as seen from the caller),
// without its "../". nullopt when there is none.
std::optional<ParamsFile> find_params_file(const std::string& given,
                                           std::initializer_list<std::string> measured);

}  // namespace superstep
