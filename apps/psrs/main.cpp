// psrs: parallel sorting by regular sampling (Li et al.; Roda et al. 1999, section 4.2).
//
// Each process sorts its block and puts p - 1 regularly spaced keys of it to every process;
// each sorts the p (p - 1) samples and picks p - 1 evenly spaced pivots (redundantly). Each
// process then tells every other where its segment for it starts and how long it is (an
// all-to-all of sizes), and every process fetches its segments with bsp_get: the sorted
// blocks are registered, so no receive buffer needs registering once sizes are known.
// A p-way merge of the sorted segments finishes. Regular sampling bounds a bucket by 2 n/p.
#include <bsp.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "local_work.hpp"
#include "machine_params.hpp"
#include "options.hpp"
#include "sort_app.hpp"
#include "sort_check.hpp"
#include "spmd.hpp"

namespace {

const apps::AppInfo kApp = {
    "psrs",
    "Parallel sorting by regular sampling of n doubles (Roda et al. 1999): local\n"
    "sort, p(p-1) regular samples, p-1 pivots, an all-to-all of segment sizes, the\n"
    "segments by bsp_get, a p-way merge. Compared with std::sort on one process.",
    "number of keys",
    1 << 20,
    3,
    {},
    "n must be at least p * p. Checks: globally sorted, a permutation of the input (count\n"
    "and checksum); the largest bucket over n/p is reported (regular sampling keeps it\n"
    "below 2)."};

struct Segment {
  std::uint64_t offset, count;  // in the source's sorted block
};

// Merges the sorted runs data[bounds[i] .. bounds[i+1]) pairwise, log2(runs) rounds.
void merge_runs(std::vector<double>& data, std::vector<std::size_t> bounds) {
  std::vector<double> other(data.size());
  while (bounds.size() > 2) {
    std::vector<std::size_t> merged{0};
    for (std::size_t i = 0; i + 1 < bounds.size(); i += 2) {
      const std::size_t end = i + 2 < bounds.size() ? bounds[i + 2] : bounds[i + 1];
      std::merge(data.begin() + bounds[i], data.begin() + bounds[i + 1],
                 data.begin() + bounds[i + 1], data.begin() + end, other.begin() + bounds[i]);
      merged.push_back(end);
    }
    data.swap(other);
    bounds = merged;
  }
}

// The samples are p estimates of each quantile j/p, j < p, so sorted (this sorts samples but
// its last entry) they form p - 1 groups of p; pivot k is the middle of group k, index
// (k - 1) p + p/2. Returns where the pivots cut the sorted block: segment q is
// block[cut[q] .. cut[q + 1]).
std::vector<long long> cut_at_pivots(std::vector<double>& samples, const std::vector<double>& block,
                                     int p) {
  std::sort(samples.begin(), samples.end() - 1);
  std::vector<long long> cut{0};
  for (int k = 1; k < p; ++k) {
    const double pivot = samples[static_cast<std::size_t>(k - 1) * p + p / 2];
    cut.push_back(std::upper_bound(block.begin(), block.end(), pivot) - block.begin());
  }
  cut.push_back(static_cast<long long>(block.size()));
  return cut;
}

// The local phases of one sort, the parallel program's own kernels re-run on this process
// (untimed, after the run; apps::LocalWork): sorting this block, sorting the p (p - 1) samples
// and cutting the block at the pivots, and the p-way merge of runs of the sizes this process
// received (bounds). Returns the work, on every process.
double local_work(const apps::Options& o, const std::vector<std::size_t>& bounds) {
  const int p = bsp_nprocs(), s = bsp_pid();
  apps::LocalWork work(3);
  std::vector<double> block(static_cast<std::size_t>(apps::block_size(o.n, p, s)));
  for (int it = 0; it < o.iterations; ++it) {
    const std::vector<double> input = apps::generate_keys(
        o.seed, apps::block_begin(o.n, p, s), static_cast<long long>(block.size()));
    std::copy(input.begin(), input.end(), block.begin());
    std::vector<double> samples =
        apps::generate_keys(o.seed + 1, 0, static_cast<long long>(p) * (p - 1) + 1);
    std::vector<double> bucket = apps::generate_keys(o.seed + 2, 0, static_cast<long long>(bounds.back()));
    for (std::size_t q = 0; q + 1 < bounds.size(); ++q)
      std::sort(bucket.begin() + bounds[q], bucket.begin() + bounds[q + 1]);
    bsp_sync();
    work.time(0, [&] { std::sort(block.begin(), block.end()); });
    work.time(1, [&] { cut_at_pivots(samples, block, p); });
    work.time(2, [&] { merge_runs(bucket, bounds); });
  }
  return work.slowest_sum();
}

void spmd(const apps::Options& o, apps::SortRun& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  const int p = bsp_nprocs(), s = bsp_pid();
  const long long begin = apps::block_begin(o.n, p, s), m = apps::block_size(o.n, p, s);
  std::vector<double> block(static_cast<std::size_t>(m));
  std::vector<double> samples(static_cast<std::size_t>(p) * (p - 1) + 1);  // + 1: never empty
  std::vector<Segment> incoming(static_cast<std::size_t>(p));
  bsp_push_reg(block.data(), static_cast<int>(m * sizeof(double)));
  bsp_push_reg(samples.data(), static_cast<int>(samples.size() * sizeof(double)));
  bsp_push_reg(incoming.data(), static_cast<int>(p * sizeof(Segment)));
  bsp_sync();

  apps::SpmdTimer timer;
  double best = 1e300;
  std::vector<double> bucket;
  std::vector<std::size_t> bounds;
  for (int it = 0; it < o.iterations; ++it) {
    // Copied in place: the registered address must stay the same.
    const std::vector<double> input = apps::generate_keys(o.seed, begin, m);
    std::copy(input.begin(), input.end(), block.begin());
    timer.start();
    // Superstep 1: sort the block; keys at (i + 1) m / p, i < p - 1, to every process.
    std::sort(block.begin(), block.end());
    std::vector<double> regular;
    for (int i = 0; i + 1 < p; ++i) regular.push_back(block[(i + 1) * m / p]);
    for (int q = 0; q < p; ++q)
      if (p > 1)
        bsp_put(q, regular.data(), samples.data(), static_cast<int>(s * (p - 1) * sizeof(double)),
                static_cast<int>((p - 1) * sizeof(double)));
    bsp_sync();

    // Superstep 2: the pivots (cut_at_pivots). The segments they cut from the sorted block are
    // announced to their destinations.
    const std::vector<long long> cut = cut_at_pivots(samples, block, p);
    for (int q = 0; q < p; ++q) {
      const Segment seg{static_cast<std::uint64_t>(cut[q]),
                        static_cast<std::uint64_t>(cut[q + 1] - cut[q])};
      bsp_put(q, &seg, incoming.data(), static_cast<int>(s * sizeof(Segment)), sizeof(Segment));
    }
    bsp_sync();

    // Superstep 3: fetch the segments, in source order.
    bounds = {0};
    for (const Segment& seg : incoming) bounds.push_back(bounds.back() + seg.count);
    bucket.resize(bounds.back());
    for (int q = 0; q < p; ++q)
      if (incoming[q].count > 0)
        bsp_get(q, block.data(), static_cast<int>(incoming[q].offset * sizeof(double)),
                &bucket[bounds[q]], static_cast<int>(incoming[q].count * sizeof(double)));
    bsp_sync();

    merge_runs(bucket, bounds);
    best = std::min(best, timer.stop());
  }
  bsp_pop_reg(incoming.data());
  bsp_pop_reg(samples.data());
  bsp_pop_reg(block.data());
  out.verdict =
      apps::verify_distributed_sort(apps::summarize(apps::generate_keys(o.seed, begin, m)), bucket);
  out.best_s = best;
  out.work_s = local_work(o, bounds);
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  if (o.n < static_cast<long long>(o.p) * o.p)
    apps::bad_argument(kApp, "n = " + std::to_string(o.n) + " is smaller than p * p = " +
                                 std::to_string(static_cast<long long>(o.p) * o.p) +
                                 ": regular sampling needs p keys per process");
  return apps::run_sort_app(
      kApp, o, [&](apps::SortRun& out) { spmd(o, out); },
      [&](const apps::SortRun& run, const std::optional<apps::MachineParams>& params) {
        // Roda et al.'s (1999) M-steps in BSP terms. Local work: the sort's own phases timed
        // where they run (local_work: the block of n/p keys sorted, the p(p-1) samples sorted
        // and the block cut at the pivots, the p-way merge of the runs received; each phase the
        // slowest process's, so the largest bucket's).
        // Supersteps: samples (h = (p-1)^2 keys, bsp_put), sizes (h = p-1 segment
        // descriptors of 4 words, bsp_put), segments (h = n/p (1 - 1/p) keys, bsp_get), the
        // closing sync; a key is 2 words.
        const double p = o.p, np = static_cast<double>(o.n) / p;
        apps::CostPrediction cost;
        cost.compute_s = run.work_s;
        if (params) {
          cost.relation((p - 1) * (p - 1) * 2, params->g_put);
          cost.relation((p - 1) * 4, params->g_put);
          cost.relation(np * (1 - 1 / p) * 2, params->g_get);
          cost.messages(2 * (p - 1), params->o_put);  // one message per destination in each
          cost.messages(p - 1, params->o_get);
          cost.syncs(4, params->l);
        }
        return cost;
      });
}
