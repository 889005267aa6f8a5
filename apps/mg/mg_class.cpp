#include "mg_class.hpp"

#include <cstdio>
#include <cstdlib>

namespace mg {

namespace {

constexpr std::array<double, 4> kSmootherA = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
constexpr std::array<double, 4> kSmootherB = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};

const ProblemClass kClasses[] = {
    {'S', 5, 4, 0.5307707005734e-04, kSmootherA},  {'W', 7, 4, 0.6467329375339e-05, kSmootherA},
    {'A', 8, 4, 0.2433365309069e-05, kSmootherA},  {'B', 8, 20, 0.1800564401355e-05, kSmootherB},
    {'C', 9, 20, 0.5706732285740e-06, kSmootherB},
};

}  // namespace

const ProblemClass& problem_class(const std::string& name) {
  for (const ProblemClass& c : kClasses)
    if (name.size() == 1 && name[0] == c.name) return c;
  std::fprintf(stderr, "internal error: no MG class %s\n", name.c_str());
  std::abort();
}

}  // namespace mg
