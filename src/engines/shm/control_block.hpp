// The one piece of memory the processes of a shared-memory run share: an
// anonymous MAP_SHARED mapping made by pid 0 before it forks. Being anonymous,
// it has no name in /dev/shm and disappears with the last process, however
// the processes end.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "engines/engine.hpp"
#include "engines/shm/barrier.hpp"

namespace superstep::shm {

enum ProcessState : std::int32_t { kRunning = 1, kEnded = 2 };

struct alignas(64) ProcessRecord {
  std::atomic<std::int32_t> os_pid;
  std::atomic<std::int32_t> state;
  std::atomic<std::uint64_t> superstep;
  // Published at each sync, by superstep parity: a process may enter the
  // next sync while slower ones still read what it published for this one.
  SummaryBlob summary[2];
  std::uint64_t bulk_base[2];  // address of the bulk staging area
  // While this process sleeps in a wait: the address of the word it sleeps
  // on (waiting.hpp), which whoever stops the run wakes.
  std::atomic<std::uintptr_t> asleep_on;
};

// Where the stream from one source to one destination lies: its size and
// address. In a run of at most kInlineStreamsMostProcs processes each
// descriptor has a cache line of its own, and a stream of up to
// kInlineStreamBytes (a superstep carrying one put, get or send) lies in that
// line itself, over `address` (`size` then has kInline set). The destination
// finds it in the one line it reads after the barrier anyway, where a stream
// in the mailbox cost one more line transfer in a row; one line per pair also
// keeps two sources from writing into the same line. Beyond that many
// processes descriptors lie four to a line: a destination reads all p of its
// descriptors at every sync with streams, and at p = 1024 on two processors a
// line each made such a sync twice as dear (the traffic grows as p * p).
struct StreamDesc {
  static constexpr std::uint64_t kInline = std::uint64_t{1} << 63;
  std::uint64_t size;
  std::uint64_t address;
  std::uint64_t bytes() const { return size & ~kInline; }
  bool holds_inline() const { return (size & kInline) != 0; }
};
constexpr int kInlineStreamsMostProcs = 16;
constexpr std::uint64_t kInlineStreamBytes = 64 - sizeof(std::uint64_t);

struct alignas(64) ControlHeader {
  std::int32_t nprocs;
  std::int64_t start_ns;                       // CLOCK_MONOTONIC at bsp_begin
  std::atomic<std::uint32_t> stop;             // set once the program is being stopped
  std::atomic<std::uint32_t> report_claimed;   // whoever sets it first prints the one message
  std::atomic<std::int32_t> supervisor_pid;    // the process that forks and reaps 1..p-1
  std::atomic<std::uint32_t> supervisor_done;  // set when every worker ended normally
  SharedBarrier barrier;
};

// Layout: header, then one ProcessRecord per process, one ArrivalLine per
// process, then StreamDesc[parity][dst][src].
class ControlBlock {
 public:
  static std::size_t bytes_for(int nprocs);
  // Maps and initialises the block; returns nullptr on failure (errno set).
  static ControlBlock create(int nprocs);

  bool valid() const { return base_ != nullptr; }
  void unmap();

  ControlHeader& header() const { return *reinterpret_cast<ControlHeader*>(base_); }
  ProcessRecord& process(int q) const { return records()[q]; }
  ArrivalLine* arrival_lines() const;
  StreamDesc& stream(int parity, int dst, int src) const {
    auto p = static_cast<std::size_t>(nprocs_);
    std::size_t index = (static_cast<std::size_t>(parity) * p + static_cast<std::size_t>(dst)) * p +
                        static_cast<std::size_t>(src);
    return *reinterpret_cast<StreamDesc*>(descs() + index * desc_bytes(nprocs_));
  }
  // The most bytes a stream may have to lie in its descriptor (0: none may).
  std::uint64_t inline_stream_max() const {
    return nprocs_ <= kInlineStreamsMostProcs ? kInlineStreamBytes : 0;
  }
  // Where such a stream lies: from the descriptor's `address` on.
  static char* inline_bytes(StreamDesc& d) { return reinterpret_cast<char*>(&d.address); }

 private:
  ProcessRecord* records() const;
  char* descs() const;
  static std::size_t desc_bytes(int nprocs) {
    return nprocs <= kInlineStreamsMostProcs ? 64 : sizeof(StreamDesc);
  }

  char* base_ = nullptr;
  std::size_t bytes_ = 0;
  int nprocs_ = 0;
};

}  // namespace superstep::shm
