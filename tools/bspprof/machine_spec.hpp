// The compact machine description of `bspprof predict --machine`:
//   TOPOLOGY[:KEY=VALUE,...]   e.g. hypercube:n=6,B=20MB/s,td=400ns,m=8
// Keys: n (dimension), B (link bandwidth: a number with B/s, KB/s, MB/s or
// GB/s, powers of 1000; a bare number is bytes per second), td (routing delay:
// a number with s, ms, us or ns; bare: seconds), m (packet bytes, optionally
// with B), routing (paper, valiant or dimension-order).
#pragma once

#include <stdexcept>
#include <string>

#include "machine_prediction.hpp"

namespace bspprof {

class MachineSpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Sets the fields `spec` names in `machine`; the others keep their values.
// Throws MachineSpecError saying what is wrong.
void apply_machine_spec(const std::string& spec, Machine& machine);

}  // namespace bspprof
