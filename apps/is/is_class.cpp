#include "is_class.hpp"

#include <cstdio>
#include <cstdlib>

namespace is {

namespace {

const ProblemClass kClasses[] = {
    {'S', 16, 11, 9, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}},
    {'W', 20, 16, 10, {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018}},
    {'A', 23, 19, 10, {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264}},
    {'B', 25, 21, 10, {41869, 812306, 5102857, 18232239, 26860214},
     {33422937, 10244, 59149, 33135281, 99}},
    {'C', 27, 23, 10, {44172927, 72999161, 74326391, 129606274, 21736814},
     {61147, 882988, 266290, 133997595, 133525895}},
};

}  // namespace

const ProblemClass& problem_class(const std::string& name) {
  for (const ProblemClass& c : kClasses)
    if (name.size() == 1 && name[0] == c.name) return c;
  std::fprintf(stderr, "internal error: no IS class %s\n", name.c_str());
  std::abort();
}

long long expected_rank(const ProblemClass& c, int i, int iteration) {
  const long long base = c.test_rank[i];
  switch (c.name) {
    case 'S':
    case 'C':
      return i <= 2 ? base + iteration : base - iteration;
    case 'W':
      return i < 2 ? base + iteration - 2 : base - iteration;
    case 'A':
      return i <= 2 ? base + iteration - 1 : base - (iteration - 1);
    default:  // 'B'
      return (i == 1 || i == 2 || i == 4) ? base + iteration : base - iteration;
  }
}

}  // namespace is
