#include "solver.hpp"

#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <cmath>

namespace lu {

namespace {

constexpr int kPointBytes = 5 * sizeof(double);
constexpr double kPointWords = kPointBytes / apps::kWordBytes;

void add_doubles(void* acc, const void* in, int count, void*) {
  double* a = static_cast<double*>(acc);
  const double* b = static_cast<const double*>(in);
  for (int i = 0; i < count; ++i) a[i] += b[i];
}

int bytes_of(std::size_t offset) { return static_cast<int>(offset * sizeof(double)); }

// The neighbour's block, or this one where there is none (never used then).
Box neighbour(int n, const ProcessGrid& grid, int pid, const Box& self) {
  return pid >= 0 ? Box(n, grid, pid) : self;
}

}  // namespace

Solver::Solver(const ProblemClass& c, const ProcessGrid& grid)
    : class_(c),
      c_(c.n, c.dt, kOmega),
      grid_(grid),
      box_(c.n, grid, bsp_pid()),
      north_(neighbour(c.n, grid, box_.north, box_)),
      south_(neighbour(c.n, grid, box_.south, box_)),
      west_(neighbour(c.n, grid, box_.west, box_)),
      east_(neighbour(c.n, grid, box_.east, box_)),
      stages_(c.n - 2 + grid.xdim - 1 + grid.ydim - 1) {
  u_.assign(box_.size(), 0.0);
  rsd_.assign(box_.size(), 0.0);
  frct_.assign(box_.size(), 0.0);
  bsp_push_reg(u_.data(), bytes_of(u_.size()));
  bsp_push_reg(rsd_.data(), bytes_of(rsd_.size()));
  bsp_sync();
  // The forcing term: R of the exact solution, which every process evaluates on its block and
  // the halos itself (NPB's erhs).
  set_exact(c_, box_, u_.data());
  add_operator(c_, box_, u_.data(), frct_.data(), scratch_);
}

void Solver::release() {
  bsp_pop_reg(u_.data());
  bsp_pop_reg(rsd_.data());
  bsp_sync();
}

void Solver::reset() {
  const double t = bsp_time();
  set_initial(c_, box_, u_.data());
  work_s_ += bsp_time() - t;
}

void Solver::prepare() {
  rhs();
  residual_norms_ = norms(local_squares(box_, rsd_.data()));
}

void Solver::iterate(int steps) {
  const double relaxation = 1.0 / (c_.omega * (2.0 - c_.omega));
  for (int step = 1; step <= steps; ++step) {
    double t = bsp_time();
    for (int k = 1; k < c_.n - 1; ++k)
      for (int j = box_.jst; j < box_.jend; ++j)
        for (int i = box_.ist; i < box_.iend; ++i) {
          double* v = rsd_.data() + box_.at(i, j, k);
          for (int m = 0; m < 5; ++m) v[m] = c_.dt * v[m];
        }
    work_s_ += bsp_time() - t;
    lower_sweep();
    upper_sweep();
    t = bsp_time();
    for (int k = 1; k < c_.n - 1; ++k)
      for (int j = box_.jst; j < box_.jend; ++j)
        for (int i = box_.ist; i < box_.iend; ++i) {
          double* q = u_.data() + box_.at(i, j, k);
          const double* v = rsd_.data() + box_.at(i, j, k);
          for (int m = 0; m < 5; ++m) q[m] = q[m] + relaxation * v[m];
        }
    work_s_ += bsp_time() - t;
    const bool norm_step = step % class_.iterations == 0;
    if (norm_step) correction_norms_ = norms(local_squares(box_, rsd_.data()));
    rhs();
    if (norm_step) residual_norms_ = norms(local_squares(box_, rsd_.data()));
    // NPB stops early once every residual norm is below 10^-8 (no class gets there).
    if (std::all_of(residual_norms_.begin(), residual_norms_.end(),
                    [](double x) { return x < 1e-8; }))
      break;
  }
}

std::array<double, 5> Solver::error_norms() {
  return norms(local_error_squares(c_, box_, u_.data()));
}

double Solver::surface_integral() {
  const std::array<double, 3> local = local_surface_sums(box_, u_.data());
  std::array<double, 3> sum{};
  bsp_allreduce(local.data(), sum.data(), 3, sizeof(double), add_doubles, nullptr);
  tally_.reduction(sizeof(sum));
  const double h = c_.h[0];  // the same mesh width in every dimension
  return 0.25 * (h * h * sum[0] + h * h * sum[1] + h * h * sum[2]);
}

std::array<double, 5> Solver::norms(const std::array<double, 5>& local) {
  std::array<double, 5> sum{};
  bsp_allreduce(local.data(), sum.data(), 5, sizeof(double), add_doubles, nullptr);
  tally_.reduction(sizeof(sum));
  const double interior = std::pow(static_cast<double>(c_.n - 2), 3);
  for (double& x : sum) x = std::sqrt(x / interior);
  return sum;
}

void Solver::rhs() {
  double t = bsp_time();
  for (std::size_t x = 0; x < rsd_.size(); ++x) rsd_[x] = -frct_[x];
  work_s_ += bsp_time() - t;
  exchange_u();
  t = bsp_time();
  add_operator(c_, box_, u_.data(), rsd_.data(), scratch_);
  work_s_ += bsp_time() - t;
}

void Solver::exchange_u() {
  const Box& b = box_;
  const int n = c_.n;
  double* u = u_.data();
  int puts = 0;
  double words = 0;
  // Two points of each (j, k) row in i to the processes north and south.
  for (int k = 0; k < n; ++k)
    for (int j = b.j0; j < b.j1; ++j) {
      if (b.north >= 0) {
        bsp_hpput(b.north, u + b.at(b.i0, j, k), u, bytes_of(north_.at(b.i0, j, k)),
                  2 * kPointBytes);
        ++puts;
        words += 2 * kPointWords;
      }
      if (b.south >= 0) {
        bsp_hpput(b.south, u + b.at(b.i1 - 2, j, k), u, bytes_of(south_.at(b.i1 - 2, j, k)),
                  2 * kPointBytes);
        ++puts;
        words += 2 * kPointWords;
      }
    }
  // Two rows of owned points in j to the processes west and east.
  const int row_bytes = b.ni() * kPointBytes;
  for (int k = 0; k < n; ++k)
    for (int r = 0; r < 2; ++r) {
      if (b.west >= 0) {
        const int j = b.j0 + r;
        bsp_hpput(b.west, u + b.at(b.i0, j, k), u, bytes_of(west_.at(b.i0, j, k)), row_bytes);
        ++puts;
        words += b.ni() * kPointWords;
      }
      if (b.east >= 0) {
        const int j = b.j1 - 2 + r;
        bsp_hpput(b.east, u + b.at(b.i0, j, k), u, bytes_of(east_.at(b.i0, j, k)), row_bytes);
        ++puts;
        words += b.ni() * kPointWords;
      }
    }
  bsp_sync();
  tally_.supersteps += 1;
  tally_.put_words += words;
  tally_.put_messages += puts;
}

void Solver::lower_sweep() {
  for (int s = 0; s < stages_; ++s) {
    const int k = 1 + s - (box_.row + box_.col);
    if (k >= 1 && k <= c_.n - 2) {
      const double t = bsp_time();
      lower_plane(k);
      sweep_work_s_ += bsp_time() - t;
      send_rows(k, true);
    }
    if (s + 1 < stages_) {
      bsp_sync();
      tally_.supersteps += 1;
    }
  }
}

void Solver::upper_sweep() {
  const int behind = (grid_.xdim - 1 - box_.row) + (grid_.ydim - 1 - box_.col);
  for (int s = 0; s < stages_; ++s) {
    const int k = c_.n - 2 - (s - behind);
    if (k >= 1 && k <= c_.n - 2) {
      const double t = bsp_time();
      upper_plane(k);
      sweep_work_s_ += bsp_time() - t;
      send_rows(k, false);
    }
    if (s + 1 < stages_) {
      bsp_sync();
      tally_.supersteps += 1;
    }
  }
}

// The boundary of plane k that the next processes of the sweep need: after the lower sweep's
// plane, the last row in i (to the south) and the last column in j (to the east); after the
// upper sweep's, the first ones (north, west). One bsp_put per point.
void Solver::send_rows(int k, bool lower) {
  const Box& b = box_;
  double* v = rsd_.data();
  const int to_i = lower ? b.south : b.north;
  const int to_j = lower ? b.east : b.west;
  const Box& box_i = lower ? south_ : north_;
  const Box& box_j = lower ? east_ : west_;
  const int i = lower ? b.i1 - 1 : b.i0;
  const int j = lower ? b.j1 - 1 : b.j0;
  int puts = 0;
  if (to_i >= 0)
    for (int jj = b.jst; jj < b.jend; ++jj, ++puts)
      bsp_put(to_i, v + b.at(i, jj, k), v, bytes_of(box_i.at(i, jj, k)), kPointBytes);
  if (to_j >= 0)
    for (int ii = b.ist; ii < b.iend; ++ii, ++puts)
      bsp_put(to_j, v + b.at(ii, j, k), v, bytes_of(box_j.at(ii, j, k)), kPointBytes);
  tally_.put_messages += puts;
  tally_.put_words += puts * kPointWords;
}

void Solver::lower_plane(int k) {
  for (int j = box_.jst; j < box_.jend; ++j) lower_row(c_, box_, u_.data(), rsd_.data(), j, k);
}

void Solver::upper_plane(int k) {
  for (int j = box_.jend - 1; j >= box_.jst; --j) upper_row(c_, box_, u_.data(), rsd_.data(), j, k);
}

}  // namespace lu
