// The C++ layer costs nothing over the C calls it wraps: the same work timed
// through bsp.h and through bsp.hpp, interleaved in one run (C sample, C++
// sample, ...), medians and the ratio C++/C. Never asserts on time.
//   put   N 8-byte puts to the next process + sync
//   send  N 8-byte messages with a 4-byte tag to the next process + sync + move them all
//   sync  N empty supersteps
// Usage: bench_cpp_overhead [p] [N]   (defaults: 2, 100000)
#include <bsp.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench_support.hpp"

namespace {

constexpr int kSamples = 11;

struct Tag {
  int index;
};

}  // namespace

int main(int argc, char** argv) {
  const int p = argc > 1 ? std::atoi(argv[1]) : 2;
  const int n = argc > 2 ? std::atoi(argv[2]) : 100000;
  std::vector<double> c_put, cpp_put, c_send, cpp_send, c_sync, cpp_sync;
  bsp::run(p, [&](bsp::context& ctx) {
    const int next = (ctx.pid() + 1) % ctx.nprocs();
    std::vector<std::uint64_t> src(n, 7), dst(n);
    bsp::registration reg(ctx, dst);
    ctx.set_tag_size<Tag>();
    ctx.sync();
    auto timed = [&](std::vector<double>& out, auto&& work) {
      ctx.sync();
      double t0 = ctx.time();
      work();
      if (ctx.pid() == 0) out.push_back(ctx.time() - t0);
    };
    for (int s = 0; s < kSamples; ++s) {
      timed(c_put, [&] {
        for (int i = 0; i < n; ++i) bsp_put(next, &src[i], dst.data(), i * 8, 8);
        bsp_sync();
      });
      timed(cpp_put, [&] {
        for (int i = 0; i < n; ++i) reg.put(next, src[i], static_cast<std::size_t>(i));
        ctx.sync();
      });
      timed(c_send, [&] {
        for (int i = 0; i < n; ++i) bsp_send(next, &i, &src[i], 8);
        bsp_sync();
        // The same moves as the C++ loop: bsp_hpmove and a copy of tag and payload.
        std::uint64_t sum = 0, v;
        void *tag, *payload;
        for (int tag_value; bsp_hpmove(&tag, &payload) >= 0; sum += v) {
          std::memcpy(&tag_value, tag, sizeof tag_value);
          std::memcpy(&v, payload, sizeof v);
        }
        if (sum != 7ull * n) bsp_abort("cpp_overhead: lost messages");
      });
      timed(cpp_send, [&] {
        for (int i = 0; i < n; ++i) ctx.send(next, Tag{i}, src[i]);
        ctx.sync();
        std::uint64_t sum = 0;
        for (auto& [tag, value] : ctx.messages<Tag, std::uint64_t>()) sum += value;
        if (sum != 7ull * n) bsp_abort("cpp_overhead: lost messages");
      });
      timed(c_sync, [&] {
        for (int i = 0; i < n / 100; ++i) bsp_sync();
      });
      timed(cpp_sync, [&] {
        for (int i = 0; i < n / 100; ++i) ctx.sync();
      });
    }
  });
  auto row = [&](const char* what, std::vector<double>& c, std::vector<double>& cpp, int ops) {
    double a = bench::median(c), b = bench::median(cpp);
    std::printf("%-5s  C %9.3f ms  C++ %9.3f ms  (%7.1f ns per op)  C++/C %.3f\n", what, a * 1e3,
                b * 1e3, b / ops * 1e9, b / a);
  };
  std::printf("C++ layer vs C, p=%d, medians of %d interleaved samples\n", p, kSamples);
  row("put", c_put, cpp_put, n);
  row("send", c_send, cpp_send, n);
  row("sync", c_sync, cpp_sync, n / 100);
  return 0;
}
