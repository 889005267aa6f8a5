// summa: C = A B of n x n matrices on a q x q grid of processes (p = q * q), after van de Geijn
// and Watts, "SUMMA: Scalable Universal Matrix Multiplication Algorithm" (1997). Process (i, j)
// holds block (i, j) of A, B and C; for every k it needs A's block (i, k), which process (i, k)
// of its row holds, and B's block (k, j), which process (k, j) of its column holds, and adds
// their product to its block of C. Two ways to move the blocks (--sync):
//   teams    on a team of each process row, every A block of the row by bsp_broadcast (the
//            level-1 collective, written for a whole machine, unchanged); then on a team of each
//            process column, every B block of the column likewise (bsp_team_begin): each row and
//            each column goes at its own pace;
//   machine  the same blocks by bsp_put, in one superstep of the whole machine per k.
// --imbalance F: in step k, process row k does F block products more of local work (as a pivot
// row does in LU), in the row phase: the machine's supersteps wait for that row at every step,
// while each row team waits only in its own slow step.
#include <bsp.h>
#include <bsp_level1.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "options.hpp"
#include "report.hpp"
#include "spmd.hpp"

namespace {

const apps::AppInfo kApp = {
    "summa",
    "C = A B of n x n matrices of doubles on a q x q grid of processes (van de Geijn and\n"
    "Watts 1997): block (i, k) of A along process row i and block (k, j) of B along process\n"
    "column j for every k, by broadcasts on row and column teams or by puts in supersteps of\n"
    "the whole machine (--sync).",
    "matrix order",
    256,
    3,
    {{"imbalance", "extra local work of process row k in step k, in block products", 0}},
    "p must be a square (1, 4, 9, ...) and n a multiple of sqrt(p). A and B hold small whole\n"
    "numbers, so C is exact: every element of C is checked against its sum (all of them up to\n"
    "n = 512, 4096 of each process's block beyond).",
    {{"sync",
      "how the blocks move: teams (row and column teams) or machine (whole-machine "
      "supersteps)",
      {"teams", "machine"},
      "teams"}}};

// The matrices' elements, small whole numbers: their products' sums are exact in a double.
double a_at(long long r, long long c) { return static_cast<double>((r + 2 * c) % 7 - 3); }
double b_at(long long r, long long c) { return static_cast<double>((3 * r + c) % 5 - 2); }

// c += a b for b x b blocks, row-major.
void multiply_add(const double* a, const double* b, double* c, long long n) {
  for (long long r = 0; r < n; ++r)
    for (long long k = 0; k < n; ++k) {
      const double x = a[r * n + k];
      for (long long col = 0; col < n; ++col) c[r * n + col] += x * b[k * n + col];
    }
}

struct Run {
  double best_s = 0;
  long long checked = 0, wrong = 0;  // over all processes, on process 0
};

void spmd(const apps::Options& o, Run& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  const int p = bsp_nprocs(), s = bsp_pid();
  const int q = static_cast<int>(std::lround(std::sqrt(p)));
  const int i = s / q, j = s % q;
  const long long b = o.n / q, bb = b * b;
  const bool teams = o.choice("sync") == "teams";
  const int extra = static_cast<int>(o.extra("imbalance"));

  std::vector<double> a(bb), bm(bb), c(bb), scratch(bb);
  for (long long r = 0; r < b; ++r)
    for (long long col = 0; col < b; ++col) {
      a[r * b + col] = a_at(i * b + r, j * b + col);
      bm[r * b + col] = b_at(i * b + r, j * b + col);
    }
  // Every A block of the row and every B block of the column: q of each.
  std::vector<double> a_panels(static_cast<std::size_t>(q * bb)),
      b_panels(static_cast<std::size_t>(q * bb));
  const int panel_bytes = static_cast<int>(bb * sizeof(double));
  if (!teams) {
    bsp_push_reg(a_panels.data(), q * panel_bytes);
    bsp_push_reg(b_panels.data(), q * panel_bytes);
    bsp_sync();
  }
  auto pivot_work = [&](int k) {
    if (i == k)
      for (int e = 0; e < extra; ++e) multiply_add(a.data(), bm.data(), scratch.data(), b);
  };

  apps::SpmdTimer timer;
  double best = 1e300;
  for (int it = 0; it < o.iterations; ++it) {
    std::fill(c.begin(), c.end(), 0.0);
    timer.start();
    if (teams) {
      bsp_team_begin(i, j);  // process row i; team pid j
      for (int k = 0; k < q; ++k) {
        pivot_work(k);
        bsp_broadcast(k, a.data(), &a_panels[k * bb], panel_bytes);
      }
      bsp_team_end();
      bsp_team_begin(j, i);  // process column j; team pid i
      for (int k = 0; k < q; ++k) bsp_broadcast(k, bm.data(), &b_panels[k * bb], panel_bytes);
      bsp_team_end();
      for (int k = 0; k < q; ++k) multiply_add(&a_panels[k * bb], &b_panels[k * bb], c.data(), b);
    } else {
      for (int k = 0; k < q; ++k) {
        pivot_work(k);
        if (j == k)  // this process's A block is the row's k-th
          for (int col = 0; col < q; ++col)
            bsp_put(i * q + col, a.data(), a_panels.data(), k * panel_bytes, panel_bytes);
        if (i == k)  // its B block is the column's k-th
          for (int row = 0; row < q; ++row)
            bsp_put(row * q + j, bm.data(), b_panels.data(), k * panel_bytes, panel_bytes);
        bsp_sync();
        multiply_add(&a_panels[k * bb], &b_panels[k * bb], c.data(), b);
      }
    }
    best = std::min(best, timer.stop());
  }
  if (!teams) {
    bsp_pop_reg(b_panels.data());
    bsp_pop_reg(a_panels.data());
  }

  // Every element of the block against its sum, or a spread of 4096 of them (untimed).
  long long checked = 0, wrong = 0;
  const long long step = o.n <= 512 ? 1 : std::max<long long>(1, bb / 4096);
  for (long long e = 0; e < bb; e += step) {
    const long long r = i * b + e / b, col = j * b + e % b;
    double want = 0;
    for (long long k = 0; k < o.n; ++k) want += a_at(r, k) * b_at(k, col);
    ++checked;
    if (c[e] != want) ++wrong;
  }
  long long mine[2] = {checked, wrong}, all[2] = {0, 0};
  bsp_allreduce(
      mine, all, 2, sizeof(long long),
      [](void* acc, const void* in, int count, void*) {
        for (int e = 0; e < count; ++e)
          static_cast<long long*>(acc)[e] += static_cast<const long long*>(in)[e];
      },
      nullptr);
  out.checked = all[0];
  out.wrong = all[1];
  out.best_s = best;
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  const int q = static_cast<int>(std::lround(std::sqrt(o.p)));
  if (q * q != o.p)
    apps::bad_argument(kApp, "p = " + std::to_string(o.p) +
                                 " is not a square: the processes "
                                 "form a q x q grid");
  if (o.n < q || o.n % q != 0)
    apps::bad_argument(kApp, "n = " + std::to_string(o.n) +
                                 " is not a multiple of sqrt(p) = " + std::to_string(q));
  if (o.extra("imbalance") < 0) apps::bad_argument(kApp, "--imbalance is negative");
  Run run;
  if (!apps::run_spmd(o.p, [&] { spmd(o, run); })) return 0;
  apps::Report report(kApp, o);
  report.check(
      apps::format("%lld elements of C equal their sums, %lld differ", run.checked, run.wrong),
      run.wrong == 0 && run.checked > 0);
  report.measured(run.best_s);
  return report.finish();
}
