#include "engines/shm/control_block.hpp"

#include <sys/mman.h>

#include <new>

namespace superstep::shm {

namespace {
constexpr std::size_t align64(std::size_t n) { return (n + 63) & ~std::size_t{63}; }
constexpr std::size_t kRecordsOffset = align64(sizeof(ControlHeader));
}  // namespace

std::size_t ControlBlock::bytes_for(int nprocs) {
  auto p = static_cast<std::size_t>(nprocs);
  return kRecordsOffset + align64(p * sizeof(ProcessRecord)) + p * sizeof(ArrivalLine) +
         2 * p * p * desc_bytes(nprocs);
}

ControlBlock ControlBlock::create(int nprocs) {
  ControlBlock block;
  std::size_t bytes = bytes_for(nprocs);
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return block;
  block.base_ = static_cast<char*>(mem);
  block.bytes_ = bytes;
  block.nprocs_ = nprocs;
  // The mapping is zero-filled, which is the initial state of every field;
  // placement-new only starts the objects' lifetimes.
  ControlHeader* h = new (mem) ControlHeader();
  h->nprocs = nprocs;
  for (int q = 0; q < nprocs; ++q) new (&block.records()[q]) ProcessRecord();
  for (int q = 0; q < nprocs; ++q) new (&block.arrival_lines()[q]) ArrivalLine();
  return block;
}

void ControlBlock::unmap() {
  if (base_) munmap(base_, bytes_);
  base_ = nullptr;
}

ProcessRecord* ControlBlock::records() const {
  return reinterpret_cast<ProcessRecord*>(base_ + kRecordsOffset);
}

ArrivalLine* ControlBlock::arrival_lines() const {
  return reinterpret_cast<ArrivalLine*>(
      base_ + kRecordsOffset + align64(static_cast<std::size_t>(nprocs_) * sizeof(ProcessRecord)));
}

char* ControlBlock::descs() const { return reinterpret_cast<char*>(arrival_lines() + nprocs_); }

}  // namespace superstep::shm
