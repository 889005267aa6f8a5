// sample_sort: randomised sample sort (the BSPlib paper of Hill et al. 1998, section 5.3).
//
// Every process picks r random keys of its block (r: the oversampling ratio) and puts them to
// every process; each sorts the p r samples and takes the keys of ranks r, 2r, .., (p-1)r as
// splitters (redundantly, which saves the superstep a broadcast would cost). Keys go to their
// buckets with BSMP, as in the paper's code; each process then sorts its bucket.
// The paper sends one message per key; here each process packs a bucket's keys into one
// message per destination, the same h-relation with far fewer message headers.
#include <bsp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "local_work.hpp"
#include "machine_params.hpp"
#include "options.hpp"
#include "random.hpp"
#include "sort_app.hpp"
#include "sort_check.hpp"
#include "spmd.hpp"

namespace {

const apps::AppInfo kApp = {
    "sample_sort",
    "Randomised sample sort of n doubles (Hill et al. 1998): random splitters from\n"
    "an oversampled sample, buckets distributed with bsp_send, local std::sort. Compared\n"
    "with std::sort on one process.",
    "number of keys",
    1 << 20,
    3,
    {{"oversampling", "oversampling ratio r: samples per process", 100}},
    "n must be at least p. Checks: globally sorted, a permutation of the input (count and\n"
    "checksum); the largest bucket over n/p is reported."};

// Splitters: ranks r, 2r, .., (p-1)r of the sample, which this sorts.
std::vector<double> choose_splitters(std::vector<double>& sample, int p, int r) {
  std::sort(sample.begin(), sample.end());
  std::vector<double> splitters;
  for (int k = 1; k < p; ++k) splitters.push_back(sample[static_cast<std::size_t>(k) * r - 1]);
  return splitters;
}

// The keys packed by bucket: bucket q is packed[start[q] .. start[q + 1]).
struct Buckets {
  std::vector<double> packed;
  std::vector<long long> start;
};

// Each key's bucket by binary search among the splitters, then the keys packed by bucket.
Buckets bucket_keys(const std::vector<double>& keys, const std::vector<double>& splitters, int p) {
  std::vector<int> dest(keys.size());
  Buckets b{std::vector<double>(keys.size()), std::vector<long long>(static_cast<std::size_t>(p) + 1, 0)};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    dest[i] = static_cast<int>(std::upper_bound(splitters.begin(), splitters.end(), keys[i]) -
                               splitters.begin());
    ++b.start[dest[i] + 1];
  }
  for (int q = 0; q < p; ++q) b.start[q + 1] += b.start[q];
  std::vector<long long> fill(b.start.begin(), b.start.end() - 1);
  for (std::size_t i = 0; i < keys.size(); ++i) b.packed[fill[dest[i]]++] = keys[i];
  return b;
}

// The local phases of one sort, the parallel program's own kernels re-run on this process
// (untimed, after the run; apps::LocalWork): sorting p r sample keys for the splitters,
// bucketing this block by the run's splitters, and copying a bucket of the size this process
// received out of its messages and sorting it. Returns the work, on every process.
double local_work(const apps::Options& o, int r, const std::vector<double>& splitters,
                  std::size_t received) {
  const int p = bsp_nprocs(), s = bsp_pid();
  apps::LocalWork work(3);
  std::vector<double> bucket(received);
  for (int it = 0; it < o.iterations; ++it) {
    std::vector<double> sample = apps::generate_keys(o.seed + 1, 0, static_cast<long long>(p) * r);
    const std::vector<double> keys = apps::generate_keys(
        o.seed, apps::block_begin(o.n, p, s), apps::block_size(o.n, p, s));
    const std::vector<double> arrived =
        apps::generate_keys(o.seed + 2, 0, static_cast<long long>(received));
    bsp_sync();
    work.time(0, [&] { choose_splitters(sample, p, r); });
    work.time(1, [&] { bucket_keys(keys, splitters, p); });
    work.time(2, [&] {
      std::copy(arrived.begin(), arrived.end(), bucket.begin());
      std::sort(bucket.begin(), bucket.end());
    });
  }
  return work.slowest_sum();
}

void spmd(const apps::Options& o, int r, apps::SortRun& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  const int p = bsp_nprocs(), s = bsp_pid();
  const long long begin = apps::block_begin(o.n, p, s), count = apps::block_size(o.n, p, s);
  std::vector<double> sample(static_cast<std::size_t>(p) * r);
  bsp_push_reg(sample.data(), static_cast<int>(sample.size() * sizeof(double)));
  bsp_sync();

  apps::SpmdTimer timer;
  double best = 1e300;
  std::vector<double> keys, bucket, splitters;
  for (int it = 0; it < o.iterations; ++it) {
    keys = apps::generate_keys(o.seed, begin, count);
    timer.start();
    // Superstep 1: r random keys of this block to every process.
    std::vector<double> mine(static_cast<std::size_t>(r));
    for (int i = 0; i < r; ++i)
      mine[i] = keys[apps::random_bits(o.seed, static_cast<std::uint64_t>(i), 1000 + s + it) %
                     static_cast<std::uint64_t>(count)];
    for (int q = 0; q < p; ++q)
      bsp_put(q, mine.data(), sample.data(), static_cast<int>(s * r * sizeof(double)),
              static_cast<int>(r * sizeof(double)));
    bsp_sync();

    // Superstep 2: each key to its bucket, one packed message per destination.
    splitters = choose_splitters(sample, p, r);
    const Buckets b = bucket_keys(keys, splitters, p);
    for (int q = 0; q < p; ++q)
      if (b.start[q + 1] > b.start[q])
        bsp_send(q, nullptr, &b.packed[b.start[q]],
                 static_cast<int>((b.start[q + 1] - b.start[q]) * sizeof(double)));
    bsp_sync();

    // The bucket: every message's keys, then a local sort.
    int messages = 0, bytes = 0;
    bsp_qsize(&messages, &bytes);
    bucket.resize(static_cast<std::size_t>(bytes) / sizeof(double));
    std::size_t at = 0;
    void *tag, *payload;
    for (int length; (length = bsp_hpmove(&tag, &payload)) >= 0; at += length / sizeof(double))
      std::memcpy(&bucket[at], payload, static_cast<std::size_t>(length));
    std::sort(bucket.begin(), bucket.end());
    best = std::min(best, timer.stop());
  }
  bsp_pop_reg(sample.data());
  out.verdict = apps::verify_distributed_sort(apps::summarize(keys), bucket);
  out.best_s = best;
  out.work_s = local_work(o, r, splitters, bucket.size());
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  const double r = o.extra("oversampling");
  if (r < 1 || r > 1e6 || r != std::floor(r))
    apps::bad_argument(kApp, "the oversampling ratio must be a whole number from 1 to 10^6");
  if (o.n < o.p)
    apps::bad_argument(kApp, "n = " + std::to_string(o.n) + " is smaller than p = " +
                                 std::to_string(o.p) + ": every process needs a key");
  return apps::run_sort_app(
      kApp, o, [&](apps::SortRun& out) { spmd(o, static_cast<int>(r), out); },
      [&](const apps::SortRun& run, const std::optional<apps::MachineParams>& params) {
        // Local work: the sort's own phases timed where they run (local_work: the p r samples
        // sorted, n/p keys bucketed by the splitters, the received bucket copied and sorted;
        // each phase the slowest process's, so the largest bucket's). Supersteps: the samples
        // (h = (p-1) r keys by bsp_put), the buckets (h = n/p (1 - 1/p) keys by bsp_send; a key
        // is two words), and the closing sync of the timed region.
        const double p = o.p, np = static_cast<double>(o.n) / p;
        apps::CostPrediction cost;
        cost.compute_s = run.work_s;
        if (params) {
          cost.relation((p - 1) * r * 2, params->g_put);
          cost.relation(np * (1 - 1 / p) * 2, params->g_send);
          cost.messages(p - 1, params->o_put);  // one message per destination in each
          cost.messages(p - 1, params->o_send);
          cost.syncs(3, params->l);
        }
        return cost;
      });
}
