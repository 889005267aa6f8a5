// The BSP parameters of this machine at one p as the apps' cost terms, from bspprobe's JSON
// result (read by superstep_internal/bsp_params.hpp), and the BSP cost T = W + h g + m o + S l
// of a program.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace apps {

struct MachineParams {
  int p = 1;
  bool oversubscribed = false;
  int processors = 1;  // of the machine bspprobe ran on
  double l = 0;        // seconds per superstep (an empty one)
  // Seconds per 32-bit word of an h-relation, per primitive (0 where bspprobe has none, p = 1).
  double g_put = 0, g_get = 0, g_send = 0, g_global = 0;
  // Seconds per message, per primitive (bspprobe's per-message fits; 0 where it has none, p = 1:
  // the shift bspprobe times there is a bsp_hpput to the process itself, which costs several
  // times a bsp_put to itself, so it is no measure of the apps' puts).
  double o_put = 0, o_get = 0, o_send = 0, o_global = 0;
  // Seconds per bsp_put of at most 16 bytes, which the library joins into records with others
  // (bspprobe's o_small of the put fit; its o where the result predates o_small).
  double o_put_small = 0;
};

// Reads every per_p entry of a bspprobe result; exits with status 2 and one line naming the file
// when it cannot be read or is not a bspprobe result. None when file is empty (no --params).
std::vector<MachineParams> load_machine_params(const std::string& app, const std::string& file);

// The entry for p, if bspprobe measured that p.
std::optional<MachineParams> params_for(const std::vector<MachineParams>& all, int p);

// One BSP cost term list: computation (seconds, from the sequential program's measured rate),
// the h-relations in 32-bit words with the g of the primitive that realises them, the messages
// with the o of theirs, and supersteps.
struct CostPrediction {
  double compute_s = 0;
  double comm_s = 0;     // sum of h g
  double message_s = 0;  // sum of m o
  int supersteps = 0;
  double sync_s = 0;  // supersteps * l
  double total() const { return compute_s + comm_s + message_s + sync_s; }
  void relation(double h_words, double g) { comm_s += h_words * g; }
  void messages(double count, double o) { message_s += count * o; }
  void syncs(int count, double l) {
    supersteps += count;
    sync_s += count * l;
  }
};

constexpr double kWordBytes = 4;  // bspprobe's word

}  // namespace apps
