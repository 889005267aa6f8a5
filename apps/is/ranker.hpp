// One process's part of NPB IS: its block of the generated keys and one ranking iteration.
//
// An iteration: the keys are counted into 2^b buckets by their top bits and grouped by bucket
// (local); a level-1 reduction (bsp_allreduce) sums the bucket sizes, and with them the values
// of the five test keys, which only their owners contribute; every process then assigns whole
// buckets to processes as NPB does (bucket totals accumulated until they pass (j+1) n/p keys go
// to process j); an exclusive scan (bsp_scan_exclusive) of the counts each process sends to each
// destination gives every sender its offset in the receiver's buffer, and one superstep of
// bsp_hpput moves the keys. Each process then ranks its keys by counting (the keys index their
// own counters) and checks the ranks of the test keys it holds.
#pragma once

#include <vector>

#include "is_class.hpp"
#include "npb_common.hpp"

namespace is {

class Ranker {
 public:
  // Called by every process after bsp_begin: generates this process's keys and registers the
  // receive buffer (one superstep).
  explicit Ranker(const ProblemClass& c);
  // One iteration (1 .. kIterations) of NPB's rank(); counts the test keys ranked right.
  void rank(int iteration);
  // Gives the keys the iterations change (global indices 1 .. 2 kIterations) their generated
  // values back, so that the ten iterations can run again from the same state.
  void restart();
  // After the last iteration: sorts the received keys by their ranks and checks, across all
  // processes, that the whole sequence is in order and holds the keys generated (their number
  // and sum) (collective).
  bool full_verify();
  // Pops the registration (collective; one superstep).
  void release();

  int partial_passes() const { return passes_; }
  double work_s() const { return work_s_; }
  const apps::npb::CommTally& tally() const { return tally_; }

 private:
  void bucket_keys(int iteration);
  void assign_buckets();
  void exchange();
  void count_and_check(int iteration);
  void grow_receive_buffer(long long keys);

  const ProblemClass& c_;
  int p_, s_;
  long long n_;  // keys per process
  int buckets_, shift_;
  std::vector<int> keys_, bucketed_, received_, counts_;
  std::vector<int> generated_;  // the generated values of keys 1 .. 2 kIterations, where mine
  std::vector<int> bucket_size_, totals_;  // buckets, then the five test key values
  std::vector<int> first_, last_;          // the buckets of each process (first > last: none)
  std::vector<int> send_count_, send_offset_, remote_offset_;
  long long local_total_ = 0;  // keys this process ranks
  int passes_ = 0;
  double work_s_ = 0;
  apps::npb::CommTally tally_;
};

}  // namespace is
