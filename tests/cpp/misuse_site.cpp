// A misuse through the C++ interface names the line of the program's call, passed by
// std::source_location: argv[1] "put" puts through a registration to pid p, "coarray" writes an
// element of image p of a coarray, "send" sends to pid p. The last process misbehaves in
// superstep 2; the marked lines are the ones the messages must name (tests/cpp/CMakeLists.txt).
#include <bsp.hpp>
#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
  const char* what = argc > 1 ? argv[1] : "put";
  bsp::run(bsp_nprocs(), [&](bsp::context& ctx) {
    std::vector<int> area(4, 0);
    bsp::registration r(ctx, area);
    bsp::coarray<int> a(ctx, 4);  // syncs: superstep 1
    ctx.set_tag_size<char>();
    ctx.sync();  // superstep 2
    if (ctx.pid() == ctx.nprocs() - 1) {
      const int bad = ctx.nprocs();
      if (std::strcmp(what, "put") == 0) r.put(bad, 7); /* put */
      if (std::strcmp(what, "coarray") == 0) a(bad)[0] = 7; /* coarray */
      if (std::strcmp(what, "send") == 0) ctx.send(bad, 'k', 7); /* send */
    }
    ctx.sync();
  });
  std::printf("misuse '%s' was not detected\n", what);
  return 0;
}
