#include "engines/shm/shm_engine.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/output_redirect.hpp"
#include "engines/shm/data_path.hpp"
#include "engines/shm/remote_memory.hpp"
#include "engines/shm/supervisor.hpp"

namespace superstep::shm {

namespace {
ShmEngine* g_engine = nullptr;

std::int64_t monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

int available_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

// With no more processes than processors, process q starts on the q-th
// processor it may use: two processes that the scheduler leaves on one
// processor meet at every barrier only through a context switch (2.6 us an
// empty superstep at p=2 instead of 0.4 us here). Only the placement is
// chosen: the process may still move when other programs load its processor
// (binding it there made the same superstep cost 12-30 us under load).
// BSP_BIND=none leaves placement to the scheduler.
void place_on_processor(int q) {
  const char* bind = std::getenv("BSP_BIND");
  if (bind && std::strcmp(bind, "none") == 0) return;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  int seen = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    if (seen++ == q) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      sched_setaffinity(0, sizeof one, &one);          // moves this process there now
      sched_setaffinity(0, sizeof allowed, &allowed);  // and lets it move again later
      return;
    }
  }
}

// The staging areas get this much address space in all (reserved, not
// allocated: pages exist only once a put touches them), at most
// kStagingMaxHalf per process and parity.
constexpr std::uint64_t kStagingAddressSpace = std::uint64_t{1} << 45;
constexpr std::uint64_t kStagingMaxHalf = std::uint64_t{64} << 30;

[[noreturn]] void startup_failure(const char* what, int err) {
  std::fprintf(stderr, "superstep: error in bsp_begin: %s: %s\n", what, std::strerror(err));
  std::exit(1);
}

// This run's mailboxes, made by pid 0 before the fork and taken over by the
// engine of every process (empty where cross-memory attach works).
Mailboxes g_run_mailboxes;

Mailboxes mailboxes_for_this_run(int nprocs) {
  if (choose_data_path(nprocs) == DataPath::kCrossMemory) return {};
  Mailboxes m = Mailboxes::create(nprocs);
  if (!m.valid())
    startup_failure(
        "cross-memory attach is refused here, and the shared mapping that replaces it "
        "cannot be made",
        errno);
  return m;
}
}  // namespace

ShmEngine::ShmEngine(ControlBlock control, int pid, bool oversubscribed)
    : control_(control),
      pid_(pid),
      nprocs_(control.header().nprocs),
      barrier_(&control.header().barrier, control.header().nprocs, oversubscribed,
               &control.header().stop, &ShmEngine::on_stop),
      mailboxes_(std::exchange(g_run_mailboxes, Mailboxes{})) {}

ShmEngine::~ShmEngine() {
  if (g_engine == this) g_engine = nullptr;
  mailboxes_.unmap();
}

ShmEngine* ShmEngine::start(int nprocs) {
  ControlBlock control = ControlBlock::create(nprocs);
  if (!control.valid()) startup_failure("cannot map the control block", errno);
  control.header().start_ns = monotonic_ns();
  std::uint64_t half =
      std::min(kStagingMaxHalf, kStagingAddressSpace / (2 * static_cast<std::uint64_t>(nprocs)));
  half &= ~std::uint64_t{4095};
  void* staging = mmap(nullptr, half * 2 * static_cast<std::uint64_t>(nprocs),
                       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  // Without it (a system that refuses to overcommit) puts are staged in
  // private memory and read with cross-memory attach instead.
  if (staging == MAP_FAILED) staging = nullptr;
  bool oversubscribed = nprocs > available_cpus();

  // Let the other processes of this run read our memory where Yama restricts
  // cross-memory attach to ancestors (no effect elsewhere).
  prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
  // The supervisor must be able to wait for its workers.
  signal(SIGCHLD, SIG_DFL);
  // Cross-memory attach, or shared mailboxes where it is refused.
  g_run_mailboxes = mailboxes_for_this_run(nprocs);
  // Whatever pid 0 has buffered would otherwise be printed by every process.
  std::fflush(nullptr);

  pid_t parent = getpid();
  control.process(0).os_pid = parent;
  control.process(0).state = kRunning;
  std::vector<pid_t> workers;
  for (int q = 1; q < nprocs; ++q) {
    pid_t child = fork();
    if (child < 0) {
      int err = errno;
      for (pid_t w : workers) kill(w, SIGKILL);
      char what[96];
      std::snprintf(what, sizeof what, "cannot start process %d of %d", q, nprocs);
      startup_failure(what, err);
    }
    if (child == 0) {
      // A worker dies with pid 0, however pid 0 ends.
      prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
      if (getppid() != parent) _exit(1);
      control.process(q).os_pid = getpid();
      control.process(q).state = kRunning;
      redirect_output_for_tagging(q);
      if (!oversubscribed) place_on_processor(q);
      g_engine = new ShmEngine(control, q, oversubscribed);
      g_engine->set_staging(staging, half);
      return g_engine;
    }
    control.process(q).os_pid = child;
    workers.push_back(child);
  }
  if (!oversubscribed && nprocs > 1) place_on_processor(0);
  g_engine = new ShmEngine(control, 0, oversubscribed);
  g_engine->set_staging(staging, half);
  g_engine->os_pids_.push_back(parent);
  g_engine->os_pids_.insert(g_engine->os_pids_.end(), workers.begin(), workers.end());
  if (!workers.empty()) g_engine->supervisor_ = std::make_unique<Supervisor>(control, workers);
  return g_engine;
}

double ShmEngine::seconds_since_start() const {
  return static_cast<double>(monotonic_ns() - control_.header().start_ns) * 1e-9;
}

void ShmEngine::note_superstep(std::uint64_t superstep) {
  control_.process(pid_).superstep.store(superstep, std::memory_order_relaxed);
}

std::uint32_t ShmEngine::exchange(const SyncSummary& mine, const StreamRef* out_per_dst,
                                  const void* bulk_base) {
  parity_ = static_cast<int>(mine.superstep & 1);
  ProcessRecord& me = control_.process(pid_);
  me.summary[parity_] = mine;
  me.bulk_base[parity_] = reinterpret_cast<std::uintptr_t>(bulk_base);
  if (mailboxes_.valid()) mailboxes_.start_filling(parity_);  // also for this sync's replies
  if (!(mine.flags & kFlagStream)) {
    for (int dst = 0; dst < nprocs_; ++dst) control_.stream(parity_, dst, pid_).size = 0;
  } else if (mailboxes_.valid()) {
    post_streams(out_per_dst);
  } else {
    for (int dst = 0; dst < nprocs_; ++dst)
      control_.stream(parity_, dst, pid_) = {
          reinterpret_cast<std::uintptr_t>(out_per_dst[dst].data), out_per_dst[dst].size};
  }
  return barrier_.arrive_and_wait(mine.flags);
}

const void* ShmEngine::bulk_base(int src) const {
  return reinterpret_cast<const void*>(control_.process(src).bulk_base[parity_]);
}

// Fills this process's mailbox before the barrier of exchange(): its
// contents of two syncs ago are read by now (everybody has arrived at the
// sync in between), and nobody reads the new ones before the barrier.
void ShmEngine::post_streams(const StreamRef* out_per_dst) {
  for (int dst = 0; dst < nprocs_; ++dst) {
    // The core reads its own stream from its outbox.
    const char* at = dst == pid_ ? static_cast<const char*>(out_per_dst[dst].data)
                                 : post_or_stop(out_per_dst[dst]);
    control_.stream(parity_, dst, pid_) = {reinterpret_cast<std::uintptr_t>(at),
                                           out_per_dst[dst].size};
  }
  mailboxes_.trim(pid_, parity_);
}

const char* ShmEngine::post_or_stop(const StreamRef& stream) {
  if (stream.size == 0) return nullptr;
  if (const char* at = mailboxes_.post(pid_, parity_, stream.data, stream.size)) return at;
  char message[320];
  std::snprintf(message, sizeof message,
                "superstep: process %d sends more than %llu bytes in superstep %llu, the most "
                "one process may send in a superstep where cross-memory attach is refused",
                pid_, static_cast<unsigned long long>(mailboxes_.capacity()),
                static_cast<unsigned long long>(control_.process(pid_).superstep.load()));
  abort_all(message);
}

const char* ShmEngine::incoming_data(int src) const {
  if (!mailboxes_.valid()) return nullptr;
  return reinterpret_cast<const char*>(control_.stream(parity_, pid_, src).address);
}

void ShmEngine::fetch(int src, void* into) {
  const StreamDesc& d = control_.stream(parity_, pid_, src);
  if (mailboxes_.valid()) {
    std::memcpy(into, reinterpret_cast<const void*>(d.address), d.size);
    return;
  }
  iovec local{into, d.size};
  iovec remote{reinterpret_cast<void*>(d.address), d.size};
  read_remote(src, &local, 1, &remote, 1);
}

void ShmEngine::read_remote(int src, const iovec* local, std::size_t nlocal, const iovec* remote,
                            std::size_t nremote) {
  pid_t os_pid = control_.process(src).os_pid.load(std::memory_order_relaxed);
  int err = read_process_memory(os_pid, local, nlocal, remote, nremote);
  if (err == 0) return;
  if (err == ESRCH) {
    // The process is gone; the supervisor is reporting it. Wait to be stopped.
    for (int i = 0; i < 400 && !control_.header().stop.load(); ++i) usleep(5000);
    if (control_.header().stop.load()) leave_stopped();
  }
  char message[384];
  if (err == EPERM)
    std::snprintf(
        message, sizeof message,
        "superstep: process %d may not read the memory of process %d (process_vm_readv: %s); "
        "the shared-memory engine needs cross-memory attach (check ptrace restrictions)",
        pid_, src, std::strerror(err));
  else if (err == ESRCH)
    std::snprintf(message, sizeof message,
                  "superstep: process %d could not read memory of process %d in superstep %llu: "
                  "that process has ended",
                  pid_, src,
                  static_cast<unsigned long long>(control_.process(pid_).superstep.load()));
  else
    std::snprintf(message, sizeof message,
                  "superstep: process %d could not read memory of process %d in superstep %llu "
                  "(process_vm_readv: %s); was the source of a bsp_hpput, or a registered area, "
                  "freed before the sync?",
                  pid_, src,
                  static_cast<unsigned long long>(control_.process(pid_).superstep.load()),
                  std::strerror(err));
  abort_all(message);
}

// The replies go after this sync's streams in this process's mailbox; the
// barrier makes them visible to all.
void ShmEngine::exchange_replies(const StreamRef* out_per_dst) {
  if (!mailboxes_.valid())
    abort_all("superstep: internal error: reply round asked of the shared-memory engine");
  for (int dst = 0; dst < nprocs_; ++dst) {
    const char* at = dst == pid_ ? nullptr : post_or_stop(out_per_dst[dst]);
    mailboxes_.reply(parity_, dst, pid_) = {reinterpret_cast<std::uintptr_t>(at),
                                            at ? out_per_dst[dst].size : 0};
  }
  barrier_.arrive_and_wait(0);
}

std::uint64_t ShmEngine::reply_size(int src) const {
  return mailboxes_.valid() ? mailboxes_.reply(parity_, pid_, src).size : 0;
}

const char* ShmEngine::reply_data(int src) const {
  if (!mailboxes_.valid()) return nullptr;
  return reinterpret_cast<const char*>(mailboxes_.reply(parity_, pid_, src).address);
}

void ShmEngine::finish() {
  control_.process(pid_).state = kEnded;
  if (pid_ != 0) {
    std::exit(0);
  }
  if (supervisor_) supervisor_->wait_for_workers();
  if (control_.header().stop.load()) leave_stopped();
  control_.unmap();
  if (staging_) munmap(staging_, staging_half_ * 2 * static_cast<std::uint64_t>(nprocs_));
  staging_ = nullptr;
}

void ShmEngine::abort_all(const char* message) {
  ControlHeader& h = control_.header();
  if (h.report_claimed.exchange(1) == 0) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", message);
    std::fflush(stderr);
  }
  h.stop.store(1);
  Barrier::wake_all(&h.barrier);
  leave_stopped();
}

void ShmEngine::leave_stopped() {
  std::fflush(nullptr);
  if (pid_ == 0 && supervisor_) supervisor_->stop_workers();
  _exit(1);
}

void ShmEngine::on_stop() { g_engine->leave_stopped(); }

}  // namespace superstep::shm
