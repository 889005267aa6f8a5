// barnes_hut: the Barnes-Hut N-body simulation of the BSPlib paper (Hill et al. 1998, section 5.4).
//
// One force computation takes four supersteps (the paper's takes six):
//   1. every process puts a weighted sample of its bodies to every process; each computes the
//      same ORB partition from it (orb.hpp), weighted by last step's interactions;
//   2. bodies move to their new owners with BSMP;
//   3. every process puts the bounding box of its bodies to every process;
//   4. each builds an octree of its bodies and sends every other process its locally essential
//      data for that process's box with BSMP (octree.hpp: Octree::essential).
// Each then builds one octree of its bodies and what it received, and walks it for its bodies
// (theta 0.5, at most 40 bodies per leaf). Time steps: kick-drift-kick leapfrog.
#include <bsp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "local_work.hpp"
#include "machine_params.hpp"
#include "octree.hpp"
#include "options.hpp"
#include "orb.hpp"
#include "random.hpp"
#include "report.hpp"
#include "spmd.hpp"
#include "timing.hpp"

namespace {

using nbody::Point;

const apps::AppInfo kApp = {
    "barnes_hut",
    "Barnes-Hut N-body simulation (Hill et al. 1998): ORB partitioning, local\n"
    "octrees, locally essential trees exchanged with bsp_send, theta 0.5, at most 40 bodies\n"
    "per leaf, leapfrog steps. Compared with the same tree code on one process.",
    "number of bodies (a uniform sphere)",
    20000,
    3,
    {{"theta", "opening angle", 0.5}, {"dt", "time step", 0.001}},
    "--iterations is the number of time steps. Checks: accelerations against direct O(N^2)\n"
    "sums for up to 500 bodies (rms relative error below 1%), and the relative change of the\n"
    "total energy over the steps (below 1e-3)."};

constexpr double kForceRmsBound = 1e-2;
constexpr double kEnergyDriftBound = 1e-3;
constexpr int kCheckedBodies = 500;
constexpr int kSamplesPerProcess = 1024;

struct Body {
  std::uint64_t id;
  double x[3], v[3], a[3];
  double m, phi;
  double work;  // interactions of its last force computation
};

// Body i of a uniform sphere of radius 1 and mass 1, with small random velocities.
Body make_body(unsigned long long seed, std::uint64_t i, std::uint64_t n) {
  Body b{};
  b.id = i;
  for (std::uint64_t attempt = 0;; ++attempt) {
    double r2 = 0;
    for (int d = 0; d < 3; ++d) {
      b.x[d] = 2 * apps::random_unit(seed, i, 3 * attempt + d) - 1;
      r2 += b.x[d] * b.x[d];
    }
    if (r2 <= 1) break;
  }
  for (int d = 0; d < 3; ++d) b.v[d] = 0.2 * (apps::random_unit(seed, i, 1000 + d) - 0.5);
  b.m = 1.0 / static_cast<double>(n);
  b.work = 1;
  return b;
}

// Forces on bodies from the tree over points, whose first bodies.size() entries are the bodies.
std::uint64_t tree_forces(std::vector<Body>& bodies, const std::vector<Point>& points, double theta,
                          const nbody::Box& bounds = {}) {
  const nbody::Octree tree(points, bounds);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const nbody::Force f = tree.force(i, theta);
    std::copy(f.a, f.a + 3, bodies[i].a);
    bodies[i].phi = f.phi;
    bodies[i].work = static_cast<double>(f.interactions);
    total += f.interactions;
  }
  return total;
}

std::vector<Point> points_of(const std::vector<Body>& bodies) {
  std::vector<Point> points(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i)
    points[i] = {{bodies[i].x[0], bodies[i].x[1], bodies[i].x[2]}, bodies[i].m};
  return points;
}

void kick(std::vector<Body>& bodies, double dt) {
  for (Body& b : bodies)
    for (int d = 0; d < 3; ++d) b.v[d] += b.a[d] * dt;
}
void drift(std::vector<Body>& bodies, double dt) {
  for (Body& b : bodies)
    for (int d = 0; d < 3; ++d) b.x[d] += b.v[d] * dt;
}
double energy(const std::vector<Body>& bodies) {
  double e = 0;
  for (const Body& b : bodies)
    e += 0.5 * b.m * (b.v[0] * b.v[0] + b.v[1] * b.v[1] + b.v[2] * b.v[2]) + 0.5 * b.m * b.phi;
  return e;
}

// The parallel force computation: what every process holds in registered buffers, and the
// words each sent or received, the h of the supersteps (for the prediction).
class ParallelForces {
 public:
  explicit ParallelForces(double theta)
      : theta_(theta),
        p_(bsp_nprocs()),
        s_(bsp_pid()),
        samples_(static_cast<std::size_t>(p_) * kSamplesPerProcess),
        sample_counts_(static_cast<std::size_t>(p_)),
        boxes_(static_cast<std::size_t>(p_)) {
    bsp_push_reg(samples_.data(), static_cast<int>(samples_.size() * sizeof(nbody::Sample)));
    bsp_push_reg(sample_counts_.data(), static_cast<int>(p_ * sizeof(int)));
    bsp_push_reg(boxes_.data(), static_cast<int>(p_ * sizeof(nbody::Box)));
    bsp_sync();
  }
  ~ParallelForces() {
    bsp_pop_reg(boxes_.data());
    bsp_pop_reg(sample_counts_.data());
    bsp_pop_reg(samples_.data());
  }

  void compute(std::vector<Body>& bodies) {
    repartition(bodies);
    exchange_boxes(bodies);
    std::vector<Point> points = points_of(bodies);
    receive_essential(points, send_essential(points));
    interactions_ += tree_forces(bodies, points, theta_, global_);
    last_points_ = std::move(points);
  }

  // The local phases of one time step re-run on this process without communication (untimed,
  // after the run; apps::LocalWork), on its bodies and the run's last samples, boxes and
  // points: 0 the kicks and drift; 1 the sample, the ORB partition and the routing of the
  // bodies; 2 the bounding box, the local octree and every other process's essential data;
  // 3 the tree of bodies and essential points walked for the bodies' forces. Phases 0-2 are
  // scaled to the run's steps, phase 3 to this process's interactions in them.
  void time_local_phases(const std::vector<Body>& bodies, double dt, int steps, int repetitions,
                         apps::LocalWork& work) {
    std::uint64_t interactions = 0;
    for (int it = 0; it < repetitions; ++it) {
      std::vector<Body> copy = bodies;
      std::vector<std::vector<Body>> owned;
      std::vector<Point> essential;
      bsp_sync();
      work.time(0, [&] {
        kick(copy, dt / 2);
        drift(copy, dt);
        kick(copy, dt / 2);
      });
      work.time(1, [&] {
        samples_kept_ = sample_of(copy);
        owned = route(copy);
      });
      work.time(2, [&] {
        box_kept_ = nbody::Box{};
        for (const Body& b : copy) box_kept_.extend(b.x);
        const std::vector<Point> points = points_of(copy);  // the tree keeps a reference
        const nbody::Octree local(points, global_);
        for (int q = 0; q < p_; ++q)
          if (q != s_ && !boxes_[q].empty()) essential_for(local, q, essential);
      });
      interactions = work.time(3, [&] { return tree_forces(copy, last_points_, theta_, global_); });
    }
    for (int phase = 0; phase < 3; ++phase) work.scale(phase, steps);
    if (interactions > 0)
      work.scale(3, static_cast<double>(interactions_) / static_cast<double>(interactions));
  }

  double h_words_put = 0, h_words_sent = 0;  // this process's h, summed over supersteps
  std::uint64_t interactions_ = 0;

 private:
  // A sample of kSamplesPerProcess bodies at most, each standing for the work of the bodies
  // between it and the next.
  static std::vector<nbody::Sample> sample_of(const std::vector<Body>& bodies) {
    const int k = static_cast<int>(std::min<std::size_t>(bodies.size(), kSamplesPerProcess));
    std::vector<nbody::Sample> mine(static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) {
      const std::size_t from = bodies.size() * i / k, to = bodies.size() * (i + 1) / k;
      const Body& b = bodies[from];
      mine[i] = {{b.x[0], b.x[1], b.x[2]}, 0};
      for (std::size_t j = from; j < to; ++j) mine[i].work += bodies[j].work;
    }
    return mine;
  }

  // The ORB partition of every process's sample (in samples_), and the bodies by new owner.
  std::vector<std::vector<Body>> route(const std::vector<Body>& bodies) const {
    std::vector<nbody::Sample> all;
    for (int q = 0; q < p_; ++q)
      all.insert(all.end(), samples_.begin() + q * kSamplesPerProcess,
                 samples_.begin() + q * kSamplesPerProcess + sample_counts_[q]);
    const nbody::Orb orb(std::move(all), p_);
    std::vector<std::vector<Body>> owned(static_cast<std::size_t>(p_));
    for (const Body& b : bodies) owned[orb.owner(b.x)].push_back(b);
    return owned;
  }

  void repartition(std::vector<Body>& bodies) {
    // Superstep 1: the sample to every process.
    const std::vector<nbody::Sample> mine = sample_of(bodies);
    const int k = static_cast<int>(mine.size());
    for (int q = 0; q < p_; ++q) {
      if (k > 0)
        bsp_put(q, mine.data(), samples_.data(),
                static_cast<int>(s_ * kSamplesPerProcess * sizeof(nbody::Sample)),
                static_cast<int>(k * sizeof(nbody::Sample)));
      bsp_put(q, &k, sample_counts_.data(), static_cast<int>(s_ * sizeof(int)), sizeof(int));
    }
    h_words_put += (p_ - 1) * (k * sizeof(nbody::Sample) + sizeof(int)) / apps::kWordBytes;
    bsp_sync();

    // Superstep 2: every body to the owner of its place.
    std::vector<std::vector<Body>> owned = route(bodies);
    double out = 0;
    for (int q = 0; q < p_; ++q)
      if (q != s_ && !owned[q].empty()) {
        bsp_send(q, nullptr, owned[q].data(), static_cast<int>(owned[q].size() * sizeof(Body)));
        out += owned[q].size() * sizeof(Body);
      }
    bsp_sync();
    bodies = std::move(owned[s_]);
    h_words_sent += std::max(out, append_messages(bodies)) / apps::kWordBytes;
  }

  // Appends every queued message's items; returns the bytes received.
  template <class T>
  double append_messages(std::vector<T>& to) {
    int messages = 0, bytes = 0;
    bsp_qsize(&messages, &bytes);
    const std::size_t at = to.size();
    to.resize(at + static_cast<std::size_t>(bytes) / sizeof(T));
    void *tag, *payload;
    std::size_t filled = at;
    for (int length; (length = bsp_hpmove(&tag, &payload)) >= 0; filled += length / sizeof(T))
      std::memcpy(&to[filled], payload, static_cast<std::size_t>(length));
    return bytes;
  }

  // Superstep 3: the bounding box of this process's bodies to every process.
  void exchange_boxes(const std::vector<Body>& bodies) {
    nbody::Box box;
    for (const Body& b : bodies) box.extend(b.x);
    for (int q = 0; q < p_; ++q)
      bsp_put(q, &box, boxes_.data(), static_cast<int>(s_ * sizeof(nbody::Box)),
              sizeof(nbody::Box));
    h_words_put += (p_ - 1) * sizeof(nbody::Box) / apps::kWordBytes;
    bsp_sync();
    global_ = nbody::Box{};
    for (const nbody::Box& b : boxes_) global_.extend(b);
  }

  // Superstep 4: to every other process, what its bodies need of ours.
  double send_essential(const std::vector<Point>& points) {
    const nbody::Octree local(points, global_);
    double out = 0;
    std::vector<Point> essential;
    for (int q = 0; q < p_; ++q) {
      if (q == s_ || boxes_[q].empty()) continue;
      essential_for(local, q, essential);
      if (essential.empty()) continue;
      bsp_send(q, nullptr, essential.data(), static_cast<int>(essential.size() * sizeof(Point)));
      out += essential.size() * sizeof(Point);
    }
    bsp_sync();
    return out;
  }
  // What process q's bodies need of the local tree, in essential (cleared first).
  void essential_for(const nbody::Octree& local, int q, std::vector<Point>& essential) const {
    essential.clear();
    local.essential(boxes_[q], theta_, essential);
  }
  void receive_essential(std::vector<Point>& points, double out) {
    h_words_sent += std::max(out, append_messages(points)) / apps::kWordBytes;
  }

  double theta_;
  int p_, s_;
  std::vector<nbody::Sample> samples_;
  std::vector<int> sample_counts_;
  std::vector<nbody::Box> boxes_;
  nbody::Box global_{};  // the bounds of all bodies: the root of every process's tree
  std::vector<Point> last_points_;  // the last step's bodies and essential points
  std::vector<nbody::Sample> samples_kept_;  // what time_local_phases computes, kept
  nbody::Box box_kept_{};
};

struct Parallel {
  double time_s = 0;
  double energy_start = 0, energy_end = 0;
  double h_put = 0, h_send = 0;    // largest per-process h over the timed steps, words
  std::uint64_t interactions = 0;  // all processes, timed steps
  double work_s = 0;               // the local phases' work over the timed steps (LocalWork)
  std::vector<Body> bodies;        // on pid 0: all bodies at the end, by id
};

template <class T>
T sum_over_processes(T mine) {
  T total = 0;
  for (T v : apps::all_gather(mine)) total += v;
  return total;
}

void spmd(const apps::Options& o, Parallel& out) {
  apps::require_procs(kApp.name.c_str(), o.p);
  const int p = bsp_nprocs(), s = bsp_pid();
  const double theta = o.extra("theta"), dt = o.extra("dt");
  std::vector<Body> bodies;
  const long long begin = apps::block_begin(o.n, p, s), count = apps::block_size(o.n, p, s);
  for (long long i = begin; i < begin + count; ++i)
    bodies.push_back(
        make_body(o.seed, static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(o.n)));

  ParallelForces forces(theta);
  forces.compute(bodies);  // the accelerations the first kick needs (untimed)
  out.energy_start = sum_over_processes(energy(bodies));
  forces.h_words_put = forces.h_words_sent = 0;
  forces.interactions_ = 0;

  apps::SpmdTimer timer;
  timer.start();
  for (int step = 0; step < o.iterations; ++step) {
    kick(bodies, dt / 2);
    drift(bodies, dt);
    forces.compute(bodies);
    kick(bodies, dt / 2);
  }
  out.time_s = timer.stop();

  out.energy_end = sum_over_processes(energy(bodies));
  out.interactions = sum_over_processes(forces.interactions_);
  apps::LocalWork work(4);
  forces.time_local_phases(bodies, dt, o.iterations, 3, work);
  out.work_s = work.slowest_sum();
  for (double h : apps::all_gather(forces.h_words_put)) out.h_put = std::max(out.h_put, h);
  for (double h : apps::all_gather(forces.h_words_sent)) out.h_send = std::max(out.h_send, h);

  // All bodies to pid 0 for the force check (untimed).
  if (!bodies.empty())
    bsp_send(0, nullptr, bodies.data(), static_cast<int>(bodies.size() * sizeof(Body)));
  bsp_sync();
  if (s == 0) {
    int messages = 0, bytes = 0;
    bsp_qsize(&messages, &bytes);
    out.bodies.resize(static_cast<std::size_t>(bytes) / sizeof(Body));
    for (std::size_t at = 0; at < out.bodies.size();) {
      int status = 0;
      bsp_get_tag(&status, nullptr);
      bsp_move(&out.bodies[at], status);
      at += static_cast<std::size_t>(status) / sizeof(Body);
    }
    std::sort(out.bodies.begin(), out.bodies.end(),
              [](const Body& a, const Body& b) { return a.id < b.id; });
  }
}

// rms and largest relative error of the accelerations of up to kCheckedBodies bodies against
// direct sums over all bodies.
void check_forces(apps::Report& report, const std::vector<Body>& bodies) {
  const std::size_t n = bodies.size();
  const std::size_t checked = std::min<std::size_t>(n, kCheckedBodies);
  double sum2 = 0, worst = 0;
  for (std::size_t c = 0; c < checked; ++c) {
    const Body& b = bodies[c * n / checked];
    double a[3] = {0, 0, 0};
    for (const Body& other : bodies) {
      if (other.id == b.id) continue;
      double dx[3], r2 = nbody::kSoftening2;
      for (int d = 0; d < 3; ++d) dx[d] = other.x[d] - b.x[d], r2 += dx[d] * dx[d];
      const double inv3 = other.m / (r2 * std::sqrt(r2));
      for (int d = 0; d < 3; ++d) a[d] += dx[d] * inv3;
    }
    double err2 = 0, norm2 = 0;
    for (int d = 0; d < 3; ++d) err2 += (b.a[d] - a[d]) * (b.a[d] - a[d]), norm2 += a[d] * a[d];
    const double rel = std::sqrt(err2 / norm2);
    sum2 += rel * rel;
    worst = std::max(worst, rel);
  }
  const double rms = std::sqrt(sum2 / static_cast<double>(checked));
  report.check(apps::format("accelerations of %zu bodies against direct sums: rms relative "
                            "error %.2e (bound %.0e), largest %.2e",
                            checked, rms, kForceRmsBound, worst),
               rms <= kForceRmsBound);
}

}  // namespace

int main(int argc, char** argv) {
  const apps::Options o = apps::parse_options(kApp, argc, argv);
  if (o.n < 2) apps::bad_argument(kApp, "n must be at least 2 bodies");
  if (o.n > (1LL << 24)) apps::bad_argument(kApp, "n larger than 2^24 is not supported");
  if (o.extra("theta") < 0 || o.extra("theta") > 1.5)
    apps::bad_argument(kApp, "theta must lie between 0 and 1.5");
  if (!(o.extra("dt") > 0)) apps::bad_argument(kApp, "dt must be positive");
  const std::vector<apps::MachineParams> machine =
      apps::load_machine_params(kApp.name, o.params);

  Parallel par;
  if (!apps::run_spmd(o.p, [&] { spmd(o, par); })) return 0;

  // Sequential baseline: the same tree code and steps on one process (the paper's choice).
  std::vector<Body> bodies;
  for (long long i = 0; i < o.n; ++i)
    bodies.push_back(
        make_body(o.seed, static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(o.n)));
  const double theta = o.extra("theta"), dt = o.extra("dt");
  tree_forces(bodies, points_of(bodies), theta);
  std::uint64_t seq_interactions = 0;
  const double seq_s = apps::best_time(
      1, [] {},
      [&] {
        for (int step = 0; step < o.iterations; ++step) {
          kick(bodies, dt / 2);
          drift(bodies, dt);
          seq_interactions += tree_forces(bodies, points_of(bodies), theta);
          kick(bodies, dt / 2);
        }
      });

  apps::Report report(kApp, o);
  check_forces(report, par.bodies);
  const double drift_rel =
      std::fabs(par.energy_end - par.energy_start) / std::fabs(par.energy_start);
  report.check(
      apps::format("energy %.6f at the start, %.6f after %d steps: relative change "
                   "%.2e (bound %.0e)",
                   par.energy_start, par.energy_end, o.iterations, drift_rel, kEnergyDriftBound),
      drift_rel <= kEnergyDriftBound);
  report.note(apps::format("interactions: %.3g parallel (all processes), %.3g sequential",
                           static_cast<double>(par.interactions),
                           static_cast<double>(seq_interactions)));
  report.times(par.time_s, "same tree code on one process", seq_s);
  if (!machine.empty()) {
    // Work: the parallel program's own local phases timed where they run, each the slowest
    // process's, over the timed steps (ParallelForces::time_local_phases; the forces at each
    // process's own interaction count). h: counted in this run (the largest per-process sum
    // over the supersteps; the paper bounds it by O(p + (N/p)^(2/3)) per step). Four
    // supersteps per step and the closing sync.
    const auto params = apps::params_for(machine, o.p);
    apps::CostPrediction cost;
    cost.compute_s = par.work_s;
    if (params) {
      cost.relation(par.h_put, params->g_put);
      cost.relation(par.h_send, params->g_send);
      cost.syncs(4 * o.iterations + 1, params->l);
    }
    report.prediction(params, cost);
  }
  return report.finish();
}
