// printf-style formatting into a std::string, for every message and report the library, its
// tools and its apps write (tools and apps reach it through superstep_internal/text_format.hpp).
#pragma once

#include <cstdarg>
#include <string>

namespace superstep {

// Formats like printf into a std::string of whatever length the text needs.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
// The same for a va_list (which it leaves to the caller to end).
std::string vformat(const char* fmt, va_list args);

}  // namespace superstep
