// NPB MG's V-cycle on one process's share of the grid hierarchy (levels 1 .. lt, level k with
// 2^k points per dimension): restriction down to level 1, the smoother there, then on each
// level up prolongation, the residual and the smoother; every operator ends with a halo
// exchange (comm.hpp), as NPB's comm3 does.
#pragma once

#include <vector>

#include "level.hpp"
#include "mg_class.hpp"
#include "npb_common.hpp"

namespace mg {

class Multigrid {
 public:
  // Called by every process after bsp_begin: builds the levels, registers them (one
  // superstep) and generates the right-hand side v.
  explicit Multigrid(const ProblemClass& c);
  // Pops the registrations (collective, one superstep).
  void release();
  // u = 0 on the finest level.
  void reset();
  // NPB's timed part: the residual and its norm, nit times a V-cycle and the residual, the
  // norm. Returns the final residual's L2 norm, sqrt(sum r^2 / n^3).
  double solve();
  // One V-cycle and the residual after it (NPB's untimed start-up iteration).
  void cycle();

  double work_s() const { return work_s_; }
  const apps::npb::CommTally& tally() const { return tally_; }

 private:
  Level& level(int k) { return levels_[static_cast<std::size_t>(k - 1)]; }
  void v_cycle();
  void residual(int k, const double* v);
  void smooth(int k);
  void restrict_from(int k);
  void prolongate_to(int k);
  double norm();

  const ProblemClass& c_;
  int lt_;
  std::vector<Level> levels_;
  std::vector<double> v_;
  double work_s_ = 0;
  apps::npb::CommTally tally_;
};

}  // namespace mg
