#include "machine_spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

#include "routing.hpp"
#include "topology.hpp"

namespace bspprof {

namespace {

// A positive finite number followed by one of the units (its factor), or by
// nothing when `bare` is given.
double with_unit(const std::string& key, const std::string& text,
                 const std::vector<std::pair<std::string, double>>& units, double bare) {
  const char* begin = text.c_str();
  char* end = nullptr;
  double v = std::strtod(begin, &end);
  if (end == begin || !(v > 0) || !std::isfinite(v))
    throw MachineSpecError(key + " needs a positive number, not '" + text + "'");
  std::string unit = end;
  if (unit.empty()) return v * bare;
  for (const auto& [name, factor] : units)
    if (unit == name) return v * factor;
  std::string known;
  for (const auto& [name, factor] : units) known += (known.empty() ? "" : ", ") + name;
  throw MachineSpecError(key + "'s unit '" + unit + "' is not one of " + known);
}

void apply_key(const std::string& key, const std::string& value, Machine& m) {
  if (key == "n") {
    double n = with_unit(key, value, {}, 1);
    if (n != std::floor(n) || n > 20) throw MachineSpecError("n needs a whole number from 1 to 20");
    m.n = static_cast<int>(n);
  } else if (key == "B") {
    m.bytes_per_second =
        with_unit(key, value, {{"B/s", 1}, {"KB/s", 1e3}, {"MB/s", 1e6}, {"GB/s", 1e9}}, 1);
  } else if (key == "td") {
    m.routing_delay =
        with_unit(key, value, {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}}, 1);
  } else if (key == "m") {
    double bytes = with_unit(key, value, {{"B", 1}}, 1);
    if (bytes != std::floor(bytes) || bytes > (1 << 20))
      throw MachineSpecError("m needs a whole number of bytes");
    m.packet_bytes = static_cast<int>(bytes);
  } else if (key == "routing") {
    m.routing = bsproute::parse_routing(value);
  } else {
    throw MachineSpecError("unknown key '" + key + "' (known: n, B, td, m, routing)");
  }
}

}  // namespace

void apply_machine_spec(const std::string& spec, Machine& machine) {
  std::size_t colon = spec.find(':');
  std::string topology = spec.substr(0, colon);
  const auto& known = bsproute::topology_names();
  if (std::find(known.begin(), known.end(), topology) == known.end())
    throw MachineSpecError("unknown machine '" + topology +
                           "' (known: hypercube, torus, crossbar)");
  machine.topology = topology;
  if (colon == std::string::npos) return;
  std::string rest = spec.substr(colon + 1);
  std::size_t at = 0;
  while (at <= rest.size()) {
    std::size_t comma = rest.find(',', at);
    std::string item = rest.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    std::size_t equals = item.find('=');
    if (equals == std::string::npos || equals == 0)
      throw MachineSpecError("'" + item + "' is not KEY=VALUE");
    try {
      apply_key(item.substr(0, equals), item.substr(equals + 1), machine);
    } catch (const MachineSpecError&) {
      throw;
    } catch (const std::invalid_argument& e) {
      throw MachineSpecError(e.what());
    }
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
}

}  // namespace bspprof
