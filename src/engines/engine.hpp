// The engine boundary: everything the core (src/core) asks of a transport,
// written as a contract. An engine starts the processes, moves byte streams
// and a fixed-size summary between them at a sync, and stops everything on
// a fault. It never interprets a stream or a summary: registrations, tags,
// the order of writes and what the summaries must agree on are core's.
//
// Who calls what, and when (src/core/runtime.cpp, src/core/sync.cpp):
//   bsp_begin    engine selection starts the engine (engine_select.hpp); the
//                core then calls capabilities() once and keeps the answer;
//                with BSP_PROFILE set, one barrier()
//   bsp_sync     exchange(); then, depending on the OR of the flags, summary(),
//                incoming_data() or fetch(), the capabilities' calls, and at
//                most two barrier()s; note_superstep() as the next one starts
//   bsp_end      the same as bsp_sync, always with its closing barrier(); one
//                more barrier() with BSP_PROFILE set; then finish()
//   any time     pid(), nprocs(), seconds_since_start(), RemoteMemory's
//                read_remote() (bsp_direct_get); abort_all() on an error, also
//                from an exit handler (a process that exits without bsp_end)
//
// The core calls from the thread that runs the BSP process, one call at a
// time. "Collective" means every process of the run makes the call, in the
// same order relative to the other collective calls; an engine may block in
// it until all have.
#pragma once

#include <sys/uio.h>

#include <cstddef>
#include <cstdint>

namespace superstep {

// Who found an error that stops the run (Engine::abort_all). kLocal: this
// process alone. kCollective: every process finds it at the same point with
// the same message (the summaries of a sync disagree), so one of them can
// print it for all.
enum class ErrorScope { kLocal, kCollective };

// Bits of the flags a process hands to exchange() and barrier(). The engine
// ORs them over all processes and returns the OR to each. It may act on the
// three below; the bits from kFirstCoreFlag up are the core's, and the engine
// only carries them.
enum EngineFlag : std::uint32_t {
  kFlagStream = 1u << 0,     // this process's outgoing streams are not all empty
  kFlagSummaries = 1u << 1,  // the core reads summary(q) after this exchange
  kFlagEnd = 1u << 2,        // this process is in bsp_end (fault reports say so)
};
inline constexpr std::uint32_t kFirstCoreFlag = 1u << 8;

// The per-process summary of a sync as the engine sees it: bytes whose
// layout only the core knows (core/sync_summary.hpp). An engine copies them,
// as a whole, from each process to every process.
inline constexpr std::size_t kSummaryBytes = 48;
struct SummaryBlob {
  alignas(8) unsigned char bytes[kSummaryBytes];
};

struct StreamRef {
  const void* data;
  std::uint64_t size;
};

struct SharedArea {
  char* data;
  std::uint64_t size;
};

// What one process publishes when it enters bsp_sync or bsp_end.
struct Publication {
  std::uint64_t superstep;  // the superstep this sync ends; its parity picks the buffers
  std::uint32_t flags;      // EngineFlag bits and the core's
  SummaryBlob summary;
  // One stream per destination (nprocs() of them; the own one is never
  // moved). The array is valid during the call only; the bytes it points to
  // stay valid and unchanged until this process's next exchange() of the
  // same parity, so a slower process may still read them while this one
  // runs the next superstep.
  const StreamRef* streams;
  // This process's private staging of large puts, read by others through
  // RemoteMemory; engines without that capability ignore it. Same lifetime.
  const void* bulk_base;
};

// Capability: reading any process's memory directly (shared memory with
// cross-memory attach). With it the core leaves hp-put and get sources in
// place and reads them during the sync, and serves bsp_direct_get.
class RemoteMemory {
 public:
  // Copies the byte ranges `remote` of process src (src != pid()) into the
  // ranges `local` of this process, in order (process_vm_readv semantics).
  // The core calls it during a sync between exchange() and the last
  // barrier(), and for bsp_direct_get at any time. On failure the engine
  // stops the run with a message; it does not return then.
  virtual void read_remote(int src, const iovec* local, std::size_t nlocal, const iovec* remote,
                           std::size_t nremote) = 0;
  // Valid after exchange(): the bulk_base process src published.
  virtual const void* bulk_base(int src) const = 0;

 protected:
  ~RemoteMemory() = default;
};

// Capability: a second round of streams at a sync: the owners of get sources
// answer the get requests they received in the first round. Engines without
// RemoteMemory answer every get this way; engines with both answer small
// ones (EngineCapabilities::answered_get_max).
class ReplyRound {
 public:
  // Collective, only at a sync whose OR of flags asked for answered gets,
  // after fetching the first round's streams. Publishes one reply stream per
  // destination (the own one is empty and never moved); they need to stay
  // valid only until the call returns. Returns once every process q with
  // awaited[q] set (nprocs() flags; nullptr: every process) has made this
  // call: its reply to this process is readable, and whatever it did in the
  // sync before the call is done. The core awaits only processes whose reply
  // to it is not empty (those it asked), or everybody. An engine may wait for
  // more processes than asked (a collective exchange waits for all); one
  // whose processes share memory waits for those asked only, so that a
  // process that asked nobody leaves at once.
  virtual void exchange_replies(const StreamRef* out_per_dst, const bool* awaited) = 0;
  // Valid until the next exchange(): the reply src sent this process (the
  // core knows its length: it is made of the answers to what it asked).
  virtual const char* reply_data(int src) const = 0;

 protected:
  ~ReplyRound() = default;
};

// Capability: memory every process maps at the same place for the whole run,
// where a process stages the large buffered puts of a superstep so that
// their destinations copy them with a plain memcpy.
class SharedStaging {
 public:
  // This process's area for supersteps of the given parity (0 or 1).
  virtual SharedArea staging(int parity) const = 0;
  // Where process src's area of that parity is seen from this process.
  virtual const char* staging_of(int src, int parity) const = 0;

 protected:
  ~SharedStaging() = default;
};

// Capability: registered areas whose pages the other processes of the run
// can map (processes on one host). The core shares an area that large hp
// transfers use, so that each of them is then one plain memcpy by the
// process that issued it. Only whole pages are shared; the owner's program
// sees the same memory at the same addresses before, during and after.
class SharedAreas {
 public:
  // Backs this process's page-aligned [begin, begin + upto) of its area
  // [begin, begin + len) with memory the others can map: the first call for
  // an area starts sharing it, later ones share more of it (the core shares a
  // large area a part per sync). False where it cannot: the area stays shared
  // as far as it was.
  virtual bool share(void* begin, std::uint64_t len, std::uint64_t upto) = 0;
  // Private memory again, same contents (the area that starts at begin).
  virtual void unshare(void* begin) = 0;
  // Maps process src's area [begin, begin + len) of its memory, whole,
  // however far src shares it yet; nullptr where src shares none of it.
  // Called only once src has surely started sharing it (two syncs after it
  // was asked to).
  virtual char* map(int src, std::uint64_t begin, std::uint64_t len) = 0;
  // How far from its start src shares the area mapped at `local` now; only
  // that part may be touched (src shares more at later syncs).
  virtual std::uint64_t shared_bytes(const char* local) = 0;
  virtual void unmap(char* local, std::uint64_t len) = 0;

 protected:
  ~SharedAreas() = default;
};

// Capability: point-to-point messages for large payloads beside the streams,
// for engines whose processes share no memory (MPI): the core ignores it
// beside RemoteMemory, SharedStaging or SharedAreas. With it, a large put or hpput to
// another process leaves only a record in its stream, and its bytes travel as
// a message of their own, from the put's staging copy or straight from an
// hpput's source, which the destination receives straight into place where
// no other write of the sync touches those bytes (core/bulk_messages.cpp).
class BulkMessages {
 public:
  // During a sync, after exchange(): sends nbytes at data to process dst
  // (dst != pid()) as the next bulk message of this sync to dst. The bytes
  // stay valid and unchanged until wait_bulk() has returned.
  virtual void send_bulk(int dst, const void* data, std::uint64_t nbytes) = 0;
  // During the same sync: receives the next bulk message process src sent
  // this process in it (messages from one source match in the order sent),
  // nbytes long, into `into`, which nothing touches until wait_bulk() returns.
  virtual void receive_bulk(int src, void* into, std::uint64_t nbytes) = 0;
  // Waits until every send and receive posted since the last call is
  // complete: the received bytes are in place and the sent ones may change.
  // The core calls it only after posting all of this sync's receives, on
  // every process of a sync with bulk messages anywhere (whether or not it
  // posted any), so the wait ends, and an engine may do collective work here
  // (the MPI engine sets up its shared rings at the first).
  virtual void wait_bulk() = 0;

 protected:
  ~BulkMessages() = default;
};

// What an engine can do beyond the calls every engine has, fixed from start
// to finish() (an engine may decide at start, e.g. when cross-memory attach
// is refused). Exactly one of remote_memory and replies is set: the core
// reads get sources one way or the other. The pointers live as long as the
// engine.
struct EngineCapabilities {
  RemoteMemory* remote_memory = nullptr;
  ReplyRound* replies = nullptr;
  SharedStaging* shared_staging = nullptr;  // optional: without it, puts stage privately
  // With both of the first two: gets of up to this many bytes are answered by
  // their owners in the reply round (two plain copies through memory every
  // process maps), larger ones read in the owner's memory (one system call
  // that pins pages). With ReplyRound alone, every get is answered.
  std::uint64_t answered_get_max = 0;
  // With RemoteMemory and SharedStaging: large bsp_hpput data, up to the cache ring's size
  // (util/cache_ring.hpp), is copied into the staging area at the call like a put's, because
  // the engine measured that cheaper than reading it in the source's memory at the sync.
  bool stage_hpputs = false;
  SharedAreas* shared_areas = nullptr;  // optional
  // Optional: with it, puts and hpputs to other processes of at least
  // bulk_message_min bytes travel as bulk messages (the size from which the
  // engine found a message of its own cheaper than a copy in the stream).
  BulkMessages* bulk_messages = nullptr;
  std::uint64_t bulk_message_min = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;

  // This process's number, 0..nprocs()-1, and the number of processes; fixed
  // from start to finish().
  virtual int pid() const = 0;
  virtual int nprocs() const = 0;
  // Seconds since a start common to all processes (bsp_time).
  virtual double seconds_since_start() const = 0;
  // What this engine can do beyond the calls below: the same answer every
  // time. The core asks once, right after start, and keeps it.
  virtual EngineCapabilities capabilities() = 0;

  // Collective: the barrier of every sync. Publishes `mine`, waits for every
  // process and returns the OR of all processes' flags. When the OR is 0 the
  // core makes no other engine call in this sync but note_superstep(): an
  // empty superstep costs this call alone, which must cost about a barrier.
  // The streams of the previous exchange of the same parity are no longer
  // read by anyone once this returns.
  virtual std::uint32_t exchange(const Publication& mine) = 0;
  // Valid after exchange() until the next one: what process q published as
  // its summary. Only called when the OR of flags has kFlagSummaries; an
  // engine may skip moving summaries otherwise.
  virtual const SummaryBlob& summary(int q) const = 0;
  // Valid after exchange(): the size of the stream src addressed to this
  // process (src != pid()).
  virtual std::uint64_t incoming_size(int src) const = 0;
  // That stream's bytes when the engine holds them in memory this process
  // can read, else nullptr. They must stay valid and unchanged until this
  // process's next exchange() has returned: the message queue of the next
  // superstep points into them (double-buffer by parity).
  virtual const char* incoming_data(int src) const = 0;
  // Otherwise the core calls this once per source with incoming_size(src) > 0
  // and incoming_data(src) == nullptr: copy the stream into `into`.
  virtual void fetch(int src, void* into) = 0;

  // After a sync that registered areas, not collective: this process's
  // streams of one superstep may now carry about `bytes` (what the other
  // processes' new areas hold). An engine may prepare its buffers for that
  // much here, where the program registers, rather than in its first
  // supersteps of communication. Optional; by default nothing.
  virtual void expect_streams(std::uint64_t bytes) { (void)bytes; }

  // Collective barrier inside a sync or at bsp_end; returns the OR of all
  // processes' flags.
  virtual std::uint32_t barrier(std::uint32_t flags) = 0;

  // The superstep this process computes in now (0 at start, then after every
  // sync), so that a fault report can name it. Not collective; cheap.
  virtual void note_superstep(std::uint64_t superstep) = 0;
  // After bsp_end's exchange and barrier: every process but 0 ends here (its
  // output flushed, exit status 0); process 0 waits for them and returns,
  // and then the core deletes the engine.
  virtual void finish() = 0;
  // Prints `message` (one complete line, no newline) on stderr and stops
  // every process of the run; the program exits with a non-zero status and
  // leaves nothing behind. Does not return. `scope` says who found the
  // error: kLocal, this process alone (print it at once: nobody else knows);
  // kCollective, every process at the same point with the same message (the
  // summaries of a sync disagree): the engine prints it once, and may wait
  // for the others to arrive instead of racing them.
  [[noreturn]] virtual void abort_all(const char* message, ErrorScope scope) = 0;

  // Optional, for teams (bsp_team_begin). Collective over this engine's
  // processes, at a point where none of them has anything of a sync under way
  // (right after a sync): splits them by `colour` (>= 0) into teams, each
  // ordered by `key`, then by pid, and returns this process's team as an
  // engine of its own, whose syncs involve the team's processes only. It
  // lives until the team ends: after its bsp_end-like exchange and barrier
  // the core calls its finish(), which returns on every process and leaves
  // this engine as it was, and deletes it. Its seconds_since_start() is this
  // engine's clock; its abort_all() stops the whole run. nullptr where the
  // engine has no teams.
  virtual Engine* split(int colour, int key) {
    (void)colour;
    (void)key;
    return nullptr;
  }
};

}  // namespace superstep
