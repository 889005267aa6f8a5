// Must not compile: a std::string is not trivially copyable, so sending one
// (its pointer, not its characters) is a compile error in bsp.hpp. Built by
// the test cpp.not_transferable_is_a_compile_error, which expects the error
// message; with -DCONTROL the same file sends a plain struct and compiles.
#include <bsp.hpp>
#include <string>

struct Plain {
  int n;
};

void spmd(bsp::context& ctx) {
#ifdef CONTROL
  ctx.send(0, 1, Plain{1});
#else
  ctx.send(0, 1, std::string("the pointer, not the text"));
#endif
}
