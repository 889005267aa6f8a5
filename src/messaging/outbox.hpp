// What one process sends during one superstep: a stream of records per
// destination (puts, sends and registrations, in issue order, combined into
// one contiguous block per destination as seed 002 §3 recommends), and one
// bulk staging area for the payloads of large buffered puts, which the
// destination reads straight into place.
#pragma once

#include <cstdint>
#include <vector>

#include "core/byte_buffer.hpp"
#include "messaging/records.hpp"

namespace superstep {

class Outbox {
 public:
  // Puts up to this many bytes travel inside the stream; larger ones are
  // staged in the bulk area and read by the destination into place.
  static constexpr std::uint64_t kInlineMax = 1024;

  void reset(int nprocs);
  void clear();
  // Drops memory kept from an unusually large superstep.
  void trim();

  void put(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  void hpput(int dst, std::uint64_t dst_address, const void* src, std::uint64_t nbytes);
  void send(int dst, const void* tag, std::uint32_t tag_bytes, const void* payload,
            std::uint64_t payload_bytes);
  // A push goes to every other process: each learns this process's address.
  // Pops travel nowhere: every process resolves the same slot id itself, and
  // the sync compares digests of the push/pop sequences.
  void push(int self, const void* ident, std::uint64_t size, std::uint64_t id);

  ByteBuffer& stream(int dst) { return streams_[dst]; }
  const ByteBuffer& bulk() const { return bulk_; }
  bool any_stream() const { return nonempty_streams_ != 0; }
  bool remote_hp() const { return remote_hp_; }
  void note_remote_hp() { remote_hp_ = true; }

 private:
  char* append(int dst, std::uint64_t n) {
    ByteBuffer& s = streams_[dst];
    if (s.empty()) ++nonempty_streams_;
    return s.grow(n);
  }

  std::vector<ByteBuffer> streams_;
  ByteBuffer bulk_;
  int nonempty_streams_ = 0;
  bool remote_hp_ = false;
};

}  // namespace superstep
