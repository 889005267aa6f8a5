// What a process observes while running a Program: one text line per
// observation, in the order the process made them. The reference model and
// the interpreter that runs programs on the real library both build their
// lines with these functions, so equal behaviour gives byte-equal logs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace superstep::model {

// One log per process.
using ProcessLog = std::vector<std::string>;

// Buffer contents are observed as a 64-bit FNV-1a digest (`full` = false) or
// as hex (`full` = true, for diagnosing a mismatch).
inline std::string hex_bytes(const std::uint8_t* data, std::size_t n) {
  if (n == 0) return "-";
  static const char digits[] = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[data[i] >> 4];
    out[2 * i + 1] = digits[data[i] & 15];
  }
  return out;
}

inline std::string digest_bytes(const std::uint8_t* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  static const char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = digits[h & 15];
  return out;
}

namespace observe {

// Every line starts with where it was made: "s<k>" in superstep k of the
// program, "s<k>.<j>" in superstep j of a team entered in superstep k (teams
// count only their bsp_sync calls), "s<k>.<j>.<i>" in a team inside that one.
inline std::string step_label(int superstep) { return "s" + std::to_string(superstep); }
inline std::string team_label(const std::string& enclosing, int team_superstep) {
  return enclosing + "." + std::to_string(team_superstep);
}
inline std::string prefix(const std::string& where) { return where + " "; }

inline std::string memory(const std::string& where, int buf, const std::uint8_t* data,
                          std::size_t n, bool full) {
  return prefix(where) + "mem " + std::to_string(buf) + " " +
         (full ? hex_bytes(data, n) : digest_bytes(data, n));
}
inline std::string tagsize(const std::string& where, int previous) {
  return prefix(where) + "set_tagsize " + std::to_string(previous);
}
inline std::string qsize(const std::string& where, int nmessages, int nbytes) {
  return prefix(where) + "qsize " + std::to_string(nmessages) + " " + std::to_string(nbytes);
}
// The tag bytes are only shown when the queue was not empty.
inline std::string get_tag(const std::string& where, int status, const std::uint8_t* tag,
                           std::size_t n) {
  return prefix(where) + "get_tag " + std::to_string(status) +
         (status == -1 ? std::string() : " " + hex_bytes(tag, n));
}
// The whole reception area after the move: copied bytes and untouched rest.
inline std::string move(const std::string& where, const std::uint8_t* area, std::size_t n) {
  return prefix(where) + "move " + hex_bytes(area, n);
}
inline std::string hpmove(const std::string& where, int result, const std::uint8_t* tag,
                          std::size_t ntag, const std::uint8_t* payload, std::size_t npayload) {
  std::string line = prefix(where) + "hpmove " + std::to_string(result);
  if (result != -1) line += " " + hex_bytes(tag, ntag) + " " + hex_bytes(payload, npayload);
  return line;
}
// At the end of the superstep, what each bsp_hpmove pointer of that superstep
// still shows (they stay valid until the sync).
inline std::string hpmove_kept(const std::string& where, const std::uint8_t* tag, std::size_t ntag,
                               const std::uint8_t* payload, std::size_t npayload) {
  return prefix(where) + "hpmove kept " + hex_bytes(tag, ntag) + " " + hex_bytes(payload, npayload);
}
inline std::string enquire(const std::string& where, int pid, int nprocs, bool time_ok) {
  return prefix(where) + "enquire pid " + std::to_string(pid) + " nprocs " +
         std::to_string(nprocs) + (time_ok ? " time ok" : " time went backwards");
}

// On entering a team: this process's pid and the team's size (bsp_pid, bsp_nprocs).
inline std::string team(const std::string& where, int pid, int nprocs) {
  return prefix(where) + "team pid " + std::to_string(pid) + " nprocs " + std::to_string(nprocs);
}

}  // namespace observe
}  // namespace superstep::model
