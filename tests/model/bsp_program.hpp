// A BSP program described as data, so that one program can be run both on the
// real library (tests/differential/bsp_interp) and on the reference model
// (reference_model.hpp), and saved to a file and replayed.
//
// Memory: every process owns the same list of byte buffers (sizes in
// `buffer_sizes`); an operation names memory as (buffer index, byte offset).
// A registration identifier is such an address (or NULL), so "the same
// address" means the same buffer and offset on that process.
//
// A program is a list of supersteps; each superstep holds, for every process,
// the operations that process performs in issue order. Every superstep ends
// with bsp_sync (the last one too, unless ends_with_bsp_end), after which
// every process observes all its buffers.
//
// Teams (bsp.h, bsp_team_begin): inside a superstep's list, a process may
// enter a team (kTeamBegin), run the team's supersteps (each but the last
// ended by kSync, the team's bsp_sync), and leave it (kTeamEnd), then go on
// in the enclosing superstep; teams nest. The operations inside name team
// pids. A team's bsp_sync, bsp_team_begin and bsp_team_end end a superstep of
// their machine, after which every member observes all its buffers; on
// entering, a member also observes its team pid and size.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace superstep::model {

// An address in one process's memory. buf == -1 is the NULL pointer.
struct Addr {
  int buf = -1;
  int off = 0;

  bool is_null() const { return buf < 0; }
  friend bool operator==(const Addr&, const Addr&) = default;
};

inline constexpr Addr kNull{};

enum class OpKind {
  // Local computation: fill `nbytes` bytes at `a` with (value + 31 * i) & 0xff.
  kWrite,
  // bsp_push_reg(a, nbytes) / bsp_pop_reg(a).
  kPushReg,
  kPopReg,
  // bsp_put/bsp_hpput(pid, src = a, dst = b, offset, nbytes).
  kPut,
  kHpput,
  // bsp_get/bsp_hpget(pid, src = a, offset, dst = b, nbytes).
  kGet,
  kHpget,
  // bsp_set_tagsize(&value); observes the returned value.
  kSetTagsize,
  // bsp_send(pid, tag = a, payload = b, nbytes).
  kSend,
  // bsp_qsize; observes both results.
  kQsize,
  // bsp_get_tag(&status, tag = a); observes status and the tag bytes.
  kGetTag,
  // bsp_move(payload = a, reception_nbytes = nbytes).
  kMove,
  // bsp_hpmove; observes the result, the tag bytes and the payload bytes.
  kHpmove,
  // bsp_time, bsp_pid, bsp_nprocs; observes that time did not go backwards
  // and that pid and nprocs are right.
  kEnquire,
  // Ways to end a process early, for the misuse and fault campaigns:
  kAbort,      // bsp_abort("...") naming the process and superstep
  kEnd,        // bsp_end() in place of a bsp_sync (superstep-count mismatch)
  kKill,       // raise(SIGKILL)
  kSegv,       // raise(SIGSEGV)
  kExitNoEnd,  // exit(value) without bsp_end
  kQuickExit,  // _exit(value): no atexit handlers run
  // Teams (see above): bsp_team_begin(colour = value, key = offset), the
  // team's bsp_sync, bsp_team_end.
  kTeamBegin,
  kSync,
  kTeamEnd,
};

struct Op {
  OpKind kind = OpKind::kWrite;
  int pid = 0;     // remote process (put, get, send)
  Addr a;          // see OpKind
  Addr b;          // see OpKind
  int offset = 0;  // offset into the registered area (put, get)
  int nbytes = 0;  // byte count (write, push, put, get, send, move)
  int value = 0;   // pattern (write), tag size (set_tagsize), exit status

  friend bool operator==(const Op&, const Op&) = default;
};

struct Superstep {
  std::vector<std::vector<Op>> ops;  // ops[process], in issue order
};

struct Program {
  std::uint64_t seed = 0;  // identifies the program; also seeds initial memory
  int nprocs = 1;
  std::vector<int> buffer_sizes;
  std::vector<Superstep> supersteps;
  // The last superstep ends with bsp_end instead of bsp_sync; then only
  // process 0 (which returns from bsp_end) observes its buffers.
  bool ends_with_bsp_end = false;

  std::size_t op_count() const;
};

const char* op_name(OpKind kind);
// kTeamBegin, kSync and kTeamEnd: the operations that give a program its team structure.
bool is_team_structure(OpKind kind);
// The bsp_* primitive an op calls, for matching error messages.
const char* op_primitive(OpKind kind);

// Initial contents of byte `i` of buffer `buf` on process `pid`.
std::uint8_t initial_byte(std::uint64_t seed, int pid, int buf, int i);
// Byte `i` of a kWrite with pattern `value`.
inline std::uint8_t written_byte(int value, int i) {
  return static_cast<std::uint8_t>((value + 31 * i) & 0xff);
}

// Text form, one op per line; see write_program for the layout.
void write_program(std::ostream& out, const Program& program);
std::string program_to_text(const Program& program);
// Returns nullopt (and a reason in *error) when the text is malformed.
std::optional<Program> parse_program(std::istream& in, std::string* error);
std::optional<Program> program_from_text(const std::string& text, std::string* error);

}  // namespace superstep::model
