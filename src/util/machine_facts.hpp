// What the library reads from the machine it runs on and sizes itself by: the
// second-level cache (the staging rings, util/cache_ring.hpp) and the
// processors a process may use (util/processors.hpp). Each is read here and
// nowhere else, so that one test-only variable can stand in for the machine:
//
//   BSP_TEST_MACHINE="l2=2M,processors=3"
//
// sets the second-level cache to 2 MiB and the processors to 3, whatever the
// machine has; either key may be left out (the machine's own figure then
// holds). Sizes take K, M or G (binary multiples) or are bytes. It exists so
// that the test suite can run the parts whose behaviour depends on these
// sizes under the smallest, a middle and the largest value the library can
// meet, on any machine; a program has no reason to set it. A value that
// cannot be read stops the program with one line naming it, rather than
// testing a machine other than the one asked for.
#pragma once

#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace superstep {

struct TestMachine {
  std::optional<std::uint64_t> l2_bytes;
  std::optional<int> processors;
  std::string error;  // empty where the text was read whole
};

// The text of BSP_TEST_MACHINE, read; `error` says what could not be.
inline TestMachine parse_test_machine(std::string_view text) {
  TestMachine machine;
  auto fail = [&](std::string_view item, const char* why) {
    machine.error = "'" + std::string(item) + "': " + why;
    return machine;
  };
  while (!text.empty()) {
    std::size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    if (item.empty()) continue;
    std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) return fail(item, "expected KEY=VALUE");
    std::string_view key = item.substr(0, equals), value = item.substr(equals + 1);
    std::uint64_t number = 0;
    auto [end, status] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (status != std::errc() || end == value.data()) return fail(item, "the value is not a number");
    std::string_view suffix(end, static_cast<std::size_t>(value.data() + value.size() - end));
    if (key == "l2") {
      int shift = suffix.empty() ? 0 : suffix == "K" ? 10 : suffix == "M" ? 20 : suffix == "G" ? 30 : -1;
      if (shift < 0) return fail(item, "a size is bytes, or a number followed by K, M or G");
      if (number == 0 || number > (std::uint64_t{1} << (40 - shift)))
        return fail(item, "the size must lie between 1 byte and 1 TiB");
      machine.l2_bytes = number << shift;
    } else if (key == "processors") {
      if (!suffix.empty() || number == 0 || number > (1u << 20))
        return fail(item, "processors must be a whole number from 1 to 1048576");
      machine.processors = static_cast<int>(number);
    } else {
      return fail(item, "the keys are l2 and processors");
    }
  }
  return machine;
}

// BSP_TEST_MACHINE as this process found it at its first use (nothing set: no
// overrides). An unreadable value stops the program.
inline const TestMachine& test_machine() {
  static const TestMachine machine = [] {
    const char* text = std::getenv("BSP_TEST_MACHINE");
    TestMachine read = text ? parse_test_machine(text) : TestMachine{};
    if (!read.error.empty()) {
      std::fprintf(stderr, "superstep: BSP_TEST_MACHINE=%s cannot be read: %s\n", text,
                   read.error.c_str());
      std::exit(1);
    }
    return read;
  }();
  return machine;
}

// The second-level cache of the processor, in bytes; 0 where the system does
// not say.
inline std::uint64_t level2_cache_bytes() {
  if (test_machine().l2_bytes) return *test_machine().l2_bytes;
  long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return l2 > 0 ? static_cast<std::uint64_t>(l2) : 0;
}

}  // namespace superstep
