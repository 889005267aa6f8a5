// bsp::context: the running BSP process as the C++ layer sees it, and
// bsp::run, the C++ way to start an SPMD section.
#pragma once

#include <bsp.h>

#include <exception>
#include <source_location>
#include <span>
#include <utility>

#include "superstep/cpp/messages.hpp"
#include "superstep/cpp/transferable.hpp"

namespace bsp {

// One per process, made by bsp::run (or by hand after bsp_begin). Every
// member is a call into the C library, so C and C++ calls mix freely, with
// one exception: the typed send checks the tag size the context knows of, so
// change the tag size with set_tag_size<Tag>() and end supersteps with
// sync() (or a collective), not with the C calls, when you use send<>.
class team;

class context {
 public:
  context() = default;
  context(const context&) = delete;
  context& operator=(const context&) = delete;

  int pid() const { return bsp_pid(); }
  int nprocs() const { return bsp_nprocs(); }
  double time() const { return bsp_time(); }
  // Ends the superstep. The caller's file and line are recorded, as bsp_sync() records them in
  // C, so that a profile (bspprof) names the line of the program, not this header.
  void sync(std::source_location site = std::source_location::current()) {
    bsp_sync_at(site.file_name(), static_cast<int>(site.line()));
    synced();
  }

  // BSMP. The tag size becomes sizeof(Tag) at the next sync (BSPlib's rule).
  template <class Tag>
  void set_tag_size() {
    detail::require_transferable<Tag>();
    int bytes = static_cast<int>(sizeof(Tag));
    bsp_set_tagsize(&bytes);
    pending_tag_size_ = static_cast<int>(sizeof(Tag));
  }
  // The tag size in effect must be sizeof(Tag). A misuse error names the caller's file and line.
  template <class Tag, class Payload>
  void send(int to, const Tag& tag, const Payload& payload,
            std::source_location site = std::source_location::current()) {
    detail::require_transferable<Tag>();
    detail::require_transferable<Payload>();
    check_tag(sizeof(Tag));
    bsp_send_at(to, &tag, &payload, static_cast<int>(sizeof(Payload)), site.file_name(),
                static_cast<int>(site.line()));
  }
  // The messages that arrived at the last sync, as (tag, value) pairs, moved
  // out of the queue while iterating: for (auto& [tag, value] : ctx.messages<T, P>()).
  template <class Tag, class Payload>
  message_range<Tag, Payload> messages() {
    detail::require_transferable<Tag>();
    detail::require_transferable<Payload>();
    check_tag(sizeof(Tag));
    return {};
  }
  // Messages in the queue and their payload bytes.
  std::pair<int, int> queue_size() const {
    int n = 0, bytes = 0;
    bsp_qsize(&n, &bytes);
    return {n, bytes};
  }

  // A team of the processes that pass the same colour, ordered by key (bsp_team_begin): a
  // context of its own, with its own pids, supersteps, registrations and tag size, left when
  // it goes out of scope (bsp_team_end, on every process of the team). Collective over this
  // context, whose superstep it ends.
  //   { bsp::team row = ctx.split(ctx.pid() / q);  ... row.sync(); ... }  // back in ctx
  team split(int colour, int key = bsp_pid());

  // For the library's own collective calls: a sync happened outside sync().
  void synced() {
    if (pending_tag_size_ >= 0) tag_size_ = pending_tag_size_, pending_tag_size_ = -1;
  }

 private:
  void check_tag(std::size_t bytes) const {
    if (bytes != static_cast<std::size_t>(tag_size_))
      bsp_abort(
          "bsp::context: the tag type has %zu bytes but the tag size in effect is %d; call "
          "ctx.set_tag_size<Tag>() and ctx.sync() first",
          bytes, tag_size_);
  }
  int tag_size_ = 0;
  int pending_tag_size_ = -1;
};

class team : public context {
 public:
  team(const team&) = delete;
  team& operator=(const team&) = delete;
  ~team() { bsp_team_end(); }

 private:
  friend class context;
  team(context& enclosing, int colour, int key) {
    bsp_team_begin(colour, key);
    enclosing.synced();
  }
};

inline team context::split(int colour, int key) { return team(*this, colour, key); }

// Runs spmd(ctx) on p processes and returns on process 0 when all have
// finished (bsp_begin ... bsp_end). The other processes end at bsp_end, as in
// C: what spmd leaves in variables captured by reference is there to read on
// process 0 after run returns. An exception that leaves spmd stops every
// process with its message (bsp_abort), as an uncaught one would stop a
// sequential program.
template <class F>
void run(int p, F&& spmd) {
  bsp_begin(p);
  {
    context ctx;
    try {
      std::forward<F>(spmd)(ctx);
    } catch (const std::exception& e) {
      bsp_abort("bsp::run: process %d: uncaught exception: %s", bsp_pid(), e.what());
    } catch (...) {
      bsp_abort(
          "bsp::run: process %d: uncaught exception of a type not derived from std::exception",
          bsp_pid());
    }
  }
  bsp_end();
}

}  // namespace bsp
