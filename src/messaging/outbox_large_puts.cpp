// Large puts: the records of puts of more than Outbox::inline_max() bytes (1024), and of
// hpputs that large, which tier 3 of the put path hands to the outbox (core/put_tier3.hpp;
// api/put.cpp maps the tiers). In order of preference:
//   - a buffered put's bytes are copied into the shared staging ring, which the destination
//     reads straight into place at the sync (stage);
//   - else, on engines that cannot read another process's memory and have no room left there,
//     into the stream as a small put's are (inline_only);
//   - else into the bulk area, read by the destination at the sync or sent as a bulk message
//     (put_bulk, append_bulk);
//   - an hpput is read from its source at the sync (kFromUserMemory), sent from there as a bulk
//     message, or staged where the engine measured two copies cheaper (hpput).
// Each writes one remote record in the stream to its destination (remote_record).
#include <algorithm>

#include "messaging/outbox.hpp"
#include "util/block_copy.hpp"
#include "util/cache_ring.hpp"

namespace superstep {

// A large put's bytes wait in the staging or the bulk area a whole number of
// cache lines from their destination (line_gap): the copy into place, by the
// receiver, the kernel for a cross-memory read, or MPI, then never meets the
// distances at which copies crawl (util/block_copy.hpp).
bool Outbox::stage(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes) {
  std::uint64_t offset = reserve_staging(dst_address, nbytes, nbytes);
  if (offset == kNoRoom) return false;
  copy_into_ring(staging_.data + offset, src, nbytes);
  staged_record(dst, dst_address, nbytes, offset);
  return true;
}

std::uint64_t Outbox::reserve_staging(std::uint64_t dst_address, std::uint64_t nbytes,
                                      std::uint64_t reserve) {
  std::uint64_t offset =
      staged_ + line_gap(reinterpret_cast<std::uintptr_t>(staging_.data) + staged_, dst_address);
  if (offset > staging_.size || nbytes > staging_.size - offset) return kNoRoom;
  const std::uint64_t end = std::min(staging_.size, offset + std::max(reserve, nbytes));
  if (staging_mapping_.reaches_unmapped(end)) [[unlikely]] {
    // Mapped in one go as far as twice this fill reaches, instead of a fault
    // every page (in a VM, dear) (util/cache_ring.hpp).
    RingMapping::Range range = staging_mapping_.grow(end, ring_extent(staging_.size));
    prepare_ring_for_writing(staging_.data, range.from, range.to);
  }
  staged_ = std::min(staging_.size, (end + 63) & ~std::uint64_t{63});
  staged_peak_ = std::max(staged_peak_, staged_);
  return offset;
}

char* Outbox::staged_record(int dst, std::uint64_t dst_address, std::uint64_t nbytes,
                            std::uint64_t offset) {
  // The readers map their view of the ring as far as this process has mapped it.
  return remote_record(dst, dst_address, kFromSharedStaging, nbytes, offset,
                       staging_mapping_.mapped_end(ring_extent(staging_.size)));
}

char* Outbox::remote_record(int dst, std::uint64_t dst_address, RemoteOrigin origin,
                            std::uint64_t nbytes, std::uint64_t address,
                            std::uint64_t ring_mapped) {
  char* record = append(dst, record_writer::kPutRemoteBytes);
  record_writer::put_remote(record, origin, dst_address, nbytes, address, ring_mapped);
  return record;
}

void Outbox::put_bulk(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes) {
  if (stage(dst, dst_address, src, nbytes)) return;
  const bool message = sends_as_bulk(nbytes) && dst != self_;
  if (inline_only_ && !message) {
    if (!put_inline_if_room(dst, dst_address, src, nbytes))
      put_inline_after_growing(dst, dst_address, src, nbytes);
    return;
  }
  std::uint64_t offset = append_bulk(dst_address, src, nbytes);
  remote_record(dst, dst_address, kFromBulk, nbytes, offset);
  if (message) bulk_sends_.push_back({dst, true, offset, nbytes});
}

std::uint64_t Outbox::append_bulk(std::uint64_t dst_address, const void* src,
                                  std::uint64_t nbytes) {
  // Room for the whole ring (address space); its pages are written as the
  // fills first reach them, as the staging ring's are (stage()).
  if (bulk_.capacity() < ring_span()) [[unlikely]]
    bulk_.make_room(ring_span() - bulk_.size());
  bulk_.make_room(nbytes + 63);  // the area does not move between here and the copy
  bulk_.grow_in_room(
      line_gap(reinterpret_cast<std::uintptr_t>(bulk_.data()) + bulk_.size(), dst_address));
  std::uint64_t offset = bulk_.size();
  if (bulk_mapping_.reaches_unmapped(offset + nbytes)) [[unlikely]] {
    RingMapping::Range range = bulk_mapping_.grow(offset + nbytes, ring_extent(bulk_.capacity()));
    prepare_ring_for_writing(bulk_.data(), range.from, range.to);
  }
  copy_into_ring(bulk_.grow_in_room(nbytes), src, nbytes);
  return offset;
}

void Outbox::hpput(int self, int dst, std::uint64_t dst_address, const void* src,
                   std::uint64_t nbytes) {
  // Small ones are copied now, like a put (their semantics allow moving the
  // data at any time up to the sync): cheaper than a remote read, and it
  // spares everyone the barrier that guards hpput sources until all are read.
  if (nbytes <= inline_max_) return put(dst, dst_address, src, nbytes);
  const auto source = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(src));
  if (sends_as_bulk(nbytes) && dst != self) {
    // Sent from its source at the sync; the sync waits for the send to
    // complete, so nobody needs to hold the source after it.
    remote_record(dst, dst_address, kFromUserMemory, nbytes, source);
    bulk_sends_.push_back({dst, false, source, nbytes});
    return;
  }
  if (inline_only_) return put(dst, dst_address, src, nbytes);
  // Staged only up to the cache ring's size (util/cache_ring.hpp): a larger one would add its
  // size to this process's memory and, the first time, fault it in page by page; it is read
  // in place at the sync, with no copy at the call (paper §3.2 asks for none).
  if (stage_hpputs_ && dst != self && nbytes <= cache_ring_bytes() &&
      stage(dst, dst_address, src, nbytes))
    return;
  if (dst != self) remote_hp_ = true;
  remote_record(dst, dst_address, kFromUserMemory, nbytes, source);
}

}  // namespace superstep
