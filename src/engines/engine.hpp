// The transport interface the core sees. An engine starts the processes, moves
// byte streams between them at a sync, reads remote memory where the platform
// allows it, and stops everything on a fault. It knows nothing about
// registrations, tags or the order in which writes are applied: that is core's.
#pragma once

#include <sys/uio.h>

#include <cstddef>
#include <cstdint>

#include "core/error_scope.hpp"

namespace superstep {

// Bits of SyncSummary::flags. The engine ORs the flags of all processes at a
// sync, so every process knows which phases anybody needs.
enum SyncFlag : std::uint32_t {
  kFlagStream = 1u << 0,        // some stream is non-empty (puts, sends, registrations)
  kFlagGets = 1u << 1,          // some process has gets: sources must be read before any write
  kFlagRemoteHp = 1u << 2,      // some hpput is read from user memory: hold everyone until done
  kFlagTagsize = 1u << 3,       // some process called bsp_set_tagsize
  kFlagRegistration = 1u << 4,  // some process pushed or popped a registration
  kFlagEnd = 1u << 5,           // some process is in bsp_end
};

enum class SyncKind : std::uint32_t { kSync = 1, kEnd = 2 };

// What each process publishes when it enters bsp_sync or bsp_end. Every
// process reads every summary and checks that they agree.
struct SyncSummary {
  SyncKind kind;
  std::uint32_t flags;
  std::uint64_t superstep;
  std::int64_t tagsize_next;  // the tag size this process wants for the next superstep
  std::uint32_t tagsize_calls;
  std::uint32_t pushes;
  std::uint32_t pops;
  std::uint32_t unused = 0;
  std::uint64_t registration_digest;  // hash of this superstep's (push/pop, slot id) sequence
  std::uint64_t first_popped;         // slot id of this superstep's first pop (for messages)
};

struct StreamRef {
  const void* data;
  std::uint64_t size;
};

struct SharedArea {
  char* data;
  std::uint64_t size;
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual int pid() const = 0;
  virtual int nprocs() const = 0;
  virtual double seconds_since_start() const = 0;

  // Collective. Publishes this process's summary, its outgoing streams (one
  // per destination; they stay valid until the sync after next) and the base
  // of its bulk staging area, then waits for every process. Returns the OR of
  // all processes' flags.
  virtual std::uint32_t exchange(const SyncSummary& mine, const StreamRef* out_per_dst,
                                 const void* bulk_base) = 0;
  // Valid after exchange(): what process q published.
  virtual const SyncSummary& summary(int q) const = 0;
  virtual std::uint64_t incoming_size(int src) const = 0;
  virtual const void* bulk_base(int src) const = 0;
  // Copies the stream that src addressed to this process into `into`
  // (incoming_size(src) bytes).
  virtual void fetch(int src, void* into) = 0;
  // The stream src addressed to this process when the engine already holds
  // it in its own memory (valid until the next exchange), else nullptr and
  // the core calls fetch().
  virtual const char* incoming_data(int /*src*/) const { return nullptr; }

  // Memory that every process can read directly: where this process stages
  // the large buffered puts of supersteps of the given parity, so that their
  // destinations copy them with a plain memcpy. Empty when the engine has
  // none (the core then stages in private memory).
  virtual SharedArea staging(int /*parity*/) const { return {nullptr, 0}; }
  // Where process src's staging area of that parity is seen from here.
  virtual const char* staging_of(int /*src*/, int /*parity*/) const { return nullptr; }

  // Whether read_remote() works (shared memory: yes, MPI: no). Without it the
  // core ships every payload inside the streams, and the owners of get
  // sources answer the gets in a second round, exchange_replies().
  virtual bool reads_remote_memory() const = 0;
  // Copies remote byte ranges of process src into local ranges, in order.
  virtual void read_remote(int src, const iovec* local, std::size_t nlocal, const iovec* remote,
                           std::size_t nremote) = 0;
  // Collective, for engines that do not read remote memory, at a sync where
  // some process has gets: publishes one reply stream per destination and
  // waits for all; then reply_data(src) holds reply_size(src) bytes from src.
  virtual void exchange_replies(const StreamRef* out_per_dst) = 0;
  virtual std::uint64_t reply_size(int src) const = 0;
  virtual const char* reply_data(int src) const = 0;
  // Collective barrier; returns the OR of all processes' flags.
  virtual std::uint32_t barrier(std::uint32_t flags) = 0;

  // Tells the engine which superstep this process is in, so that a fault
  // report can name it.
  virtual void note_superstep(std::uint64_t superstep) = 0;
  // After the final exchange of bsp_end: other processes exit, pid 0 waits
  // for them and returns.
  virtual void finish() = 0;
  // Prints `message` (once for the whole program) and stops every process;
  // the program exits with a non-zero status. kLocal: this process found the
  // error on its own, so the engine prints it at once. kCollective: every
  // process found it at the same point with the same message (the summaries
  // disagree at a sync); an engine whose processes cannot tell who printed
  // first (MPI) has one of them print.
  [[noreturn]] virtual void abort_all(const char* message, ErrorScope scope) = 0;
};

}  // namespace superstep
