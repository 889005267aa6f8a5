#include "reference_model.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <utility>

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

// A put or get waiting for the sync. The issuer is named by its pid in the
// machine (puts land in that order), the ends by their pid in the program. A put carries
// its bytes (read at the call); a get reads them from `src` during the sync.
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

// One BSP machine: the one bsp_begin starts, or a team inside it. Memory
// belongs to the processes (Model::memory_), everything else to the machine.
// Pids in ops, registrations and queues are the machine's; transfers and
// accesses name processes by their pid in the program.
struct Machine {
  std::vector<int> members;  // members[pid]: that process's pid in the program
  bool top = true;
  std::string enclosing;    // a team: where it was entered (observations.hpp)
  int step = 0;             // the program's superstep; in a team, its bsp_sync calls so far
  std::vector<Slot> slots;  // the registration sequence, oldest first
  std::uint64_t next_slot_id = 0;
  int tagsize = 0;
  std::vector<std::deque<Message>> queue;  // messages readable this superstep, per pid

  // This superstep's pending state.
  std::vector<std::vector<ViewEntry>> views;
  std::vector<std::vector<Registration>> pushes;
  std::vector<std::vector<std::uint64_t>> popped;
  std::vector<std::vector<int>> tagsize_calls;
  std::vector<Transfer> transfers;
  std::vector<Access> accesses;
  int seq = 0;
  std::vector<std::deque<Message>> next_queue;
  std::vector<std::vector<Message>> hpmoved;  // taken by bsp_hpmove this superstep, per pid
  bool after_teams = false;                   // this superstep began at bsp_team_begin
  std::vector<Access> history;                // a team: what its finished supersteps touched

  explicit Machine(std::vector<int> pids) : members(std::move(pids)), queue(members.size()) {}
  int p() const { return static_cast<int>(members.size()); }
  int global(int q) const { return members[static_cast<std::size_t>(q)]; }
  std::string where() const {
    return top ? observe::step_label(step) : observe::team_label(enclosing, step);
  }
};

// How a process's part of a machine's superstep ends.
enum class Boundary { kEndOfList, kSync, kTeamBegin, kTeamEnd };

const char* boundary_primitive(Boundary b) {
  static const char* names[] = {"bsp_sync", "bsp_sync", "bsp_team_begin", "bsp_team_end"};
  return names[static_cast<int>(b)];
}

std::vector<int> first_pids(int p) {
  std::vector<int> pids(static_cast<std::size_t>(p));
  for (int q = 0; q < p; ++q) pids[static_cast<std::size_t>(q)] = q;
  return pids;
}

class Model {
 public:
  Model(const Program& program, const ModelOptions& options)
      : buffer_sizes_(program.buffer_sizes), options_(options), top_(first_pids(program.nprocs)) {
    const int p = program.nprocs;
    memory_.resize(static_cast<std::size_t>(p));
    for (int q = 0; q < p; ++q)
      for (std::size_t b = 0; b < program.buffer_sizes.size(); ++b) {
        Bytes bytes(static_cast<std::size_t>(program.buffer_sizes[b]));
        for (std::size_t i = 0; i < bytes.size(); ++i)
          bytes[i] = initial_byte(program.seed, q, static_cast<int>(b), static_cast<int>(i));
        memory_[static_cast<std::size_t>(q)].push_back(std::move(bytes));
      }
    result_.logs.resize(static_cast<std::size_t>(p));
    observers_ = p;
    segment_start_ = state();
  }

  ModelResult run(const Program& program) {
    try {
      for (const Superstep& s : program.supersteps) {
        record_state();
        // bsp_end acts as a final sync; only process 0 returns to observe.
        observers_ = program.ends_with_bsp_end && &s == &program.supersteps.back() ? 1 : top_.p();
        run_superstep(s);
      }
      record_state();
    } catch (const ModelStop& stop) {
      result_.stop = stop;
    }
    return std::move(result_);
  }

  // Runs one superstep of the program, teams entered in it included, up to
  // and including its sync; throws ModelStop.
  void run_superstep(const Superstep& s) {
    lists_ = &s.ops;
    cursor_.assign(top_.members.size(), 0);
    begin_superstep(top_);
    segment_start_ = state();
    run_machine(top_);
    ++top_.step;
    lists_ = nullptr;
  }

  StepState state() const {
    StepState state;
    for (const Slot& slot : top_.slots) state.slots.push_back(slot.regs);
    for (const auto& queue : top_.queue)
      state.queue_lengths.push_back(static_cast<int>(queue.size()));
    state.tagsize = top_.tagsize;
    return state;
  }
  StepState segment_state() const { return segment_start_; }

 private:
  [[noreturn]] void stop(ModelStop::Kind kind, const std::string& primitive, int pid,
                         const std::string& what) {
    throw ModelStop{kind, primitive, pid, top_.step, what, op_index_};
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

  // Runs the processes of m to m's end: the end of the program's superstep
  // for the machine bsp_begin started, bsp_team_end for a team.
  void run_machine(Machine& m) {
    for (;;) {
      switch (advance(m)) {
        case Boundary::kEndOfList:
          sync(m, observers_);
          return;
        case Boundary::kSync:
          sync(m, m.p());
          ++m.step;
          begin_superstep(m);
          break;
        case Boundary::kTeamBegin:
          split(m);
          break;
        case Boundary::kTeamEnd:
          // Leaving delivers what is in flight; the team's registrations and queue go with it.
          sync(m, m.p());
          return;
      }
    }
  }

  // Runs every process of m up to the end of its part of the superstep; they must agree
  // on how it ends.
  Boundary advance(Machine& m) {
    std::vector<Boundary> ends;
    for (int q = 0; q < m.p(); ++q) ends.push_back(run_process(m, q));
    op_index_ = -1;
    for (Boundary end : ends)
      if (end != ends.front())
        stop(ModelStop::Kind::kMisuse, boundary_primitive(end), -1,
             "processes disagree on how the superstep ends");
    return ends.front();
  }

  Boundary run_process(Machine& m, int q) {
    const int g = m.global(q);
    if (static_cast<std::size_t>(g) >= lists_->size()) return Boundary::kEndOfList;
    const std::vector<Op>& ops = (*lists_)[static_cast<std::size_t>(g)];
    for (std::size_t& at = cursor_[static_cast<std::size_t>(g)]; at < ops.size();) {
      const Op& op = ops[at];
      op_index_ = static_cast<int>(at++);
      switch (op.kind) {
        case OpKind::kSync:
          if (m.top) stop(ModelStop::Kind::kInvalid, "bsp_sync", g, "a team's sync outside a team");
          return Boundary::kSync;
        case OpKind::kTeamEnd:
          if (m.top) misuse(op, g, "called outside a team");
          return Boundary::kTeamEnd;
        case OpKind::kTeamBegin:
          if (op.value < 0) misuse(op, g, "colour is negative");
          return Boundary::kTeamBegin;
        default:
          execute(m, q, op);
      }
    }
    if (!m.top) {
      op_index_ = -1;
      stop(ModelStop::Kind::kInvalid, "bsp_sync", g, "the program's superstep ends inside a team");
    }
    return Boundary::kEndOfList;
  }

  // bsp_team_begin on every process of m: m's superstep ends as at bsp_sync,
  // then every team runs to its bsp_team_end (one after another: they share
  // no memory), and m's next superstep goes on.
  void split(Machine& m) {
    sync(m, m.p());
    begin_superstep(m);
    m.after_teams = true;
    if (m.top) segment_start_ = state();
    std::map<int, std::vector<std::pair<int, int>>> by_colour;  // colour: (key, pid) of each member
    for (int q = 0; q < m.p(); ++q) {
      const int g = m.global(q);
      const Op& op =
          (*lists_)[static_cast<std::size_t>(g)][cursor_[static_cast<std::size_t>(g)] - 1];
      by_colour[op.value].push_back({op.offset, q});
    }
    for (auto& [colour, keyed] : by_colour) {
      std::sort(keyed.begin(), keyed.end());  // by key, then by pid
      std::vector<int> pids;
      for (const auto& [key, q] : keyed) pids.push_back(m.global(q));
      Machine team(std::move(pids));
      team.top = false;
      team.enclosing = m.where();
      begin_superstep(team);
      for (int t = 0; t < team.p(); ++t)
        log(team.global(t), observe::team(team.where(), t, team.p()));
      run_machine(team);
      // What the team touched counts for m's hp transfers, all of it before m's later operations.
      for (Access a : team.history) {
        a.local_seq = m.seq++;
        m.accesses.push_back(a);
      }
    }
  }

  void begin_superstep(Machine& m) {
    const auto p = static_cast<std::size_t>(m.p());
    m.views.assign(p, {});
    for (std::size_t q = 0; q < p; ++q)
      for (const Slot& slot : m.slots) m.views[q].push_back({slot.id, slot.regs[q]});
    m.pushes.assign(p, {});
    m.popped.assign(p, {});
    m.tagsize_calls.assign(p, {});
    m.transfers.clear();
    m.accesses.clear();
    m.seq = 0;
    m.next_queue.assign(p, {});
    m.hpmoved.assign(p, {});
    m.after_teams = false;
  }

  // The newest committed slot in which process `q` registered `ident`
  // (pushes and pops of this superstep do not count yet).
  const Slot* find_slot(const Machine& m, int q, Addr ident) const {
    for (auto it = m.slots.rbegin(); it != m.slots.rend(); ++it)
      if (!ident.is_null() && it->regs[static_cast<std::size_t>(q)].ident == ident) return &*it;
    return nullptr;
  }

  // The checks common to put and get; returns the remote registration, or
  // nullptr for a transfer of zero bytes, which does nothing (paper 3.2.4
  // note 4) and so needs no registration.
  const Registration* check_drma(const Machine& m, int q, const Op& op, Addr local_ident,
                                 Addr local_data, const char* side) {
    const int g = m.global(q);
    if (op.pid < 0 || op.pid >= m.p()) misuse(op, g, "no process " + std::to_string(op.pid));
    if (op.nbytes < 0) misuse(op, g, "negative byte count");
    if (op.offset < 0) misuse(op, g, "negative offset");
    if (op.nbytes > 0 && (local_data.is_null() || local_ident.is_null()))
      misuse(op, g, "NULL address");
    if (op.nbytes == 0) return nullptr;
    const Slot* slot = find_slot(m, q, local_ident);
    if (!slot) misuse(op, g, std::string(side) + " is not registered");
    const Registration& remote = slot->regs[static_cast<std::size_t>(op.pid)];
    if (remote.ident.is_null())
      misuse(op, g, "process " + std::to_string(op.pid) + " registered NULL in this slot");
    if (op.offset + op.nbytes > remote.size) misuse(op, g, "out of bounds of the registered area");
    return &remote;
  }

  void execute(Machine& m, int q, const Op& op) {
    const int g = m.global(q);
    const auto uq = static_cast<std::size_t>(q);
    const std::string where = m.where();
    switch (op.kind) {
      case OpKind::kWrite: {
        std::uint8_t* at = local(g, op.a, op.nbytes, "write");
        for (int i = 0; i < op.nbytes; ++i) at[i] = written_byte(op.value, i);
        m.accesses.push_back({g, op.a, op.nbytes, true, nullptr, m.seq++});
        break;
      }
      case OpKind::kPushReg: {
        if (op.nbytes < 0) misuse(op, g, "negative size");
        if (!op.a.is_null()) local(g, op.a, 0, "bsp_push_reg");
        auto& pushes = m.pushes[uq];
        // The k-th push of every process in this superstep forms one new slot.
        std::uint64_t id = m.next_slot_id + pushes.size();
        pushes.push_back({op.a, op.nbytes});
        m.views[uq].push_back({id, {op.a, op.nbytes}});
        break;
      }
      case OpKind::kPopReg: {
        auto& view = m.views[uq];
        auto it = std::find_if(view.rbegin(), view.rend(),
                               [&](const ViewEntry& e) { return e.reg.ident == op.a; });
        if (it == view.rend()) misuse(op, g, "address is not registered");
        m.popped[uq].push_back(it->slot_id);
        view.erase(std::next(it).base());
        break;
      }
      case OpKind::kPut:
      case OpKind::kHpput: {
        const Registration* remote = check_drma(m, q, op, op.b, op.a, "destination");
        if (!remote) break;
        Transfer t{q,
                   m.seq++,
                   op_index_,
                   false,
                   op.kind == OpKind::kHpput,
                   g,
                   op.a,
                   m.global(op.pid),
                   {remote->ident.buf, remote->ident.off + op.offset},
                   op.nbytes,
                   {}};
        const std::uint8_t* src = local(g, op.a, op.nbytes, op_primitive(op.kind));
        t.bytes.assign(src, src + op.nbytes);  // buffered on source: read now
        local(t.dst_pid, t.dst, t.nbytes, op_primitive(op.kind));
        m.transfers.push_back(std::move(t));
        break;
      }
      case OpKind::kGet:
      case OpKind::kHpget: {
        const Registration* remote = check_drma(m, q, op, op.a, op.b, "source");
        if (!remote) break;
        Transfer t{q,
                   m.seq++,
                   op_index_,
                   true,
                   op.kind == OpKind::kHpget,
                   m.global(op.pid),
                   {remote->ident.buf, remote->ident.off + op.offset},
                   g,
                   op.b,
                   op.nbytes,
                   {}};
        local(t.src_pid, t.src, t.nbytes, op_primitive(op.kind));
        local(g, op.b, op.nbytes, op_primitive(op.kind));
        m.transfers.push_back(std::move(t));
        break;
      }
      case OpKind::kSetTagsize: {
        if (op.value < 0) misuse(op, g, "negative tag size");
        auto& calls = m.tagsize_calls[uq];
        // Returns what would have been in effect next superstep without this call.
        log(g, observe::tagsize(where, calls.empty() ? m.tagsize : calls.back()));
        calls.push_back(op.value);
        break;
      }
      case OpKind::kSend: {
        if (op.pid < 0 || op.pid >= m.p()) misuse(op, g, "no process " + std::to_string(op.pid));
        if (op.nbytes < 0) misuse(op, g, "negative payload size");
        if (m.tagsize > 0 && op.a.is_null()) misuse(op, g, "NULL tag");
        if (op.nbytes > 0 && op.b.is_null()) misuse(op, g, "NULL payload");
        Message msg;
        if (m.tagsize > 0) {
          const std::uint8_t* tag = local(g, op.a, m.tagsize, "bsp_send");
          msg.tag.assign(tag, tag + m.tagsize);
          m.accesses.push_back({g, op.a, m.tagsize, false});
        }
        if (op.nbytes > 0) {
          const std::uint8_t* payload = local(g, op.b, op.nbytes, "bsp_send");
          msg.payload.assign(payload, payload + op.nbytes);
          m.accesses.push_back({g, op.b, op.nbytes, false});
        }
        m.next_queue[static_cast<std::size_t>(op.pid)].push_back(std::move(msg));
        break;
      }
      case OpKind::kQsize: {
        int bytes = 0;
        for (const Message& msg : m.queue[uq]) bytes += static_cast<int>(msg.payload.size());
        log(g, observe::qsize(where, static_cast<int>(m.queue[uq].size()), bytes));
        break;
      }
      case OpKind::kGetTag: {
        auto& queue = m.queue[uq];
        if (queue.empty()) {
          log(g, observe::get_tag(where, -1, nullptr, 0));
          break;
        }
        const Message& msg = queue.front();
        if (!msg.tag.empty() && op.a.is_null()) misuse(op, g, "NULL tag");
        if (!msg.tag.empty()) {
          std::copy(msg.tag.begin(), msg.tag.end(),
                    local(g, op.a, static_cast<int>(msg.tag.size()), "bsp_get_tag"));
          m.accesses.push_back({g, op.a, static_cast<int>(msg.tag.size()), true, nullptr, m.seq++});
        }
        log(g, observe::get_tag(where, static_cast<int>(msg.payload.size()), msg.tag.data(),
                                msg.tag.size()));
        break;
      }
      case OpKind::kMove: {
        auto& queue = m.queue[uq];
        if (queue.empty()) misuse(op, g, "the queue is empty");
        if (op.nbytes < 0) misuse(op, g, "negative reception size");
        const Message& msg = queue.front();
        int n = std::min(op.nbytes, static_cast<int>(msg.payload.size()));
        if (n > 0 && op.a.is_null()) misuse(op, g, "NULL payload");
        // (a NULL area with nothing copied is legal, but there is nothing to observe)
        std::uint8_t* area = op.nbytes > 0 ? local(g, op.a, op.nbytes, "bsp_move") : nullptr;
        std::copy(msg.payload.begin(), msg.payload.begin() + n, area);
        if (n > 0) m.accesses.push_back({g, op.a, n, true, nullptr, m.seq++});
        log(g, observe::move(where, area, static_cast<std::size_t>(op.nbytes)));
        queue.pop_front();
        break;
      }
      case OpKind::kHpmove: {
        auto& queue = m.queue[uq];
        if (queue.empty()) {
          log(g, observe::hpmove(where, -1, nullptr, 0, nullptr, 0));
          break;
        }
        const Message& msg = queue.front();
        log(g, observe::hpmove(where, static_cast<int>(msg.payload.size()), msg.tag.data(),
                               msg.tag.size(), msg.payload.data(), msg.payload.size()));
        m.hpmoved[uq].push_back(msg);
        queue.pop_front();
        break;
      }
      case OpKind::kEnquire:
        log(g, observe::enquire(where, q, m.p(), true));
        break;
      case OpKind::kEnd:
        if (!m.top) misuse(op, g, "called inside a team");
        // With one process, bsp_end in place of a sync is simply the end.
        stop(m.p() == 1 ? ModelStop::Kind::kEarlyEnd : ModelStop::Kind::kMisuse, "bsp_end", g,
             "bsp_end while other processes call bsp_sync");
      case OpKind::kAbort:
      case OpKind::kKill:
      case OpKind::kSegv:
      case OpKind::kExitNoEnd:
      case OpKind::kQuickExit:
        stop(ModelStop::Kind::kEarlyEnd, op_primitive(op.kind), g, "process ends early");
      case OpKind::kTeamBegin:
      case OpKind::kSync:
      case OpKind::kTeamEnd:
        break;  // run_process ends the process's part of the superstep there
    }
  }

  // Every byte range the superstep reads or writes so far: the accesses and
  // both ends of every transfer (a put's source is read at the call, a get's
  // during the sync: both are reads).
  static std::vector<Access> touched(const Machine& m) {
    std::vector<Access> all = m.accesses;
    for (const Transfer& t : m.transfers) {
      all.push_back({t.dst_pid, t.dst, t.nbytes, true, t.hp ? &t : nullptr});
      all.push_back({t.src_pid, t.src, t.nbytes, false, t.hp ? &t : nullptr});
    }
    return all;
  }

  // hp transfers may move data at any time in the superstep: their result is
  // only defined when nothing else writes their destination or reads it, and
  // nothing writes their source, except the issuer's own computation before
  // an hpput (paper sections 3.2 and 3.3). After teams, an hpput into another
  // process may land while that process is still in its team, observing its
  // memory: its result is undefined too.
  void check_hp_transfers(const Machine& m) {
    const std::vector<Access> all = touched(m);
    for (const Transfer& t : m.transfers) {
      if (!t.hp) continue;
      Access dst{t.dst_pid, t.dst, t.nbytes, true, &t};
      Access src{t.src_pid, t.src, t.nbytes, false, &t};
      bool into_team = m.after_teams && !t.is_get && t.dst_pid != m.global(t.issuer);
      for (const Access& other : all) {
        bool dst_clash = into_team || (other.hp != &t && overlap(dst, other));
        bool before_hpput = !t.is_get && other.local_seq >= 0 && other.local_seq < t.seq;
        bool src_clash = other.write && overlap(src, other) && !before_hpput;
        if (dst_clash || src_clash) {
          op_index_ = t.op_index;
          stop(ModelStop::Kind::kUndefined, t.is_get ? "bsp_hpget" : "bsp_hpput",
               m.global(t.issuer),
               std::string("the ") + (dst_clash ? "destination" : "source") +
                   (into_team ? " may still be in its team"
                              : " is touched by another operation in the same superstep"));
        }
      }
    }
  }

  void check_collectives(const Machine& m) {
    for (int q = 1; q < m.p(); ++q) {
      auto uq = static_cast<std::size_t>(q);
      if (m.pushes[uq].size() != m.pushes[0].size())
        stop(ModelStop::Kind::kMisuse, "bsp_push_reg", m.global(q), "different number of pushes");
      if (m.popped[uq] != m.popped[0])
        stop(ModelStop::Kind::kMisuse, "bsp_pop_reg", m.global(q), "pops name different slots");
      if (m.tagsize_calls[uq].size() != m.tagsize_calls[0].size() ||
          (!m.tagsize_calls[0].empty() && m.tagsize_calls[uq].back() != m.tagsize_calls[0].back()))
        stop(ModelStop::Kind::kMisuse, "bsp_set_tagsize", m.global(q), "different tag sizes");
    }
  }

  // The end of a superstep of m; the first `observers` of its processes then observe their memory.
  void sync(Machine& m, int observers) {
    const std::string where = m.where();
    for (int q = 0; q < m.p(); ++q)
      for (const Message& msg : m.hpmoved[static_cast<std::size_t>(q)])
        log(m.global(q), observe::hpmove_kept(where, msg.tag.data(), msg.tag.size(),
                                              msg.payload.data(), msg.payload.size()));
    check_collectives(m);
    check_hp_transfers(m);
    if (!m.top)
      for (Access a : touched(m)) {
        a.hp = nullptr;
        m.history.push_back(a);
      }
    // Superstep order (paper section 3.3): all get sources are read first ...
    for (Transfer& t : m.transfers)
      if (t.is_get) {
        const std::uint8_t* src = local(t.src_pid, t.src, t.nbytes, "bsp_get");
        t.bytes.assign(src, src + t.nbytes);
      }
    // ... then every destination is written: first the gets, in issue order (a get's
    // value lands "before any data is written by any bsp_put", paper 3.3), then the
    // puts, in order of issuing pid, then issue order (DESIGN.md).
    std::stable_sort(m.transfers.begin(), m.transfers.end(),
                     [](const Transfer& x, const Transfer& y) {
                       if (x.is_get != y.is_get) return x.is_get;
                       return x.issuer != y.issuer ? x.issuer < y.issuer : x.seq < y.seq;
                     });
    for (const Transfer& t : m.transfers)
      std::copy(t.bytes.begin(), t.bytes.end(), local(t.dst_pid, t.dst, t.nbytes, "sync"));

    commit_registrations(m);
    if (!m.tagsize_calls[0].empty()) m.tagsize = m.tagsize_calls[0].back();
    // Messages live for one superstep; unread ones are discarded.
    m.queue = std::move(m.next_queue);

    for (int q = 0; q < observers && options_.observe; ++q)
      for (std::size_t b = 0; b < buffer_sizes_.size(); ++b) {
        const Bytes& bytes = memory_[static_cast<std::size_t>(m.global(q))][b];
        log(m.global(q), observe::memory(where, static_cast<int>(b), bytes.data(), bytes.size(),
                                         options_.full_memory));
      }
  }

  // Registrations: every process's pending view is the same sequence of slot ids.
  static void commit_registrations(Machine& m) {
    std::map<std::uint64_t, Slot> by_id;
    for (const Slot& slot : m.slots) by_id[slot.id] = slot;
    for (std::size_t k = 0; k < m.pushes[0].size(); ++k) {
      Slot slot{m.next_slot_id + k, {}};
      for (const auto& pushes : m.pushes) slot.regs.push_back(pushes[k]);
      by_id[slot.id] = slot;
    }
    m.next_slot_id += m.pushes[0].size();
    m.slots.clear();
    for (const ViewEntry& e : m.views[0]) m.slots.push_back(by_id[e.slot_id]);
  }

  std::vector<int> buffer_sizes_;
  ModelOptions options_;
  ModelResult result_;
  int observers_ = 0;  // how many processes observe their memory after this program superstep
  std::vector<std::vector<Bytes>> memory_;  // memory_[pid][buf], pids of the program
  Machine top_;                             // the machine bsp_begin started
  StepState segment_start_;  // the top machine's state after the last bsp_team_begin, or at
                             // the start of the program superstep

  // The program superstep being run: every process's list, and how far each got.
  const std::vector<std::vector<Op>>* lists_ = nullptr;
  std::vector<std::size_t> cursor_;
  int op_index_ = -1;  // the op being executed, for ModelStop
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
StepState SteppingModel::segment_state() const { return impl_->model.segment_state(); }

std::string describe(const ModelStop& stop) {
  static const char* kinds[] = {"misuse", "undefined", "invalid program", "early end"};
  return std::string(kinds[static_cast<int>(stop.kind)]) + ": " + stop.primitive + ", process " +
         std::to_string(stop.pid) + ", superstep " + std::to_string(stop.superstep) + ": " +
         stop.what;
}

}  // namespace superstep::model
