#include "program_generator.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#include "reference_model.hpp"

namespace superstep::differential {

using model::Addr;
using model::kNull;
using model::ModelStop;
using model::Op;
using model::OpKind;
using model::Program;
using model::Registration;
using model::StepState;

std::uint64_t Random::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
int Random::below(int n) {
  return n <= 0 ? 0 : static_cast<int>(next() % static_cast<unsigned>(n));
}
int Random::range(int lo, int hi) { return lo + below(hi - lo + 1); }
bool Random::chance(int num, int den) { return below(den) < num; }

namespace {

Op make(OpKind kind) { return Op{kind, 0, kNull, kNull, 0, 0, 0}; }

// Builds one program superstep by superstep. Before each superstep it runs
// the reference model on what is built so far, to learn the registrations,
// queue lengths and tag size the new superstep starts with.
class Generator {
 public:
  Generator(std::uint64_t seed, const GeneratorOptions& options)
      : rng_(seed ^ 0x5eedf00dull), options_(options) {
    program_.seed = seed;
    program_.nprocs = rng_.range(options.min_nprocs, options.max_nprocs);
    p_ = program_.nprocs;
    // Buffers: a few small ones, usually one of a few KiB, rarely a large one.
    int nbufs = rng_.range(2, 4);
    static const int kSizes[] = {1, 3, 8, 16, 24, 64, 100, 256};
    program_.buffer_sizes.push_back(rng_.range(32, 300));  // always room for tags and moves
    for (int b = 1; b < nbufs; ++b) {
      int size = kSizes[rng_.below(8)];
      if (rng_.chance(1, 4)) size = rng_.range(512, 4096);
      if (rng_.chance(1, 60)) size = rng_.range(32768, 262144);
      program_.buffer_sizes.push_back(size);
    }
    model_.emplace(program_, model::ModelOptions{false, false});
  }

  Program run() {
    int steps = rng_.range(1, options_.max_supersteps);
    for (int s = 0; s < steps; ++s) add_superstep(false);
    if (options_.clean_epilogue) add_superstep(true);
    return program_;
  }

 private:
  // A team's program: its processes and the enclosing program's buffers.
  Generator(std::uint64_t seed, const GeneratorOptions& options, int nprocs,
            const std::vector<int>& buffer_sizes, int depth)
      : rng_(seed), options_(options), p_(nprocs), depth_(depth) {
    program_.seed = seed;
    program_.nprocs = nprocs;
    program_.buffer_sizes = buffer_sizes;
    model_.emplace(program_, model::ModelOptions{false, false});
  }

  // 1 to 3 supersteps; half of the time the registrations are left for bsp_team_end to drop.
  Program run_team() {
    int steps = rng_.range(1, std::min(3, options_.max_supersteps));
    for (int s = 0; s < steps; ++s) add_superstep(false);
    if (rng_.chance(1, 2)) add_superstep(true);
    return program_;
  }

  int nbufs() const { return static_cast<int>(program_.buffer_sizes.size()); }
  int buf_size(int b) const { return program_.buffer_sizes[static_cast<std::size_t>(b)]; }

  // A random range of n bytes inside some buffer (n must fit in the largest).
  Addr local_range(int n) {
    std::vector<int> fitting;
    for (int b = 0; b < nbufs(); ++b)
      if (buf_size(b) >= n) fitting.push_back(b);
    int b = fitting[static_cast<std::size_t>(rng_.below(static_cast<int>(fitting.size())))];
    return Addr{b, rng_.range(0, buf_size(b) - n)};
  }
  int max_buf() const {
    return *std::max_element(program_.buffer_sizes.begin(), program_.buffer_sizes.end());
  }

  // Payload and reception sizes: usually up to a few hundred bytes (they are
  // observed as hex), now and then as large as the largest buffer.
  int message_limit() { return rng_.chance(1, 20) ? max_buf() : std::min(max_buf(), 300); }

  // Byte counts: mostly small, sometimes everything that fits.
  int byte_count(int max) {
    if (max <= 0) return 0;
    switch (rng_.below(5)) {
      case 0:
        return rng_.range(0, std::min(max, 2));
      case 1:
        return rng_.range(0, std::min(max, 16));
      case 2:
        return max;
      default:
        return rng_.range(0, max);
    }
  }

  // A new registration for process q: an address inside a buffer, or NULL.
  Registration new_registration(int q, const std::vector<std::vector<Registration>>& view) {
    if (rng_.chance(1, 12)) return {kNull, rng_.chance(1, 2) ? 0 : rng_.range(0, 16)};
    Addr ident;
    std::vector<Addr> mine;
    for (const auto& slot : view)
      if (!slot[static_cast<std::size_t>(q)].ident.is_null())
        mine.push_back(slot[static_cast<std::size_t>(q)].ident);
    if (!mine.empty() && rng_.chance(1, 3)) {
      ident = mine[static_cast<std::size_t>(rng_.below(static_cast<int>(mine.size())))];
    } else {
      int b = rng_.below(nbufs());
      static const int kBases[] = {0, 0, 0, 1, 8};
      ident = Addr{b, std::min(kBases[rng_.below(5)], buf_size(b) - 1)};
      if (rng_.chance(1, 4)) ident.off = rng_.below(buf_size(b));
    }
    int room = buf_size(ident.buf) - ident.off;
    int size = rng_.chance(1, 2) ? room : rng_.range(0, room);
    return {ident, size};
  }

  // This superstep's collective calls, in the order every process makes them.
  std::vector<std::vector<Op>> collective_plan(const StepState& state, bool epilogue) {
    std::vector<std::vector<Op>> plan(static_cast<std::size_t>(p_));
    auto view = state.slots;  // the pending view, the same on every process
    auto add = [&](auto&& op_for) {
      for (int q = 0; q < p_; ++q) plan[static_cast<std::size_t>(q)].push_back(op_for(q));
    };
    if (epilogue) {
      for (auto slot = view.rbegin(); slot != view.rend(); ++slot)
        add([&](int q) {
          Op op = make(OpKind::kPopReg);
          op.a = (*slot)[static_cast<std::size_t>(q)].ident;
          return op;
        });
      if (state.tagsize != 0 || rng_.chance(1, 8))
        add([&](int) { return make(OpKind::kSetTagsize); });
      return plan;
    }
    int actions = rng_.range(0, 4);
    for (int i = 0; i < actions; ++i) {
      int what = rng_.below(5);
      if (what <= 1) {  // push
        std::vector<Registration> slot;
        bool same_everywhere = rng_.chance(1, 2);
        Registration first = new_registration(0, view);
        for (int q = 0; q < p_; ++q)
          slot.push_back(same_everywhere ? first : new_registration(q, view));
        add([&](int q) {
          Op op = make(OpKind::kPushReg);
          op.a = slot[static_cast<std::size_t>(q)].ident;
          op.nbytes = slot[static_cast<std::size_t>(q)].size;
          return op;
        });
        view.push_back(slot);
      } else if (what <= 3) {  // pop a slot that is the newest for its address on every process
        std::vector<std::size_t> candidates;
        for (std::size_t k = 0; k < view.size(); ++k) {
          bool newest = true;
          for (std::size_t later = k + 1; later < view.size(); ++later)
            for (std::size_t q = 0; q < static_cast<std::size_t>(p_); ++q)
              if (view[later][q].ident == view[k][q].ident) newest = false;
          if (newest) candidates.push_back(k);
        }
        if (candidates.empty()) continue;
        std::size_t k =
            candidates[static_cast<std::size_t>(rng_.below(static_cast<int>(candidates.size())))];
        add([&](int q) {
          Op op = make(OpKind::kPopReg);
          op.a = view[k][static_cast<std::size_t>(q)].ident;
          return op;
        });
        view.erase(view.begin() + static_cast<std::ptrdiff_t>(k));
      } else {  // tag size
        static const int kTags[] = {0, 1, 2, 3, 4, 8, 16};
        int value = kTags[rng_.below(7)];
        add([&](int) {
          Op op = make(OpKind::kSetTagsize);
          op.value = value;
          return op;
        });
      }
    }
    return plan;
  }

  // A put or get by q through a registration q holds; nullopt if q has none usable.
  std::optional<Op> drma(int q, const StepState& state, bool is_get) {
    std::vector<std::size_t> usable;
    for (std::size_t k = 0; k < state.slots.size(); ++k)
      if (!state.slots[k][static_cast<std::size_t>(q)].ident.is_null()) usable.push_back(k);
    if (usable.empty()) return std::nullopt;
    Addr ident =
        state
            .slots[usable[static_cast<std::size_t>(rng_.below(static_cast<int>(usable.size())))]]
                  [static_cast<std::size_t>(q)]
            .ident;
    // DRMA uses the newest slot holding the address.
    const std::vector<Registration>* slot = nullptr;
    for (const auto& s : state.slots)
      if (s[static_cast<std::size_t>(q)].ident == ident) slot = &s;
    int r = rng_.below(p_);
    if (rng_.chance(1, 5)) r = q;
    const Registration& remote = (*slot)[static_cast<std::size_t>(r)];
    if (remote.ident.is_null()) return std::nullopt;
    int offset = rng_.chance(1, 3) ? 0 : rng_.range(0, remote.size);
    int n = byte_count(remote.size - offset);
    bool hp = rng_.chance(1, 3);
    Op op =
        make(is_get ? (hp ? OpKind::kHpget : OpKind::kGet) : (hp ? OpKind::kHpput : OpKind::kPut));
    op.pid = r;
    op.offset = offset;
    op.nbytes = n;
    if (is_get) {
      op.a = ident;
      op.b = local_range(n);
    } else {
      op.a = local_range(n);
      op.b = ident;
    }
    return op;
  }

  // One random operation of local computation or communication by q.
  std::optional<Op> free_op(int q, const StepState& state, int* queued) {
    int tagsize = state.tagsize;
    switch (rng_.below(16)) {
      case 0:
      case 1:
      case 2: {
        Op op = make(OpKind::kWrite);
        op.nbytes = byte_count(max_buf());
        op.a = local_range(op.nbytes);
        op.value = rng_.below(256);
        return op;
      }
      case 3:
      case 4:
      case 5:
        return drma(q, state, false);
      case 6:
      case 7:
      case 8:
        return drma(q, state, true);
      case 9:
      case 10: {
        Op op = make(OpKind::kSend);
        op.pid = rng_.chance(1, 5) ? q : rng_.below(p_);
        if (tagsize > 0 || rng_.chance(1, 2)) op.a = local_range(tagsize);
        op.nbytes = byte_count(message_limit());
        if (op.nbytes > 0 || rng_.chance(1, 2)) op.b = local_range(op.nbytes);
        return op;
      }
      case 11:
        return make(OpKind::kQsize);
      case 12: {
        Op op = make(OpKind::kGetTag);
        op.a = local_range(state_tag_length_);
        return op;
      }
      case 13:
      case 14: {
        if (*queued == 0) return make(OpKind::kHpmove);
        --*queued;
        Op op = make(OpKind::kMove);
        op.nbytes = byte_count(message_limit());
        if (op.nbytes > 0 || rng_.chance(3, 4)) op.a = local_range(op.nbytes);
        return op;
      }
      default: {
        if (rng_.chance(1, 3)) return make(OpKind::kEnquire);
        if (*queued > 0) --*queued;
        return make(OpKind::kHpmove);
      }
    }
  }

  void add_superstep(bool epilogue) {
    model::Superstep step{std::vector<std::vector<Op>>(static_cast<std::size_t>(p_))};
    append_segment(step, model_->state(), epilogue);
    model::SteppingModel trial = legalize(step);
    int splits = 0;
    if (!epilogue && options_.teams && depth_ < options_.max_team_depth &&
        rng_.chance(depth_ == 0 ? 2 : 1, depth_ == 0 ? 5 : 4))
      splits = rng_.chance(1, 4) ? 2 : 1;
    for (int i = 0; i < splits; ++i) {
      append_teams(step);
      append_segment(step, legalize(step).segment_state(), false);
      trial = legalize(step);
    }
    model_ = std::move(trial);
    program_.supersteps.push_back(std::move(step));
  }

  // Appends to every process's list a part of a superstep that starts in `state`: the
  // collective calls of a plan, and free operations around them.
  void append_segment(model::Superstep& step, const StepState& state, bool epilogue) {
    // Messages now queued were sent with the previous part's tag size.
    state_tag_length_ = previous_tagsize_;
    previous_tagsize_ = state.tagsize;
    std::vector<std::vector<Op>> plan = collective_plan(state, epilogue);
    for (int q = 0; q < p_; ++q) {
      std::vector<Op> ops;
      int queued = state.queue_lengths[static_cast<std::size_t>(q)];
      int nfree = epilogue ? 0 : rng_.range(0, options_.max_ops);
      for (int i = 0; i < nfree; ++i)
        if (std::optional<Op> op = free_op(q, state, &queued)) ops.push_back(*op);
      // Merge the collective calls in, keeping their order.
      for (const Op& op : plan[static_cast<std::size_t>(q)]) {
        int after = 0;
        for (std::size_t i = 0; i < ops.size(); ++i)
          if (ops[i].kind == OpKind::kPushReg || ops[i].kind == OpKind::kPopReg ||
              ops[i].kind == OpKind::kSetTagsize)
            after = static_cast<int>(i) + 1;
        ops.insert(ops.begin() + rng_.range(after, static_cast<int>(ops.size())), op);
      }
      auto& list = step.ops[static_cast<std::size_t>(q)];
      list.insert(list.end(), ops.begin(), ops.end());
    }
  }

  // Every process enters a team (random colour and key), each team runs a program of its
  // own, and every process leaves its team.
  void append_teams(model::Superstep& step) {
    const int ncolours = rng_.range(1, std::min(p_, 3));
    const int base = rng_.below(3), stride = rng_.chance(1, 3) ? 1000 : 1;
    std::map<int, std::vector<std::pair<int, int>>> teams;  // colour: (key, pid) of each member
    for (int q = 0; q < p_; ++q) {
      Op begin = make(OpKind::kTeamBegin);
      begin.value = base + stride * rng_.below(ncolours);
      begin.offset = rng_.range(-1, 3);
      teams[begin.value].push_back({begin.offset, q});
      step.ops[static_cast<std::size_t>(q)].push_back(begin);
    }
    for (auto& [colour, keyed] : teams) {
      std::sort(keyed.begin(), keyed.end());  // team pids: by key, then by pid
      Program body = Generator(rng_.next(), options_, static_cast<int>(keyed.size()),
                               program_.buffer_sizes, depth_ + 1)
                         .run_team();
      for (std::size_t t = 0; t < keyed.size(); ++t) {
        auto& list = step.ops[static_cast<std::size_t>(keyed[t].second)];
        for (const model::Superstep& team_step : body.supersteps) {
          list.insert(list.end(), team_step.ops[t].begin(), team_step.ops[t].end());
          list.push_back(
              make(&team_step == &body.supersteps.back() ? OpKind::kTeamEnd : OpKind::kSync));
        }
      }
    }
  }

  // Runs the new superstep on the model. hp operations whose result the
  // model calls undefined become their buffered twins, one at a time, until
  // the model is satisfied; anything else it objects to is a generator bug.
  // Returns the model after the superstep.
  model::SteppingModel legalize(model::Superstep& step) {
    for (;;) {
      model::SteppingModel trial = *model_;
      std::optional<ModelStop> stop = trial.run_superstep(step);
      if (!stop) return trial;
      if (stop->kind != ModelStop::Kind::kUndefined) {
        program_.supersteps.push_back(step);
        fail(*stop);
      }
      Op& op =
          step.ops[static_cast<std::size_t>(stop->pid)][static_cast<std::size_t>(stop->op_index)];
      op.kind = op.kind == OpKind::kHpput ? OpKind::kPut : OpKind::kGet;
    }
  }

  [[noreturn]] void fail(const ModelStop& stop) const {
    std::fprintf(stderr, "program generator bug (seed %llu): %s\n%s",
                 static_cast<unsigned long long>(program_.seed), describe(stop).c_str(),
                 program_to_text(program_).c_str());
    std::abort();
  }

  Random rng_;
  GeneratorOptions options_;
  Program program_;
  int p_ = 1;
  int depth_ = 0;                              // how many teams deep this program runs
  std::optional<model::SteppingModel> model_;  // after the supersteps built so far
  int previous_tagsize_ = 0;
  int state_tag_length_ = 0;
};

}  // namespace

Program generate_program(std::uint64_t seed, const GeneratorOptions& options) {
  return Generator(seed, options).run();
}

}  // namespace superstep::differential
