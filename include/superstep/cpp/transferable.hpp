// What the C++ layer may move between processes: trivially copyable types
// (their bytes are their value, so a copy to another address space is the
// same value). Anything else is a compile error with a message that says so.
#pragma once

#include <bsp.h>

#include <climits>
#include <cstddef>
#include <type_traits>

namespace bsp::detail {

template <class T>
constexpr void require_transferable() {
  static_assert(std::is_trivially_copyable_v<T>,
                "bsp: only trivially copyable types can be communicated (their bytes must be "
                "their value); send the data, not an object that owns it (e.g. a std::string)");
}

// n elements of T as BSPlib's int byte count; stops the program when they do not fit.
template <class T>
inline int byte_count(std::size_t n, const char* what) {
  if (n > static_cast<std::size_t>(INT_MAX) / sizeof(T))
    bsp_abort("%s: %zu elements of %zu bytes exceed BSPlib's int byte counts", what, n, sizeof(T));
  return static_cast<int>(n * sizeof(T));
}

}  // namespace bsp::detail
