// Typed BSMP: send<Tag, Payload> and iteration over the queue as (tag, value)
// pairs, each moved out of the queue as the loop reaches it.
#pragma once

#include <bsp.h>

#include <cstring>
#include <iterator>

#include "superstep/cpp/transferable.hpp"

namespace bsp {

template <class Tag, class Payload>
struct message {
  Tag tag;
  Payload value;
};

// The messages of the queue, in queue order (source pid, then send order).
// Iterating moves them out of the queue (bsp_hpmove): a second loop sees only
// what the first left. Each message must carry sizeof(Tag) tag bytes and
// sizeof(Payload) payload bytes; another size stops the program.
template <class Tag, class Payload>
class message_range {
 public:
  class iterator {
   public:
    using value_type = message<Tag, Payload>;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    explicit iterator(bool begin) {
      if (begin) next();
    }
    value_type& operator*() { return current_; }
    value_type* operator->() { return &current_; }
    iterator& operator++() {
      next();
      return *this;
    }
    void operator++(int) { next(); }
    bool operator==(const iterator& other) const { return done_ == other.done_; }

   private:
    void next() {
      void* tag = nullptr;
      void* payload = nullptr;
      int n = bsp_hpmove(&tag, &payload);
      done_ = n < 0;
      if (done_) return;
      if (n != static_cast<int>(sizeof(Payload)))
        bsp_abort("bsp::messages: a message has %d payload bytes, the loop expects %zu", n,
                  sizeof(Payload));
      std::memcpy(&current_.tag, tag, sizeof(Tag));
      std::memcpy(&current_.value, payload, sizeof(Payload));
    }
    value_type current_{};
    bool done_ = true;
  };
  iterator begin() { return iterator(true); }
  iterator end() { return iterator(false); }
};

}  // namespace bsp
