// What every level-1 collective shares: argument checks, the registration of
// its own areas (popped on return), the superstep that makes them usable, and
// the block split of the two-phase algorithms.
#pragma once

#include <bsp.h>

#include <cstddef>
#include <vector>

namespace superstep::level1 {

// Memory a collective reuses from call to call, so that a call allocates
// nothing once an earlier one was as large: one buffer per use and element
// type, resized to n elements (grown, never given back). A collective runs
// to its end before the next starts on the same process, so each use has
// one owner at a time.
enum class Use { tag, message, combined, registered, block, table };
template <class T, Use U>
std::vector<T>& reused(std::size_t n) {
  static std::vector<T> buffer;
  buffer.resize(n);
  return buffer;
}

// Checks that the program is inside bsp_begin..bsp_end and that the sizes are
// not negative; stops the program with a message naming `name` otherwise.
void check_call(const char* name, long long count, long long size);
void check_root(const char* name, int root);
// A NULL area where nbytes > 0 stops the program.
void check_area(const char* name, const char* what, const void* area, long long nbytes);

// Bytes as an int for the primitives; stops the program when they do not fit.
int bytes_int(const char* name, long long bytes);

// Areas registered for the length of one collective. push() registers on
// every process (all call it in the same order); the destructor pops them in
// reverse order (de-registration needs no sync, paper section 6).
class Registrations {
 public:
  explicit Registrations(const char* name) : name_(name) {}
  Registrations(const Registrations&) = delete;
  Registrations& operator=(const Registrations&) = delete;
  ~Registrations();
  // Registers area (nbytes). A process without such an area passes nullptr:
  // it then registers a private placeholder byte, since a pop needs an address.
  // Returns the address registered: the one to name in bsp_put on this process.
  char* push(void* area, long long nbytes);
  // The sync that makes the registrations usable. It also delivers what the
  // caller issued before the collective; messages among that would be left
  // in the queue, against level-1 rule 3, and stop the program.
  void sync_registered();

 private:
  const char* name_;
  std::vector<const void*> pushed_;
  char placeholders_[4] = {};
};

// One superstep in which a collective's data travels as BSMP messages: no
// registration, so the whole collective is one superstep (paid for with a
// copy into and out of the queue). Each message carries a zero tag of the tag
// size in effect. The queue after the sync must hold exactly the messages
// the collective expects: more were sent by the program before the call and
// stop it, as in sync_registered().
class MessageRound {
 public:
  explicit MessageRound(const char* name);
  void send(int to, const void* data, long long nbytes);
  // Ends the superstep; `expected` messages must have arrived here.
  void deliver(int expected);
  // The next message's payload, in source-pid order (then send order); valid
  // until the next sync. It came from process `from` and must hold `nbytes`:
  // a process that passed another size stops the program (the direct
  // algorithm's puts would overrun the registered area and stop it too).
  const char* next(int from, long long nbytes);
  // The next message's payload and its size, whatever it is.
  const char* next_any(long long* nbytes);

 private:
  const char* name_;
  const char* tag_;
};

// A put of a collective's data from a source that no write of the same
// superstep touches (the caller knows): bsp_hpput where the engine then sends
// it straight from its source while a put would copy it first (the MPI
// engine's messages of their own), else bsp_put (on shared memory an hpput
// measured no faster; docs/performance.md, The level-1 collectives).
void put_stable(int pid, const void* src, void* dst, long long offset, long long nbytes);

// Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte.
bool overlap(const void* a, long long a_bytes, const void* b, long long b_bytes);

// Stops the program when the queue holds other than `expected` messages
// after a collective's sync.
void check_queue(const char* name, int expected);

// Block j of n items split over p processes: [start, start + length).
struct Block {
  long long start;
  long long length;
};
inline Block block_of(long long n, int p, int j) {
  long long b = (n + p - 1) / p;
  long long start = b * j < n ? b * j : n;
  long long end = b * (j + 1) < n ? b * (j + 1) : n;
  return {start, end - start};
}

}  // namespace superstep::level1
