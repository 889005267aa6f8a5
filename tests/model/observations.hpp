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

inline std::string prefix(int superstep) { return "s" + std::to_string(superstep) + " "; }

inline std::string memory(int superstep, int buf, const std::uint8_t* data, std::size_t n,
                          bool full) {
  return prefix(superstep) + "mem " + std::to_string(buf) + " " +
         (full ? hex_bytes(data, n) : digest_bytes(data, n));
}
inline std::string tagsize(int superstep, int previous) {
  return prefix(superstep) + "set_tagsize " + std::to_string(previous);
}
inline std::string qsize(int superstep, int nmessages, int nbytes) {
  return prefix(superstep) + "qsize " + std::to_string(nmessages) + " " + std::to_string(nbytes);
}
// The tag bytes are only shown when the queue was not empty.
inline std::string get_tag(int superstep, int status, const std::uint8_t* tag, std::size_t n) {
  return prefix(superstep) + "get_tag " + std::to_string(status) +
         (status == -1 ? std::string() : " " + hex_bytes(tag, n));
}
// The whole reception area after the move: copied bytes and untouched rest.
inline std::string move(int superstep, const std::uint8_t* area, std::size_t n) {
  return prefix(superstep) + "move " + hex_bytes(area, n);
}
inline std::string hpmove(int superstep, int result, const std::uint8_t* tag, std::size_t ntag,
                          const std::uint8_t* payload, std::size_t npayload) {
  std::string line = prefix(superstep) + "hpmove " + std::to_string(result);
  if (result != -1) line += " " + hex_bytes(tag, ntag) + " " + hex_bytes(payload, npayload);
  return line;
}
// At the end of the superstep, what each bsp_hpmove pointer of that superstep
// still shows (they stay valid until the sync).
inline std::string hpmove_kept(int superstep, const std::uint8_t* tag, std::size_t ntag,
                               const std::uint8_t* payload, std::size_t npayload) {
  return prefix(superstep) + "hpmove kept " + hex_bytes(tag, ntag) + " " +
         hex_bytes(payload, npayload);
}
inline std::string enquire(int superstep, int pid, int nprocs, bool time_ok) {
  return prefix(superstep) + "enquire pid " + std::to_string(pid) + " nprocs " +
         std::to_string(nprocs) + (time_ok ? " time ok" : " time went backwards");
}

}  // namespace observe
}  // namespace superstep::model
