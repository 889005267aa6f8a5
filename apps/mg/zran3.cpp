#include "zran3.hpp"

#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <vector>

#include "comm.hpp"

namespace mg {

namespace {

constexpr int kCharges = 10;

struct Candidate {
  double value;
  long long index;  // linear index of the interior point, x fastest
};

bool smaller(const Candidate& a, const Candidate& b) { return a.value < b.value; }

// Keeps the kCharges candidates that rank first by `before` (a heap whose top is the worst).
template <class Before>
void offer(std::vector<Candidate>& kept, const Candidate& c, Before before) {
  if (static_cast<int>(kept.size()) < kCharges) {
    kept.push_back(c);
    std::push_heap(kept.begin(), kept.end(), before);
  } else if (before(c, kept.front())) {
    std::pop_heap(kept.begin(), kept.end(), before);
    kept.back() = c;
    std::push_heap(kept.begin(), kept.end(), before);
  }
}

}  // namespace

void zran3(const Level& top, double* v, apps::npb::CommTally& tally) {
  const long long n = top.n;
  std::vector<Candidate> largest, smallest;
  const auto larger = [](const Candidate& a, const Candidate& b) { return a.value > b.value; };
  for (int z = top.lo; z <= top.hi; ++z)
    for (int i2 = 1; i2 <= top.n; ++i2) {
      const long long first = n * ((i2 - 1) + n * (z - 1));
      apps::npb::Generator g(apps::npb::kStart);
      g.skip(static_cast<std::uint64_t>(first));
      for (int i1 = 1; i1 <= top.n; ++i1) {
        const Candidate c{g.next(), first + i1 - 1};
        offer(largest, c, larger);
        offer(smallest, c, smaller);
      }
    }
  std::vector<Candidate> mine(largest);
  mine.insert(mine.end(), smallest.begin(), smallest.end());
  mine.resize(2 * kCharges, Candidate{0.5, -1});  // a process with fewer points: no candidate
  const int p = bsp_nprocs();
  std::vector<Candidate> all(static_cast<std::size_t>(p) * mine.size());
  bsp_allgather(mine.data(), all.data(), static_cast<int>(mine.size() * sizeof(Candidate)));
  all.erase(std::remove_if(all.begin(), all.end(), [](const Candidate& c) { return c.index < 0; }),
            all.end());
  std::sort(all.begin(), all.end(), smaller);
  // A process with under 2 kCharges points offers some twice.
  all.erase(std::unique(all.begin(), all.end(),
                        [](const Candidate& a, const Candidate& b) { return a.index == b.index; }),
            all.end());
  std::fill(v, v + top.size(), 0.0);
  const auto place = [&](const Candidate& c, double charge) {
    const int i1 = static_cast<int>(c.index % n) + 1, i2 = static_cast<int>(c.index / n % n) + 1;
    const int z = static_cast<int>(c.index / (n * n)) + 1;
    if (z >= top.lo && z <= top.hi) v[top.at(i1, i2, z)] = charge;
  };
  for (int i = 0; i < kCharges; ++i) {
    place(all[i], -1.0);
    place(all[all.size() - 1 - i], +1.0);
  }
  exchange_halos(top, v, tally);
}

}  // namespace mg
