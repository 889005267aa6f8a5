#include "engines/shm/shm_engine.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/eventfd.h>
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

#include "engines/shm/copy_calibration.hpp"
#include "engines/shm/data_path.hpp"
#include "engines/shm/fork_safety.hpp"
#include "engines/shm/output_redirect.hpp"
#include "engines/shm/process_tree.hpp"
#include "engines/shm/remote_memory.hpp"
#include "engines/shm/run_status.hpp"
#include "engines/shm/shared_pages.hpp"
#include "engines/shm/supervisor.hpp"
#include "engines/shm/supervisor_watch.hpp"
#include "util/block_copy.hpp"
#include "util/cache_ring.hpp"
#include "util/processors.hpp"
#include "util/standard_streams.hpp"

namespace superstep::shm {

namespace {
ShmEngine* g_engine = nullptr;

std::int64_t monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
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

// This run's mailboxes, team arena and data path, chosen by pid 0 before the
// fork and taken over by the engine of every process.
Mailboxes g_run_mailboxes;
TeamArena g_run_team_arena;
bool g_run_reads_remote = true;
bool g_run_copies_large = false;

void choose_for_this_run(int nprocs) {
  g_run_reads_remote = choose_data_path(nprocs) == DataPath::kCrossMemory;
  g_run_copies_large = copy_large_transfers(g_run_reads_remote);
  g_run_mailboxes = Mailboxes::create(nprocs);
  // With cross-memory attach the mailboxes only speed up small streams.
  if (!g_run_mailboxes.valid() && !g_run_reads_remote)
    startup_failure(
        "cross-memory attach is refused here, and the shared mapping that replaces it "
        "cannot be made",
        errno);
}
}  // namespace

ShmEngine::ShmEngine(ControlBlock control, int pid, int processes_per_cpu, int stop_fd)
    : control_(control),
      pid_(pid),
      nprocs_(control.header().nprocs),
      barrier_(&control.header().barrier, control.arrival_lines(), control.header().nprocs, pid,
               Barrier::by_arrivals(control.header().nprocs, processes_per_cpu),
               Waiting(processes_per_cpu, &control.header().stop, &ShmEngine::on_stop,
                       &control.process(pid).asleep_on)),
      stop_fd_(stop_fd),
      mailboxes_(std::exchange(g_run_mailboxes, Mailboxes{})),
      team_arena_(g_run_team_arena),
      reads_remote_(g_run_reads_remote),
      copies_large_(g_run_copies_large),
      processes_per_cpu_(processes_per_cpu) {
  for (int q = 0; q < nprocs_; ++q) machine_pids_.push_back(q);
}

ShmEngine::~ShmEngine() {
  if (g_engine == this) g_engine = nullptr;
  mailboxes_.unmap();
  team_arena_.unmap();
}

ShmEngine* ShmEngine::start(int nprocs) {
  ControlBlock control = ControlBlock::create(nprocs);
  if (!control.valid()) startup_failure("cannot map the control block", errno);
  run_status::begin(nprocs);
  control.header().start_ns = monotonic_ns();
  std::uint64_t half =
      std::min(kStagingMaxHalf, kStagingAddressSpace / (2 * static_cast<std::uint64_t>(nprocs)));
  half &= ~std::uint64_t{4095};
  void* staging = mmap(nullptr, half * 2 * static_cast<std::uint64_t>(nprocs),
                       PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  // Without it (a system that refuses to overcommit) puts are staged in
  // private memory and read with cross-memory attach instead.
  if (staging == MAP_FAILED) staging = nullptr;
#ifdef MADV_HUGEPAGE
  // Large puts are staged here: where the system lets a program ask for huge pages of shared
  // memory (`advise` in /sys/kernel/mm/transparent_hugepage/shmem_enabled), their first fill
  // takes a fault every 2 MiB instead of every 4 KiB (util/byte_buffer.hpp does the same for
  // private buffers). Elsewhere the kernel ignores the advice.
  if (staging) madvise(staging, half * 2 * static_cast<std::uint64_t>(nprocs), MADV_HUGEPAGE);
#endif
  g_run_team_arena = TeamArena::create(nprocs);
  int cpus = available_processors();
  int processes_per_cpu = (nprocs + cpus - 1) / cpus;
  bool oversubscribed = processes_per_cpu > 1;
  control.process(0).os_pid = getpid();
  control.process(0).state = kRunning;
  if (nprocs == 1) {
    g_engine = new ShmEngine(control, 0, processes_per_cpu, -1);
    g_engine->set_staging(staging, half);
    return g_engine;
  }

  refuse_openmp_threads(nprocs);
  int stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (stop_fd < 0) startup_failure("cannot make an eventfd", errno);
  // Cross-memory attach, or shared mailboxes where it is refused.
  choose_for_this_run(nprocs);
  // Whatever pid 0 has buffered would otherwise be printed by every process.
  flush_standard_streams();

  int q = start_processes(control, nprocs, stop_fd);
  // Let the other processes of this run read our memory where Yama restricts
  // cross-memory attach to ancestors (none of them is; no effect elsewhere).
  // pid 0 undoes it at bsp_end; the workers end there.
  prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
  g_engine = new ShmEngine(control, q, processes_per_cpu, stop_fd);
  g_engine->set_staging(staging, half);
  if (q == 0) {
    g_engine->watch_ =
        std::make_unique<SupervisorWatch>(control, control.header().supervisor_pid.load(), stop_fd);
  } else {
    redirect_output_for_tagging(q);
  }
  if (!oversubscribed) superstep::place_on_processor(q);
  return g_engine;
}

double ShmEngine::seconds_since_start() const {
  return static_cast<double>(monotonic_ns() - control_.header().start_ns) * 1e-9;
}

void ShmEngine::note_superstep(std::uint64_t superstep) {
  control_.process(pid_).superstep.store(superstep, std::memory_order_relaxed);
  run_status::note(pid_, superstep, RunState::kComputing);
}

EngineCapabilities ShmEngine::capabilities() {
  EngineCapabilities caps;
  if (reads_remote_) caps.remote_memory = this;
  // Small gets are answered through the mailboxes even where cross-memory
  // attach works, as small streams travel there: the owner copies, the asker
  // copies, and nobody makes a system call (the same size rule as streams).
  // Where the engine copies large transfers, gets are answered up to the cache ring's size
  // (cache_ring.hpp) and larger ones read in the owner's memory: answered, a get of n bytes
  // takes n bytes more memory in the owner's reply and n in its mailbox, which the first
  // time are pages faulted in one by one (on the two-core VM a 64 MiB bsp_hpget took 11x a
  // memcpy the first time, and added 64 MiB to both processes).
  if (mailboxes_.valid()) {
    caps.replies = this;
    caps.answered_get_max =
        copies_large_ ? std::max(kMailboxStreamMax, cache_ring_bytes()) : kMailboxStreamMax;
  }
  if (staging_) caps.shared_staging = this;
  caps.stage_hpputs = copies_large_;
  caps.shared_areas = this;
  return caps;
}

Engine* ShmEngine::split(int colour, int key) {
  return split_on_shared_memory(
      {&team_arena_, 0, &machine_pids_, pid_, this, this, &barrier_.waiting(), processes_per_cpu_},
      colour, key);
}

bool ShmEngine::share(void* begin, std::uint64_t len, std::uint64_t upto) {
  return share_pages(begin, len, upto);
}

void ShmEngine::unshare(void* begin) { unshare_pages(begin); }

char* ShmEngine::map(int src, std::uint64_t begin, std::uint64_t len) {
  return map_peer_pages(control_.process(src).os_pid.load(std::memory_order_relaxed), begin, len);
}

std::uint64_t ShmEngine::shared_bytes(const char* local) { return peer_pages_shared(local); }

void ShmEngine::unmap(char* local, std::uint64_t len) { unmap_peer_pages(local, len); }

std::uint32_t ShmEngine::exchange(const Publication& mine) {
  const StreamRef* out_per_dst = mine.streams;
  parity_ = static_cast<int>(mine.superstep & 1);
  sync_signal_ = signal_value_of(mine.superstep);
  run_status::note(pid_, mine.superstep,
                   mine.flags & kFlagEnd ? RunState::kInEnd : RunState::kInSync);
  ProcessRecord& me = control_.process(pid_);
  me.summary[parity_] = mine.summary;
  me.bulk_base[parity_] = reinterpret_cast<std::uintptr_t>(mine.bulk_base);
  if (mailboxes_.valid()) mailboxes_.start_filling(parity_);  // also for this sync's replies
  publish_streams(mine.flags & kFlagStream ? out_per_dst : nullptr);
  return barrier_.arrive_and_wait(mine.flags);
}

const void* ShmEngine::bulk_base(int src) const {
  return reinterpret_cast<const void*>(control_.process(src).bulk_base[parity_]);
}

// This process's descriptors lie one per destination, a page apart at large
// p, so it writes only those of its streams that are not empty, and clears
// those it wrote at the last sync of this parity that are empty now: every
// descriptor of this parity then says what it sends now. At p = 256 on two
// processors, writing all p at every sync with a stream made a superstep
// carrying one put per process cost 2.5 times an empty one; at p = 1024,
// touching them at every empty sync cost every process a thousand page
// faults. Null out_per_dst: no streams.
void ShmEngine::publish_streams(const StreamRef* out_per_dst) {
  std::vector<int>& written = written_[parity_];
  for (int dst : written)
    if (!out_per_dst || out_per_dst[dst].size == 0) control_.stream(parity_, dst, pid_).size = 0;
  written.clear();
  for (int dst = 0; out_per_dst && dst < nprocs_; ++dst) {
    if (out_per_dst[dst].size == 0) continue;
    written.push_back(dst);
    StreamDesc& d = control_.stream(parity_, dst, pid_);
    if (!mailboxes_.valid()) {
      d.address = reinterpret_cast<std::uintptr_t>(out_per_dst[dst].data);
      d.size = out_per_dst[dst].size;
    } else {
      post_stream(dst, out_per_dst[dst], d);
    }
  }
  // Also after a sync without streams: it counts as a quiet use of the box.
  if (mailboxes_.valid()) mailboxes_.trim(pid_, parity_);
}

// Places one non-empty stream before the barrier of exchange(). A stream of
// up to inline_stream_max() bytes goes into its descriptor itself
// (control_block.hpp); others into this process's mailbox, whose contents of
// two syncs ago are read by now (everybody has arrived at the sync in
// between), and nobody reads the new ones before the barrier.
//
// Where cross-memory attach works, only streams up to kMailboxStreamMax go
// there: the destination then reads them with plain loads instead of one
// process_vm_readv per source (a system call that pins pages: several
// microseconds in a virtual machine, most of a small superstep). Larger ones
// stay in the sender's memory and are read with one call, whose fixed cost
// is then a few percent of the copy, without doubling their memory, unless
// bsp_begin measured two copies cheaper than a read (copy_calibration.hpp)
// and the stream is at most kMailboxCopyMax: a larger one (a bsp_send of
// 256 MiB, whose payload the call copied into the stream already) would add
// its size to the sender's memory again, in fresh pages the first time.
void ShmEngine::post_stream(int dst, const StreamRef& out, StreamDesc& d) {
  if (dst != pid_ && out.size <= control_.inline_stream_max()) {
    std::memcpy(ControlBlock::inline_bytes(d), out.data, out.size);
    d.size = out.size | StreamDesc::kInline;
    return;
  }
  // The core reads its own stream from its outbox.
  const bool read_in_place = reads_remote_ && out.size > kMailboxStreamMax &&
                             (!copies_large_ || out.size > kMailboxCopyMax);
  bool stays = dst == pid_ || read_in_place;
  const char* at = stays ? static_cast<const char*>(out.data) : post_or_stop(out);
  d.address = reinterpret_cast<std::uintptr_t>(at);
  d.size = out.size;
}

const char* ShmEngine::post_or_stop(const StreamRef& stream) {
  if (const char* at = mailboxes_.post(pid_, parity_, stream.data, stream.size)) return at;
  char message[320];
  std::snprintf(message, sizeof message,
                "superstep: process %d sends more than %llu bytes in superstep %llu, the most "
                "one process may send in a superstep through shared memory",
                pid_, static_cast<unsigned long long>(mailboxes_.capacity()),
                static_cast<unsigned long long>(control_.process(pid_).superstep.load()));
  abort_all(message, ErrorScope::kLocal);
}

// The streams' pages in the mailbox are written once here, as far as four
// times what was asked, at most a ring's span (util/cache_ring.hpp): the
// smallest messages, 8-byte sends and gets, take two to three times their
// payload in the streams, and the rings map twice what a fill reaches. A
// box a program fills further maps the rest as it goes.
void ShmEngine::expect_streams(std::uint64_t bytes) {
  if (mailboxes_.valid()) mailboxes_.expect(pid_, std::min(4 * bytes, ring_span()));
}

const char* ShmEngine::incoming_data(int src) const {
  StreamDesc& d = control_.stream(parity_, pid_, src);
  if (d.holds_inline()) return ControlBlock::inline_bytes(d);
  const auto* at = reinterpret_cast<const char*>(d.address);
  return mailboxes_.holds(at) ? at : nullptr;
}

void ShmEngine::fetch(int src, void* into) {
  const StreamDesc& d = control_.stream(parity_, pid_, src);
  if (const char* held = incoming_data(src)) {
    copy_block(into, held, d.bytes());
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
  abort_all(message, ErrorScope::kLocal);
}

// In place of a barrier, each process waits only for the owners it asked,
// each in the one line of their reply slot, which also holds small answers
// (mailbox.hpp): a one-get superstep then costs the exchange's barrier and
// one cache line each way. Larger answers go after this sync's streams in
// the owner's box, which stays as it is until the owner's sync after next.
// Owners raise the slots of those who asked them only, unless everybody
// waits for everybody (awaited null).
void ShmEngine::exchange_replies(const StreamRef* out_per_dst, const bool* awaited) {
  for (int dst = 0; dst < nprocs_; ++dst) {
    const StreamRef& answers = out_per_dst[dst];
    if (dst == pid_ || (answers.size == 0 && awaited)) continue;
    ReplySlot& slot = mailboxes_.reply(dst, pid_);
    const char* at = slot.inline_bytes;
    if (answers.size > ReplySlot::kInlineBytes)
      at = post_or_stop(answers);
    else if (answers.size)
      std::memcpy(slot.inline_bytes, answers.data, answers.size);
    slot.size = answers.size;
    slot.address = reinterpret_cast<std::uintptr_t>(at);
    raise_signal(slot.posted, sync_signal_);
  }
  for (int src = 0; src < nprocs_; ++src) {
    if (src == pid_ || (awaited && !awaited[src])) continue;
    ReplySlot& slot = mailboxes_.reply(pid_, src);
    wait_for_signal(barrier_.waiting(), slot.posted, sync_signal_);
    // Seen: a number raised again after 2^32 syncs cannot be taken for new.
    slot.posted.value.store(0, std::memory_order_relaxed);
  }
}

const char* ShmEngine::reply_data(int src) const {
  return reinterpret_cast<const char*>(mailboxes_.reply(pid_, src).address);
}

void ShmEngine::finish() {
  control_.process(pid_).state = kEnded;
  run_status::note_state(pid_, RunState::kEnded);
  if (pid_ != 0) {
    // Paper §2.2: at bsp_end all but process 0 are terminated. What this
    // process wrote is flushed; the exit handlers and static destructors it
    // inherited are process 0's, so they do not run here.
    flush_standard_streams();
    release_reserved_space();
    _exit(0);
  }
  if (watch_) watch_->wait_for_supervisor();
  if (control_.header().stop.load()) leave_stopped();
  watch_.reset();
  if (stop_fd_ >= 0) {
    close(stop_fd_);
    stop_fd_ = -1;
    prctl(PR_SET_PTRACER, 0, 0, 0, 0);
  }
  control_.unmap();
  release_reserved_space();
}

// Hundreds of GiB of shared address space, reserved and mostly never touched:
// a process lets go of it before it exits, because a tool that reads all of a
// process's memory at its exit reads those pages into existence (valgrind's
// leak check, which runs at every process's exit: a p = 2 program grew shared
// memory by about 250 MB a second until the machine ran out).
void ShmEngine::release_reserved_space() {
  mailboxes_.unmap();
  if (staging_) munmap(staging_, staging_half_ * 2 * static_cast<std::uint64_t>(nprocs_));
  staging_ = nullptr;
}

// Whoever stops the run first prints, so both scopes end the same way.
void ShmEngine::abort_all(const char* message, ErrorScope) {
  Supervisor::stop_run(control_, stop_fd_, message);
  leave_stopped();
}

void ShmEngine::leave_stopped() {
  flush_standard_streams();
  // pid 0 leaves last, so that no process of the run outlives the program.
  if (watch_) watch_->wait_for_supervisor();
  release_reserved_space();
  _exit(1);
}

void ShmEngine::on_stop() { g_engine->leave_stopped(); }

}  // namespace superstep::shm
