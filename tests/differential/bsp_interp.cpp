// bsp_interp: runs BSP programs described as data (tests/model/bsp_program.hpp)
// on the real library, and writes what each process observes to
// <out>/obs.<pid>, one line per observation (tests/model/observations.hpp).
//
//   bsp_interp --program FILE --out DIR [--full]
//   bsp_interp --seeds S1,S2,... [--min-nprocs M] --max-nprocs N [--max-supersteps S]
//              [--max-ops K] [--teams] --out DIR [--full]
//
// With --seeds, every program is generated from its seed (all must have the
// same number of processes) and all run one after another inside one
// bsp_begin..bsp_end, which is what makes thousands of programs cheap.
#include <bsp.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "bsp_program.hpp"
#include "observations.hpp"
#include "program_generator.hpp"

namespace {

using superstep::model::Addr;
using superstep::model::Op;
using superstep::model::OpKind;
using superstep::model::Program;
namespace observe = superstep::model::observe;

std::vector<Program> programs;
std::string out_dir;
bool full_memory = false;

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "bsp_interp: %s\nusage: bsp_interp (--program FILE | --seeds S1,S2,... "
               "--max-nprocs N) --out DIR [--full]\n",
               why);
  std::exit(2);
}

// One process's memory for one program: the program's buffers, back to back,
// shifted by a pid-dependent amount so that addresses differ between processes.
class Memory {
 public:
  Memory(const Program& program, int pid) {
    std::size_t total = 16u * static_cast<std::size_t>(pid) + 8;
    for (int size : program.buffer_sizes) {
      starts_.push_back(total);
      total += static_cast<std::size_t>(size);
    }
    bytes_.resize(total);
    sizes_ = program.buffer_sizes;
    for (std::size_t b = 0; b < sizes_.size(); ++b)
      for (int i = 0; i < sizes_[b]; ++i)
        at(Addr{static_cast<int>(b), 0})[i] =
            superstep::model::initial_byte(program.seed, pid, static_cast<int>(b), i);
  }
  std::uint8_t* at(Addr a) {
    return a.is_null() ? nullptr : bytes_.data() + starts_[static_cast<std::size_t>(a.buf)] + a.off;
  }
  int size(int b) const { return sizes_[static_cast<std::size_t>(b)]; }
  int count() const { return static_cast<int>(sizes_.size()); }

 private:
  std::vector<std::uint8_t> bytes_;
  std::vector<std::size_t> starts_;
  std::vector<int> sizes_;
};

class Runner {
 public:
  Runner(FILE* log, int pid) : log_(log), pid_(pid) {}

  bool ended() const { return ended_; }

  void run(const Program& program) {
    std::fprintf(log_, "program %llu\n", static_cast<unsigned long long>(program.seed));
    Memory memory(program, pid_);
    levels_.assign(1, Level{});
    const int nsteps = static_cast<int>(program.supersteps.size());
    for (int step = 0; step < nsteps; levels_.front().step = ++step) {
      const auto& ops = program.supersteps[static_cast<std::size_t>(step)].ops;
      if (static_cast<std::size_t>(pid_) < ops.size())
        for (const Op& op : ops[static_cast<std::size_t>(pid_)]) execute(op, memory);
      flush_kept();
      if (program.ends_with_bsp_end && step + 1 == nsteps) {
        // bsp_end as the final sync: only process 0 returns, to observe.
        if (pid_ != 0) std::fputs("done\n", log_);
        std::fflush(log_);
        bsp_end();
        ended_ = true;
      } else {
        bsp_sync();
      }
      end_superstep(memory);
    }
  }

 private:
  // A machine this process is in: the one bsp_begin started, then the teams it entered.
  struct Level {
    std::string enclosing;  // a team: where it was entered; empty for the first machine
    int step = 0;           // the program's superstep; in a team, its bsp_sync calls so far
    // The program knows which tag size it set: messages it reads carry the tag size in
    // effect the superstep before.
    int tagsize_now = 0, tagsize_next = 0, tagsize_queued = 0;
  };

  Level& level() { return levels_.back(); }
  std::string where() const {
    const Level& at = levels_.back();
    return levels_.size() == 1 ? observe::step_label(at.step)
                               : observe::team_label(at.enclosing, at.step);
  }

  void line(const std::string& text) {
    std::fputs(text.c_str(), log_);
    std::fputc('\n', log_);
  }

  // bsp_hpmove's pointers must stay valid until the superstep ends.
  void flush_kept() {
    for (const Kept& k : kept_)
      line(observe::hpmove_kept(where(), k.tag, k.ntag, k.payload, k.npayload));
    kept_.clear();
  }

  // After the sync that ends a superstep of the current machine.
  void end_superstep(Memory& memory) {
    level().tagsize_queued = level().tagsize_now;
    level().tagsize_now = level().tagsize_next;
    for (int b = 0; b < memory.count(); ++b)
      line(observe::memory(where(), b, memory.at(Addr{b, 0}),
                           static_cast<std::size_t>(memory.size(b)), full_memory));
  }

  void team_structure(const Op& op, Memory& memory) {
    flush_kept();
    switch (op.kind) {
      case OpKind::kTeamBegin: {
        bsp_team_begin(op.value, op.offset);
        end_superstep(memory);
        std::string enclosing = where();
        levels_.push_back(Level{enclosing});
        line(observe::team(where(), bsp_pid(), bsp_nprocs()));
        break;
      }
      case OpKind::kSync:
        bsp_sync();
        end_superstep(memory);
        ++level().step;
        break;
      default:
        bsp_team_end();
        end_superstep(memory);
        levels_.pop_back();
    }
  }

  void execute(const Op& op, Memory& memory) {
    std::uint8_t* a = memory.at(op.a);
    std::uint8_t* b = memory.at(op.b);
    switch (op.kind) {
      case OpKind::kTeamBegin:
      case OpKind::kSync:
      case OpKind::kTeamEnd:
        team_structure(op, memory);
        break;
      case OpKind::kWrite:
        for (int i = 0; i < op.nbytes; ++i) a[i] = superstep::model::written_byte(op.value, i);
        break;
      case OpKind::kPushReg:
        bsp_push_reg(a, op.nbytes);
        break;
      case OpKind::kPopReg:
        bsp_pop_reg(a);
        break;
      case OpKind::kPut:
        bsp_put(op.pid, a, b, op.offset, op.nbytes);
        break;
      case OpKind::kHpput:
        bsp_hpput(op.pid, a, b, op.offset, op.nbytes);
        break;
      case OpKind::kGet:
        bsp_get(op.pid, a, op.offset, b, op.nbytes);
        break;
      case OpKind::kHpget:
        bsp_hpget(op.pid, a, op.offset, b, op.nbytes);
        break;
      case OpKind::kSetTagsize: {
        int value = op.value;
        bsp_set_tagsize(&value);
        level().tagsize_next = op.value;
        line(observe::tagsize(where(), value));
        break;
      }
      case OpKind::kSend:
        bsp_send(op.pid, a, b, op.nbytes);
        break;
      case OpKind::kQsize: {
        int n = -2, bytes = -2;
        bsp_qsize(&n, &bytes);
        line(observe::qsize(where(), n, bytes));
        break;
      }
      case OpKind::kGetTag: {
        int status = -2;
        bsp_get_tag(&status, a);
        line(
            observe::get_tag(where(), status, a, static_cast<std::size_t>(level().tagsize_queued)));
        break;
      }
      case OpKind::kMove:
        bsp_move(a, op.nbytes);
        line(observe::move(where(), a, static_cast<std::size_t>(op.nbytes)));
        break;
      case OpKind::kHpmove: {
        void* tag = nullptr;
        void* payload = nullptr;
        int n = bsp_hpmove(&tag, &payload);
        line(observe::hpmove(where(), n, static_cast<const std::uint8_t*>(tag),
                             static_cast<std::size_t>(level().tagsize_queued),
                             static_cast<const std::uint8_t*>(payload),
                             static_cast<std::size_t>(n < 0 ? 0 : n)));
        if (n >= 0)
          kept_.push_back({static_cast<const std::uint8_t*>(tag),
                           static_cast<std::size_t>(level().tagsize_queued),
                           static_cast<const std::uint8_t*>(payload), static_cast<std::size_t>(n)});
        break;
      }
      case OpKind::kEnquire: {
        double now = bsp_time();
        line(observe::enquire(where(), bsp_pid(), bsp_nprocs(), now >= last_time_ && now >= 0));
        last_time_ = now;
        break;
      }
      case OpKind::kAbort:
        bsp_abort("bsp_interp: process %d aborts in superstep %d", pid_, levels_.front().step);
      case OpKind::kEnd:
        std::fflush(log_);
        bsp_end();
        std::exit(0);
      case OpKind::kKill:
        std::fflush(log_);
        std::raise(SIGKILL);
        break;
      case OpKind::kSegv:
        std::fflush(log_);
        std::raise(SIGSEGV);
        break;
      case OpKind::kExitNoEnd:
        std::fflush(log_);
        std::exit(op.value);
      case OpKind::kQuickExit:
        std::fflush(log_);
        _exit(op.value);
    }
  }

  struct Kept {
    const std::uint8_t* tag;
    std::size_t ntag;
    const std::uint8_t* payload;
    std::size_t npayload;
  };

  FILE* log_;
  int pid_;
  std::vector<Kept> kept_;  // this superstep's bsp_hpmove results
  bool ended_ = false;      // a program ended with bsp_end
  std::vector<Level> levels_;
  double last_time_ = 0;
};

void spmd() {
  bsp_begin(programs.front().nprocs);
  int pid = bsp_pid();
  std::string path = out_dir + "/obs." + std::to_string(pid);
  FILE* log = std::fopen(path.c_str(), "w");
  if (!log) bsp_abort("bsp_interp: cannot write %s", path.c_str());
  Runner runner(log, pid);
  for (const Program& program : programs)
    runner.run(program);  // only the last may end with bsp_end

  if (!runner.ended()) {
    std::fputs("done\n", log);
    std::fclose(log);
    bsp_end();
  } else {  // process 0 after a program that ended with bsp_end
    std::fputs("done\n", log);
    std::fclose(log);
  }
}

std::vector<std::uint64_t> parse_seeds(const std::string& list) {
  std::vector<std::uint64_t> seeds;
  std::size_t at = 0;
  while (at < list.size()) {
    std::size_t comma = list.find(',', at);
    if (comma == std::string::npos) comma = list.size();
    seeds.push_back(std::stoull(list.substr(at, comma - at)));
    at = comma + 1;
  }
  return seeds;
}

}  // namespace

int main(int argc, char** argv) {
  std::string program_file, seeds;
  superstep::differential::GeneratorOptions options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
      return argv[++i];
    };
    if (arg == "--program") {
      program_file = value();
    } else if (arg == "--seeds") {
      seeds = value();
    } else if (arg == "--min-nprocs") {
      options.min_nprocs = std::stoi(value());
    } else if (arg == "--max-nprocs") {
      options.max_nprocs = std::stoi(value());
    } else if (arg == "--max-supersteps") {
      options.max_supersteps = std::stoi(value());
    } else if (arg == "--max-ops") {
      options.max_ops = std::stoi(value());
    } else if (arg == "--teams") {
      options.teams = true;
    } else if (arg == "--out") {
      out_dir = value();
    } else if (arg == "--full") {
      full_memory = true;
    } else {
      usage(("unknown argument " + arg).c_str());
    }
  }
  if (out_dir.empty()) usage("--out is required");
  if (!program_file.empty()) {
    std::ifstream in(program_file);
    std::string error;
    std::optional<Program> program = superstep::model::parse_program(in, &error);
    if (!program) usage((program_file + ": " + error).c_str());
    programs.push_back(*program);
  } else if (!seeds.empty()) {
    for (std::uint64_t seed : parse_seeds(seeds))
      programs.push_back(superstep::differential::generate_program(seed, options));
    for (const Program& program : programs)
      if (program.nprocs != programs.front().nprocs) usage("seeds need different process counts");
    for (const Program& program : programs)
      if (program.ends_with_bsp_end) usage("generated programs end with bsp_sync");
  } else {
    usage("give --program or --seeds");
  }
  // Only now: under MPI the other processes start spmd() inside bsp_init, and
  // they need the programs too (every process reads the same file or seeds).
  bsp_init(spmd, argc, argv);
  spmd();
  return 0;
}
