#include "run_state.hpp"

namespace superstep_python {

RunState& RunState::get() {
  // Never destroyed: at exit the interpreter may be gone, and the areas hold Python objects.
  static RunState* state = new RunState;
  return *state;
}

const RunState::Area* RunState::find(const void* ident) const {
  auto found = effective_.find(ident);
  if (found == effective_.end() || found->second.empty()) return nullptr;
  return found->second.back().get();
}

void RunState::push(std::shared_ptr<Area> area) {
  const void* ident = area->buffer ? area->buffer->data() : nullptr;
  pending_.push_back({ident, std::move(area)});
}

bool RunState::pop(const void* ident) {
  auto found = effective_.find(ident);
  long long count = found == effective_.end() ? 0 : static_cast<long long>(found->second.size());
  for (const Pending& p : pending_)
    if (p.ident == ident) count += p.pushed ? 1 : -1;
  if (count <= 0) return false;
  pending_.push_back({ident, nullptr});
  return true;
}

void RunState::hold(std::unique_ptr<Buffer> buffer, PyObject* owner) {
  held_.push_back(std::make_shared<Area>(owner, std::move(buffer)));
}

void RunState::synced() {
  for (Pending& p : pending_) {
    std::vector<std::shared_ptr<Area>>& slots = effective_[p.ident];
    if (p.pushed) {
      slots.push_back(std::move(p.pushed));
    } else if (!slots.empty()) {
      slots.pop_back();
      if (slots.empty()) effective_.erase(p.ident);
    }
  }
  pending_.clear();
  held_.clear();
  queue_tagsize_ = tagsize_;
  if (pending_tagsize_ >= 0) tagsize_ = pending_tagsize_, pending_tagsize_ = -1;
}

void RunState::clear() {
  effective_.clear();
  pending_.clear();
  held_.clear();
}

}  // namespace superstep_python
