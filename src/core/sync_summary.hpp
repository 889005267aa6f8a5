// What each process publishes at bsp_sync and bsp_end beside its streams, and
// the sync flags only the core reads. The engine moves the summary as opaque
// bytes (engines/engine.hpp, SummaryBlob); every process reads every summary
// and checks that they agree (sync.cpp, check_agreement).
#pragma once

#include <cstdint>
#include <cstring>

#include "engines/engine.hpp"

namespace superstep {

// The core's bits of the sync flags, above the engine's (EngineFlag). The
// engine ORs them over all processes, so every process knows which phases
// anybody needs.
enum CoreSyncFlag : std::uint32_t {
  kFlagGets = kFirstCoreFlag << 0,      // some process has gets: sources are read before any write
  kFlagRemoteHp = kFirstCoreFlag << 1,  // some hpput is read from user memory: hold everyone
  kFlagTagsize = kFirstCoreFlag << 2,   // some process called bsp_set_tagsize
  kFlagRegistration = kFirstCoreFlag << 3,  // some process pushed or popped a registration
  kFlagAnsweredGets = kFirstCoreFlag << 4,  // some get is answered by its owner: a reply round
  kFlagReadGets = kFirstCoreFlag << 5,      // some get source is read in its owner's memory
  // some hpput is copied straight into its destination's shared area: nobody
  // leaves before it has landed
  kFlagDirectHp = kFirstCoreFlag << 6,
  // some process sends bulk messages: every process looks for those
  // addressed to it, and waits for its own sends (bulk_messages.cpp)
  kFlagBulk = kFirstCoreFlag << 7,
  // some get is answered by a bulk message: every owner looks at the get
  // requests it received
  kFlagBulkGets = kFirstCoreFlag << 8,
};

enum class SyncKind : std::uint32_t { kSync = 1, kEnd = 2 };

struct SyncSummary {
  SyncKind kind;
  std::uint32_t tagsize_calls;
  std::int64_t tagsize_next;  // the tag size this process wants for the next superstep
  std::uint32_t pushes;
  std::uint32_t pops;
  std::uint64_t registration_digest;  // hash of this superstep's (push/pop, slot id) sequence
  std::uint64_t first_popped;         // slot id of this superstep's first pop (for messages)

  SummaryBlob to_blob() const {
    SummaryBlob blob{};
    std::memcpy(blob.bytes, this, sizeof *this);
    return blob;
  }
  static SyncSummary from_blob(const SummaryBlob& blob) {
    SyncSummary s;
    std::memcpy(&s, blob.bytes, sizeof s);
    return s;
  }
};
static_assert(sizeof(SyncSummary) <= kSummaryBytes, "the summary must fit the engine's blob");

}  // namespace superstep
