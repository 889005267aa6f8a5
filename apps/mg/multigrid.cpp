#include "multigrid.hpp"

#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <cmath>

#include "comm.hpp"
#include "kernels.hpp"
#include "zran3.hpp"

namespace mg {

namespace {

int bytes_of(const std::vector<double>& x) { return static_cast<int>(x.size() * sizeof(double)); }

}  // namespace

Multigrid::Multigrid(const ProblemClass& c) : c_(c), lt_(c.log2_n) {
  const int p = bsp_nprocs(), s = bsp_pid();
  for (int k = 1; k <= lt_; ++k) levels_.emplace_back(1 << k, p, s);
  v_.assign(level(lt_).size(), 0.0);
  for (Level& L : levels_) {
    bsp_push_reg(L.u.data(), bytes_of(L.u));
    bsp_push_reg(L.r.data(), bytes_of(L.r));
  }
  bsp_push_reg(v_.data(), bytes_of(v_));
  bsp_sync();
  zran3(level(lt_), v_.data(), tally_);
}

void Multigrid::release() {
  for (Level& L : levels_) {
    bsp_pop_reg(L.u.data());
    bsp_pop_reg(L.r.data());
  }
  bsp_pop_reg(v_.data());
  bsp_sync();
}

void Multigrid::reset() { std::fill(level(lt_).u.begin(), level(lt_).u.end(), 0.0); }

void Multigrid::cycle() {
  v_cycle();
  residual(lt_, v_.data());
}

double Multigrid::solve() {
  residual(lt_, v_.data());
  norm();
  for (int it = 0; it < c_.iterations; ++it) cycle();
  return norm();
}

void Multigrid::v_cycle() {
  for (int k = lt_; k >= 2; --k) restrict_from(k);
  std::fill(level(1).u.begin(), level(1).u.end(), 0.0);
  smooth(1);
  for (int k = 2; k < lt_; ++k) {
    std::fill(level(k).u.begin(), level(k).u.end(), 0.0);
    prolongate_to(k);
    residual(k, level(k).r.data());
    smooth(k);
  }
  prolongate_to(lt_);
  residual(lt_, v_.data());
  smooth(lt_);
}

// r = v - A u on level k (v: the right-hand side on the finest level, r itself below).
void Multigrid::residual(int k, const double* v) {
  Level& L = level(k);
  const double t = bsp_time();
  resid(L, L.u.data(), v, L.r.data(), kOperator);
  work_s_ += bsp_time() - t;
  exchange_halos(L, L.r.data(), tally_);
}

void Multigrid::smooth(int k) {
  Level& L = level(k);
  const double t = bsp_time();
  psinv(L, L.r.data(), L.u.data(), c_.smoother);
  work_s_ += bsp_time() - t;
  exchange_halos(L, L.u.data(), tally_);
}

// r on level k-1 from r on level k. Onto a replicated level from a distributed one, each
// process computes the coarse planes above its fine ones and all of them are gathered.
void Multigrid::restrict_from(int k) {
  Level &fine = level(k), &coarse = level(k - 1);
  const bool gather = fine.distributed && !coarse.distributed;
  const int z_lo = gather ? (fine.lo + 1) / 2 : coarse.lo;
  const int z_hi = gather ? fine.hi / 2 : coarse.hi;
  const double t = bsp_time();
  rprj3(fine, fine.r.data(), coarse, coarse.r.data(), z_lo, z_hi);
  work_s_ += bsp_time() - t;
  if (gather)
    gather_planes(coarse, coarse.r.data(), z_lo, z_hi, tally_);
  else
    exchange_halos(coarse, coarse.r.data(), tally_);
}

// u on level k += the prolongation of u on level k-1; it fills the halos too, from the
// coarse level's (no exchange).
void Multigrid::prolongate_to(int k) {
  const double t = bsp_time();
  interp(level(k - 1), level(k - 1).u.data(), level(k), level(k).u.data());
  work_s_ += bsp_time() - t;
}

double Multigrid::norm() {
  const Level& L = level(lt_);
  const double t = bsp_time();
  const LocalNorm local = local_norm(L, L.r.data());
  work_s_ += bsp_time() - t;
  bsp_maxD(local.max_abs);  // NPB computes the uniform norm too, though it checks only L2
  tally_.reduction(sizeof(double));
  const double sum = bsp_sumD(local.sum_squares);
  tally_.reduction(sizeof(double));
  const double points = std::pow(2.0, 3 * lt_);
  return std::sqrt(sum / points);
}

}  // namespace mg
