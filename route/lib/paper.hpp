// The numbers Juurlink and Wijshoff publish in "Experiences with a model for parallel computation"
// (PODC 1993), for printing beside what bsproute computes. Nothing here is used to compute a
// simulated result.
#pragma once

#include <array>

namespace bsproute::paper {

// Section 2.1: r(n,h) = 1.22h + 1.6n routing steps, d(n,h) = (1.1 + 0.7n)h
// packets through the busiest node.
constexpr double kStepsPerH = 1.22;
constexpr double kStepsPerN = 1.6;
constexpr double kBusiestPerH = 1.1;
constexpr double kBusiestPerNH = 0.7;

// Section 2.2-2.3: the transputer system.
constexpr double kLinkBytesPerMicrosecond = 0.625;  // B = 0.625 Mbyte/s
constexpr double kRoutingDelayMicroseconds = 14.5;  // t_d
constexpr std::array<int, 4> kPacketBytes{8, 16, 32, 64};

// T(n,m,h) = a h + b microseconds: the paper's prediction and its
// least-squares fit to the measured completion times (section 2.3).
struct TimeFit {
  int n;
  int m;
  double a;
  double b;
};
constexpr std::array<TimeFit, 8> kPredicted{{{2, 8, 51.9, 41},
                                             {2, 16, 67.5, 82},
                                             {2, 32, 98.8, 164},
                                             {2, 64, 161.2, 328},
                                             {3, 8, 62.0, 61},
                                             {3, 16, 77.6, 123},
                                             {3, 32, 108.9, 246},
                                             {3, 64, 171.3, 492}}};
constexpr std::array<TimeFit, 8> kMeasured{{{2, 8, 42.2, 183},
                                            {2, 16, 55.8, 227},
                                            {2, 32, 88.7, 348},
                                            {2, 64, 149.0, 534},
                                            {3, 8, 53.4, 255},
                                            {3, 16, 83.1, 372},
                                            {3, 32, 102.5, 506},
                                            {3, 64, 157.3, 747}}};

// Section 3: 32% of a superstep's L instructions transfer data, 75% of those
// are loads (two packets each), the rest stores (one packet); L = 20 and
// t_d = t_m for Figures 4 and 5.
constexpr double kDataTransferFraction = 0.32;
constexpr double kLoadFraction = 0.75;
constexpr double kFigureL = 20;

}  // namespace bsproute::paper
