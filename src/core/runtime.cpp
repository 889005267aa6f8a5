#include "core/runtime.hpp"

#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "core/nprocs_before_begin.hpp"
#include "util/errors.hpp"
#include "util/run_notes.hpp"
#include "engines/engine_select.hpp"
#include "util/block_copy.hpp"

// What the inline first tiers of bsp_put, bsp_send and bsp_move read
// (superstep/detail/inline_paths.h, which declares them extern "C").
superstep_put_table superstep_put_runs = {};
superstep_send_table superstep_send_windows = {nullptr, 0};
superstep_queue_state* superstep_queue = nullptr;

namespace superstep {

Runtime* Runtime::active_ = nullptr;
bool Runtime::begun_ = false;

namespace {
// More processes than this would make the per-pair stream table alone
// hundreds of megabytes; no host runs that many BSP processes usefully.
constexpr int kMaxProcs = 4096;

std::unique_ptr<Runtime> g_runtime;

// The OS process that is this BSP process; a child the program forks inherits
// the exit hook below but is not a BSP process.
pid_t g_bsp_os_pid = 0;

// Runs when a process returns from main or calls exit() while still inside
// bsp_begin..bsp_end: the others would wait for it forever.
void exit_without_end(int status, void*) {
  Runtime* rt = Runtime::active();
  if (!rt || getpid() != g_bsp_os_pid) return;
  rt->engine().abort_all(format("superstep: process %d exited with status %d in superstep %llu "
                                "without calling bsp_end; stopping all processes",
                                rt->pid(), status, static_cast<unsigned long long>(rt->superstep()))
                             .c_str(),
                         ErrorScope::kLocal);
}
}  // namespace

Runtime::Runtime(Engine* engine, std::uint64_t shared_area_min, SizeChoice bulk_messages,
                 StagingStores staging_stores, const CheckChoices& check, const TeamStart* team)
    : engine_(engine),
      caps_(engine->capabilities()),
      pid_(engine->pid()),
      nprocs_(engine->nprocs()),
      ring_copy_(staging_stores) {
  shared_area_min_asked_ = shared_area_min;
  bulk_messages_ = bulk_messages;
  staging_stores_ = staging_stores;
  check_choices_ = check;
  registry_.reset(nprocs_, pid_);
  for (int k = 0; k < 2; ++k) {
    // Without remote reads every payload travels inside the streams.
    outbox_[k].reset(nprocs_, !caps_.remote_memory);
    outbox_[k].set_stage_hpputs(caps_.stage_hpputs);
    outbox_[k].set_ring_copy(&ring_copy_);
    outbox_[k].set_staging(caps_.shared_staging ? caps_.shared_staging->staging(k)
                                                : SharedArea{nullptr, 0});
    incoming_[k].resize(nprocs_);
  }
  stream_refs_.resize(nprocs_);
  incoming_view_.resize(nprocs_);
  for (std::vector<RingMapping>& mapped : staging_mapped_) mapped.assign(nprocs_, RingMapping{});
  replies_.resize(nprocs_);
  reply_cursors_.resize(nprocs_);
  awaited_replies_ = std::make_unique<bool[]>(static_cast<std::size_t>(nprocs_));
  pushes_of_.resize(nprocs_);
  if (caps_.shared_areas) shared_area_min_ = shared_area_min;
  // Bulk messages are for engines that share no memory: a put record from
  // another process is then always one (bulk_messages.cpp).
  if (caps_.remote_memory || caps_.shared_staging || caps_.shared_areas)
    caps_.bulk_messages = nullptr;
  if (caps_.bulk_messages) {
    std::uint64_t bulk_min =
        min_bytes_for(bulk_messages, std::max<std::uint64_t>(caps_.bulk_message_min, 1));
    if (bulk_min != UINT64_MAX)
      for (Outbox& out : outbox_) out.set_bulk_messages(bulk_min, pid_);
  }
  engine_->note_superstep(0);
  if (!team)
    profile_ = profile::Recorder::start_if_asked(*engine_);
  else if (team->enclosing_profile)
    profile_ = team->enclosing_profile->team(*engine_, team->colour, team->in);
  if (check.any()) check_ = std::make_unique<PortabilityCheck>(check, pid_);
  watched_ = profile_ || check_;
  set_tagsize_now(0);
  last_put_.resize(nprocs_);
  send_windows_.resize(nprocs_);
  const auto small_put_max = static_cast<std::uint32_t>(std::min<std::uint64_t>(
      {LastPut::kMaxBytes, outbox_[0].inline_max(), shared_area_min_ - 1}));
  // Check mode sees every put (its site): no inline tier takes one. Profiling takes tier 2 in
  // watched_put, where it counts each put, and keeps a table of runs per kind and size, whose
  // puts it counts when each run ends (core/profiled_puts.cpp).
  if (!watched_) {
    fast_put_max_ = small_put_max;
  } else if (!check_) {
    profiled_put_max_ = small_put_max;
    profiled_runs_.resize(nprocs_);
  }
  put_runs_.resize(static_cast<std::size_t>(nprocs_) * (profiled_put_max_ ? 4 : 1));
}

superstep_put_table Runtime::put_table() {
  superstep_put_table table{{}, static_cast<unsigned>(nprocs_)};
  for (int k = 0; k < 4; ++k)
    table.runs[k] =
        put_runs_.data() + (profiled_put_max_ ? static_cast<std::size_t>(k) * nprocs_ : 0);
  return table;
}

void Runtime::remember_put(int pid, const void* ident) {
  LastPut& last = last_put_[pid];
  if (!last.ident) remembered_.push_back(pid);
  const Registration* reg = registry_.find(ident);
  last = {ident, reg->address[pid], reg->size[pid]};
}

void Runtime::forget_puts() {
  for (int pid : remembered_) {
    last_put_[pid] = LastPut{};
    outbox_[parity_].settle(pid);  // a run's bytes go to its stream before the run is dropped
    put_runs_[pid] = PutRun{};
  }
  remembered_.clear();
}

void Runtime::open_put_run(int pid, const void* ident, std::uint64_t end, std::uint64_t size) {
  // Only where every put it may take is a small one (fast_put_max_ may be
  // lower where puts become bulk messages early), and only up to the area's end.
  if (fast_put_max_ < LastPut::kMaxBytes) return;
  open_run_in(put_runs_[pid], pid, ident, end, size);
}

void Runtime::open_run_in(PutRun& run, int pid, const void* ident, std::uint64_t end,
                          std::uint64_t size) {
  run.ident = ident;
  run.next_offset = static_cast<std::uint32_t>(end);
  outbox_[parity_].open_run(pid, run.run, size - end);
}

void Runtime::begin(int nprocs) {
  note_begin_called();
  if (begun_)
    usage_error("bsp_begin",
                "called a second time; a program has one SPMD part: call bsp_begin once, "
                "as the first statement of main or of the function given to bsp_init");
  nprocs = agree_on_maxprocs(nprocs);  // under MPI process 0's, checked where it counts
  if (nprocs < 1) usage_error("bsp_begin", "maxprocs is %d; ask for at least 1 process", nprocs);
  const int asked = nprocs;
  // Under bsprun -n P every engine runs at most P processes: under MPI and
  // udp the job has P, here the shm engine is held to them.
  if (std::optional<int> most = launcher_nprocs_cap()) nprocs = std::min(nprocs, *most);
  if (nprocs > kMaxProcs)
    usage_error("bsp_begin", "maxprocs is %d; Superstep runs at most %d processes", nprocs,
                kMaxProcs);
  begun_ = true;
  on_exit(exit_without_end, nullptr);  // atexit would not tell the status
  CheckChoices check = CheckChoices::from_environment();
  std::uint64_t shared_area_min = shared_area_min_asked();
  SizeChoice bulk_messages = size_choice_asked(Strategy::kBulkMessages);
  StagingStores staging_stores = staging_stores_asked();
  Engine* engine = start_engine(nprocs);
  if (engine->pid() == 0) note_processes(asked, engine->nprocs());
  g_runtime.reset(new Runtime(engine, shared_area_min, bulk_messages, staging_stores, check));
  g_bsp_os_pid = getpid();
  g_runtime->activate();
}

void Runtime::activate() {
  active_ = this;
  // What the inline first tiers read, published for the active runtime only.
  superstep_put_runs = put_table();
  superstep_send_windows = {send_windows_.data(), static_cast<unsigned>(nprocs_)};
  superstep_queue = queue_.state();
}

void Runtime::end() {
  if (enclosing_)
    usage_error("bsp_end",
                "called inside a team (bsp_team_begin); end the team first with bsp_team_end, "
                "on every process of the team");
  run_sync(SyncKind::kEnd);
  release_all_areas();
  // A runtime made directly (not by begin()) touches nothing of the process's.
  const bool was_active = this == active_;
  if (was_active) {
    active_ = nullptr;
    // Every put, send and move now reaches the library, which reports it.
    superstep_put_runs = {};
    superstep_send_windows = {};
    superstep_queue = nullptr;
  }
  if (profile_) {
    profile_->finish();
    engine_->barrier(0);  // every part is whole before process 0 merges them
  }
  engine_->finish();  // other processes do not return from here
  if (profile_) profile_->merge_parts();
  if (was_active) g_runtime.reset();  // frees this runtime and its engine: touch no member after
}

void Runtime::unresolvable(const Call& call, int pid, const void* ident, std::uint64_t offset,
                           std::uint64_t nbytes) const {
  const Registration* reg = registry_.find(ident);
  if (!reg)
    usage_error(call,
                "address %p is not registered on this process (or only with NULL); register it "
                "with bsp_push_reg and call bsp_sync before using it",
                ident);
  std::uint64_t remote = reg->address[pid];
  std::uint64_t size = reg->size[pid];
  if (remote == 0 && nbytes > 0)
    usage_error(call,
                "process %d registered NULL in the registration of %p, so it has no memory there",
                pid, ident);
  if (offset + nbytes > size) {
    // A put writes into the remote area, a get reads from it: name its role.
    bool reads = std::strstr(call.primitive, "get") != nullptr;
    usage_error(call,
                "offset %llu + nbytes %llu = %llu is beyond the %llu bytes process %d registered "
                "for %p; a %s must stay within the area its %s (process %d) registered",
                static_cast<unsigned long long>(offset), static_cast<unsigned long long>(nbytes),
                static_cast<unsigned long long>(offset + nbytes),
                static_cast<unsigned long long>(size), pid, ident, reads ? "get" : "put",
                reads ? "source" : "destination", pid);
  }
  usage_error(call, "internal error: the registration of %p resolved", ident);
}

void Runtime::push_reg(const void* ident, std::uint64_t size, CallSite site) {
  if (profile_) [[unlikely]] {
    profile_->push_reg();
    close_profiled_runs();
  }
  if (check_) [[unlikely]]
    check_->registered(ident, size, site);
  forget_puts();
  if (!first_push_site_.file) first_push_site_ = site;
  std::uint64_t id = registry_.push(ident, size);
  outbox_[parity_].push(pid_, ident, size, id);
}

void Runtime::pop_reg(const void* ident) {
  if (profile_) [[unlikely]] {
    profile_->pop_reg();
    close_profiled_runs();
  }
  forget_puts();
  if (check_) [[unlikely]]
    check_->unregistered(ident);
  if (!registry_.pop(ident))
    usage_error("bsp_pop_reg",
                "address %p is not registered (counting this superstep's pushes and pops); pop "
                "only what bsp_push_reg registered",
                ident);
}

bool Runtime::get(int pid, const void* src, std::uint64_t offset, void* dst, std::uint64_t nbytes,
                  bool hp, CallSite site) {
  if (nbytes == 0) return true;  // §3.3: a communication of zero bytes does nothing
  std::uint64_t remote = resolve(pid, src, offset, nbytes);
  if (remote == 0) return false;
  if (profile_) [[unlikely]]
    profile_->count(hp ? profile::kHpget : profile::kGet, pid, nbytes, false);  // not joined
  if (check_ && hp) [[unlikely]] {
    if (watched_hpget(pid, remote, static_cast<char*>(dst), nbytes, site)) return true;
  }
  if (nbytes < shared_area_min_ || pid == pid_ ||
      !get_from_shared(pid, src, remote, dst, nbytes, hp))
    add_get(pid, remote, static_cast<char*>(dst), nbytes, hp, nullptr);
  return true;
}

void Runtime::add_get(int pid, std::uint64_t remote, char* dst, std::uint64_t nbytes, bool hp,
                      const char* mapped) {
  if (get_as_bulk(pid, nbytes)) {
    gets_.push_back({pid, remote, dst, nbytes, 0, hp, false, nullptr, true, false});
    outbox_[parity_].get_request(pid, remote, nbytes, true);
    bulk_gets_ = true;
    return;
  }
  bool answered = !mapped && pid != pid_ && answerable(nbytes);
  gets_.push_back({pid, remote, dst, nbytes, 0, hp, answered, mapped, false, false});
  if (answered) {
    outbox_[parity_].get_request(pid, remote, nbytes);
    answered_gets_ = true;
  } else if (pid != pid_) {
    read_gets_ = true;
  }
}

void Runtime::direct_get(int pid, const void* src, std::uint64_t offset, void* dst,
                         std::uint64_t nbytes) {
  if (nbytes == 0) return;
  std::uint64_t remote = resolve(pid, src, offset, nbytes);
  if (remote == 0) unresolvable("bsp_direct_get", pid, src, offset, nbytes);
  if (pid == pid_) {
    copy_block(dst, reinterpret_cast<const void*>(remote), nbytes);
    return;
  }
  // It reads while the owner computes, which only reading the owner's memory
  // can do: an engine that moves data only at syncs cannot serve it.
  if (!caps_.remote_memory)
    usage_error("bsp_direct_get",
                "reads process %d's memory at once, which this run cannot do: cross-memory "
                "attach is refused here (or the engine is MPI); use bsp_get, which reads at the "
                "next bsp_sync",
                pid);
  iovec local{dst, nbytes};
  iovec from{reinterpret_cast<void*>(remote), nbytes};
  caps_.remote_memory->read_remote(pid, &local, 1, &from, 1);
}

std::int64_t Runtime::set_tagsize(std::int64_t tag_bytes) {
  std::int64_t previous = tagsize_next_;
  tagsize_next_ = tag_bytes;
  ++tagsize_calls_;
  return previous;
}

}  // namespace superstep
