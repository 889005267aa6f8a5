// bsp_sync: the end of a superstep (paper §2.5, §3.3 ordering, DESIGN.md).
//
//   exchange    every process publishes a summary and its streams; one barrier,
//               which also ORs flags, so an empty superstep costs one barrier
//   check       all processes agree (sync vs end, registrations, tag size)
//   phase 1     fetch incoming streams; read every get source: in the owner's
//               memory, or (small ones, and all on engines without remote
//               reads) answered by the owner in a reply round, where each
//               process waits for the owners it asked (for everybody, as a
//               barrier would, when some source was read in its owner's
//               memory: that ends phase 1 too)
//   barrier     only if somebody read a get source in another process's
//               memory and there was no reply round: sources are read
//               before any write
//   bulk        only if somebody has bulk messages (bulk_messages.cpp):
//               send them, receive them, in place where nothing else of the
//               sync touches their bytes, and wait for them all
//   phase 2     write: first the gets, in issue order (paper §3.3: a get's
//               value lands "before any data is written by any bsp_put"),
//               then the streams in source-pid order, each in issue order
//   barrier     only if somebody's hpput is read from user memory, which the
//               source may change as soon as it leaves the sync, or copied
//               straight into its destination's shared area (after the
//               exchange: everyone has left the last sync, paper §3.2's
//               hpput may land at any time in the superstep)
#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "core/collective_error.hpp"
#include "core/runtime.hpp"
#include "messaging/record_reader.hpp"
#include "util/block_copy.hpp"
#include "util/cache_ring.hpp"
#include "util/errors.hpp"

namespace superstep {

namespace {
// Gathers consecutive remote reads from one process into one system call.
class RemoteReads {
 public:
  // `memory` may be null where nothing is ever added (no remote reads).
  RemoteReads(RemoteMemory* memory, int src) : memory_(memory), src_(src) {}
  ~RemoteReads() { flush(); }
  void add(void* local, std::uint64_t remote, std::uint64_t nbytes) {
    local_.push_back({local, nbytes});
    remote_.push_back({reinterpret_cast<void*>(remote), nbytes});
  }
  void flush() {
    if (local_.empty()) return;
    memory_->read_remote(src_, local_.data(), local_.size(), remote_.data(), remote_.size());
    local_.clear();
    remote_.clear();
  }

 private:
  RemoteMemory* memory_;
  int src_;
  std::vector<iovec> local_, remote_;
};

// "process 0: 2, process 1: 1, ..." for a mismatch message.
template <typename Value>
std::string list_values(int nprocs, Value value) {
  std::string out;
  constexpr int kShown = 8;
  for (int q = 0; q < nprocs && q < kShown; ++q) {
    if (q) out += ", ";
    out += "process " + std::to_string(q) + ": " + value(q);
  }
  if (nprocs > kShown) out += ", ...";
  return out;
}

// The collective checks of check_agreement, one a kind of call; each ends the
// run where the processes' summaries disagree.
void check_end_agreement(const std::vector<SyncSummary>& s, unsigned long long step,
                         const char* end, const auto& where) {
  const int nprocs = static_cast<int>(s.size());
  bool mixed = false;
  for (int q = 1; q < nprocs; ++q) mixed |= s[q].kind != s[0].kind;
  if (mixed)
    fatal_collective(format(
        "superstep: error in %s, superstep %llu: processes disagree on how the "
        "superstep ends (%s); every process must call bsp_sync the same number of "
        "times before %s%s",
        end, step,
        list_values(nprocs,
                    [&](int q) {
                      return std::string(s[q].kind == SyncKind::kEnd ? end : "bsp_sync");
                    })
            .c_str(),
        end, where().c_str()));
}

void check_registration_agreement(const std::vector<SyncSummary>& s, unsigned long long step,
                                  const auto& where) {
  const int nprocs = static_cast<int>(s.size());
  bool pushes_differ = false, pops_differ = false, digest_differs = false;
  for (int q = 1; q < nprocs; ++q) {
    pushes_differ |= s[q].pushes != s[0].pushes;
    pops_differ |= s[q].pops != s[0].pops;
    digest_differs |= s[q].registration_digest != s[0].registration_digest;
  }
  if (pushes_differ)
    fatal_collective(format(
        "superstep: error in bsp_push_reg, superstep %llu: processes pushed different "
        "numbers of registrations (%s); bsp_push_reg is collective: every process "
        "must call it, in the same order (register NULL where there is nothing)%s",
        step, list_values(nprocs, [&](int q) { return std::to_string(s[q].pushes); }).c_str(),
        where().c_str()));
  if (pops_differ)
    fatal_collective(
        format("superstep: error in bsp_pop_reg, superstep %llu: processes popped different "
               "numbers of registrations (%s); bsp_pop_reg is collective%s",
               step, list_values(nprocs, [&](int q) { return std::to_string(s[q].pops); }).c_str(),
               where().c_str()));
  if (digest_differs)
    fatal_collective(
        format("superstep: error in bsp_pop_reg, superstep %llu: processes popped different "
               "registration slots (%s; slots are numbered by bsp_push_reg call, from 0): "
               "the address each popped is newest in a different slot on each process "
               "(bsp_pop_reg removes the same registration on every process, Hill et al. "
               "1998); pop the same registration everywhere%s",
               step,
               list_values(nprocs,
                           [&](int q) {
                             return s[q].first_popped == UINT64_MAX
                                        ? std::string("no pop")
                                        : "slot " + std::to_string(s[q].first_popped);
                           })
                   .c_str(),
               where().c_str()));
}

void check_tagsize_agreement(const std::vector<SyncSummary>& s, unsigned long long step,
                             const auto& where) {
  const int nprocs = static_cast<int>(s.size());
  bool differ = false;
  for (int q = 1; q < nprocs; ++q)
    differ |= s[q].tagsize_calls == 0 || s[q].tagsize_next != s[0].tagsize_next;
  differ |= s[0].tagsize_calls == 0;
  if (differ)
    fatal_collective(
        format("superstep: error in bsp_set_tagsize, superstep %llu: processes asked for "
               "different tag sizes (%s); every process must call it with the same value "
               "in the same superstep%s",
               step,
               list_values(nprocs,
                           [&](int q) {
                             return s[q].tagsize_calls ? std::to_string(s[q].tagsize_next)
                                                       : std::string("no call");
                           })
                   .c_str(),
               where().c_str()));
}
}  // namespace

// What this process has for the others at this sync, as the flags it publishes.
std::uint32_t Runtime::local_flags(SyncKind kind) const {
  const Outbox& out = outbox_[parity_];
  std::uint32_t flags = 0;
  if (out.any_stream()) flags |= kFlagStream;
  if (!gets_.empty()) flags |= kFlagGets;
  if (answered_gets_) flags |= kFlagAnsweredGets;
  if (read_gets_) flags |= kFlagReadGets;
  if (out.remote_hp()) flags |= kFlagRemoteHp;
  if (!direct_copies_.empty()) flags |= kFlagDirectHp;
  if (!out.bulk_sends().empty()) flags |= kFlagBulk;
  if (bulk_gets_) flags |= kFlagBulk | kFlagBulkGets;
  if (tagsize_calls_) flags |= kFlagTagsize;
  if (!registry_.pending().empty()) flags |= kFlagRegistration;
  if (kind == SyncKind::kEnd) flags |= kFlagEnd;
  // What check_agreement compares: the engine moves summaries only then.
  if (flags & (kFlagTagsize | kFlagRegistration | kFlagEnd)) flags |= kFlagSummaries;
  return flags;
}

Publication Runtime::publish(SyncKind kind) const {
  SyncSummary s{};
  s.kind = kind;
  s.tagsize_next = tagsize_next_;
  s.tagsize_calls = tagsize_calls_;
  s.pushes = registry_.pending_pushes();
  s.pops = static_cast<std::uint32_t>(registry_.pending().size()) - s.pushes;
  s.registration_digest = registry_.pending_digest();
  s.first_popped = registry_.first_popped();
  return {superstep_, local_flags(kind), s.to_blob(), stream_refs_.data(),
          outbox_[parity_].bulk().data()};
}

// The superstep's sends, per destination, as the sealed streams count them:
// the tiers that take small sends in the program write no profile of their
// own, so a profiled run sends as fast as a plain one. Bytes include the tag,
// of one size for the whole superstep.
void Runtime::profile_sends(const Outbox& out) {
  for (int dst = 0; dst < nprocs_; ++dst) {
    const std::uint64_t sends = out.sends_to(dst);
    if (sends != 0)
      profile_->count_many(profile::kSend, dst, sends,
                           out.send_payload_bytes_to(dst) + sends * tagsize_, 0);
  }
}

void Runtime::run_sync(SyncKind kind) {
  if (watched_) [[unlikely]]
    watched_sync_entered();
  forget_puts();  // what an address resolves to may change at this sync
  Outbox& out = outbox_[parity_];
  out.seal();
  for (int dst = 0; dst < nprocs_; ++dst)
    stream_refs_[dst] = {out.stream(dst).data(), out.stream(dst).size()};
  // A process alone with nothing to move, no registration and no tag size to
  // agree on has nobody to meet: the superstep ends here (a collective at
  // p = 1 costs its local work, not an engine's round).
  const bool alone_and_idle = nprocs_ == 1 && !profile_ && local_flags(kind) == 0;
  std::uint32_t all = alone_and_idle ? 0 : engine_->exchange(publish(kind));
  if (profile_) [[unlikely]] {
    profile_->sync_exchanged();
    profile_sends(out);  // the outbox stays as sealed until the next superstep starts
  }
  queue_.clear();  // last superstep's messages are gone whatever happens now
  if (all != 0) {
    check_agreement(all, kind);
    // Everyone has left the last sync, so nothing of it lands after these.
    if (!direct_copies_.empty()) copy_direct_hpputs();
    fetch_streams();
    if (all & kFlagGets) read_get_sources(all);
    if ((all & kFlagReadGets) && !(all & kFlagAnsweredGets)) engine_->barrier(0);
    if (all & kFlagBulk) exchange_bulk_messages();
    apply_streams();
    // Popped areas matter only where areas are shared (shared_areas.cpp).
    if (all & kFlagRegistration) {
      const std::uint64_t largest_own = registry_.largest_pending_push();
      registry_.commit(pushes_of_, caps_.shared_areas ? &popped_ : nullptr);
      expect_puts_into_new_areas(largest_own);
    }
    if (all & kFlagTagsize) set_tagsize_now(static_cast<std::uint32_t>(tagsize_next_));
    // Sources must stay until everyone has read from them: an hpput's user
    // memory may change once its process leaves the sync, and after bsp_end
    // a process is gone altogether.
    // Likewise an hpput copied into another's shared area must have landed.
    if ((all & (kFlagRemoteHp | kFlagDirectHp)) || kind == SyncKind::kEnd) engine_->barrier(0);
    // After that barrier nobody copies into a popped area any more.
    if (!popped_.empty()) release_popped_areas();
  }
  if (watched_) [[unlikely]]
    watched_sync_left(kind);
  start_next_superstep();
}

// A program registers areas to put into them. In the sync that registers
// them, each outbox maps its staging ring, and the engine prepares for
// streams, as far as one superstep's puts into the others' new areas could
// reach; and each process maps its view of every other's ring as far as that
// one's puts could fill it, while those views stay within a few rings'
// span (at large p they are left to follow the writers as reads reach them).
// The program's first supersteps of puts then take no page faults for them.
void Runtime::expect_puts_into_new_areas(std::uint64_t largest_own) {
  std::vector<std::uint64_t> largest(static_cast<std::size_t>(nprocs_), 0);
  std::uint64_t all = 0;
  for (int q = 0; q < nprocs_; ++q) {
    if (q == pid_)
      largest[q] = largest_own;
    else
      for (const RemotePush& push : pushes_of_[q]) largest[q] = std::max(largest[q], push.size);
    all += largest[q];
  }
  for (Outbox& out : outbox_) out.expect(largest, pid_);
  engine_->expect_streams(all - largest[pid_]);
  SharedStaging* shared = caps_.shared_staging;
  if (!shared) return;
  const std::uint64_t extent = ring_extent(shared->staging(0).size);
  if (std::min(all, extent) * static_cast<std::uint64_t>(nprocs_ - 1) > 4 * ring_span()) return;
  for (int parity = 0; parity < 2; ++parity)
    for (int w = 0; w < nprocs_; ++w) {
      if (w == pid_) continue;
      RingMapping::Range range = staging_mapped_[parity][w].expect(all - largest[w], extent);
      populate_ring_for_reading(shared->staging_of(w, parity), range.from, range.to);
    }
}

void Runtime::check_agreement(std::uint32_t all, SyncKind kind) const {
  // Every check below needs a flag that also sets kFlagSummaries.
  if (!(all & kFlagSummaries)) return;
  std::vector<SyncSummary> summaries(nprocs_);
  for (int q = 0; q < nprocs_; ++q) summaries[q] = SyncSummary::from_blob(engine_->summary(q));
  // Every process compares the same summaries: what one finds, all find.
  const unsigned long long step = superstep_;
  const auto where = [this, kind] { return local_sites(kind); };  // read only to report
  if (all & kFlagEnd)
    check_end_agreement(summaries, step, enclosing_ ? "bsp_team_end" : "bsp_end", where);
  if (all & kFlagRegistration) check_registration_agreement(summaries, step, where);
  if (all & kFlagTagsize) check_tagsize_agreement(summaries, step, where);
}

// "; process 1 found it at its bsp_sync at prog.c:9 (its first bsp_push_reg of the superstep:
// prog.c:7)", or "at its bsp_end at" where the superstep ends with bsp_end_at: where the
// process that reports a mismatch called what it knows of, where the program passed call sites
// (bsp.h's macros, the C++ and Python interfaces). The processes find a mismatch together and
// one of them reports it, naming its own calls.
std::string Runtime::local_sites(SyncKind kind) const {
  std::string text;
  if (sync_site_.file)
    text =
        format("; process %d found it at its %s at %s:%d", pid_,
               kind == SyncKind::kEnd ? (enclosing_ ? "bsp_team_end" : "bsp_end") : "bsp_sync",
               sync_site_.file, sync_site_.line);
  if (first_push_site_.file && sync_site_.file)
    text += format(" (its first bsp_push_reg of the superstep: %s:%d)", first_push_site_.file,
                   first_push_site_.line);
  else if (first_push_site_.file)
    text = format("; process %d's first bsp_push_reg of the superstep: %s:%d", pid_,
                  first_push_site_.file, first_push_site_.line);
  return text;
}

void Runtime::fetch_streams() {
  std::vector<ByteBuffer>& in = incoming_[parity_];
  for (int src = 0; src < nprocs_; ++src) {
    if (src == pid_) {
      const ByteBuffer& own = outbox_[parity_].stream(src);
      incoming_view_[src] = {own.data(), own.size()};
      continue;
    }
    std::uint64_t n = engine_->incoming_size(src);
    const char* held = n ? engine_->incoming_data(src) : nullptr;
    if (!held && n) {
      incoming_needed_[parity_] = std::max(incoming_needed_[parity_], n);
      in[src].resize(n);
      engine_->fetch(src, in[src].data());
      held = in[src].data();
    }
    incoming_view_[src] = {held, n};
  }
}

// Phase 1 for gets: read every source before anybody writes. Every process
// takes part (gets are collective work once anybody has one): the sources
// read in their owners' memory first, then the reply round, where this
// process answers what others asked of its memory.
void Runtime::read_get_sources(std::uint32_t all) {
  // Each buffered get waits in the staging a whole number of cache lines from
  // its source (line_gap), so that reading it never meets a slow distance:
  // room for the gaps first, then the places, once the staging stays put.
  // Bulk messages get theirs in phase 2, only where they cannot land in place.
  std::uint64_t room = 0;
  for (const GetRequest& g : gets_)
    if (!g.hp && !g.bulk) room += g.nbytes + 63;
  get_staging_.resize(room);
  const auto base = reinterpret_cast<std::uintptr_t>(get_staging_.data());
  std::uint64_t staged = 0;
  for (GetRequest& g : gets_) {
    if (g.hp || g.bulk) continue;
    staged += line_gap(base + staged, g.remote);
    g.staging = staged;
    staged += g.nbytes;
  }
  get_staging_.resize(staged);
  auto into = [&](const GetRequest& g) { return g.hp ? g.dst : get_staging_.data() + g.staging; };
  for (std::size_t i = 0; i < gets_.size();) {
    int src = gets_[i].src;
    RemoteReads reads(caps_.remote_memory, src);
    for (; i < gets_.size() && gets_[i].src == src; ++i) {
      const GetRequest& g = gets_[i];
      if (src == pid_)
        copy_block(into(g), reinterpret_cast<const void*>(g.remote), g.nbytes);
      else if (g.mapped)
        copy_block(into(g), g.mapped, g.nbytes);
      else if (!g.answered && !g.bulk)
        reads.add(into(g), g.remote, g.nbytes);
    }
  }
  if (all & (kFlagAnsweredGets | kFlagBulkGets)) answer_get_requests();
  if (!(all & kFlagAnsweredGets)) return;
  // Every process takes part in the reply round then.
  caps_.replies->exchange_replies(stream_refs_.data(), awaited_replies(all));
  std::vector<const char*>& next = reply_cursors_;  // kept: no allocation per sync
  for (int q = 0; q < nprocs_; ++q) next[q] = caps_.replies->reply_data(q);
  for (const GetRequest& g : gets_) {
    if (!g.answered) continue;
    copy_block(into(g), next[g.src], g.nbytes);
    next[g.src] += g.nbytes;
  }
}

// Reads what the other processes' get requests ask of this process's memory,
// in their issue order: the large ones are noted, to go as bulk messages in
// phase 2 (bulk_messages.cpp), the others into one reply stream per asker,
// which the reply round carries.
void Runtime::answer_get_requests() {
  for (int r = 0; r < nprocs_; ++r) {
    ByteBuffer& reply = replies_[r];
    reply.clear();
    if (r == pid_) continue;
    const char* begin = static_cast<const char*>(incoming_view_[r].data);
    const char* end = begin + incoming_view_[r].size;
    if (begin == end || read_stream_end(end).get_requests == 0) end = begin;  // nothing asked
    for (RecordReader rec(begin, end); !rec.done(); rec.next()) {
      if (rec.kind() != RecordKind::kGetRequest) continue;
      GetRequestRecord get = rec.get_request();
      if (get.as_bulk)
        note_bulk_answer(r, get.address, get.nbytes);
      else
        reply.append(reinterpret_cast<const void*>(get.address), get.nbytes);
    }
    stream_refs_[r] = {reply.data(), reply.size()};
  }
  stream_refs_[pid_] = {nullptr, 0};
  if (check_) [[unlikely]]
    answer_hpgets_early();
}

// Whose replies this process waits for: the owners it asked, unless somebody
// read a get source in another process's memory. Then everybody waits for
// everybody (a barrier), so that no source is written before it was read.
const bool* Runtime::awaited_replies(std::uint32_t all) {
  if (all & kFlagReadGets) return nullptr;
  bool* asked = awaited_replies_.get();
  std::fill_n(asked, nprocs_, false);
  for (const GetRequest& g : gets_) asked[g.src] |= g.answered;
  return asked;
}

void Runtime::land_gets() {
  for (const GetRequest& g : gets_)
    if (g.bulk ? !g.in_place : !g.hp) copy_block(g.dst, get_staging_.data() + g.staging, g.nbytes);
  for (auto& p : pushes_of_) p.clear();
}

void Runtime::apply_streams() {
  if (check_) [[unlikely]]
    return apply_streams_checked();
  land_gets();
  for (int src = 0; src < nprocs_; ++src) {
    const char* b = static_cast<const char*>(incoming_view_[src].data);
    apply_stream(src, b, b + incoming_view_[src].size);
  }
}

void Runtime::map_staging_of(int src, const char* staging, std::uint64_t writer_mapped) {
  RingMapping::Range range = staging_mapped_[parity_][src].follow(
      writer_mapped, ring_extent(caps_.shared_staging->staging(parity_).size));
  populate_ring_for_reading(staging, range.from, range.to);
}

// Each element in its turn, as the puts it stands for would have been
// (a constant size for the common ones, so that each is a load and a store).
void Runtime::apply_strided(const PutStridedRecord& put) {
  auto copy_each = [&put](auto element_bytes) {
    char* to = reinterpret_cast<char*>(put.dst_address);
    const char* from = put.data;
    const std::uint64_t step = padded8(element_bytes);
    for (std::uint64_t k = 0; k < put.count; ++k, to += put.stride, from += step)
      std::memcpy(to, from, element_bytes);
  };
  if (put.element == 8)
    copy_each(std::integral_constant<std::uint32_t, 8>{});
  else if (put.element == 16)
    copy_each(std::integral_constant<std::uint32_t, 16>{});
  else
    copy_each(put.element);
}

// Left whole: the loop every sync runs over every record, one switch read best
// in one place (a helper per case would pass it half a dozen locals).
void Runtime::apply_stream(int src, const char* begin, const char* end) {
  if (begin == end) return;
  // Its tally counted the sends: a stream of sends alone joins the queue as
  // it is, without being walked.
  StreamEndRecord tally = read_stream_end(end);
  end = tally.records_end;
  queue_.add_stream(begin, end, tally.sends, tally.send_payload_bytes);
  if (tally.only_sends) return;
  const bool self = src == pid_;
  const char* own_bulk = outbox_[parity_].bulk().data();
  const SharedStaging* shared = caps_.shared_staging;
  const char* staging = !shared ? nullptr
                        : self  ? shared->staging(parity_).data
                                : shared->staging_of(src, parity_);
  RemoteMemory* memory = caps_.remote_memory;
  RemoteReads reads(memory, src);
  for (RecordReader rec(begin, end); !rec.done(); rec.next()) {
    switch (rec.kind()) {
      case RecordKind::kPutInline: {
        reads.flush();
        PutInlineRecord put = rec.put_inline();
        copy_bytes(reinterpret_cast<void*>(put.dst_address), put.data, put.nbytes);
        break;
      }
      case RecordKind::kPutStrided: {
        reads.flush();
        apply_strided(rec.put_strided());
        break;
      }
      case RecordKind::kPutRemote: {
        PutRemoteRecord rs = rec.put_remote();
        auto* dst = reinterpret_cast<void*>(rs.dst_address);
        if (rs.origin == kFromSharedStaging) {
          reads.flush();
          if (!self && staging_mapped_[parity_][src].reaches_unmapped(rs.ring_mapped)) [[unlikely]]
            map_staging_of(src, staging, rs.ring_mapped);
          copy_block(dst, staging + rs.address, rs.nbytes);
        } else if (self) {
          copy_block(dst,
                     rs.origin == kFromBulk ? own_bulk + rs.address
                                            : reinterpret_cast<const char*>(rs.address),
                     rs.nbytes);
        } else if (caps_.bulk_messages) {
          // A bulk message, received in exchange_bulk_messages.
          const BulkIn& message = bulk_in_[bulk_cursor_++];
          if (message.landing) copy_block(dst, message.landing, rs.nbytes);
        } else {
          // The source's bulk base is read only here, by the records that need it:
          // the source rewrites it at every sync, a cache miss other streams need not pay.
          std::uint64_t from = rs.address;
          if (rs.origin == kFromBulk)
            from += reinterpret_cast<std::uintptr_t>(memory->bulk_base(src));
          reads.add(dst, from, rs.nbytes);
        }
        break;
      }
      case RecordKind::kPush: {
        PushRecord push = rec.push();
        pushes_of_[src].push_back({push.address, push.size});
        break;
      }
      case RecordKind::kShareRequest:
        share_requested_area(rec.share_request().address);
        break;
      case RecordKind::kSend:        // counted by the tally, queued above
      case RecordKind::kSendRun:
      case RecordKind::kGetRequest:  // answered in phase 1
      case RecordKind::kStreamEnd:   // not reached: `end` stops before it
      case RecordKind::kPutSite:     // check mode's: read by apply_streams_checked
      case RecordKind::kGetSite:
        break;
    }
  }
  reads.flush();
}

namespace {
// Empties a buffer used once a superstep; the memory an unusually large
// superstep needed goes back once supersteps have needed less for a while
// (util/memory_keep.hpp).
void clear_keeping(ByteBuffer& buffer, MemoryKeep& keep) {
  const bool release = keep.release(buffer.size());
  buffer.clear();
  if (release) buffer.trim(MemoryKeep::kKeepBytes);
}
}  // namespace

void Runtime::start_next_superstep() {
  parity_ ^= 1;
  outbox_[parity_].clear();
  outbox_[parity_].trim();
  gets_.clear();
  direct_copies_.clear();
  answered_gets_ = read_gets_ = bulk_gets_ = false;
  bulk_answers_.clear();
  clear_keeping(get_staging_, get_staging_keep_);
  clear_keeping(bulk_landing_, bulk_landing_keep_);
  // What the streams of this parity were fetched into: the queue of the
  // superstep that read them has ended. (A sync without streams fetches
  // nothing, so the count is taken here, not in fetch_streams.)
  if (incoming_keep_[parity_].release(incoming_needed_[parity_]))
    for (ByteBuffer& from : incoming_[parity_]) {
      from.clear();
      from.trim(MemoryKeep::kKeepBytes);
    }
  incoming_needed_[parity_] = 0;
  tagsize_calls_ = 0;
  sync_site_ = first_push_site_ = {};
  ++superstep_;
  engine_->note_superstep(superstep_);
}

}  // namespace superstep
