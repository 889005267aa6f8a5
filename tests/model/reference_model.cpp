#include "reference_model.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>

namespace superstep::model {
namespace {

using Bytes = std::vector<std::uint8_t>;

// A slot of the registration sequence: one registration per process.
struct Slot {
  std::uint64_t id = 0;
  std::vector<Registration> regs;  // regs[pid]
};

// A slot as one process sees it in its pending view (this superstep's pushes
// and pops applied in issue order).
struct ViewEntry {
  std::uint64_t slot_id;
  Registration reg;
};

struct Message {
  Bytes tag;
  Bytes payload;
};

// A put or get waiting for the sync. A put carries its bytes (read at the
// call); a get reads them from `src` during the sync.
struct Transfer {
  int issuer = 0;
  int seq = 0;  // issue order on the issuer
  int op_index = 0;
  bool is_get = false;
  bool hp = false;
  int src_pid = 0;
  Addr src;
  int dst_pid = 0;
  Addr dst;
  int nbytes = 0;
  Bytes bytes;
};

// A byte range of one process's memory that the superstep reads or writes,
// for deciding whether an hp operation's result is defined.
struct Access {
  int pid;
  Addr at;
  int nbytes;
  bool write;
  const Transfer* hp = nullptr;  // set for the ranges an hp transfer itself touches
  int local_seq = -1;            // for local computation: when, in issue order (seq_)
};

bool overlap(const Access& x, const Access& y) {
  return x.pid == y.pid && x.at.buf == y.at.buf && x.nbytes > 0 && y.nbytes > 0 &&
         x.at.off < y.at.off + y.nbytes && y.at.off < x.at.off + x.nbytes;
}

class Model {
 public:
  Model(const Program& program, const ModelOptions& options)
      : buffer_sizes_(program.buffer_sizes), options_(options), p_(program.nprocs) {
    memory_.resize(static_cast<std::size_t>(p_));
    for (int q = 0; q < p_; ++q)
      for (std::size_t b = 0; b < program.buffer_sizes.size(); ++b) {
        Bytes bytes(static_cast<std::size_t>(program.buffer_sizes[b]));
        for (std::size_t i = 0; i < bytes.size(); ++i)
          bytes[i] = initial_byte(program.seed, q, static_cast<int>(b), static_cast<int>(i));
        memory_[static_cast<std::size_t>(q)].push_back(std::move(bytes));
      }
    queue_.resize(static_cast<std::size_t>(p_));
    result_.logs.resize(static_cast<std::size_t>(p_));
    observers_ = p_;
  }

  ModelResult run(const Program& program) {
    try {
      for (const Superstep& s : program.supersteps) {
        record_state();
        // bsp_end acts as a final sync; only process 0 returns to observe.
        observers_ = program.ends_with_bsp_end && &s == &program.supersteps.back() ? 1 : p_;
        run_superstep(s);
      }
      record_state();
    } catch (const ModelStop& stop) {
      result_.stop = stop;
    }
    return std::move(result_);
  }

  // Runs one superstep, up to and including its sync; throws ModelStop.
  void run_superstep(const Superstep& s) {
    begin_superstep();
    for (int q = 0; q < p_ && q < static_cast<int>(s.ops.size()); ++q) {
      const std::vector<Op>& ops = s.ops[static_cast<std::size_t>(q)];
      for (op_index_ = 0; op_index_ < static_cast<int>(ops.size()); ++op_index_)
        execute(q, ops[static_cast<std::size_t>(op_index_)]);
    }
    op_index_ = -1;
    sync();
    ++step_;
  }

  StepState state() const {
    StepState state;
    for (const Slot& slot : slots_) state.slots.push_back(slot.regs);
    for (const auto& queue : queue_) state.queue_lengths.push_back(static_cast<int>(queue.size()));
    state.tagsize = tagsize_;
    return state;
  }

 private:
  [[noreturn]] void stop(ModelStop::Kind kind, const std::string& primitive, int pid,
                         const std::string& what) {
    throw ModelStop{kind, primitive, pid, step_, what, op_index_};
  }
  [[noreturn]] void misuse(const Op& op, int pid, const std::string& what) {
    stop(ModelStop::Kind::kMisuse, op_primitive(op.kind), pid, what);
  }

  void log(int pid, std::string line) {
    if (options_.observe) result_.logs[static_cast<std::size_t>(pid)].push_back(std::move(line));
  }

  // A local address range must lie inside one of the program's buffers.
  std::uint8_t* local(int pid, Addr at, int nbytes, const char* what) {
    if (at.is_null() || at.buf >= static_cast<int>(buffer_sizes_.size()) || at.off < 0 ||
        nbytes < 0 || at.off + nbytes > buffer_sizes_[static_cast<std::size_t>(at.buf)])
      stop(ModelStop::Kind::kInvalid, what, pid, "address outside the program's buffers");
    return memory_[static_cast<std::size_t>(pid)][static_cast<std::size_t>(at.buf)].data() + at.off;
  }

  void record_state() { result_.states.push_back(state()); }

  void begin_superstep() {
    views_.assign(static_cast<std::size_t>(p_), {});
    for (int q = 0; q < p_; ++q)
      for (const Slot& slot : slots_)
        views_[static_cast<std::size_t>(q)].push_back(
            {slot.id, slot.regs[static_cast<std::size_t>(q)]});
    pushes_.assign(static_cast<std::size_t>(p_), {});
    popped_.assign(static_cast<std::size_t>(p_), {});
    tagsize_calls_.assign(static_cast<std::size_t>(p_), {});
    transfers_.clear();
    accesses_.clear();
    seq_ = 0;
    next_queue_.assign(static_cast<std::size_t>(p_), {});
    hpmoved_.assign(static_cast<std::size_t>(p_), {});
  }

  // The newest committed slot in which process `pid` registered `ident`
  // (pushes and pops of this superstep do not count yet).
  const Slot* find_slot(int pid, Addr ident) const {
    for (auto it = slots_.rbegin(); it != slots_.rend(); ++it)
      if (!ident.is_null() && it->regs[static_cast<std::size_t>(pid)].ident == ident) return &*it;
    return nullptr;
  }

  // The checks common to put and get; returns the remote registration, or
  // nullptr for a transfer of zero bytes, which does nothing (paper 3.2.4
  // note 4) and so needs no registration.
  const Registration* check_drma(int q, const Op& op, Addr local_ident, Addr local_data,
                                 const char* side) {
    if (op.pid < 0 || op.pid >= p_) misuse(op, q, "no process " + std::to_string(op.pid));
    if (op.nbytes < 0) misuse(op, q, "negative byte count");
    if (op.offset < 0) misuse(op, q, "negative offset");
    if (op.nbytes > 0 && (local_data.is_null() || local_ident.is_null()))
      misuse(op, q, "NULL address");
    if (op.nbytes == 0) return nullptr;
    const Slot* slot = find_slot(q, local_ident);
    if (!slot) misuse(op, q, std::string(side) + " is not registered");
    const Registration& remote = slot->regs[static_cast<std::size_t>(op.pid)];
    if (remote.ident.is_null())
      misuse(op, q, "process " + std::to_string(op.pid) + " registered NULL in this slot");
    if (op.offset + op.nbytes > remote.size) misuse(op, q, "out of bounds of the registered area");
    return &remote;
  }

  void execute(int q, const Op& op) {
    switch (op.kind) {
      case OpKind::kWrite: {
        std::uint8_t* at = local(q, op.a, op.nbytes, "write");
        for (int i = 0; i < op.nbytes; ++i) at[i] = written_byte(op.value, i);
        accesses_.push_back({q, op.a, op.nbytes, true, nullptr, seq_++});
        break;
      }
      case OpKind::kPushReg: {
        if (op.nbytes < 0) misuse(op, q, "negative size");
        if (!op.a.is_null()) local(q, op.a, 0, "bsp_push_reg");
        auto& pushes = pushes_[static_cast<std::size_t>(q)];
        // The k-th push of every process in this superstep forms one new slot.
        std::uint64_t id = next_slot_id_ + pushes.size();
        pushes.push_back({op.a, op.nbytes});
        views_[static_cast<std::size_t>(q)].push_back({id, {op.a, op.nbytes}});
        break;
      }
      case OpKind::kPopReg: {
        auto& view = views_[static_cast<std::size_t>(q)];
        auto it = std::find_if(view.rbegin(), view.rend(),
                               [&](const ViewEntry& e) { return e.reg.ident == op.a; });
        if (it == view.rend()) misuse(op, q, "address is not registered");
        popped_[static_cast<std::size_t>(q)].push_back(it->slot_id);
        view.erase(std::next(it).base());
        break;
      }
      case OpKind::kPut:
      case OpKind::kHpput: {
        const Registration* remote = check_drma(q, op, op.b, op.a, "destination");
        if (!remote) break;
        Transfer t{q,
                   seq_++,
                   op_index_,
                   false,
                   op.kind == OpKind::kHpput,
                   q,
                   op.a,
                   op.pid,
                   {remote->ident.buf, remote->ident.off + op.offset},
                   op.nbytes,
                   {}};
        const std::uint8_t* src = local(q, op.a, op.nbytes, op_primitive(op.kind));
        t.bytes.assign(src, src + op.nbytes);  // buffered on source: read now
        local(t.dst_pid, t.dst, t.nbytes, op_primitive(op.kind));
        transfers_.push_back(std::move(t));
        break;
      }
      case OpKind::kGet:
      case OpKind::kHpget: {
        const Registration* remote = check_drma(q, op, op.a, op.b, "source");
        if (!remote) break;
        Transfer t{q,
                   seq_++,
                   op_index_,
                   true,
                   op.kind == OpKind::kHpget,
                   op.pid,
                   {remote->ident.buf, remote->ident.off + op.offset},
                   q,
                   op.b,
                   op.nbytes,
                   {}};
        local(t.src_pid, t.src, t.nbytes, op_primitive(op.kind));
        local(q, op.b, op.nbytes, op_primitive(op.kind));
        transfers_.push_back(std::move(t));
        break;
      }
      case OpKind::kSetTagsize: {
        if (op.value < 0) misuse(op, q, "negative tag size");
        auto& calls = tagsize_calls_[static_cast<std::size_t>(q)];
        // Returns what would have been in effect next superstep without this call.
        log(q, observe::tagsize(step_, calls.empty() ? tagsize_ : calls.back()));
        calls.push_back(op.value);
        break;
      }
      case OpKind::kSend: {
        if (op.pid < 0 || op.pid >= p_) misuse(op, q, "no process " + std::to_string(op.pid));
        if (op.nbytes < 0) misuse(op, q, "negative payload size");
        if (tagsize_ > 0 && op.a.is_null()) misuse(op, q, "NULL tag");
        if (op.nbytes > 0 && op.b.is_null()) misuse(op, q, "NULL payload");
        Message m;
        if (tagsize_ > 0) {
          const std::uint8_t* tag = local(q, op.a, tagsize_, "bsp_send");
          m.tag.assign(tag, tag + tagsize_);
          accesses_.push_back({q, op.a, tagsize_, false});
        }
        if (op.nbytes > 0) {
          const std::uint8_t* payload = local(q, op.b, op.nbytes, "bsp_send");
          m.payload.assign(payload, payload + op.nbytes);
          accesses_.push_back({q, op.b, op.nbytes, false});
        }
        next_queue_[static_cast<std::size_t>(op.pid)].push_back(std::move(m));
        break;
      }
      case OpKind::kQsize: {
        int bytes = 0;
        for (const Message& m : queue_[static_cast<std::size_t>(q)])
          bytes += static_cast<int>(m.payload.size());
        log(q, observe::qsize(step_, static_cast<int>(queue_[static_cast<std::size_t>(q)].size()),
                              bytes));
        break;
      }
      case OpKind::kGetTag: {
        auto& queue = queue_[static_cast<std::size_t>(q)];
        if (queue.empty()) {
          log(q, observe::get_tag(step_, -1, nullptr, 0));
          break;
        }
        const Message& m = queue.front();
        if (!m.tag.empty() && op.a.is_null()) misuse(op, q, "NULL tag");
        if (!m.tag.empty()) {
          std::copy(m.tag.begin(), m.tag.end(),
                    local(q, op.a, static_cast<int>(m.tag.size()), "bsp_get_tag"));
          accesses_.push_back({q, op.a, static_cast<int>(m.tag.size()), true, nullptr, seq_++});
        }
        log(q, observe::get_tag(step_, static_cast<int>(m.payload.size()), m.tag.data(),
                                m.tag.size()));
        break;
      }
      case OpKind::kMove: {
        auto& queue = queue_[static_cast<std::size_t>(q)];
        if (queue.empty()) misuse(op, q, "the queue is empty");
        if (op.nbytes < 0) misuse(op, q, "negative reception size");
        const Message& m = queue.front();
        int n = std::min(op.nbytes, static_cast<int>(m.payload.size()));
        if (n > 0 && op.a.is_null()) misuse(op, q, "NULL payload");
        // (a NULL area with nothing copied is legal, but there is nothing to observe)
        std::uint8_t* area = op.nbytes > 0 ? local(q, op.a, op.nbytes, "bsp_move") : nullptr;
        std::copy(m.payload.begin(), m.payload.begin() + n, area);
        if (n > 0) accesses_.push_back({q, op.a, n, true, nullptr, seq_++});
        log(q, observe::move(step_, area, static_cast<std::size_t>(op.nbytes)));
        queue.pop_front();
        break;
      }
      case OpKind::kHpmove: {
        auto& queue = queue_[static_cast<std::size_t>(q)];
        if (queue.empty()) {
          log(q, observe::hpmove(step_, -1, nullptr, 0, nullptr, 0));
          break;
        }
        const Message& m = queue.front();
        log(q, observe::hpmove(step_, static_cast<int>(m.payload.size()), m.tag.data(),
                               m.tag.size(), m.payload.data(), m.payload.size()));
        hpmoved_[static_cast<std::size_t>(q)].push_back(m);
        queue.pop_front();
        break;
      }
      case OpKind::kEnquire:
        log(q, observe::enquire(step_, q, p_, true));
        break;
      case OpKind::kEnd:
        // With one process, bsp_end in place of a sync is simply the end.
        stop(p_ == 1 ? ModelStop::Kind::kEarlyEnd : ModelStop::Kind::kMisuse, "bsp_end", q,
             "bsp_end while other processes call bsp_sync");
      case OpKind::kAbort:
      case OpKind::kKill:
      case OpKind::kSegv:
      case OpKind::kExitNoEnd:
      case OpKind::kQuickExit:
        stop(ModelStop::Kind::kEarlyEnd, op_primitive(op.kind), q, "process ends early");
    }
  }

  // hp transfers may move data at any time in the superstep: their result is
  // only defined when nothing else writes their destination or reads it, and
  // nothing writes their source, except the issuer's own computation before
  // an hpput (paper sections 3.2 and 3.3).
  void check_hp_transfers() {
    std::vector<Access> all = accesses_;
    for (const Transfer& t : transfers_) {
      // A put's source is read at the call, a get's during the sync: both are reads.
      all.push_back({t.dst_pid, t.dst, t.nbytes, true, t.hp ? &t : nullptr});
      all.push_back({t.src_pid, t.src, t.nbytes, false, t.hp ? &t : nullptr});
    }
    for (const Transfer& t : transfers_) {
      if (!t.hp) continue;
      Access dst{t.dst_pid, t.dst, t.nbytes, true, &t};
      Access src{t.src_pid, t.src, t.nbytes, false, &t};
      for (const Access& other : all) {
        bool dst_clash = other.hp != &t && overlap(dst, other);
        bool before_hpput = !t.is_get && other.local_seq >= 0 && other.local_seq < t.seq;
        bool src_clash = other.write && overlap(src, other) && !before_hpput;
        if (dst_clash || src_clash) {
          op_index_ = t.op_index;
          stop(ModelStop::Kind::kUndefined, t.is_get ? "bsp_hpget" : "bsp_hpput", t.issuer,
               std::string("the ") + (dst_clash ? "destination" : "source") +
                   " is touched by another operation in the same superstep");
        }
      }
    }
  }

  void check_collectives() {
    for (int q = 1; q < p_; ++q) {
      auto uq = static_cast<std::size_t>(q);
      if (pushes_[uq].size() != pushes_[0].size())
        stop(ModelStop::Kind::kMisuse, "bsp_push_reg", q, "different number of pushes");
      if (popped_[uq] != popped_[0])
        stop(ModelStop::Kind::kMisuse, "bsp_pop_reg", q, "pops name different slots");
      if (tagsize_calls_[uq].size() != tagsize_calls_[0].size() ||
          (!tagsize_calls_[0].empty() && tagsize_calls_[uq].back() != tagsize_calls_[0].back()))
        stop(ModelStop::Kind::kMisuse, "bsp_set_tagsize", q, "different tag sizes");
    }
  }

  void sync() {
    for (int q = 0; q < p_; ++q)
      for (const Message& m : hpmoved_[static_cast<std::size_t>(q)])
        log(q, observe::hpmove_kept(step_, m.tag.data(), m.tag.size(), m.payload.data(),
                                    m.payload.size()));
    check_collectives();
    check_hp_transfers();
    // Superstep order (paper section 3.3): all get sources are read first ...
    for (Transfer& t : transfers_)
      if (t.is_get) {
        const std::uint8_t* src = local(t.src_pid, t.src, t.nbytes, "bsp_get");
        t.bytes.assign(src, src + t.nbytes);
      }
    // ... then every destination is written: first the gets, in issue order (a get's
    // value lands "before any data is written by any bsp_put", paper 3.3), then the
    // puts, in order of issuing pid, then issue order (DESIGN.md).
    std::stable_sort(transfers_.begin(), transfers_.end(),
                     [](const Transfer& x, const Transfer& y) {
                       if (x.is_get != y.is_get) return x.is_get;
                       return x.issuer != y.issuer ? x.issuer < y.issuer : x.seq < y.seq;
                     });
    for (const Transfer& t : transfers_)
      std::copy(t.bytes.begin(), t.bytes.end(), local(t.dst_pid, t.dst, t.nbytes, "sync"));

    // Registrations: every process's pending view is the same sequence of slot ids.
    std::map<std::uint64_t, Slot> by_id;
    for (const Slot& slot : slots_) by_id[slot.id] = slot;
    for (std::size_t k = 0; k < pushes_[0].size(); ++k) {
      Slot slot{next_slot_id_ + k, {}};
      for (int q = 0; q < p_; ++q) slot.regs.push_back(pushes_[static_cast<std::size_t>(q)][k]);
      by_id[slot.id] = slot;
    }
    next_slot_id_ += pushes_[0].size();
    slots_.clear();
    for (const ViewEntry& e : views_[0]) slots_.push_back(by_id[e.slot_id]);

    if (!tagsize_calls_[0].empty()) tagsize_ = tagsize_calls_[0].back();
    // Messages live for one superstep; unread ones are discarded.
    queue_ = std::move(next_queue_);

    for (int q = 0; q < observers_ && options_.observe; ++q)
      for (std::size_t b = 0; b < buffer_sizes_.size(); ++b) {
        const Bytes& bytes = memory_[static_cast<std::size_t>(q)][b];
        log(q, observe::memory(step_, static_cast<int>(b), bytes.data(), bytes.size(),
                               options_.full_memory));
      }
  }

  std::vector<int> buffer_sizes_;
  ModelOptions options_;
  int p_;
  ModelResult result_;
  int step_ = 0;
  int observers_ = 0;  // how many processes observe their memory after this superstep

  std::vector<std::vector<Bytes>> memory_;  // memory_[pid][buf]
  std::vector<Slot> slots_;                 // the registration sequence, oldest first
  std::uint64_t next_slot_id_ = 0;
  int tagsize_ = 0;
  std::vector<std::deque<Message>> queue_;  // messages readable this superstep, per process

  // This superstep's pending state.
  std::vector<std::vector<ViewEntry>> views_;
  std::vector<std::vector<Registration>> pushes_;
  std::vector<std::vector<std::uint64_t>> popped_;
  std::vector<std::vector<int>> tagsize_calls_;
  std::vector<Transfer> transfers_;
  std::vector<Access> accesses_;
  int seq_ = 0;
  int op_index_ = -1;  // the op being executed, for ModelStop
  std::vector<std::deque<Message>> next_queue_;
  std::vector<std::vector<Message>> hpmoved_;  // taken by bsp_hpmove this superstep, per process
};

}  // namespace

ModelResult run_model(const Program& program, const ModelOptions& options) {
  return Model(program, options).run(program);
}

struct SteppingModel::Impl {
  Model model;
};

SteppingModel::SteppingModel(const Program& shape, const ModelOptions& options)
    : impl_(std::make_unique<Impl>(Impl{Model(shape, options)})) {}
SteppingModel::SteppingModel(const SteppingModel& other)
    : impl_(std::make_unique<Impl>(*other.impl_)) {}
SteppingModel& SteppingModel::operator=(const SteppingModel& other) {
  impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
SteppingModel::SteppingModel(SteppingModel&& other) noexcept = default;
SteppingModel& SteppingModel::operator=(SteppingModel&& other) noexcept = default;
SteppingModel::~SteppingModel() = default;

std::optional<ModelStop> SteppingModel::run_superstep(const Superstep& step) {
  try {
    impl_->model.run_superstep(step);
  } catch (const ModelStop& stop) {
    return stop;
  }
  return std::nullopt;
}

StepState SteppingModel::state() const { return impl_->model.state(); }

std::string describe(const ModelStop& stop) {
  static const char* kinds[] = {"misuse", "undefined", "invalid program", "early end"};
  return std::string(kinds[static_cast<int>(stop.kind)]) + ": " + stop.primitive + ", process " +
         std::to_string(stop.pid) + ", superstep " + std::to_string(stop.superstep) + ": " +
         stop.what;
}

}  // namespace superstep::model
