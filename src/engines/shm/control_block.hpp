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

// Where the stream from one source to one destination lies in the source.
struct StreamDesc {
  std::uint64_t address;
  std::uint64_t size;
};

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
    return descs()[(static_cast<std::size_t>(parity) * p + static_cast<std::size_t>(dst)) * p +
                   static_cast<std::size_t>(src)];
  }

 private:
  ProcessRecord* records() const;
  StreamDesc* descs() const;

  char* base_ = nullptr;
  std::size_t bytes_ = 0;
  int nprocs_ = 0;
};

}  // namespace superstep::shm
