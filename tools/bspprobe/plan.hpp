// How much bspprobe measures: the h-relation sizes and the repetitions.
#pragma once

#include <vector>

namespace bspprobe {

struct Plan {
  std::vector<long> h_grid;       // nominal h-relation sizes in words, ascending
  int samples = 0;                // timed samples per (pattern, h)
  int supersteps_per_sample = 0;  // supersteps averaged within one sample
  int sync_samples = 0;           // samples of the empty-superstep cost l
  int syncs_per_sample = 0;
  int warmup_syncs = 0;           // before and after the l sample (a "mid-stream sample")
  int s_repetitions = 0;          // repetitions of each computing-rate kernel
  long inner_product_length = 0;  // floats per vector; out of cache
  int matrix_order = 0;           // n of the n x n float matrix multiply; in cache
  long memcpy_bytes = 0;          // out-of-cache copy for the memcpy floor
  int barrier_rounds = 0;         // per sample of the two-process barrier floor
  // The per-message cost: at h = split_h every message of the Table 1
  // patterns is cut into pieces, 1, split_factor, split_factor^2, ... pieces
  // and finally pieces of 2 words (8 bytes), so that the number of messages
  // varies at equal h.
  long split_h = 0;
  long split_factor = 0;
};

// The grid runs from 16 words up to max_words, by factors of 4 (quick) or 2
// (full), and always ends at max_words. split_h is at most max_words.
Plan make_plan(bool quick, long max_words);

// The numbers of pieces a message of m words is cut into for the per-message
// series: factor, factor^2, ... while a piece keeps at least 2 words, then
// m / 2 (pieces of 2 words); empty when m < 4.
std::vector<long> piece_counts(long m, long factor);

}  // namespace bspprobe
