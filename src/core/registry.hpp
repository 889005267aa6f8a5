// The registration sequence of BSPlib (paper §3.1).
//
// Every process holds the same sequence of slots; a slot records, for every
// process, the address and size that process registered. Slots are named by an
// id that only grows, so "the same slot" means the same id on every process.
// bsp_push_reg/bsp_pop_reg are resolved at the call against the pending view
// (this superstep's earlier pushes and pops applied in issue order) and take
// effect at the next sync, when commit() applies them in issue order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace superstep {

struct Registration {
  std::uint64_t id;
  const void* ident;                   // this process's address
  std::vector<std::uint64_t> address;  // per process
  std::vector<std::uint64_t> size;     // per process
};

enum class RegOpKind : std::uint8_t { kPush, kPop };

struct RegOp {
  RegOpKind kind;
  std::uint64_t id;
  const void* ident;
  std::uint64_t size;  // pushes only
};

// One process's pushes of a superstep, as another process sees them.
struct RemotePush {
  std::uint64_t address;
  std::uint64_t size;
};

class Registry {
 public:
  void reset(int nprocs, int pid);

  // The newest committed slot whose address on this process is `ident`, or
  // nullptr. A slot registered with NULL is never found (it counts as
  // unregistered memory, §3.1.2 note 5).
  const Registration* find(const void* ident) const {
    if (ident == cached_ident_ && cached_) return cached_;
    auto it = by_ident_.find(ident);
    if (it == by_ident_.end() || it->second.empty() || !ident) return nullptr;
    cached_ident_ = ident;
    cached_ = it->second.back();
    return cached_;
  }

  // Records a push; returns its slot id.
  std::uint64_t push(const void* ident, std::uint64_t size);
  // Records a pop of the newest slot holding ident in the pending view;
  // returns false when there is none.
  bool pop(const void* ident);

  const std::vector<RegOp>& pending() const { return pending_; }
  std::uint32_t pending_pushes() const { return pending_pushes_; }
  // The size of this superstep's largest push (0 without one).
  std::uint64_t largest_pending_push() const;
  std::uint64_t pending_digest() const { return digest_; }
  // The slot id of this superstep's first pop, or UINT64_MAX.
  std::uint64_t first_popped() const;

  // Applies this superstep's operations. pushes_of[q] lists process q's
  // pushes in issue order (the caller has checked that every process issued
  // the same sequence of operations). The slots it pops are appended to
  // `popped` when given.
  void commit(const std::vector<std::vector<RemotePush>>& pushes_of,
              std::vector<Registration>* popped = nullptr);

 private:
  std::vector<std::uint64_t>& pending_view(const void* ident);

  int nprocs_ = 0;
  int pid_ = 0;
  std::uint64_t next_id_ = 0;
  std::unordered_map<std::uint64_t, std::unique_ptr<Registration>> by_id_;
  std::unordered_map<const void*, std::vector<Registration*>> by_ident_;
  // Pending view: for each address touched this superstep, the ids of the
  // slots holding it once this superstep's operations so far are applied.
  std::unordered_map<const void*, std::vector<std::uint64_t>> view_;
  std::vector<RegOp> pending_;
  std::uint32_t pending_pushes_ = 0;
  std::uint64_t digest_ = 0;
  mutable const void* cached_ident_ = nullptr;
  mutable const Registration* cached_ = nullptr;
};

}  // namespace superstep
