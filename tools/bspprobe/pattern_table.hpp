// The communication patterns bspprobe times, as data: who sends to whom.
//
// Table 1 of the BSPlib paper (Hill et al. 1998, section 5.1.2) uses a local cyclic
// shift and a global total exchange, with h = max(words in, words out) per
// process. Roda et al. (1999, formula 4) use five patterns with h = max(in + out):
//   h = m_PP = 2 m_E = (p-1) m_OA = (p-1) m_AO = 2 (p-1) m_AA.
// The same total exchange is also timed with bsp_put, bsp_get and bsp_send, and with
// 16-byte bsp_puts that land p elements apart (scattered, as an FFT's permutation).
#pragma once

#include <string>
#include <vector>

namespace bspprobe {

enum class Primitive { kHpput, kPut, kGet, kSend };
enum class HOperator { kMax, kSum };  // the @ of Roda et al. (1999), formula 1

struct Pattern {
  const char* name;  // key in the result file
  Primitive primitive;
  HOperator h_operator;
  int min_p;          // fewest processes for which the pattern means anything
  const char* title;  // what it is, in words: "one to all"
  // 0: each message goes whole. Otherwise each message goes as puts of this many bytes,
  // landing p of them apart at the receiver (what a distributed FFT's permutation does):
  // piece k from the sender in slot s lands at piece index k p + s.
  int scattered_bytes = 0;
};

// One message of m words: from process `from` to process `to`, landing in
// slot `slot` (offset slot * m words) of the receiving buffer. For bsp_get the
// receiver `to` issues the transfer; otherwise the sender `from` does.
struct Transfer {
  int from;
  int to;
  int slot;
};

// Table 1 patterns first, then the three primitives on the total exchange,
// then Roda et al.'s (1999) five.
const std::vector<Pattern>& all_patterns();
const Pattern& find_pattern(const std::string& name);  // throws std::out_of_range
bool is_formula4_pattern(const Pattern& pattern);      // E, PP, OA, AO, AA

const char* primitive_name(Primitive primitive);  // "bsp_hpput", ...
const char* h_operator_name(HOperator op);        // "max" or "sum"

// The messages of one superstep of the pattern on p processes.
std::vector<Transfer> pattern_transfers(const Pattern& pattern, int p);

// Words per message so that the pattern realises (about) an h-relation, and
// the h it realises with whole words: h_of(m) = divisor * m, divisor per formula 4.
long h_divisor(const Pattern& pattern, int p);
long words_per_message(const Pattern& pattern, int p, long h);

// The h of a set of messages of m words each under the @ operator:
// max over processes of (in @ out).
long h_relation(const std::vector<Transfer>& transfers, int p, long m, HOperator op);

// Receiving slots needed per process (the buffer holds slots * m words).
int receive_slots(const Pattern& pattern, int p);

// The word a piece lands at in the receiver's buffer: piece k of a message of m words in
// receiving slot `slot`, pieces of `words` words each. Whole messages (scattered_bytes 0)
// land at slot * m + first word of the piece; scattered ones at (k p + slot) pieces.
long landing_word(const Pattern& pattern, int p, long m, int slot, long k, long words);

// The words a receiving buffer needs for messages of m words.
long receive_words(const Pattern& pattern, int p, long m);

}  // namespace bspprobe
