// NPB LU's SSOR solver on one process's block (subdomain.hpp), in BSPlib.
//
// Each time step scales the residual by dt, solves with the lower and then the upper
// triangular factor of the Jacobian, updates u and recomputes the residual. The triangular
// solves are wavefronts: point (i, j, k) of the lower sweep needs its neighbours at i-1, j-1
// and k-1, so plane k of a process can start once the processes north (i-1) and west (j-1)
// have finished their plane k. A sweep is a pipeline over the process grid: at stage s the
// process at (row, col) solves plane k = 1 + s - (row + col), then puts the plane's last row
// to the process south and its last column to the process east, one bsp_put of five doubles
// per point, and every process ends the stage with bsp_sync. The upper sweep runs the other
// way (planes n-2 down to 1, rows and columns sent north and west). A sweep takes n - 2 + xdim
// + ydim - 2 stages; all but the last end with a superstep.
//
// The residual needs u two points into the neighbours' blocks (the fourth-order dissipation):
// before it, one superstep of bsp_hpput sends each process's two first and two last rows in i
// and in j to the neighbours' halos. The norms are level-1 reductions (bsp_allreduce).
#pragma once

#include <array>
#include <vector>

#include "kernels.hpp"
#include "lu_class.hpp"
#include "npb_common.hpp"
#include "subdomain.hpp"

namespace lu {

class Solver {
 public:
  // Called by every process after bsp_begin: registers u and the residual (one superstep) and
  // computes the forcing term from the exact solution (local).
  Solver(const ProblemClass& c, const ProcessGrid& grid);
  // Pops the registrations (collective, one superstep).
  void release();

  // u from the boundary and initial values (NPB's setbv, setiv).
  void reset();
  // The residual of u and its norms (NPB's untimed start of ssor).
  void prepare();
  // `steps` SSOR time steps. At step `iterations` of the class (NPB's inorm) the norms of the
  // correction and of the new residual are computed (the latter is what verification checks).
  void iterate(int steps);

  const std::array<double, 5>& residual_norms() const { return residual_norms_; }
  // The RMS norms of u - exact over the interior (collective).
  std::array<double, 5> error_norms();
  // NPB's surface integral of the pressure over the integration box's faces (collective).
  double surface_integral();

  // Local work, in seconds: outside the sweeps, and inside them.
  double work_s() const { return work_s_; }
  double sweep_work_s() const { return sweep_work_s_; }
  // Pipeline stages per sweep, and planes each process solves per sweep.
  int stages() const { return stages_; }
  int planes() const { return c_.n - 2; }
  const apps::npb::CommTally& tally() const { return tally_; }

 private:
  void rhs();
  void exchange_u();
  void lower_sweep();
  void upper_sweep();
  void lower_plane(int k);
  void upper_plane(int k);
  void send_rows(int k, bool lower);
  std::array<double, 5> norms(const std::array<double, 5>& local);

  const ProblemClass& class_;
  Coefficients c_;
  ProcessGrid grid_;
  Box box_;
  Box north_, south_, west_, east_;  // the neighbours' blocks (for put offsets)
  int stages_;
  std::vector<double> u_, rsd_, frct_;
  Scratch scratch_;
  std::array<double, 5> residual_norms_{};
  std::array<double, 5> correction_norms_{};
  double work_s_ = 0, sweep_work_s_ = 0;
  apps::npb::CommTally tally_;
};

}  // namespace lu
