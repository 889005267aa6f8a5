#include "bsp_program.hpp"

#include <array>
#include <istream>
#include <ostream>
#include <sstream>
#include <utility>

namespace superstep::model {
namespace {

struct KindInfo {
  OpKind kind;
  const char* name;
  const char* primitive;
};

constexpr std::array<KindInfo, 23> kKinds = {{
    {OpKind::kWrite, "write", "(local write)"},
    {OpKind::kPushReg, "push_reg", "bsp_push_reg"},
    {OpKind::kPopReg, "pop_reg", "bsp_pop_reg"},
    {OpKind::kPut, "put", "bsp_put"},
    {OpKind::kHpput, "hpput", "bsp_hpput"},
    {OpKind::kGet, "get", "bsp_get"},
    {OpKind::kHpget, "hpget", "bsp_hpget"},
    {OpKind::kSetTagsize, "set_tagsize", "bsp_set_tagsize"},
    {OpKind::kSend, "send", "bsp_send"},
    {OpKind::kQsize, "qsize", "bsp_qsize"},
    {OpKind::kGetTag, "get_tag", "bsp_get_tag"},
    {OpKind::kMove, "move", "bsp_move"},
    {OpKind::kHpmove, "hpmove", "bsp_hpmove"},
    {OpKind::kEnquire, "enquire", "bsp_time"},
    {OpKind::kAbort, "abort", "bsp_abort"},
    {OpKind::kEnd, "bsp_end", "bsp_end"},
    {OpKind::kKill, "kill", "(SIGKILL)"},
    {OpKind::kSegv, "segv", "(SIGSEGV)"},
    {OpKind::kExitNoEnd, "exit", "(exit)"},
    {OpKind::kQuickExit, "_exit", "(_exit)"},
    {OpKind::kTeamBegin, "team_begin", "bsp_team_begin"},
    {OpKind::kSync, "sync", "bsp_sync"},
    {OpKind::kTeamEnd, "team_end", "bsp_team_end"},
}};

const KindInfo& info(OpKind kind) {
  for (const KindInfo& k : kKinds)
    if (k.kind == kind) return k;
  return kKinds[0];
}

std::string addr_text(Addr a) {
  if (a.is_null()) return "null";
  return std::to_string(a.buf) + ":" + std::to_string(a.off);
}

bool parse_addr(const std::string& text, Addr* out) {
  if (text == "null") {
    *out = kNull;
    return true;
  }
  std::size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  try {
    out->buf = std::stoi(text.substr(0, colon));
    out->off = std::stoi(text.substr(colon + 1));
  } catch (...) {
    return false;
  }
  return out->buf >= 0;
}

bool parse_op(std::istringstream& words, const std::string& name, Op* op, std::string* error) {
  bool known = false;
  for (const KindInfo& k : kKinds)
    if (name == k.name) {
      op->kind = k.kind;
      known = true;
    }
  if (!known) {
    *error = "unknown operation '" + name + "'";
    return false;
  }
  std::string field;
  while (words >> field) {
    std::size_t eq = field.find('=');
    if (eq == std::string::npos) {
      *error = "expected key=value, got '" + field + "'";
      return false;
    }
    std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    bool ok = true;
    try {
      if (key == "a") {
        ok = parse_addr(value, &op->a);
      } else if (key == "b") {
        ok = parse_addr(value, &op->b);
      } else if (key == "pid") {
        op->pid = std::stoi(value);
      } else if (key == "offset") {
        op->offset = std::stoi(value);
      } else if (key == "nbytes") {
        op->nbytes = std::stoi(value);
      } else if (key == "value" || (key == "colour" && op->kind == OpKind::kTeamBegin)) {
        op->value = std::stoi(value);
      } else if (key == "key" && op->kind == OpKind::kTeamBegin) {
        op->offset = std::stoi(value);
      } else {
        ok = false;
      }
    } catch (...) {
      ok = false;
    }
    if (!ok) {
      *error = "bad field '" + field + "'";
      return false;
    }
  }
  return true;
}

}  // namespace

std::size_t Program::op_count() const {
  std::size_t n = 0;
  for (const Superstep& s : supersteps)
    for (const std::vector<Op>& ops : s.ops) n += ops.size();
  return n;
}

const char* op_name(OpKind kind) { return info(kind).name; }
bool is_team_structure(OpKind kind) {
  return kind == OpKind::kTeamBegin || kind == OpKind::kSync || kind == OpKind::kTeamEnd;
}
const char* op_primitive(OpKind kind) { return info(kind).primitive; }

std::uint8_t initial_byte(std::uint64_t seed, int pid, int buf, int i) {
  // splitmix64 of the coordinates: cheap, and different on every process and buffer.
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull + (static_cast<std::uint64_t>(pid) << 40) +
                    (static_cast<std::uint64_t>(buf) << 32) + static_cast<std::uint64_t>(i);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return static_cast<std::uint8_t>(z ^ (z >> 31));
}

// Layout:
//   program <seed> nprocs <p>
//   ends_with bsp_end       (only when the last superstep ends with bsp_end)
//   buffers <size> <size> ...
//   superstep <s>
//   process <pid>
//   <op> key=value ...      (fields equal to their default are left out;
//                            team_begin writes its value as colour=, its offset as key=)
void write_program(std::ostream& out, const Program& program) {
  out << "program " << program.seed << " nprocs " << program.nprocs << "\n";
  if (program.ends_with_bsp_end) out << "ends_with bsp_end\n";
  out << "buffers";
  for (int size : program.buffer_sizes) out << " " << size;
  out << "\n";
  const Op defaults;
  for (std::size_t s = 0; s < program.supersteps.size(); ++s) {
    out << "superstep " << s << "\n";
    const Superstep& step = program.supersteps[s];
    for (std::size_t q = 0; q < step.ops.size(); ++q) {
      if (step.ops[q].empty()) continue;
      out << "process " << q << "\n";
      for (const Op& op : step.ops[q]) {
        out << op_name(op.kind);
        if (op.pid != defaults.pid) out << " pid=" << op.pid;
        if (!(op.a == defaults.a)) out << " a=" << addr_text(op.a);
        if (!(op.b == defaults.b)) out << " b=" << addr_text(op.b);
        const bool team = op.kind == OpKind::kTeamBegin;
        if (op.offset != defaults.offset) out << (team ? " key=" : " offset=") << op.offset;
        if (op.nbytes != defaults.nbytes) out << " nbytes=" << op.nbytes;
        if (op.value != defaults.value) out << (team ? " colour=" : " value=") << op.value;
        out << "\n";
      }
    }
  }
  out << "end\n";
}

std::string program_to_text(const Program& program) {
  std::ostringstream out;
  write_program(out, program);
  return out.str();
}

std::optional<Program> parse_program(std::istream& in, std::string* error) {
  Program program;
  std::string line;
  int line_no = 0;
  int process = -1;
  bool ended = false;
  auto fail = [&](const std::string& why) {
    *error = "line " + std::to_string(line_no) + ": " + why;
    return std::nullopt;
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "program") {
      std::string nprocs_word;
      if (!(words >> program.seed >> nprocs_word >> program.nprocs) || nprocs_word != "nprocs" ||
          program.nprocs < 1)
        return fail("expected 'program <seed> nprocs <p>'");
    } else if (word == "ends_with") {
      std::string what;
      if (!(words >> what) || what != "bsp_end") return fail("expected 'ends_with bsp_end'");
      program.ends_with_bsp_end = true;
    } else if (word == "buffers") {
      int size;
      while (words >> size) program.buffer_sizes.push_back(size);
    } else if (word == "superstep") {
      program.supersteps.push_back(
          Superstep{std::vector<std::vector<Op>>(static_cast<std::size_t>(program.nprocs))});
      process = -1;
    } else if (word == "process") {
      if (!(words >> process) || process < 0 || process >= program.nprocs)
        return fail("bad process number");
      if (program.supersteps.empty()) return fail("process before superstep");
    } else if (word == "end") {
      ended = true;
      break;
    } else {
      if (process < 0) return fail("operation before 'process'");
      Op op;
      std::string why;
      if (!parse_op(words, word, &op, &why)) return fail(why);
      program.supersteps.back().ops[static_cast<std::size_t>(process)].push_back(op);
    }
  }
  if (!ended) return fail("missing 'end'");
  return program;
}

std::optional<Program> program_from_text(const std::string& text, std::string* error) {
  std::istringstream in(text);
  return parse_program(in, error);
}

}  // namespace superstep::model
