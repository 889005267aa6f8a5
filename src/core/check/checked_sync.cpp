// The runtime's side of check mode (BSP_CHECK, BSP_CHECK_ORDER): what the
// calls note for the detector (portability_check.hpp), and phase 2 of the sync
// (sync.cpp) with the sources' writes and the messages in another legal order.
#include <cstring>
#include <numeric>

#include "core/runtime.hpp"
#include "messaging/record_reader.hpp"

namespace superstep {

namespace {
// Different for every superstep and process, the same from run to run.
std::uint64_t salt_of(std::uint64_t superstep, int pid, std::uint64_t what) {
  return (superstep << 20) ^ (static_cast<std::uint64_t>(pid) << 2) ^ what;
}

// Notes where each put of one source's stream lands, and where it was called
// (the kPutSite record before it).
void note_puts(PortabilityCheck& check, int src, const char* begin, const char* end) {
  if (begin == end) return;
  StreamEndRecord tally = read_stream_end(end);
  if (tally.only_sends) return;
  WriteSite site;
  for (RecordReader rec(begin, tally.records_end); !rec.done(); rec.next()) {
    switch (rec.kind()) {
      case RecordKind::kPutSite: {
        PutSiteRecord at = rec.put_site();
        site = {std::string_view(at.file, at.file_bytes), at.line};
        break;
      }
      case RecordKind::kPutInline: {
        PutInlineRecord put = rec.put_inline();
        check.put_lands(src, put.dst_address, put.nbytes, site);
        break;
      }
      case RecordKind::kPutStrided: {
        PutStridedRecord put = rec.put_strided();
        for (std::uint64_t k = 0; k < put.count; ++k)
          check.put_lands(src, put.dst_address + k * put.stride, put.element, site);
        break;
      }
      case RecordKind::kPutRemote: {
        PutRemoteRecord put = rec.put_remote();
        check.put_lands(src, put.dst_address, put.nbytes, site);
        break;
      }
      default:
        break;
    }
  }
}
}  // namespace

// Check mode's overlap check: the put's call site travels before its record
// (kPutSite), so that the destination names it (note_puts).
void Runtime::put_site(int pid, CallSite site) {
  if (check_->choices().overlap) outbox_[parity_].put_site(pid, site.file, site.line);
}

bool Runtime::checked_put(CallSite site, int pid, const void* src, std::uint64_t remote,
                          std::uint64_t nbytes, bool hp) {
  if (!hp) {
    put_site(pid, site);
    return false;
  }
  check_->hp_transfer("bsp_hpput", pid, src, nbytes, site);
  switch (check_->choices().hp) {
    case CheckChoices::HpRead::kEngine:
      put_site(pid, site);
      return false;
    case CheckChoices::HpRead::kEarly:  // read now, as a bsp_put reads it
      put_site(pid, site);
      outbox_[parity_].put(pid, remote, src, nbytes);
      return true;
    case CheckChoices::HpRead::kLate:  // read when the sync starts
      check_->late_puts().push_back({pid, remote, src, nbytes, site});
      return true;
  }
  return false;
}

bool Runtime::watched_hpget(int pid, std::uint64_t remote, char* dst, std::uint64_t nbytes,
                            CallSite site) {
  check_->hpget_called(pid, dst, nbytes, site);
  const CheckChoices& choices = check_->choices();
  const bool early = choices.hp == CheckChoices::HpRead::kEarly;
  if (!choices.hpsource && !early) return false;
  outbox_[parity_].get_site(pid, remote, nbytes, site.file, site.line);
  if (!early || pid == pid_ || !answerable(nbytes)) return false;
  // hp:early: the owner answers it, right after this kGetSite, from its copy
  // of the superstep's start (answer_hpgets_early).
  gets_.push_back({pid, remote, dst, nbytes, 0, true, true, nullptr, false, false});
  outbox_[parity_].get_request(pid, remote, nbytes);
  answered_gets_ = true;
  return true;
}

void Runtime::note_hpgets_served() {
  for (int src = 0; src < nprocs_; ++src) {
    const char* b = static_cast<const char*>(incoming_view_[src].data);
    const char* e = b + incoming_view_[src].size;
    if (b == e) continue;
    StreamEndRecord tally = read_stream_end(e);
    if (tally.only_sends) continue;
    for (RecordReader rec(b, tally.records_end); !rec.done(); rec.next()) {
      if (rec.kind() != RecordKind::kGetSite) continue;
      GetSiteRecord get = rec.get_site();
      check_->hpget_served(src, get.address, get.nbytes,
                           {std::string_view(get.file, get.file_bytes), get.line}, superstep_);
    }
  }
}

// The answers answer_get_requests wrote, where a kGetSite comes right before
// the request (watched_hpget with hp:early): the bytes as the superstep started.
void Runtime::answer_hpgets_early() {
  if (check_->choices().hp != CheckChoices::HpRead::kEarly) return;
  for (int r = 0; r < nprocs_; ++r) {
    const char* b = static_cast<const char*>(incoming_view_[r].data);
    const char* e = b + incoming_view_[r].size;
    if (r == pid_ || b == e || read_stream_end(e).get_requests == 0) continue;
    char* at = replies_[r].data();
    bool after_site = false;
    for (RecordReader rec(b, read_stream_end(e).records_end); !rec.done(); rec.next()) {
      const RecordKind kind = rec.kind();
      if (kind == RecordKind::kGetRequest && !rec.get_request().as_bulk) {
        GetRequestRecord get = rec.get_request();
        const unsigned char* was =
            after_site ? check_->start_bytes(get.address, get.nbytes) : nullptr;
        if (was) std::memcpy(at, was, get.nbytes);
        at += get.nbytes;
      }
      after_site = kind == RecordKind::kGetSite;
    }
  }
}

void Runtime::land_own_hpgets_early() {
  if (check_->choices().hp != CheckChoices::HpRead::kEarly) return;
  for (const GetRequest& g : gets_)
    if (g.hp && g.src == pid_)
      if (const unsigned char* was = check_->start_bytes(g.remote, g.nbytes))
        std::memcpy(g.dst, was, g.nbytes);
}

void Runtime::note_sync_site(CallSite site) {
  if (profile_) profile_->site(site.file, site.line);
  if (check_) check_->sync_site(site);
}

void Runtime::watched_sync_left(SyncKind kind) {
  if (profile_) profile_->sync_left(superstep_, kind == SyncKind::kEnd);
  if (check_ && kind != SyncKind::kEnd) check_->superstep_started();
}

void Runtime::watched_sync_entered() {
  if (profile_) {
    close_profiled_runs();  // their puts belong to this superstep
    profile_->sync_entered();
  }
  if (!check_) return;
  check_->sync_entered(superstep_);
  for (const PortabilityCheck::LatePut& put : check_->late_puts()) {
    put_site(put.pid, put.site);
    outbox_[parity_].put(put.pid, put.remote, put.src, put.nbytes);
  }
  check_->late_puts().clear();
}

void Runtime::apply_streams_checked() {
  PortabilityCheck& check = *check_;
  const CheckChoices& choices = check.choices();
  if (choices.hpsource) note_hpgets_served();
  land_own_hpgets_early();
  land_gets();
  check.begin_writes();
  if (choices.overlap)
    for (const GetRequest& g : gets_)
      if (g.hp) check.get_lands(reinterpret_cast<std::uintptr_t>(g.dst), g.nbytes);
  std::vector<int> sources(static_cast<std::size_t>(nprocs_));
  std::iota(sources.begin(), sources.end(), 0);
  arrange_in(choices.writes, salt_of(superstep_, pid_, 1), sources);
  for (int src : sources) {
    // Bulk messages are met in source order (bulk_messages.cpp): each
    // source's first one is where its stream's records start taking them.
    if (caps_.bulk_messages) {
      bulk_cursor_ = 0;
      while (bulk_cursor_ < bulk_in_.size() && bulk_in_[bulk_cursor_].src != src) ++bulk_cursor_;
    }
    const char* b = static_cast<const char*>(incoming_view_[src].data);
    const char* e = b + incoming_view_[src].size;
    apply_stream(src, b, e);
    if (choices.overlap) note_puts(check, src, b, e);
  }
  if (choices.overlap) check.end_writes(superstep_);
  queue_streams_by_source();
  queue_.arrange(choices.queue, salt_of(superstep_, pid_, 2));
}

// The queue as apply_stream builds it in source-pid order, whatever order
// the writes took.
void Runtime::queue_streams_by_source() {
  queue_.clear();
  for (int src = 0; src < nprocs_; ++src) {
    const char* b = static_cast<const char*>(incoming_view_[src].data);
    const char* e = b + incoming_view_[src].size;
    if (b == e) continue;
    StreamEndRecord tally = read_stream_end(e);
    queue_.add_stream(b, tally.records_end, tally.sends, tally.send_payload_bytes);
  }
}

}  // namespace superstep
