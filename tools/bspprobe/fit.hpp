// Fits of communication time against h.
//
// The BSP model says one superstep that realises an h-relation costs
// T(h) = g*h + l (Hill et al. 1998, section 5.1.1), so g is the slope and l the
// intercept of a straight line through measured (h, T) points. Roda et al. (1999)
// (formula 11) fits one line through the times averaged over several
// communication patterns and numbers of processes.
#pragma once

#include <string>
#include <vector>

#include "least_squares.hpp"

namespace bspprobe {

// Straight lines by least squares (tools/toolkit/least_squares.hpp): relative residuals,
// no negative slope or intercept, so that a line describes its points at every h.
using toolkit::fit_line_relative;
using toolkit::LineFit;

// The measured times of one communication pattern at one number of processes:
// point j realises an h[j]-relation in t[j] seconds.
struct PatternCurve {
  std::string pattern;  // "E", "PP", "OA", "AO", "AA"
  int p = 0;
  std::vector<double> h;
  std::vector<double> t;
};

// Roda et al. (1999), formula 11: T_avg(h) = sum over patterns rho of
// (sum over p in H_rho of T_{rho,p}(h) / |H_rho|) / |patterns|.
// All curves must have the same number of points; point j of every curve is
// taken to be "the same h". Message sizes are whole words, so the h a
// pattern actually realises can differ slightly between curves; the average h
// is formed with the same weights as the average time, which keeps the
// average exactly on the line when every curve is.
struct AveragedFit {
  std::vector<double> h;  // averaged h per point
  std::vector<double> t;  // averaged time per point
  LineFit line;           // slope = g, intercept = L
};

// Throws std::invalid_argument when there are no curves, curves differ in
// length, or a curve's h and t differ in length.
AveragedFit fit_formula11(const std::vector<PatternCurve>& curves);

}  // namespace bspprobe
