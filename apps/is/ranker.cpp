#include "ranker.hpp"

#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <cstring>

namespace is {

namespace {

void add_ints(void* acc, const void* in, int count, void*) {
  int* a = static_cast<int*>(acc);
  const int* b = static_cast<const int*>(in);
  for (int i = 0; i < count; ++i) a[i] += b[i];
}

int bytes(long long ints) { return static_cast<int>(ints * static_cast<long long>(sizeof(int))); }

}  // namespace

Ranker::Ranker(const ProblemClass& c)
    : c_(c),
      p_(bsp_nprocs()),
      s_(bsp_pid()),
      n_((1LL << c.total_log2) / bsp_nprocs()),
      buckets_(1 << c.buckets_log2),
      shift_(c.max_key_log2 - c.buckets_log2),
      keys_(static_cast<std::size_t>(n_)),
      bucketed_(static_cast<std::size_t>(n_)),
      bucket_size_(static_cast<std::size_t>(buckets_ + kTestKeys)),
      totals_(bucket_size_.size()),
      first_(static_cast<std::size_t>(p_)),
      last_(first_.size()),
      send_count_(first_.size()),
      send_offset_(first_.size()),
      remote_offset_(first_.size()) {
  // Key i of the whole sequence is (max_key / 4) (r(4i+1) + .. + r(4i+4)): this process's
  // keys start 4 n s numbers into the sequence.
  apps::npb::Generator g(apps::npb::kStart);
  g.skip(4 * static_cast<std::uint64_t>(n_) * static_cast<std::uint64_t>(s_));
  const double k = static_cast<double>((1LL << c.max_key_log2) / 4);
  for (int& key : keys_) {
    double x = g.next();
    x += g.next();
    x += g.next();
    x += g.next();
    key = static_cast<int>(k * x);
  }
  for (long long g = 1; g <= 2 * kIterations; ++g)
    if (g >= n_ * s_ && g < n_ * (s_ + 1)) generated_.push_back(keys_[g - n_ * s_]);
  received_.resize(static_cast<std::size_t>(n_ + n_ / 2));
  bsp_push_reg(received_.data(), bytes(static_cast<long long>(received_.size())));
  bsp_sync();
}

void Ranker::restart() {
  std::size_t next = 0;
  for (long long g = 1; g <= 2 * kIterations; ++g)
    if (g >= n_ * s_ && g < n_ * (s_ + 1)) keys_[g - n_ * s_] = generated_[next++];
}

void Ranker::release() {
  bsp_pop_reg(received_.data());
  bsp_sync();
}

void Ranker::rank(int iteration) {
  double t = bsp_time();
  bucket_keys(iteration);
  work_s_ += bsp_time() - t;
  bsp_allreduce(bucket_size_.data(), totals_.data(), buckets_ + kTestKeys, sizeof(int), add_ints,
                nullptr);
  tally_.reduction(static_cast<double>(bytes(buckets_ + kTestKeys)));
  t = bsp_time();
  assign_buckets();
  work_s_ += bsp_time() - t;
  exchange();
  t = bsp_time();
  count_and_check(iteration);
  work_s_ += bsp_time() - t;
}

// NPB's changes of two keys per iteration, the test keys' values into the slots after the
// buckets, the bucket sizes, and the keys grouped by bucket.
void Ranker::bucket_keys(int iteration) {
  const long long begin = n_ * s_;
  const auto set = [&](long long global, int value) {
    if (global >= begin && global < begin + n_) keys_[global - begin] = value;
  };
  set(iteration, iteration);
  set(iteration + kIterations, (1 << c_.max_key_log2) - iteration);
  std::fill(bucket_size_.begin(), bucket_size_.end(), 0);
  for (int i = 0; i < kTestKeys; ++i)
    if (c_.test_index[i] >= begin && c_.test_index[i] < begin + n_)
      bucket_size_[buckets_ + i] = keys_[c_.test_index[i] - begin];
  // Locals, not members, in the loops: a store through an int* could otherwise change shift_.
  const int shift = shift_;
  int* sizes = bucket_size_.data();
  for (int key : keys_) ++sizes[key >> shift];
  std::vector<long long> fill(static_cast<std::size_t>(buckets_), 0);
  for (int b = 1; b < buckets_; ++b) fill[b] = fill[b - 1] + sizes[b - 1];
  int* out = bucketed_.data();
  long long* next = fill.data();
  for (int key : keys_) out[next[key >> shift]++] = key;
}

// Whole buckets to processes: process j takes the buckets up to the one at which the running
// total first reaches (j + 1) n; processes left over (possible when p nears the number of
// buckets) take none. Every process computes the same assignment from the same totals.
void Ranker::assign_buckets() {
  long long running = 0, mine = 0;
  int j = 0, next_first = 0;
  for (int b = 0; b < buckets_ && j < p_; ++b) {
    running += totals_[b];
    mine += bucket_size_[b];
    if (running >= (j + 1) * n_) {
      send_count_[j] = static_cast<int>(mine);
      first_[j] = next_first;
      last_[j] = b;
      next_first = b + 1;
      mine = 0;
      ++j;
    }
  }
  for (; j < p_; ++j) {
    send_count_[j] = 0;
    first_[j] = buckets_;
    last_[j] = buckets_ - 1;
  }
  for (int q = 0; q < p_; ++q)
    send_offset_[q] = q == 0 ? 0 : send_offset_[q - 1] + send_count_[q - 1];
}

// The keys to their processes: the scan gives each sender its place in each receiver's buffer,
// then one superstep of bsp_hpput (the source stays untouched until the next iteration).
void Ranker::exchange() {
  bsp_scan_exclusive(send_count_.data(), remote_offset_.data(), p_, sizeof(int), add_ints,
                     nullptr);
  tally_.reduction(static_cast<double>(bytes(p_)));
  if (s_ == 0) std::fill(remote_offset_.begin(), remote_offset_.end(), 0);
  long long most = 0;
  for (int q = 0; q < p_; ++q) {
    long long keys = 0;
    for (int b = first_[q]; b <= last_[q]; ++b) keys += totals_[b];
    if (q == s_) local_total_ = keys;
    most = std::max(most, keys);
  }
  if (most > static_cast<long long>(received_.size())) grow_receive_buffer(most);
  for (int q = 0; q < p_; ++q)
    if (send_count_[q] > 0)
      bsp_hpput(q, &bucketed_[send_offset_[q]], received_.data(), bytes(remote_offset_[q]),
                bytes(send_count_[q]));
  bsp_sync();
  tally_.supersteps += 1;
  const long long kept = send_count_[s_];
  tally_.put_words += static_cast<double>(std::max(n_ - kept, local_total_ - kept));
}

// Every process takes the same decision (from the same totals): one superstep that moves the
// registration to a larger buffer.
void Ranker::grow_receive_buffer(long long keys) {
  std::vector<int> larger(static_cast<std::size_t>(keys));
  bsp_pop_reg(received_.data());
  bsp_push_reg(larger.data(), bytes(keys));
  bsp_sync();
  tally_.supersteps += 1;
  received_.swap(larger);
}

// Counting ranks: counts_[k - min] ends as the number of this process's keys <= k; a key's
// global rank (keys smaller than it) adds the keys of the buckets before this process's.
void Ranker::count_and_check(int iteration) {
  const int first = first_[s_], last = last_[s_];
  const long long min_key = static_cast<long long>(first) << shift_;
  const long long range = first > last ? 0 : static_cast<long long>(last - first + 1) << shift_;
  counts_.assign(static_cast<std::size_t>(range), 0);
  int* counts = counts_.data();
  const int* keys = received_.data();
  for (long long i = 0, total = local_total_; i < total; ++i) ++counts[keys[i] - min_key];
  for (long long k = 1; k < range; ++k) counts[k] += counts[k - 1];
  long long lesser = 0;
  for (int b = 0; b < first && b < buckets_; ++b) lesser += totals_[b];
  for (int i = 0; i < kTestKeys; ++i) {
    const long long k = totals_[buckets_ + i];
    if (k < min_key || k >= min_key + range) continue;
    const long long rank = (k > min_key ? counts_[k - 1 - min_key] : 0) + lesser;
    if (rank == expected_rank(c_, i, iteration)) ++passes_;
  }
}

bool Ranker::full_verify() {
  const long long min_key = static_cast<long long>(first_[s_]) << shift_;
  std::vector<int> sorted(static_cast<std::size_t>(local_total_));
  for (long long i = 0; i < local_total_; ++i) {
    const int key = received_[i];
    sorted[--counts_[key - min_key]] = key;
  }
  bool ok = std::is_sorted(sorted.begin(), sorted.end());
  struct Ends {
    int has_keys, first, last;
  } mine{local_total_ > 0, local_total_ > 0 ? sorted.front() : 0,
         local_total_ > 0 ? sorted.back() : 0};
  std::vector<Ends> all(static_cast<std::size_t>(p_));
  bsp_allgather(&mine, all.data(), sizeof(Ends));
  long long previous = -1;
  for (const Ends& e : all) {
    if (!e.has_keys) continue;
    ok = ok && e.first >= previous;
    previous = e.last;
  }
  // The same keys as generated: their number and their sum (below 2^50: exact in a double).
  double sent = 0, arrived = 0;
  for (int key : keys_) sent += key;
  for (int key : sorted) arrived += key;
  const bool all_arrived =
      bsp_sumD(static_cast<double>(local_total_)) == static_cast<double>(1LL << c_.total_log2) &&
      bsp_sumD(sent) == bsp_sumD(arrived);
  return bsp_all(ok) && all_arrived;
}

}  // namespace is
