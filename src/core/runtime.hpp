// The state of one BSP process between bsp_begin and bsp_end, and the
// superstep semantics of the paper (§2-4) on top of any engine.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/check/portability_check.hpp"
#include "core/landing_plan.hpp"
#include "core/message_queue.hpp"
#include "core/registry.hpp"
#include "core/size_choice.hpp"
#include "core/sync_summary.hpp"
#include "engines/engine.hpp"
#include "messaging/outbox.hpp"
#include "messaging/ring_copy.hpp"
#include "profiler/profile_recorder.hpp"
#include "util/byte_buffer.hpp"
#include "util/cache_ring.hpp"
#include "util/errors.hpp"
#include "util/large_blocks.hpp"
#include "util/memory_keep.hpp"

namespace superstep {

class Runtime {
 public:
  // The runtime of this process inside bsp_begin..bsp_end, else nullptr.
  static Runtime* active() { return active_; }
  // Whether bsp_begin was ever called in this process.
  static bool begun() { return begun_; }

  static void begin(int nprocs);
  void end();

  // A runtime over `engine` (which it owns), with the choices begin() reads
  // from the environment. begin() makes the one runtime of a BSP process and
  // makes it active; one made here directly is not active (active() does not
  // return it, and the inline first tiers of bsp.h do not see it), so that
  // several can run in one process, each driven by its own thread through
  // the calls below: the unit tests of the sync protocol do that over a fake
  // engine (tests/unit/fake_engine.hpp). Errors then reach the stop hook of
  // util/errors.hpp, not the engine; end() ends it like any other, and its
  // owner frees it.
  // A team's runtime (enter_team) passes where the team starts: the enclosing runtime's profile
  // recorder (nullptr when profiling is off), the colour and the enclosing superstep the team
  // runs in; the machine bsp_begin starts passes none and profiles when BSP_PROFILE asks.
  struct TeamStart {
    profile::Recorder* enclosing_profile;
    int colour;
    std::uint64_t in;
  };
  Runtime(Engine* engine, std::uint64_t shared_area_min, SizeChoice bulk_messages,
          StagingStores staging_stores, const CheckChoices& check = CheckChoices{},
          const TeamStart* team = nullptr);

  // Teams (core/teams.cpp, bsp.h's bsp_team_begin): ends this runtime's
  // superstep, splits its processes by colour and makes this process's team
  // the active runtime, a BSP machine of its own over the engine's split()
  // (in check mode as the machine is; profiled as the machine is, its supersteps recorded as
  // the team's in the same part file). leave_team(), on the team's runtime, ends it like
  // bsp_end ends a machine and makes the enclosing runtime active again.
  void enter_team(int colour, int key);
  void leave_team();
  // The enclosing runtime of a team, else nullptr.
  Runtime* enclosing() const { return enclosing_; }
  // How deep this runtime is nested: 0 for the machine bsp_begin started.
  int team_depth() const { return enclosing_ ? enclosing_->team_depth() + 1 : 0; }

  int pid() const { return pid_; }
  int nprocs() const { return nprocs_; }
  std::uint64_t superstep() const { return superstep_; }
  Engine& engine() { return *engine_; }
  double time() const { return engine_->seconds_since_start(); }
  void sync() { run_sync(SyncKind::kSync); }
  // The profile recorder (BSP_PROFILE), or nullptr when profiling is off.
  profile::Recorder* profile() { return profile_.get(); }
  // Check mode's detector (BSP_CHECK, BSP_CHECK_ORDER), or nullptr when it is off.
  PortabilityCheck* check() { return check_.get(); }
  // Whether profiling or check mode is on: the one branch bsp_sync_at takes for both.
  bool watched() const { return watched_; }
  // bsp_sync_at's file and line, for the profile and for check mode's findings.
  void note_sync_site(CallSite site);
  // bsp_sync_at's or bsp_end_at's file and line, which a mismatch found at this sync names
  // (each sync sets it; bsp_sync and bsp_end leave it unknown).
  void set_sync_site(CallSite site) { sync_site_ = site; }
  // The bytes process pid registered in the registration in effect of this process's ident,
  // or -1 where ident is not registered here (bsp_registered_nbytes, bsp_profile.h).
  long long registered_nbytes(int pid, const void* ident) const {
    const Registration* reg = registry_.find(ident);
    if (!reg || pid < 0 || pid >= nprocs_) return -1;
    return reg->address[pid] ? static_cast<long long>(reg->size[pid]) : 0;
  }

  // DRMA. Arguments are already checked for range and NULL by the API layer.
  void push_reg(const void* ident, std::uint64_t size, CallSite site = {});
  void pop_reg(const void* ident);
  // The put path below the program's first tier, one file per tier (api/put.cpp maps them):
  // tier 2, a small put like the last one to pid (core/put_tier2.hpp); tier 3, every other put
  // whose arguments are in range (core/put_tier3.hpp). Each returns false, having done nothing,
  // where it does not apply (tier 2) or where dst + offset .. + nbytes is not registered on pid
  // (tier 3): the API then reports the misuse with its call site (unresolvable).
  bool put_like_last(int pid, const void* src, const void* dst, int offset, int nbytes);
  // The body of tier 2: kProfiled, where profiling (not check mode) takes it in
  // profiled_put_like_last (profiled_put_max_), and then opens the runs of one kind and size it
  // counts.
  template <bool kProfiled>
  bool small_put_to_last(int pid, const void* src, const void* dst, int offset, int nbytes,
                         bool hp);
  bool put(int pid, const void* src, void* dst, std::uint64_t offset, std::uint64_t nbytes,
           bool hp);
  // While profiling or checking (watched()), the API takes these instead of put_like_last and
  // put() (core/profiled_puts.cpp): tier 2 where profiling alone is on, the put counted (false,
  // having done nothing, where it does not apply: always in check mode); then the put counted,
  // what check mode needs noted, with the caller's file and line (false where the put does not
  // resolve, as put()).
  template <bool hp>
  bool profiled_put_like_last(int pid, const void* src, const void* dst, int offset, int nbytes);
  bool watched_put(CallSite site, int pid, const void* src, void* dst, std::uint64_t offset,
                   std::uint64_t nbytes, bool hp);
  // A get whose arguments are in range; false (nothing done) where src + offset .. + nbytes
  // is not registered on pid.
  bool get(int pid, const void* src, std::uint64_t offset, void* dst, std::uint64_t nbytes, bool hp,
           CallSite site = {});
  // Stops the program with the message that says why ident + offset .. + nbytes on pid is not
  // a registered area (put() or get() returned false).
  [[noreturn]] void unresolvable(const Call& call, int pid, const void* ident, std::uint64_t offset,
                                 std::uint64_t nbytes) const;
  // Reads a registered remote area now, not at the sync (MulticoreBSP's
  // bsp_direct_get).
  void direct_get(int pid, const void* src, std::uint64_t offset, void* dst, std::uint64_t nbytes);

  // BSMP
  std::int64_t set_tagsize(std::int64_t tag_bytes);  // returns the previous pending value
  std::uint32_t tagsize() const { return tagsize_; }
  [[gnu::always_inline]] void send(int pid, const void* tag, const void* payload,
                                   std::uint64_t nbytes) {
    // Profiled at the sync, from the streams (Runtime::run_sync): every send is
    // counted there, whichever tier took it.
    outbox_[parity_].send(pid, tag, tagsize_, payload, nbytes);
  }
  // The fast path of bsp_send (bsp_api.cpp): a valid message whose tag and
  // payload are at most Outbox::kSmallSendBytes each, when its stream has
  // room. False: nothing done, take the full path (the API's checks, then
  // send()).
  [[gnu::always_inline]] bool send_small(int pid, const void* tag, const void* payload,
                                         int nbytes) {
    constexpr std::uint32_t kMax = Outbox::kSmallSendBytes;
    std::uint32_t tag_bytes = fast_send_tag_;
    // Unsigned: a negative count is out of range too.
    if (static_cast<unsigned>(pid) >= static_cast<unsigned>(nprocs_) ||
        static_cast<std::uint32_t>(nbytes) > kMax || tag_bytes > kMax ||
        (!payload && nbytes != 0) || (!tag && tag_bytes != 0))
      return false;
    if (!outbox_[parity_].send_if_room(pid, tag, tag_bytes, payload,
                                       static_cast<std::uint32_t>(nbytes)))
      return false;
    // The sends after it of the same shape take the first tier (inline in
    // programs: superstep_send_fits).
    outbox_[parity_].open_send_window(pid, send_windows_[static_cast<unsigned>(pid)], tag_bytes,
                                      static_cast<std::uint32_t>(nbytes));
    return true;
  }
  MessageQueue& queue() { return queue_; }

  // The smallest put to another process that lands in its destination without
  // passing through the streams (staged in memory both processes map, or a
  // bulk message): a message of that size is copied once more than such a
  // put, out of the queue into place. UINT64_MAX on engines where every put
  // rides in the streams as messages do.
  // Whether a large bsp_hpput skips a copy that a bsp_put makes: a put's bytes
  // are copied at the call, an hpput's sent from its source at the sync (the
  // bulk messages of engines that share no memory).
  bool hpputs_skip_a_copy() const { return outbox_[0].sends_as_bulk(UINT64_MAX); }
  std::uint64_t puts_land_in_place_from() const {
    if (caps_.shared_staging) return outbox_[0].inline_max() + 1;
    return outbox_[0].sends_as_bulk(UINT64_MAX) ? outbox_[0].bulk_min() : UINT64_MAX;
  }

 private:
  struct GetRequest {
    int src;
    std::uint64_t remote;  // address in the source process
    char* dst;
    std::uint64_t nbytes;
    std::uint64_t staging;  // offset in get_staging_ (buffered gets)
    bool hp;
    bool answered;       // the owner sends the bytes in the reply round (else read in its memory)
    const char* mapped;  // where this process maps the source (a shared area), or nullptr
    bool bulk;           // the owner sends the bytes as a bulk message (bulk_messages.cpp)
    bool in_place;       // that message landed straight in dst (else in the staging)
  };

  // A registered area of another process, as large hp transfers here use it
  // (shared_areas.cpp).
  struct PeerArea {
    // kGrowing: asked for, the owner shares a part more at each sync it is asked in;
    // kShared: as far as it will ever be shared (usable of page_len bytes).
    enum class State : std::uint8_t { kSeen, kGrowing, kShared, kUnavailable };
    State state;
    std::uint64_t since;  // the superstep it was first used in (kSeen)
    std::uint64_t page_begin, page_len;  // its whole pages, in the owner's memory
    char* local;                         // where they are mapped here, or nullptr
    std::uint64_t usable;                // bytes from page_begin shared and mapped here
    std::uint32_t asked;                 // requests sent, one a superstep at most
    std::uint64_t asked_last[2];         // the supersteps of the last two
  };
  // An area of this process the others asked to share (shared_areas.cpp).
  struct OwnShare {
    void* first_page;
    std::uint64_t len, shared;  // its whole pages' bytes; bytes shared so far
    std::uint64_t grown_in;     // the superstep whose sync shared the last part, + 1
    bool stopped;               // the engine could share no more of it
  };
  // A bulk message addressed to this process at this sync (bulk_messages.cpp),
  // in the order the streams are applied.
  struct BulkIn {
    int src;
    char* dst;
    std::uint64_t nbytes;
    char* landing;  // where it landed when not in place (then copied in its turn), else nullptr
  };
  struct DirectCopy {
    char* dst;
    const void* src;
    std::uint64_t nbytes;
  };

  // Check mode's part of watched_put (check/checked_sync.cpp); true when it has made the put.
  bool checked_put(CallSite site, int pid, const void* src, std::uint64_t remote,
                   std::uint64_t nbytes, bool hp);
  // The end of tier 3: a resolved put written to the outbox, remembered for tier 2 when it has
  // at most remember_max bytes.
  void write_put(int pid, const void* src, const void* dst, std::uint64_t remote,
                 std::uint64_t nbytes, bool hp, std::uint32_t remember_max);
  // Check mode: the kPutSite record of the put to pid that comes next.
  void put_site(int pid, CallSite site);
  void watched_sync_entered();
  // At the end of every sync when profiling or checking (the one branch both take there).
  void watched_sync_left(SyncKind kind);
  // Check mode's side of a bsp_hpget (check/checked_sync.cpp): notes its
  // destination and site, tells the owner (a kGetSite record); true where it
  // has queued the get itself (hp:early: answered from the owner's copy).
  bool watched_hpget(int pid, std::uint64_t remote, char* dst, std::uint64_t nbytes, CallSite site);
  // At this sync, check mode: the hpgets of this process's memory (each
  // stream's kGetSite records), reported where the program changed their
  // bytes (hpget_served); with hp:early, the answers to them and this
  // process's own hpgets of itself as the superstep started.
  void note_hpgets_served();
  void answer_hpgets_early();
  void land_own_hpgets_early();
  // Queues one get (its source resolved): read in the owner's memory,
  // answered by the owner, or copied from where this process maps it.
  void add_get(int pid, std::uint64_t remote, char* dst, std::uint64_t nbytes, bool hp,
               const char* mapped);
  // Where `ident` + offset .. + nbytes lies on process pid; 0 when it is not
  // registered there or out of bounds (unresolvable says which).
  [[gnu::always_inline]] std::uint64_t resolve(int pid, const void* ident, std::uint64_t offset,
                                               std::uint64_t nbytes) const {
    if (const Registration* reg = registry_.find(ident)) [[likely]] {
      std::uint64_t remote = reg->address[pid];
      if (remote != 0 && offset + nbytes <= reg->size[pid]) [[likely]]
        return remote + offset;
    }
    return 0;
  }
  // Opens the run that the first tier extends: puts into `ident` on pid
  // from offset `end` on, into an area of `size` bytes there.
  void open_put_run(int pid, const void* ident, std::uint64_t end, std::uint64_t size);
  // The same in `run`, whichever table it is in.
  using PutRun = superstep_put_run;
  void open_run_in(PutRun& run, int pid, const void* ident, std::uint64_t end, std::uint64_t size);
  // Profiling: the same for a put of nbytes (hp: an hpput), in the table of its kind and size,
  // after counting the run it ends; close_profiled_run counts the puts of pid's run (its bytes
  // over its element size) and ends it, close_profiled_runs every process's (at every sync,
  // push and pop, before forget_puts). core/profiled_puts.cpp.
  void open_profiled_run(int pid, const void* ident, std::uint64_t end, std::uint64_t size,
                         int nbytes, bool hp);
  void close_profiled_run(int pid);
  void close_profiled_runs();
  // superstep_put_runs for this runtime (four tables, one unless profiling takes runs).
  superstep_put_table put_table();
  // Keeps what put_like_last needs of the registration `ident` resolves to on
  // pid (resolved already); forget_puts() drops it all, at every sync and
  // every push or pop, where what an address resolves to may change.
  void remember_put(int pid, const void* ident);
  void forget_puts();
  // At the sync, when profiling: the superstep's sends, from the sealed outbox.
  void profile_sends(const Outbox& out);

  // sync.cpp
  void run_sync(SyncKind kind);
  std::uint32_t local_flags(SyncKind kind) const;
  Publication publish(SyncKind kind) const;
  void check_agreement(std::uint32_t all, SyncKind kind) const;
  void fetch_streams();
  void read_get_sources(std::uint32_t all);
  void answer_get_requests();
  const bool* awaited_replies(std::uint32_t all);
  void apply_streams();
  // The gets' destinations, first in phase 2 (paper §3.3).
  void land_gets();
  // check/checked_sync.cpp: apply_streams in check mode: the sources' writes
  // in the order BSP_CHECK_ORDER asks, each noted, and the queue in its order.
  void apply_streams_checked();
  void queue_streams_by_source();
  void apply_stream(int src, const char* begin, const char* end);
  void apply_strided(const PutStridedRecord& put);
  // When a staged put's record says src has mapped more of its staging ring
  // of this parity than this process has: maps its view as far (cache_ring.hpp).
  [[gnu::noinline]] void map_staging_of(int src, const char* staging, std::uint64_t writer_mapped);
  void start_next_superstep();

  // bulk_messages.cpp: large puts and hpputs as messages of their own
  // (EngineCapabilities::bulk_messages).
  // Notes that process r's get asks for the nbytes at `address` of this
  // process's memory as a bulk message (sent in exchange_bulk_messages).
  void note_bulk_answer(int r, std::uint64_t address, std::uint64_t nbytes);
  // Sends this sync's bulk messages; appends the spans of this process's
  // memory they are sent from (hpput sources, get answers).
  void send_bulk_messages(std::vector<ByteSpan>& read_while_landing);
  // Sends, receives and waits for every bulk message of this sync.
  void exchange_bulk_messages();
  // Its parts: the spans of one incoming stream's puts (bulk ones to
  // messages, with their sources, and to bulk_in_; the others to others);
  // the landing buffer and get staging laid out; the receives posted.
  void note_stream_spans(int src, std::vector<ByteSpan>& messages, std::vector<ByteSpan>& others,
                         std::vector<std::uint64_t>& sources);
  void place_bulk_buffers(const std::vector<ByteSpan>& messages, const std::vector<bool>& in_place,
                          std::size_t puts);
  void post_bulk_receives(const std::vector<bool>& in_place,
                          const std::vector<std::uint64_t>& sources, std::size_t puts);
  // Whether the engine can answer a get of nbytes in its reply round: engines
  // that read remote memory answer small ones only.
  bool answerable(std::uint64_t nbytes) const {
    return caps_.replies && (!caps_.remote_memory || nbytes <= caps_.answered_get_max);
  }
  // Whether a get of nbytes from process pid is answered by a bulk message.
  bool get_as_bulk(int pid, std::uint64_t nbytes) const {
    return outbox_[parity_].sends_as_bulk(nbytes) && pid != pid_;
  }

  // shared_areas.cpp: large hp transfers through registered areas the engine
  // shares (EngineCapabilities::shared_areas).
  static std::uint64_t shared_area_min_asked();
  bool hpput_direct(int pid, const void* ident, std::uint64_t remote, const void* src,
                    std::uint64_t nbytes);
  bool get_from_shared(int pid, const void* ident, std::uint64_t remote, void* dst,
                       std::uint64_t nbytes, bool hp);
  PeerArea* mapped_peer_area(int pid, const void* ident);
  void ask_to_share_more(PeerArea& area, int pid, std::uint64_t registered_at);
  void follow_sharing(PeerArea& area, int pid);
  static std::pair<std::uint64_t, std::uint64_t> on_shared_pages(const PeerArea& area,
                                                                 std::uint64_t remote,
                                                                 std::uint64_t nbytes);
  void copy_direct_hpputs();
  void share_requested_area(std::uint64_t address);
  void release_popped_areas();
  void expect_puts_into_new_areas(std::uint64_t largest_own);
  void release_all_areas();

  static Runtime* active_;
  static bool begun_;

  std::unique_ptr<Engine> engine_;
  // Teams: the enclosing runtime, and the team this process is in now (which
  // is then the active runtime, or encloses it).
  Runtime* enclosing_ = nullptr;
  std::unique_ptr<Runtime> team_;
  // The choices begin() read from the environment, for the teams this runtime splits into.
  std::uint64_t shared_area_min_asked_ = 0;
  SizeChoice bulk_messages_ = SizeChoice::kAuto;
  StagingStores staging_stores_;
  CheckChoices check_choices_;
  // Makes this runtime the one the API and the inline first tiers of bsp.h use.
  void activate();
  EngineCapabilities caps_;  // what engine_ can do beyond the common calls
  int pid_;
  int nprocs_;
  // How large puts are copied into the staging rings (both outboxes').
  RingCopy ring_copy_;
  std::uint64_t superstep_ = 0;

  Registry registry_;
  // Double-buffered by superstep parity: other processes may still read the
  // streams of superstep k while this one runs superstep k+1, and the queue
  // of superstep k+1 points into what arrived at the end of superstep k.
  Outbox outbox_[2];
  std::vector<ByteBuffer> incoming_[2];
  std::uint64_t incoming_needed_[2] = {0, 0};  // the most one fetch into incoming_ needed
  MemoryKeep incoming_keep_[2];
  std::vector<StreamRef> incoming_view_;        // this sync's stream from each source
  std::vector<RingMapping> staging_mapped_[2];  // by parity and source: map_staging_of
  std::vector<ByteBuffer> replies_;             // engines with a reply round: answers to gets
  std::vector<const char*> reply_cursors_;      // per owner: the next answer in its reply
  std::unique_ptr<bool[]> awaited_replies_;     // per owner: this process asked it this sync
  int parity_ = 0;
  std::vector<StreamRef> stream_refs_;

  // put_like_last: per destination, the registration its last small put
  // resolved (ident nullptr: none), where it starts and how large it is
  // there; the destinations remembered this superstep; and the largest put
  // the fast path takes: every put up to it is copied into the stream at the
  // call, hpputs too (0 when profiling or checking: see profiled_put_max_).
  struct LastPut {
    // The largest put the fast path takes: element-sized transfers (a double,
    // a complex double), where the cost of the call is all there is.
    static constexpr std::uint32_t kMaxBytes = 16;
    const void* ident = nullptr;
    std::uint64_t base = 0, size = 0;
  };
  std::vector<LastPut> last_put_;
  // The first tier of bsp_put (superstep_put_continues, inline in programs):
  // per process, the run of puts the last put_like_last to it opened (ident
  // nullptr: none), forgotten with LastPut. next_offset: where the next put
  // into `ident` must start to continue it. Published in superstep_put_runs
  // while this runtime is active; never resized after bsp_begin: programs and
  // the outbox's lanes point at the runs.
  // Profiling (profiled_put_max_ != 0) keeps four tables of nprocs runs each, one per kind and
  // size (superstep_put_table_of), so that a run's puts are of one kind and size; else one.
  std::vector<PutRun> put_runs_;
  // Profiling: per process, the run open_profiled_run opened last (run nullptr: none or
  // counted), where it began and what it holds.
  struct ProfiledRun {
    PutRun* run = nullptr;
    const char* opened_at = nullptr;
    std::uint32_t nbytes = 0;
    bool hp = false;
  };
  std::vector<ProfiledRun> profiled_runs_;
  // The first tier of bsp_send (superstep_send_fits): per process, the window
  // of its stream that the last send there opened; published in
  // superstep_send_windows, never resized after bsp_begin.
  std::vector<Outbox::SendWindow> send_windows_;
  std::vector<int> remembered_;
  std::uint32_t fast_put_max_ = 0;
  // The same for profiling without check mode, where watched_put takes tier 2 (0 otherwise).
  std::uint32_t profiled_put_max_ = 0;

  std::vector<GetRequest, LargeBlockAllocator<GetRequest>> gets_;
  bool answered_gets_ = false;  // some of gets_ is answered by its owner
  bool read_gets_ = false;      // some of gets_ is read in another process's memory
  ByteBuffer get_staging_;
  MemoryKeep get_staging_keep_;
  std::vector<std::vector<RemotePush>> pushes_of_;

  // Shared areas (shared_areas.cpp). shared_area_min_: the smallest hp
  // transfer or get that uses them (UINT64_MAX: none does).
  std::uint64_t shared_area_min_ = UINT64_MAX;
  std::map<std::pair<int, std::uint64_t>, PeerArea> peer_areas_;  // by (pid, its address)
  std::map<const void*, OwnShare> own_shared_;  // by registered address
  std::vector<DirectCopy> direct_copies_;    // this superstep's, made at the sync
  std::vector<Registration> popped_;         // at this sync: released after its last barrier

  // Bulk messages (bulk_messages.cpp): this sync's incoming ones, the next
  // one apply_stream meets, and the buffer for those that cannot land in place.
  std::vector<BulkIn> bulk_in_;
  std::size_t bulk_cursor_ = 0;
  ByteBuffer bulk_landing_;
  MemoryKeep bulk_landing_keep_;
  // Whether this superstep has gets answered by bulk messages; what others'
  // gets ask of this process's memory as bulk messages at this sync.
  bool bulk_gets_ = false;
  struct BulkAnswer {
    int to;
    std::uint64_t address, nbytes;
  };
  std::vector<BulkAnswer> bulk_answers_;  // noted in phase 1, sent in phase 2

  std::uint32_t tagsize_ = 0;
  // tagsize_, which send_small compares with the most it takes. Profiling
  // leaves it on: the sync counts the sends from the streams.
  std::uint32_t fast_send_tag_ = 0;
  void set_tagsize_now(std::uint32_t bytes) {
    tagsize_ = bytes;
    fast_send_tag_ = bytes;
  }
  std::int64_t tagsize_next_ = 0;
  std::uint32_t tagsize_calls_ = 0;
  MessageQueue queue_;
  std::unique_ptr<profile::Recorder> profile_;  // null unless BSP_PROFILE is set
  std::unique_ptr<PortabilityCheck> check_;     // null unless BSP_CHECK or BSP_CHECK_ORDER is set
  // Whether profiling or checking is on: the one branch the hot paths take
  // for both (tier 2 is left to watched_put: see fast_put_max_).
  bool watched_ = false;
  // Where this superstep's sync and first bsp_push_reg were called (file nullptr: not known),
  // for the mismatches the sync finds (sync.cpp, check_agreement).
  CallSite sync_site_;
  CallSite first_push_site_;
  std::string local_sites(SyncKind kind) const;
};

}  // namespace superstep
