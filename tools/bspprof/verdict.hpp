// Why a superstep's prediction is off: the BSP model's terms for one
// superstep, and which of them dominates where the prediction misses the
// measured time by more than the tolerance.
#pragma once

#include <array>
#include <string>

#include "models.hpp"

namespace bspprof {

// The terms of the BSP prediction W + g h + o m + o_small m_small + l, with W split into the
// mean computation and the imbalance above it, and the measured time the
// model does not explain (waiting beyond the model; zero when the model
// predicts more than was measured).
enum class Term { kWork, kImbalance, kWords, kMessages, kSmallMessages, kLatency, kBeyond };
constexpr int kTerms = 7;
// "work", "imbalance", "h*g", "messages*o", "small messages*o_small", "l",
// "waiting beyond the model"
const char* name_of(Term term);

// Predictions off by more than this fraction of the measured time are marked.
constexpr double kTolerance = 0.10;

struct StepVerdict {
  std::array<double, kTerms> seconds{};  // by Term
  double error = 0;                      // (predicted - measured) / measured, percent
  bool off = false;                      // |error| > kTolerance
  Term dominant = Term::kWork;           // the largest of the terms
  double share = 0;                      // the dominant term / the larger of predicted, measured
};

StepVerdict judge_step(const StepPrediction& sp, const Params& params);

// "l 64%": the dominant term and its share of the superstep, for a table cell;
// where the model falls short of the measured time and another term
// dominates, the share beyond the model follows ("work 83%, waiting beyond
// the model 16%").
std::string describe(const StepVerdict& v);

}  // namespace bspprof
