#include "plan.hpp"

namespace bspprobe {

Plan make_plan(bool quick, long max_words) {
  Plan plan;
  const long factor = quick ? 4 : 2;
  for (long h = 16; h < max_words; h *= factor) plan.h_grid.push_back(h);
  plan.h_grid.push_back(max_words);
  plan.samples = quick ? 5 : 11;
  plan.supersteps_per_sample = quick ? 3 : 5;
  plan.sync_samples = quick ? 15 : 41;
  plan.syncs_per_sample = quick ? 20 : 50;
  plan.warmup_syncs = quick ? 20 : 100;
  plan.s_repetitions = quick ? 3 : 7;
  plan.inner_product_length = quick ? (1L << 22) : (1L << 23);  // 16 or 32 MiB per vector
  plan.matrix_order = 64;                                       // 3 x 16 KiB: fits L1/L2
  plan.memcpy_bytes = quick ? (64L << 20) : (128L << 20);
  plan.barrier_rounds = quick ? 2000 : 10000;
  // 64 KiB: in cache, and up to 8192 messages of 8 bytes at p = 2, enough
  // for their cost to stand well above the noise of a superstep.
  plan.split_h = max_words < 16384 ? max_words : 16384;
  plan.split_factor = quick ? 8 : 4;
  return plan;
}

std::vector<long> piece_counts(long m, long factor) {
  std::vector<long> counts;
  const long finest = m / 2;
  for (long k = factor; k < finest; k *= factor) counts.push_back(k);
  if (finest >= 2) counts.push_back(finest);
  return counts;
}

}  // namespace bspprobe
