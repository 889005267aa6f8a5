#include "core/registry.hpp"

#include <algorithm>

namespace superstep {

namespace {
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}
}  // namespace

void Registry::reset(int nprocs, int pid) {
  *this = Registry();
  nprocs_ = nprocs;
  pid_ = pid;
}

std::vector<std::uint64_t>& Registry::pending_view(const void* ident) {
  auto [it, inserted] = view_.try_emplace(ident);
  if (inserted) {
    auto committed = by_ident_.find(ident);
    if (committed != by_ident_.end())
      for (const Registration* r : committed->second) it->second.push_back(r->id);
  }
  return it->second;
}

std::uint64_t Registry::push(const void* ident, std::uint64_t size) {
  std::uint64_t id = next_id_++;
  pending_view(ident).push_back(id);
  pending_.push_back({RegOpKind::kPush, id, ident, size});
  ++pending_pushes_;
  digest_ = mix(mix(digest_, 1), id);
  return id;
}

bool Registry::pop(const void* ident) {
  std::vector<std::uint64_t>& ids = pending_view(ident);
  if (ids.empty()) return false;
  std::uint64_t id = ids.back();
  ids.pop_back();
  pending_.push_back({RegOpKind::kPop, id, ident, 0});
  digest_ = mix(mix(digest_, 2), id);
  return true;
}

std::uint64_t Registry::first_popped() const {
  for (const RegOp& op : pending_)
    if (op.kind == RegOpKind::kPop) return op.id;
  return UINT64_MAX;
}

std::uint64_t Registry::largest_pending_push() const {
  std::uint64_t largest = 0;
  for (const RegOp& op : pending_)
    if (op.kind == RegOpKind::kPush) largest = std::max(largest, op.size);
  return largest;
}

void Registry::commit(const std::vector<std::vector<RemotePush>>& pushes_of,
                      std::vector<Registration>* popped) {
  std::size_t push_index = 0;
  for (const RegOp& op : pending_) {
    if (op.kind == RegOpKind::kPush) {
      auto reg = std::make_unique<Registration>();
      reg->id = op.id;
      reg->ident = op.ident;
      reg->address.resize(nprocs_);
      reg->size.resize(nprocs_);
      for (int q = 0; q < nprocs_; ++q) {
        if (q == pid_) {
          reg->address[q] = reinterpret_cast<std::uintptr_t>(op.ident);
          reg->size[q] = op.size;
        } else {
          reg->address[q] = pushes_of[q][push_index].address;
          reg->size[q] = pushes_of[q][push_index].size;
        }
      }
      ++push_index;
      by_ident_[op.ident].push_back(reg.get());
      by_id_.emplace(op.id, std::move(reg));
    } else {
      auto found = by_id_.find(op.id);
      if (popped) popped->push_back(*found->second);
      std::vector<Registration*>& slots = by_ident_[op.ident];
      slots.erase(std::find(slots.begin(), slots.end(), found->second.get()));
      if (slots.empty()) by_ident_.erase(op.ident);
      by_id_.erase(found);
    }
  }
  pending_.clear();
  view_.clear();
  pending_pushes_ = 0;
  digest_ = 0;
  cached_ident_ = nullptr;
  cached_ = nullptr;
}

}  // namespace superstep
