#include "sort_check.hpp"

#include <algorithm>
#include <cstring>

#include "random.hpp"
#include "spmd.hpp"

namespace apps {

KeySummary summarize(const std::vector<double>& keys) {
  KeySummary s;
  s.count = keys.size();
  for (double k : keys) {
    std::uint64_t bits;
    std::memcpy(&bits, &k, sizeof bits);
    s.checksum += mix64(bits);
  }
  return s;
}

std::vector<double> generate_keys(unsigned long long seed, long long begin, long long count) {
  std::vector<double> keys(static_cast<std::size_t>(count));
  for (long long i = 0; i < count; ++i)
    keys[static_cast<std::size_t>(i)] = random_unit(seed, static_cast<std::uint64_t>(begin + i));
  return keys;
}

namespace {

struct Part {
  KeySummary in, out;
  int sorted;  // this bucket is sorted
  double first, last;
};

}  // namespace

SortVerdict verify_distributed_sort(const KeySummary& input, const std::vector<double>& bucket) {
  Part mine{input, summarize(bucket), std::is_sorted(bucket.begin(), bucket.end()) ? 1 : 0,
            bucket.empty() ? 0.0 : bucket.front(), bucket.empty() ? 0.0 : bucket.back()};
  const std::vector<Part> parts = all_gather(mine);
  SortVerdict v;
  v.sorted = true;
  KeySummary in, out;
  bool seen = false;
  double previous_last = 0;
  for (const Part& part : parts) {
    in.count += part.in.count;
    in.checksum += part.in.checksum;
    out.count += part.out.count;
    out.checksum += part.out.checksum;
    v.max_bucket = std::max(v.max_bucket, part.out.count);
    if (!part.sorted) v.sorted = false;
    if (part.out.count == 0) continue;
    if (seen && part.first < previous_last) v.sorted = false;
    seen = true;
    previous_last = part.last;
  }
  v.count_in = in.count;
  v.count_out = out.count;
  v.permutation = in.count == out.count && in.checksum == out.checksum;
  const double average = static_cast<double>(in.count) / static_cast<double>(parts.size());
  v.imbalance = average > 0 ? static_cast<double>(v.max_bucket) / average : 1.0;
  return v;
}

void report_sort(Report& report, const SortVerdict& v, int p) {
  report.check("globally sorted (buckets sorted and in order)", v.sorted);
  report.check(
      format("a permutation of the input (%llu keys in, %llu out, checksums %s)",
             static_cast<unsigned long long>(v.count_in),
             static_cast<unsigned long long>(v.count_out), v.permutation ? "equal" : "differ"),
      v.permutation);
  report.note(format("buckets: largest %llu keys, %.3f times the average n/p over p = %d",
                     static_cast<unsigned long long>(v.max_bucket), v.imbalance, p));
}

}  // namespace apps
