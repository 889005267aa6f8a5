// bspprof compare A B: two profiles of the same program (two p, two engines,
// two machines) side by side, superstep by superstep, then the totals.
#pragma once

#include <cstddef>
#include <string>

#include "assessment.hpp"

namespace bspprof {

std::string compare_text(const Assessment& a, const Assessment& b, std::size_t max_rows);

}  // namespace bspprof
