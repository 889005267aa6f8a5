#include "misuse_injector.hpp"

#include <array>
#include <vector>

#include "reference_model.hpp"

namespace superstep::differential {
namespace {

using model::Addr;
using model::kNull;
using model::ModelStop;
using model::Op;
using model::OpKind;
using model::Program;
using model::Registration;
using model::StepState;

struct KindInfo {
  MisuseKind kind;
  const char* name;
  bool collective;
  int min_nprocs;
};

constexpr std::array<KindInfo, kKindCount> kKinds = {{
    {MisuseKind::kPutUnregistered, "put into unregistered memory", false, 1},
    {MisuseKind::kPutOutOfBounds, "put out of bounds", false, 1},
    {MisuseKind::kPutBadPid, "put to a bad pid", false, 1},
    {MisuseKind::kPutNegativeSize, "put of negative size", false, 1},
    {MisuseKind::kPutNullTarget, "put into a process that registered NULL", false, 2},
    {MisuseKind::kHpputOutOfBounds, "hpput out of bounds", false, 1},
    {MisuseKind::kGetUnregistered, "get from unregistered memory", false, 1},
    {MisuseKind::kGetOutOfBounds, "get out of bounds", false, 1},
    {MisuseKind::kGetBadPid, "get from a bad pid", false, 1},
    {MisuseKind::kHpgetUnregistered, "hpget from unregistered memory", false, 1},
    {MisuseKind::kPushNegativeSize, "push_reg of negative size", false, 1},
    {MisuseKind::kPopUnregistered, "pop_reg of an unregistered address", false, 1},
    {MisuseKind::kPushCountMismatch, "push_reg on some processes only", true, 2},
    {MisuseKind::kPopMismatch, "pop_reg of different slots", true, 2},
    {MisuseKind::kTagsizeMismatch, "set_tagsize with different values", true, 2},
    {MisuseKind::kTagsizeNegative, "set_tagsize negative", false, 1},
    {MisuseKind::kSendBadPid, "send to a bad pid", false, 1},
    {MisuseKind::kSendNegativeSize, "send of negative size", false, 1},
    {MisuseKind::kMoveEmpty, "move from an empty queue", false, 1},
    {MisuseKind::kEndWhileOthersSync, "bsp_end while others sync", true, 2},
    {MisuseKind::kPutNullSource, "put from NULL", false, 1},
    {MisuseKind::kGetNullDestination, "get into NULL", false, 1},
    {MisuseKind::kSendNullTag, "send with a NULL tag", false, 1},
    {MisuseKind::kSendNullPayload, "send with a NULL payload", false, 1},
    {MisuseKind::kGetTagNullTag, "get_tag into NULL", false, 1},
    {MisuseKind::kMoveNullPayload, "move into NULL", false, 1},
    {MisuseKind::kPopCountMismatch, "pop_reg on some processes only", true, 2},
    {MisuseKind::kAbort, "bsp_abort", false, 1},
    {MisuseKind::kKill, "killed by SIGKILL", false, 1},
    {MisuseKind::kSegv, "killed by SIGSEGV", false, 1},
    {MisuseKind::kExitWithoutEnd, "exit without bsp_end", false, 1},
    {MisuseKind::kQuickExitWorker, "_exit in a process other than 0", false, 2},
}};

constexpr bool table_in_order() {
  for (int k = 0; k < kKindCount; ++k)
    if (static_cast<int>(kKinds[static_cast<std::size_t>(k)].kind) != k) return false;
  return true;
}
static_assert(table_in_order(), "kKinds must list the kinds in MisuseKind order");

const KindInfo& info(MisuseKind kind) { return kKinds[static_cast<std::size_t>(kind)]; }

Op make(OpKind kind) { return Op{kind, 0, kNull, kNull, 0, 0, 0}; }

class Injector {
 public:
  Injector(const Program& program, const StepState& state, int step, int pid, Random& rng)
      : program_(program), state_(state), step_(step), q_(pid), rng_(rng) {}

  // The ops to add: one op for process q, or one per process for the
  // collective kinds (index = process). Empty when this place does not admit
  // the misuse.
  std::vector<Op> build(MisuseKind kind) {
    switch (kind) {
      case MisuseKind::kPutUnregistered:
        return one(drma(OpKind::kPut, Target::kUnregistered));
      case MisuseKind::kPutOutOfBounds:
        return one(drma(OpKind::kPut, Target::kOutOfBounds));
      case MisuseKind::kPutBadPid:
        return one(drma(OpKind::kPut, Target::kBadPid));
      case MisuseKind::kPutNegativeSize:
        return one(drma(OpKind::kPut, Target::kNegativeSize));
      case MisuseKind::kPutNullTarget:
        return one(drma(OpKind::kPut, Target::kNullTarget));
      case MisuseKind::kHpputOutOfBounds:
        return one(drma(OpKind::kHpput, Target::kOutOfBounds));
      case MisuseKind::kGetUnregistered:
        return one(drma(OpKind::kGet, Target::kUnregistered));
      case MisuseKind::kGetOutOfBounds:
        return one(drma(OpKind::kGet, Target::kOutOfBounds));
      case MisuseKind::kGetBadPid:
        return one(drma(OpKind::kGet, Target::kBadPid));
      case MisuseKind::kHpgetUnregistered:
        return one(drma(OpKind::kHpget, Target::kUnregistered));
      case MisuseKind::kPushNegativeSize: {
        Op op = make(OpKind::kPushReg);
        op.a = any_addr();
        op.nbytes = -rng_.range(1, 64);
        return {op};
      }
      case MisuseKind::kPopUnregistered: {
        Op op = make(OpKind::kPopReg);
        op.a = any_addr();
        return {op};
      }
      case MisuseKind::kPushCountMismatch: {
        Op op = make(OpKind::kPushReg);
        op.a = any_addr();
        return {op};
      }
      case MisuseKind::kPopMismatch:
        return pop_mismatch();
      case MisuseKind::kTagsizeMismatch: {
        std::vector<Op> ops(static_cast<std::size_t>(program_.nprocs), make(OpKind::kSetTagsize));
        int value = rng_.range(0, 8);
        for (Op& op : ops) op.value = value;
        ops[static_cast<std::size_t>(q_)].value = value + rng_.range(1, 4);
        return ops;
      }
      case MisuseKind::kTagsizeNegative: {
        Op op = make(OpKind::kSetTagsize);
        op.value = -rng_.range(1, 8);
        return {op};
      }
      case MisuseKind::kSendBadPid:
      case MisuseKind::kSendNegativeSize: {
        Op op = make(OpKind::kSend);
        op.pid = kind == MisuseKind::kSendBadPid ? bad_pid() : rng_.below(program_.nprocs);
        op.a = Addr{0, 0};
        op.b = Addr{0, 0};
        op.nbytes = kind == MisuseKind::kSendBadPid ? rng_.range(0, 4) : -rng_.range(1, 16);
        return {op};
      }
      case MisuseKind::kMoveEmpty: {
        Op op = make(OpKind::kMove);
        op.a = Addr{0, 0};
        op.nbytes = rng_.range(0, 8);
        return {op};
      }
      case MisuseKind::kEndWhileOthersSync:
        return {make(OpKind::kEnd)};
      case MisuseKind::kPutNullSource: {
        std::optional<Op> op = drma(OpKind::kPut, Target::kValid);
        if (op) op->a = kNull;
        return one(op);
      }
      case MisuseKind::kGetNullDestination: {
        std::optional<Op> op = drma(OpKind::kGet, Target::kValid);
        if (op) op->b = kNull;
        return one(op);
      }
      case MisuseKind::kSendNullTag:
      case MisuseKind::kSendNullPayload: {
        Op op = make(OpKind::kSend);
        op.pid = rng_.below(program_.nprocs);
        bool null_tag = kind == MisuseKind::kSendNullTag;
        op.a = null_tag ? kNull : Addr{0, 0};
        op.nbytes = null_tag ? rng_.range(0, 4) : rng_.range(1, 8);
        op.b = null_tag ? Addr{0, 0} : kNull;
        return {op};
      }
      case MisuseKind::kGetTagNullTag:
        return {make(OpKind::kGetTag)};
      case MisuseKind::kMoveNullPayload: {
        Op op = make(OpKind::kMove);
        op.nbytes = rng_.range(1, 8);
        return {op};
      }
      case MisuseKind::kPopCountMismatch: {
        std::vector<Addr> mine;
        for (const auto& slot : state_.slots)
          mine.push_back(slot[static_cast<std::size_t>(q_)].ident);
        if (mine.empty()) return {};
        Op op = make(OpKind::kPopReg);
        op.a = mine[static_cast<std::size_t>(rng_.below(static_cast<int>(mine.size())))];
        return {op};
      }
      case MisuseKind::kAbort:
        return {make(OpKind::kAbort)};
      case MisuseKind::kKill:
        return {make(OpKind::kKill)};
      case MisuseKind::kSegv:
        return {make(OpKind::kSegv)};
      case MisuseKind::kQuickExitWorker:
      case MisuseKind::kExitWithoutEnd: {
        if (kind == MisuseKind::kQuickExitWorker && q_ == 0) return {};
        Op op = make(kind == MisuseKind::kExitWithoutEnd ? OpKind::kExitNoEnd : OpKind::kQuickExit);
        op.value = rng_.range(0, 3);
        return {op};
      }
    }
    return {};
  }

 private:
  enum class Target { kValid, kUnregistered, kOutOfBounds, kBadPid, kNegativeSize, kNullTarget };

  static std::vector<Op> one(std::optional<Op> op) {
    return op ? std::vector<Op>{*op} : std::vector<Op>{};
  }

  int bad_pid() {
    static const int kOffsets[] = {0, 1, 7, 1000};
    return rng_.chance(1, 3) ? -rng_.range(1, 3) : program_.nprocs + kOffsets[rng_.below(4)];
  }

  Addr any_addr() {
    int b = rng_.below(static_cast<int>(program_.buffer_sizes.size()));
    return Addr{b, rng_.below(program_.buffer_sizes[static_cast<std::size_t>(b)])};
  }

  // The newest committed slot in which q registered `ident`.
  const std::vector<Registration>* slot_of(Addr ident) const {
    const std::vector<Registration>* found = nullptr;
    for (const auto& slot : state_.slots)
      if (slot[static_cast<std::size_t>(q_)].ident == ident) found = &slot;
    return found;
  }

  std::optional<Op> drma(OpKind kind, Target target) {
    bool is_get = kind == OpKind::kGet || kind == OpKind::kHpget;
    Op op = make(kind);
    op.pid = rng_.below(program_.nprocs);
    op.nbytes = rng_.range(1, 8);
    Addr ident = any_addr();
    std::vector<Addr> registered;
    for (const auto& slot : state_.slots)
      if (!slot[static_cast<std::size_t>(q_)].ident.is_null())
        registered.push_back(slot[static_cast<std::size_t>(q_)].ident);
    if (target != Target::kUnregistered) {
      if (registered.empty()) return std::nullopt;
      ident = registered[static_cast<std::size_t>(rng_.below(static_cast<int>(registered.size())))];
    }
    const std::vector<Registration>* slot = slot_of(ident);
    switch (target) {
      case Target::kValid: {
        const Registration& remote = (*slot)[static_cast<std::size_t>(op.pid)];
        if (remote.ident.is_null() || remote.size == 0) return std::nullopt;
        op.offset = 0;
        op.nbytes = rng_.range(1, remote.size);
        break;
      }
      case Target::kUnregistered:
        break;  // the model rejects the candidate if the address happens to be registered
      case Target::kOutOfBounds: {
        const Registration& remote = (*slot)[static_cast<std::size_t>(op.pid)];
        if (remote.ident.is_null()) return std::nullopt;
        op.offset = rng_.range(0, remote.size);
        op.nbytes = remote.size - op.offset + rng_.range(1, 8);
        if (rng_.chance(1, 4)) {  // negative offset
          op.offset = -rng_.range(1, 8);
          op.nbytes = 1;
        }
        break;
      }
      case Target::kBadPid:
        op.pid = bad_pid();
        op.nbytes = 0;
        break;
      case Target::kNegativeSize:
        op.nbytes = -rng_.range(1, 100);
        break;
      case Target::kNullTarget: {
        std::vector<int> null_pids;
        for (int r = 0; r < program_.nprocs; ++r)
          if ((*slot)[static_cast<std::size_t>(r)].ident.is_null()) null_pids.push_back(r);
        if (null_pids.empty()) return std::nullopt;
        op.pid =
            null_pids[static_cast<std::size_t>(rng_.below(static_cast<int>(null_pids.size())))];
        op.offset = 0;
        break;
      }
    }
    Addr local{0, 0};
    if (is_get) {
      op.a = ident;
      op.b = local;
    } else {
      op.a = local;
      op.b = ident;
    }
    return op;
  }

  // Every process pops one slot that is newest for its address everywhere;
  // q pops another slot instead.
  std::vector<Op> pop_mismatch() {
    const auto& slots = state_.slots;
    auto newest_for = [&](std::size_t k, int pid) {
      for (std::size_t later = k + 1; later < slots.size(); ++later)
        if (slots[later][static_cast<std::size_t>(pid)].ident ==
            slots[k][static_cast<std::size_t>(pid)].ident)
          return false;
      return true;
    };
    std::vector<std::size_t> common, mine;
    for (std::size_t k = 0; k < slots.size(); ++k) {
      bool everywhere = true;
      for (int r = 0; r < program_.nprocs; ++r) everywhere = everywhere && newest_for(k, r);
      if (everywhere) common.push_back(k);
      if (newest_for(k, q_)) mine.push_back(k);
    }
    if (common.empty() || mine.size() < 2) return {};
    std::size_t x = common[static_cast<std::size_t>(rng_.below(static_cast<int>(common.size())))];
    std::size_t y = x;
    while (y == x) y = mine[static_cast<std::size_t>(rng_.below(static_cast<int>(mine.size())))];
    std::vector<Op> ops;
    for (int r = 0; r < program_.nprocs; ++r) {
      Op op = make(OpKind::kPopReg);
      op.a = slots[r == q_ ? y : x][static_cast<std::size_t>(r)].ident;
      ops.push_back(op);
    }
    return ops;
  }

  const Program& program_;
  const StepState& state_;
  int step_;
  int q_;
  Random& rng_;
};

// Does the model stop exactly where and why the injection says?
bool confirmed(const Injected& injected) {
  model::ModelResult result = model::run_model(injected.program);
  if (!result.stop) return false;
  const ModelStop& stop = *result.stop;
  bool early =
      injected.kind == MisuseKind::kAbort || static_cast<int>(injected.kind) >= kFirstFault;
  ModelStop::Kind want = early ? ModelStop::Kind::kEarlyEnd : ModelStop::Kind::kMisuse;
  if (stop.kind != want || stop.superstep != injected.superstep ||
      stop.primitive != injected.primitive)
    return false;
  // A move into NULL must not be a move from an empty queue instead.
  if (injected.kind == MisuseKind::kMoveNullPayload && stop.what != "NULL payload") return false;
  // A collective mismatch is found at the sync (no op at fault); any other
  // misuse at the call, by the process it was injected in. (A pop of an
  // unregistered address must not pass for a pop mismatch.) The model stops
  // at the bsp_end that replaces a sync.
  bool at_sync = is_collective(injected.kind) && injected.kind != MisuseKind::kEndWhileOthersSync;
  if (at_sync) return stop.op_index < 0;
  return stop.op_index >= 0 && stop.pid == injected.pid;
}

}  // namespace

const char* kind_name(MisuseKind kind) { return info(kind).name; }
bool is_collective(MisuseKind kind) { return info(kind).collective; }

std::optional<Injected> inject(std::uint64_t seed, MisuseKind kind, GeneratorOptions options) {
  options.clean_epilogue = false;
  options.min_nprocs = std::max(options.min_nprocs, info(kind).min_nprocs);
  if (options.max_nprocs < options.min_nprocs) return std::nullopt;
  Random rng(seed * 31 + static_cast<std::uint64_t>(kind));
  for (int attempt = 0; attempt < 20; ++attempt) {
    Program base =
        generate_program(seed + 1000003ull * static_cast<std::uint64_t>(attempt), options);
    model::ModelResult run = model::run_model(base);
    for (int tries = 0; tries < 20; ++tries) {
      int step = rng.below(static_cast<int>(base.supersteps.size()));
      int q = rng.below(base.nprocs);
      Injector injector(base, run.states[static_cast<std::size_t>(step)], step, q, rng);
      std::vector<Op> ops = injector.build(kind);
      if (ops.empty()) continue;
      Injected injected{base, kind, step, q, ""};
      auto& lists = injected.program.supersteps[static_cast<std::size_t>(step)].ops;
      bool at_end = kind == MisuseKind::kEndWhileOthersSync || ops.size() > 1;
      for (std::size_t i = 0; i < ops.size(); ++i) {
        std::size_t r = ops.size() > 1 ? i : static_cast<std::size_t>(q);
        auto& list = lists[r];
        int at =
            at_end ? static_cast<int>(list.size()) : rng.range(0, static_cast<int>(list.size()));
        list.insert(list.begin() + at, ops[i]);
      }
      injected.primitive =
          model::op_primitive(ops[ops.size() > 1 ? static_cast<std::size_t>(q) : 0].kind);
      if (confirmed(injected)) return injected;
    }
  }
  return std::nullopt;
}

}  // namespace superstep::differential
