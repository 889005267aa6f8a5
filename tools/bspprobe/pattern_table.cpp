#include "pattern_table.hpp"

#include <algorithm>
#include <stdexcept>

namespace bspprobe {

namespace {

// Every process sends one message to every other; the sender at distance k
// (to = from + k mod p) lands in slot k - 1, so slots never collide.
std::vector<Transfer> total_exchange(int p) {
  std::vector<Transfer> t;
  for (int from = 0; from < p; ++from)
    for (int k = 1; k < p; ++k) t.push_back({from, (from + k) % p, k - 1});
  return t;
}

}  // namespace

const std::vector<Pattern>& all_patterns() {
  static const std::vector<Pattern> patterns = {
      // Table 1: cyclic shift to the next process (g local), total exchange (g global).
      {"local", Primitive::kHpput, HOperator::kMax, 1, "shift to the next process"},
      {"global", Primitive::kHpput, HOperator::kMax, 2, "total exchange"},
      // The total exchange again with the primitives that copy more; at p = 1, where there is
      // no other process, each to the process itself: what a program's transfers to itself
      // cost there (an FFT's permutation at p = 1 is n puts to itself).
      {"put", Primitive::kPut, HOperator::kMax, 1, "total exchange with bsp_put"},
      {"get", Primitive::kGet, HOperator::kMax, 1, "total exchange with bsp_get"},
      {"send", Primitive::kSend, HOperator::kMax, 1,
       "total exchange with bsp_send"},  // received with bsp_move
      // Complex doubles of an FFT's permutation: 16 bytes each, p apart where they land.
      {"scattered", Primitive::kPut, HOperator::kMax, 2,
       "total exchange with 16-byte bsp_puts landing p apart", 16},
      // Roda et al. (1999): Exchange (pairs swap), PingPong (in each pair one sends),
      // OneToAll (process 0 sends to every other), AllToOne, AllToAll.
      {"E", Primitive::kHpput, HOperator::kSum, 2, "exchange"},
      {"PP", Primitive::kHpput, HOperator::kSum, 2, "ping-pong"},
      // At p = 2 one to all and all to one are the ping-pong again, and all to all is the
      // exchange: the same messages, so they are measured from p = 3 on.
      {"OA", Primitive::kHpput, HOperator::kSum, 3, "one to all"},
      {"AO", Primitive::kHpput, HOperator::kSum, 3, "all to one"},
      {"AA", Primitive::kHpput, HOperator::kSum, 3, "all to all"},
  };
  return patterns;
}

const Pattern& find_pattern(const std::string& name) {
  for (const Pattern& p : all_patterns())
    if (name == p.name) return p;
  throw std::out_of_range("no communication pattern named " + name);
}

bool is_formula4_pattern(const Pattern& pattern) { return pattern.h_operator == HOperator::kSum; }

const char* primitive_name(Primitive primitive) {
  switch (primitive) {
    case Primitive::kHpput:
      return "bsp_hpput";
    case Primitive::kPut:
      return "bsp_put";
    case Primitive::kGet:
      return "bsp_get";
    case Primitive::kSend:
      return "bsp_send";
  }
  return "?";
}

const char* h_operator_name(HOperator op) { return op == HOperator::kMax ? "max" : "sum"; }

std::vector<Transfer> pattern_transfers(const Pattern& pattern, int p) {
  const std::string name = pattern.name;
  std::vector<Transfer> t;
  if (p < pattern.min_p) return t;
  if (name == "local") {
    for (int from = 0; from < p; ++from) t.push_back({from, (from + 1) % p, 0});
  } else if ((name == "put" || name == "get" || name == "send") && p == 1) {
    t.push_back({0, 0, 0});
  } else if (name == "global" || name == "put" || name == "get" || name == "send" ||
             name == "scattered" || name == "AA") {
    t = total_exchange(p);
  } else if (name == "E") {
    for (int a = 0; a + 1 < p; a += 2) {
      t.push_back({a, a + 1, 0});
      t.push_back({a + 1, a, 0});
    }
  } else if (name == "PP") {
    for (int a = 0; a + 1 < p; a += 2) t.push_back({a, a + 1, 0});
  } else if (name == "OA") {
    for (int to = 1; to < p; ++to) t.push_back({0, to, 0});
  } else if (name == "AO") {
    for (int from = 1; from < p; ++from) t.push_back({from, 0, from - 1});
  }
  return t;
}

long h_divisor(const Pattern& pattern, int p) {
  const std::string name = pattern.name;
  if (name == "local" || name == "PP") return 1;
  if (name == "E") return 2;
  if (name == "AA") return 2L * (p - 1);
  return std::max(1, p - 1);  // global, put, get, send, scattered, OA, AO
}

long words_per_message(const Pattern& pattern, int p, long h) {
  const long m = std::max(1L, h / h_divisor(pattern, p));
  const long piece = pattern.scattered_bytes / 4;  // words per scattered piece
  return piece > 0 ? std::max(piece, m / piece * piece) : m;
}

long landing_word(const Pattern& pattern, int p, long m, int slot, long k, long words) {
  if (pattern.scattered_bytes == 0) return slot * m + k * words;
  return (k * p + slot) * words;
}

long receive_words(const Pattern& pattern, int p, long m) {
  if (pattern.scattered_bytes == 0) return receive_slots(pattern, p) * m;
  return m * p;
}

long h_relation(const std::vector<Transfer>& transfers, int p, long m, HOperator op) {
  std::vector<long> in(static_cast<std::size_t>(p), 0), out(static_cast<std::size_t>(p), 0);
  for (const Transfer& t : transfers) {
    out[static_cast<std::size_t>(t.from)] += m;
    in[static_cast<std::size_t>(t.to)] += m;
  }
  long h = 0;
  for (std::size_t i = 0; i < in.size(); ++i)
    h = std::max(h, op == HOperator::kSum ? in[i] + out[i] : std::max(in[i], out[i]));
  return h;
}

int receive_slots(const Pattern& pattern, int p) {
  int slots = 1;
  for (const Transfer& t : pattern_transfers(pattern, p)) slots = std::max(slots, t.slot + 1);
  return slots;
}

}  // namespace bspprobe
