// Human units for the page: times in s, ms, µs or ns and sizes in B, KiB,
// MiB or GiB, chosen by magnitude.
#pragma once

#include <string>

namespace bspprof {

struct Unit {
  double scale = 1;  // a value in this unit is the base value / scale
  std::string name;  // "µs", "KiB", ...
};

// The largest unit in which `seconds` (or `bytes`) is at least 1; the
// smallest unit for 0.
Unit time_unit(double seconds);
Unit byte_unit(double bytes);

// "660 µs", "1.25 ms", "3.5 MiB": about three significant digits, trailing
// zeros dropped.
std::string human_time(double seconds);
std::string human_bytes(double bytes);

// A value in a unit, about three significant digits: in_unit(0.00066, time_unit(0.001)) = "660".
std::string in_unit(double value, const Unit& unit);

}  // namespace bspprof
