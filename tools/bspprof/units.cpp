#include "units.hpp"

#include <cmath>
#include <cstdio>

namespace bspprof {

namespace {

Unit pick(double v, const Unit* units, int count) {
  for (int i = 0; i < count - 1; ++i)
    if (std::fabs(v) >= units[i].scale) return units[i];
  return units[count - 1];
}

}  // namespace

Unit time_unit(double seconds) {
  static const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
  return pick(seconds, units, 4);
}

Unit byte_unit(double bytes) {
  static const Unit units[] = {
      {1024.0 * 1024 * 1024, "GiB"}, {1024.0 * 1024, "MiB"}, {1024, "KiB"}, {1, "B"}};
  return pick(bytes, units, 4);
}

std::string in_unit(double value, const Unit& unit) {
  const double v = value / unit.scale;
  const double a = std::fabs(v);
  char buf[32];
  std::snprintf(buf, sizeof buf, a >= 100 || a == 0 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f", v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {  // 1.50 -> 1.5, 2.00 -> 2
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

std::string human_time(double seconds) {
  const Unit u = time_unit(seconds);
  return in_unit(seconds, u) + " " + u.name;
}

std::string human_bytes(double bytes) {
  const Unit u = byte_unit(bytes);
  return in_unit(bytes, u) + " " + u.name;
}

}  // namespace bspprof
