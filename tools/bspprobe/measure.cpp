#include "measure.hpp"

#include <bsp.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "pattern_table.hpp"

namespace bspprobe {

namespace {

// Source and destination of every pattern; both registered, since bsp_get
// reads from the source remotely. Sized once: registered memory must not move.
struct Buffers {
  std::vector<float> src;
  std::vector<float> dst;
  std::vector<double> issuing;  // on process 0: each process's issuing in the last sample
};

void progress_line(bool progress, const char* what) {
  if (progress && bsp_pid() == 0) {
    std::fprintf(stderr, "bspprobe: p=%d: %s (%.1f s)\n", bsp_nprocs(), what, bsp_time());
    std::fflush(stderr);
  }
}

// The messages this process issues in one superstep of the pattern: the
// sender issues puts and sends, the receiver issues gets.
std::vector<Transfer> issued_here(const Pattern& pattern) {
  std::vector<Transfer> mine;
  const int me = bsp_pid();
  for (const Transfer& t : pattern_transfers(pattern, bsp_nprocs())) {
    const int issuer = pattern.primitive == Primitive::kGet ? t.to : t.from;
    if (issuer == me) mine.push_back(t);
  }
  return mine;
}

// Every message carries its own stretch of the source, as in a real exchange:
// sending one cached block to every destination would flatter the figures.
// A message of m words goes as `pieces` messages that together carry it.
void issue(const Pattern& pattern, const std::vector<Transfer>& mine, long m, long pieces,
           Buffers& b) {
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const Transfer& t = mine[i];
    // Every piece but the last has m / pieces words; the last takes the rest. No division
    // in the loop: its time counts as issuing the messages. A scattered pattern's pieces
    // are its own size, each landing p pieces after the last.
    const long scattered_words = pattern.scattered_bytes / static_cast<long>(sizeof(float));
    if (scattered_words > 0) pieces = m / scattered_words;
    const long each = m / pieces;
    const int p = bsp_nprocs();
    for (long k = 0, first = 0; k < pieces; ++k, first += each) {
      const long words = k + 1 < pieces ? each : m - first;
      const int bytes = static_cast<int>(words * static_cast<long>(sizeof(float)));
      const long src_word = static_cast<long>(i) * m + first;
      const long dst_word =
          scattered_words > 0 ? landing_word(pattern, p, m, t.slot, k, each) : t.slot * m + first;
      const int dst_offset = static_cast<int>(dst_word * static_cast<long>(sizeof(float)));
      switch (pattern.primitive) {
        case Primitive::kHpput:
          bsp_hpput(t.to, b.src.data() + src_word, b.dst.data(), dst_offset, bytes);
          break;
        case Primitive::kPut:
          bsp_put(t.to, b.src.data() + src_word, b.dst.data(), dst_offset, bytes);
          break;
        case Primitive::kGet:
          // The source's stretch for this receiver: slots differ per receiver.
          bsp_get(t.from, b.src.data(), dst_offset, b.dst.data() + dst_word, bytes);
          break;
        case Primitive::kSend:
          bsp_send(t.to, nullptr, b.src.data() + src_word, bytes);
          break;
      }
    }
  }
}

// Receives what bsp_send delivered, one copy per message, as a program would.
void drain_messages(Buffers& b) {
  int messages = 0, bytes = 0;
  bsp_qsize(&messages, &bytes);
  char* dst = reinterpret_cast<char*>(b.dst.data());
  char tag = 0;
  for (int i = 0; i < messages; ++i) {
    int length = 0;
    bsp_get_tag(&length, &tag);
    bsp_move(dst, length);
    dst += length;
  }
}

// Seconds per superstep, averaged over supersteps_per_sample back-to-back
// supersteps that each realise the pattern once. Timed on process 0: every
// superstep ends with a barrier, so its clock spans the slowest process.
// Also the seconds of those supersteps spent issuing the messages, before
// bsp_sync (a profile counts that time as computation).
struct Sample {
  double superstep = 0;
  double issuing = 0;
};

Sample time_sample(const Pattern& pattern, const std::vector<Transfer>& mine, long m, long pieces,
                   int supersteps, Buffers& b) {
  bsp_sync();
  double issuing = 0;
  const double t0 = bsp_time();
  for (int r = 0; r < supersteps; ++r) {
    const double issue_start = bsp_time();
    issue(pattern, mine, m, pieces, b);
    issuing += bsp_time() - issue_start;
    bsp_sync();
    if (pattern.primitive == Primitive::kSend) drain_messages(b);
  }
  return {(bsp_time() - t0) / supersteps, issuing / supersteps};
}

// The longest time any process spent issuing in a sample, on process 0 (one superstep more,
// after the timed ones). A profile's W is the largest w, so what the sync spends is what the
// superstep takes beyond the slowest issuer: a process held up while issuing (another program
// on its processor) makes the others wait in the sync, which is the models' imbalance, not o.
double slowest_issuing(double mine, Buffers& b) {
  bsp_put(0, &mine, b.issuing.data(), static_cast<int>(bsp_pid() * sizeof(double)), sizeof(double));
  bsp_sync();
  double most = 0;
  for (double v : b.issuing) most = std::max(most, v);
  return most;
}

// One (pattern, h, pieces) point: the messages and the samples gathered so far.
struct Point {
  const Pattern* pattern;
  long nominal_h;
  long m;
  long pieces;  // messages per transfer: 1 on the h grid, more at split_h
  std::vector<Transfer> mine;
  std::vector<double> samples;
  std::vector<double> issue_samples;  // the part of each sample spent issuing
};

std::vector<Point> plan_points(const Plan& plan) {
  const int p = bsp_nprocs();
  std::vector<Point> points;
  for (const Pattern& pattern : all_patterns()) {
    if (p < pattern.min_p) continue;
    const std::vector<Transfer> mine = issued_here(pattern);
    for (const long h : plan.h_grid)
      points.push_back({&pattern, h, words_per_message(pattern, p, h), 1, mine, {}, {}});
    if (is_formula4_pattern(pattern) || pattern.scattered_bytes > 0) continue;
    const long m = words_per_message(pattern, p, plan.split_h);
    for (const long pieces : piece_counts(m, plan.split_factor))
      points.push_back({&pattern, plan.split_h, m, pieces, mine, {}, {}});
  }
  return points;
}

// l: seconds per empty superstep over samples of back-to-back syncs.
void sample_empty_supersteps(int samples, const Plan& plan, std::vector<double>& out) {
  for (int s = 0; s < samples; ++s) {
    const double t0 = bsp_time();
    for (int i = 0; i < plan.syncs_per_sample; ++i) bsp_sync();
    out.push_back((bsp_time() - t0) / plan.syncs_per_sample);
  }
}

Json series_json(const std::vector<Point>& points) {
  const int p = bsp_nprocs();
  Json series = Json::array();
  for (std::size_t i = 0; i < points.size();) {
    const Pattern& pattern = *points[i].pattern;
    const std::vector<Transfer> all = pattern_transfers(pattern, p);
    Json list = Json::array();
    for (; i < points.size() && points[i].pattern == &pattern; ++i) {
      Json point = Json::object();
      point["h_nominal"] = points[i].nominal_h;
      point["h"] = h_relation(all, p, points[i].m, pattern.h_operator);
      point["m"] = points[i].m;
      point["pieces"] = points[i].pieces;
      // Messages under the same operator as h: a message counts as one word.
      const long pieces = pattern.scattered_bytes > 0
                              ? points[i].m * static_cast<long>(sizeof(float)) / pattern.scattered_bytes
                              : points[i].pieces;
      point["messages"] = h_relation(all, p, pieces, pattern.h_operator);
      point["samples"] = Json(points[i].samples);
      point["issue_samples"] = Json(points[i].issue_samples);
      list.push_back(std::move(point));
    }
    Json entry = Json::object();
    entry["name"] = pattern.name;
    entry["points"] = std::move(list);
    series.push_back(std::move(entry));
  }
  return series;
}

}  // namespace

Json measure_supersteps(const Plan& plan, bool progress) {
  const int p = bsp_nprocs();
  Buffers b;
  // Every pattern sends and receives at most h words in all (formula 4), plus
  // rounding slack when h is smaller than the number of messages.
  const long words = plan.h_grid.back() + 2L * p;
  b.src.assign(static_cast<std::size_t>(words), static_cast<float>(bsp_pid()));
  // A scattered pattern's pieces land p apart: its receiver needs up to twice as much.
  long dst_words = words;
  for (const Pattern& pattern : all_patterns())
    if (p >= pattern.min_p)
      dst_words = std::max(dst_words, receive_words(pattern, p,
                                                    words_per_message(pattern, p,
                                                                      plan.h_grid.back())) +
                                          2L * p);
  b.dst.assign(static_cast<std::size_t>(dst_words), 0.0f);
  bsp_push_reg(b.src.data(), static_cast<int>(words * sizeof(float)));
  bsp_push_reg(b.dst.data(), static_cast<int>(dst_words * sizeof(float)));
  b.issuing.assign(static_cast<std::size_t>(p), 0.0);
  bsp_push_reg(b.issuing.data(), static_cast<int>(p * sizeof(double)));
  bsp_sync();

  // Warm-up: first touch of every buffer and the runtime's own growth, then a
  // stretch of syncs so that l is sampled mid-stream.
  std::vector<Point> points = plan_points(plan);
  progress_line(progress, "warming up");
  for (const Point& point : points) {
    if (point.nominal_h == plan.h_grid.back())
      time_sample(*point.pattern, point.mine, point.m, point.pieces, 1, b);
  }
  for (int i = 0; i < plan.warmup_syncs; ++i) bsp_sync();

  // Rounds: every round takes one sample of every point and a share of the l
  // samples, so a change in the machine's load during the run affects every
  // pattern alike instead of whichever happened to be measured then.
  std::vector<double> l_samples;
  const int l_per_round = (plan.sync_samples + plan.samples - 1) / plan.samples;
  for (int round = 0; round < plan.samples; ++round) {
    if (progress) {
      char what[64];
      std::snprintf(what, sizeof what, "round %d of %d", round + 1, plan.samples);
      progress_line(progress, what);
    }
    sample_empty_supersteps(l_per_round, plan, l_samples);
    for (Point& point : points) {
      const Sample sample = time_sample(*point.pattern, point.mine, point.m, point.pieces,
                                        plan.supersteps_per_sample, b);
      point.samples.push_back(sample.superstep);
      point.issue_samples.push_back(slowest_issuing(sample.issuing, b));
    }
  }
  for (int i = 0; i < plan.warmup_syncs; ++i) bsp_sync();
  Json series = series_json(points);

  bsp_pop_reg(b.issuing.data());
  bsp_pop_reg(b.dst.data());
  bsp_pop_reg(b.src.data());
  bsp_sync();

  if (bsp_pid() != 0) return Json();
  Json raw = Json::object();
  raw["p"] = p;
  raw["l_samples"] = Json(l_samples);
  raw["series"] = std::move(series);
  return raw;
}

}  // namespace bspprobe
