#include "run_state.hpp"

#include <bsp.h>
#include <bsp_profile.h>

#include <cstring>

namespace superstep_python {

namespace {
// The machine's state first, then one per team entered. Never destroyed: at exit the
// interpreter may be gone, and the areas hold Python objects.
std::vector<RunState*>& states() {
  static std::vector<RunState*>* stack = new std::vector<RunState*>{new RunState};
  return *stack;
}
}  // namespace

RunState& RunState::get() { return *states().back(); }

void RunState::enter_team() { states().push_back(new RunState); }

void RunState::leave_team() {
  RunState* team = states().back();
  states().pop_back();
  team->clear();
  delete team;
}

bool RunState::in_team() { return states().size() > 1; }

const RunState::Area* RunState::find(const void* ident) const {
  auto found = effective_.find(ident);
  if (found == effective_.end() || found->second.empty()) return nullptr;
  return found->second.back().get();
}

void RunState::push(std::shared_ptr<Area> area) {
  area->serial = pushes_++;
  if (area->buffer && area->serial < static_cast<int>(table_.size())) {
    table_[area->serial] = TypeWord::of(area->buffer->type());
    area->site = python_site();
    if (table_usable_)
      ask(area);
    else
      to_ask_.push_back(area);
  }
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
  if (pending_.empty() && held_.empty() && asked_.empty() && pending_tagsize_ < 0 &&
      (table_.empty() || table_usable_)) [[likely]] {  // an empty superstep
    queue_tagsize_ = tagsize_;
    return;
  }
  remembered_object_ = nullptr, remembered_ = nullptr;
  for (Pending& p : pending_) {
    std::vector<std::shared_ptr<Area>>& slots = effective_[p.ident];
    if (p.pushed) {
      if (p.pushed->buffer) {
        int nprocs = bsp_nprocs();
        p.pushed->nbytes_of.resize(static_cast<std::size_t>(nprocs));
        for (int q = 0; q < nprocs; ++q) p.pushed->nbytes_of[q] = bsp_registered_nbytes(q, p.ident);
      }
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
  // What was asked in the superstep that just ended has arrived; the pushes of superstep
  // 0 ask now, the table being usable, and are compared at the next sync, which is the
  // first that can deliver a transfer through them.
  std::vector<std::shared_ptr<Area>> arrived;
  arrived.swap(asked_);
  if (!table_.empty() && !table_usable_) {
    table_usable_ = true;
    for (const auto& area : to_ask_) ask(area);
    to_ask_.clear();
  }
  compare(arrived);
}

void RunState::clear() {
  remembered_object_ = nullptr, remembered_ = nullptr;
  effective_.clear();
  pending_.clear();
  held_.clear();
  asked_.clear();
  to_ask_.clear();
}

namespace {
constexpr int kTableEntries = 1024;  // registrations beyond these are not compared
}

void RunState::begin_registrations(int nprocs) {
  nprocs_ = nprocs;
  if (nprocs < 2) return;
  table_.assign(kTableEntries, TypeWord{});
  bsp_push_reg(table_.data(), static_cast<int>(table_.size() * sizeof(TypeWord)));
}

void RunState::ask(const std::shared_ptr<Area>& area) {
  int p = bsp_nprocs(), me = bsp_pid();
  area->theirs.assign(static_cast<std::size_t>(p), TypeWord{});
  for (int q = 0; q < p; ++q)
    if (q != me)
      bsp_get(q, table_.data(), static_cast<int>(area->serial * sizeof(TypeWord)),
              &area->theirs[q], sizeof(TypeWord));
  asked_.push_back(area);
}

void RunState::compare(const std::vector<std::shared_ptr<Area>>& arrived) {
  // Raw bytes (uint8, a bytearray) go with any type, and a process that registered None
  // (an empty entry) has no memory there.
  auto raw_or_none = [](const TypeWord& w) {
    return w.itemsize == 0 || (w.itemsize == 1 && std::strcmp(w.kind, "u") == 0);
  };
  if (arrived.empty()) return;
  int me = bsp_pid();
  for (const auto& area : arrived) {
    TypeWord mine = TypeWord::of(area->buffer->type());
    if (raw_or_none(mine)) continue;
    for (int q = 0; q < static_cast<int>(area->theirs.size()); ++q) {
      const TypeWord& theirs = area->theirs[q];
      if (q == me || theirs == mine || raw_or_none(theirs)) continue;
      fail("bsp_push_reg",
           format("the registration at %s:%d (number %d) holds %s on this process but %s on "
                  "process %d: a transfer through it would read the bytes of one type as the "
                  "other; register areas of one type on every process",
                  area->site.file ? area->site.file : "<python>", area->site.line, area->serial,
                  mine.type().name().c_str(), theirs.type().name().c_str(), q));
    }
  }
}

}  // namespace superstep_python
