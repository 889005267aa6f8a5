// Which algorithm a collective uses: the BSP cost model
// l*S + g*h + o_put*m_put + o_send*m_send + c*(w + q)
// (S supersteps, h the largest number of bytes a process sends or receives
// in one of them summed over them, m_put and m_send the same for the number
// of puts and of sends, w the bytes a process combines, q the bytes it copies
// out of the BSMP queue where a put would have landed in place) with the
// machine's l, g, o and c, decided alike on every process.
#pragma once

#include <optional>
#include <string>

#include "bsp_level1.h"

namespace superstep::level1 {

// The machine's BSP parameters in seconds and seconds per byte.
struct MachineParams {
  double l = 0;        // one superstep with nothing in it
  double g = 0;        // per byte of the largest h-relation (total exchange)
  double c = 0;        // per byte combined or copied locally
  std::string source;  // where they come from, for the trace
  // Per message (bspprobe's per-message fits of bsp_put and bsp_send on the
  // total exchange); 0 where the result predates them or has none.
  double o_put = 0;
  double o_send = 0;
  // A fact of the engine's data path, not a measured figure: the smallest put
  // that lands in place without passing through the streams
  // (Runtime::puts_land_in_place_from).
  double puts_land_in_place_from = 0;
};

// What an algorithm costs for one call, in the model's terms.
struct Cost {
  int supersteps = 0;
  double h_bytes = 0;
  double work_bytes = 0;     // combined or copied locally, on any engine
  double queue_bytes = 0;    // copied out of the queue into place (messages algorithms)
  double put_messages = 0;   // the most puts a process sends or receives, over the supersteps
  double send_messages = 0;  // the same for bsp_send
  double message_bytes = 0;  // the size of each message (messages algorithms)
  double seconds(const MachineParams& m) const {
    // The copy out of the queue is one more than a put's where the engine lands a put of
    // that size in place; else a put is copied out of its stream as a message is.
    const bool queue_copy_extra = message_bytes >= m.puts_land_in_place_from;
    return m.l * supersteps + m.g * h_bytes + m.o_put * put_messages + m.o_send * send_messages +
           m.c * (work_bytes + (queue_copy_extra ? queue_bytes : 0));
  }
};

enum class Algorithm { direct, two_phase, messages };

// The parameters for p processes: from the bspprobe result named by
// BSP_PARAMS (the entry for p, else for the nearest p measured); when it is
// unset, from the user's saved one or the one measured when Superstep was
// built (util/bsp_params.hpp, find_params_file), if there is one; else (or
// with BSP_PARAMS=builtin) the built-in defaults.
// Read once per process; a file BSP_PARAMS names that cannot be used stops
// the program with a message that says why.
const MachineParams& machine_params(int p);

// Picks the algorithm for collective `name` moving `nbytes` per process:
// forced (bsp_collective_force, else BSP_COLLECTIVE; direct where the forced
// one is missing) or the cheapest (direct on a tie) of those it has. Prints
// the choice on stderr from process 0 when BSP_COLLECTIVE_TRACE is 1.
Algorithm choose(const char* name, long long nbytes, const Cost& direct,
                 const std::optional<Cost>& two_phase,
                 const std::optional<Cost>& messages = std::nullopt);

}  // namespace superstep::level1
