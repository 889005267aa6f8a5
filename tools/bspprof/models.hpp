// The three cost models held against a profile (Roda et al. 1999):
//   BSP    (formula 3)     T_s = W_s + g h_s + l, with W_s = max_i w_si and h_s = max_i h_si
//   BSPWB  (formula 5)     T_s = T_{s-1} + max_i w_si + max_i (g h_si + L)
//   MPM    (formulas 7-10) Phi_si = max_{j in Gamma_si} (Phi_{s-1,j} + w_sj) + g h'_si + L,
//                          h'_si = max_{j in Gamma_si} h_sj, Gamma_si = {i} and the
//                          processes that send to i in step s; the run takes max_j Phi_Rj
// where h_si = in_si @ out_si in words, @ being max or sum (formula 6).
// Where bspprobe measured a cost per message (o, per primitive), every g h
// above becomes g h + o m + o_small m_small: m_si = (sum over kinds of o_k record messages
// in) @ (the same out), and m_small likewise of the small ones (puts and hpputs of at most
// 16 bytes, which the library joins into records, charged o_small_k each), after Juurlink and
// Wijshoff ("A quantitative comparison of parallel computation models", 1998), who charge an
// h-relation of small packets more than one of large, and the Oxford toolset's n_half.
// A process's puts to itself are no part of h, but the sync copies them into place: each
// model charges them g_self a word (self_cost), a process's own copies beside its g h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "profile.hpp"

namespace bspprof {

enum class HOperator { kMax, kSum };
const char* name_of(HOperator op);

// Machine parameters, in seconds and seconds per word.
struct Params {
  double g = 0;  // per word
  double l = 0;  // BSP: the cost of a superstep's barrier
  double L = 0;  // BSPWB and MPM: the start-up of an h-relation
  HOperator op = HOperator::kMax;
  std::string source;  // where they come from, for the report
  // Lines the report prints before the parameters: which file was used and
  // why, a p taken from a neighbour, an oversubscribed measurement.
  std::vector<std::string> notes;
  // Seconds per message by kind (kKindNames: put, hpput, get, hpget, send);
  // all zero where the per-message cost was not measured.
  std::array<double, kKinds> o{};
  // Seconds per small message (a put or hpput of at most 16 bytes, joined into a record with
  // others) by kind; zero where not measured.
  std::array<double, kKinds> o_small{};
  // Seconds per small message apart (one that continued no run of puts, a record of its own,
  // as an FFT's scattered puts): from bspprobe's total exchange in 16-byte puts landing p
  // apart; o_small where that was not measured.
  std::array<double, kKinds> o_apart{};
  // Seconds per word a process puts to itself, which the sync copies into place: bspprobe's
  // g_local at p = 1, where every process puts to itself; 0 where it was not measured.
  double g_self = 0;
  // The machine bspprobe measured them on, in words ("AMD EPYC, host vm, 2
  // processors"); empty when they come from the command line.
  std::string machine = {};
};

// A process's h-relation in one superstep, in words.
double h_of(const ProcessStep& p, HOperator op);
// A process's message cost in one superstep, seconds: o_k times its record messages
// of each kind (those not small), in @ out.
double message_cost(const ProcessStep& p, const Params& params);
// Likewise o_small_k times its small messages of each kind in runs, and o_apart_k times
// those apart.
double small_message_cost(const ProcessStep& p, const Params& params);
// A process's copies to itself in one superstep, seconds: g_self times its self words.
double self_cost(const ProcessStep& p, const Params& params);
// What a process's communication costs beyond the start-up: g h + o m + o_small m_small +
// its self copies.
double comm_cost(const ProcessStep& p, const Params& params);

// Per superstep: what was measured, and what each model predicts.
struct StepPrediction {
  double measured = 0;  // from the latest end of the previous superstep to the latest end of this
  double W = 0;         // max w
  double mean_w = 0;
  double h = 0;               // max h, words
  double messages = 0;        // max messages (in @ out, all kinds), for the report
  double message_cost = 0;    // max over processes of o m, seconds (0 without parameters)
  double small_cost = 0;      // max over processes of o_small m_small, seconds (likewise)
  double small_messages = 0;  // max small messages (in @ out, all kinds), for the report
  double self_cost = 0;       // max over processes of g_self self words, seconds (likewise)
  double bsp = 0, bspwb = 0, mpm = 0;
};

struct Prediction {
  std::vector<StepPrediction> steps;
  double measured = 0, bsp = 0, bspwb = 0, mpm = 0;  // totals
};

// What a process's computation in one superstep holds of the team it ran there
// (bsp_team_begin): the time it measured in the team, and each model's prediction of the
// team's whole run (BSP, BSPWB, MPM), which the models charge in its place.
struct TeamShare {
  double measured = 0;
  std::array<double, 3> predicted{};
};
// By superstep, then process; empty where the machine ran no team.
using TeamShares = std::vector<std::vector<TeamShare>>;

// Measured times only (no parameters): predictions are left zero.
Prediction measure(const Profile& prof, HOperator op);
// With `teams`, a process's computation w_si in each model is its measured w_si less its time
// in a team, plus that model's prediction of the team: a team phase costs at least the
// slowest team.
Prediction predict(const Profile& prof, const Params& params, const TeamShares& teams = {});

// (predicted - measured) / measured, in percent; 0 when nothing was measured.
double error_percent(double predicted, double measured);

}  // namespace bspprof
