#include "models.hpp"

#include <algorithm>

namespace bspprof {

const char* name_of(HOperator op) { return op == HOperator::kMax ? "max" : "sum"; }

double h_of(const ProcessStep& p, HOperator op) {
  const double in = p.in_total() / kWordBytes, out = p.out_total() / kWordBytes;
  return op == HOperator::kMax ? std::max(in, out) : in + out;
}

double message_cost(const ProcessStep& p, const Params& par) {
  double in = 0, out = 0;
  for (int k = 0; k < kKinds; ++k) {
    in += par.o[k] * (p.in_count[k] - p.in_small[k]);
    out += par.o[k] * (p.out_count[k] - p.out_small[k]);
  }
  return par.op == HOperator::kMax ? std::max(in, out) : in + out;
}

double small_message_cost(const ProcessStep& p, const Params& par) {
  double in = 0, out = 0;
  for (int k = 0; k < kKinds; ++k) {
    in += par.o_small[k] * (p.in_small[k] - p.in_apart[k]) + par.o_apart[k] * p.in_apart[k];
    out += par.o_small[k] * (p.out_small[k] - p.out_apart[k]) + par.o_apart[k] * p.out_apart[k];
  }
  return par.op == HOperator::kMax ? std::max(in, out) : in + out;
}

double self_cost(const ProcessStep& p, const Params& par) {
  return par.g_self * p.self_bytes / kWordBytes;
}

double comm_cost(const ProcessStep& p, const Params& par) {
  return par.g * h_of(p, par.op) + message_cost(p, par) + small_message_cost(p, par) +
         self_cost(p, par);
}

namespace {

// All its messages, or (counts = its small counts) the small ones, in @ out.
double messages_of(const std::array<double, kKinds>& in_counts,
                   const std::array<double, kKinds>& out_counts, HOperator op) {
  double in = 0, out = 0;
  for (int k = 0; k < kKinds; ++k) {
    in += in_counts[k];
    out += out_counts[k];
  }
  return op == HOperator::kMax ? std::max(in, out) : in + out;
}

}  // namespace

Prediction measure(const Profile& prof, HOperator op) {
  Prediction pred;
  double start = prof.steps.front().procs.front().begin;
  for (const ProcessStep& p : prof.steps.front().procs) start = std::min(start, p.begin);
  double previous_end = start;
  for (const Superstep& step : prof.steps) {
    StepPrediction sp;
    double end = 0, sum_w = 0;
    for (const ProcessStep& p : step.procs) {
      end = std::max(end, p.leave);
      sp.W = std::max(sp.W, p.w());
      sum_w += p.w();
      sp.h = std::max(sp.h, h_of(p, op));
      sp.messages = std::max(sp.messages, messages_of(p.in_count, p.out_count, op));
      sp.small_messages = std::max(sp.small_messages, messages_of(p.in_small, p.out_small, op));
    }
    sp.mean_w = sum_w / static_cast<double>(step.procs.size());
    sp.measured = end - previous_end;
    previous_end = end;
    pred.measured += sp.measured;
    pred.steps.push_back(sp);
  }
  return pred;
}

Prediction predict(const Profile& prof, const Params& par, const TeamShares& teams) {
  Prediction pred = measure(prof, par.op);
  const int p = prof.nprocs;
  std::vector<double> phi(p, 0.0), next(p);
  double phi_max_before = 0;
  for (std::size_t s = 0; s < prof.steps.size(); ++s) {
    const std::vector<ProcessStep>& procs = prof.steps[s].procs;
    StepPrediction& sp = pred.steps[s];
    // Process i's computation as model m charges it: its team's time predicted, not measured.
    const auto w = [&](int i, int m) {
      const double measured = procs[static_cast<std::size_t>(i)].w();
      if (teams.empty()) return measured;
      const TeamShare& share = teams[s][static_cast<std::size_t>(i)];
      return measured - share.measured + share.predicted[static_cast<std::size_t>(m)];
    };
    const auto W = [&](int m) {
      double most = 0;
      for (int i = 0; i < p; ++i) most = std::max(most, w(i, m));
      return most;
    };
    // BSP: the h-relation and the messages at their maxima over processes.
    for (const ProcessStep& q : procs) {
      sp.message_cost = std::max(sp.message_cost, message_cost(q, par));
      sp.small_cost = std::max(sp.small_cost, small_message_cost(q, par));
      sp.self_cost = std::max(sp.self_cost, self_cost(q, par));
    }
    sp.bsp = W(0) + par.g * sp.h + sp.message_cost + sp.small_cost + sp.self_cost + par.l;
    double comm = 0;
    for (const ProcessStep& q : procs) comm = std::max(comm, comm_cost(q, par) + par.L);
    sp.bspwb = W(1) + comm;
    double phi_max = 0;
    for (int i = 0; i < p; ++i) {
      double ready = phi[i] + w(i, 2), comm_i = comm_cost(procs[i], par);
      for (int j : procs[i].senders) {
        ready = std::max(ready, phi[j] + w(j, 2));
        comm_i = std::max(comm_i, comm_cost(procs[j], par));
      }
      next[i] = ready + comm_i + par.L;
      phi_max = std::max(phi_max, next[i]);
    }
    phi.swap(next);
    sp.mpm = phi_max - phi_max_before;
    phi_max_before = phi_max;
    pred.bsp += sp.bsp;
    pred.bspwb += sp.bspwb;
  }
  pred.mpm = phi_max_before;
  return pred;
}

double error_percent(double predicted, double measured) {
  return measured > 0 ? (predicted - measured) / measured * 100 : 0;
}

}  // namespace bspprof
