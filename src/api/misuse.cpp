#include "api/misuse.hpp"

#include <bsp.h>

#include "api/checks.hpp"

namespace superstep {

void drma_misuse(const Call& call, int pid, const void* src, const void* dst, int offset,
                 int nbytes, const void* registered) {
  Runtime& rt = running(call);
  check_pid(call, rt, pid);
  check_not_negative(call, "offset", offset);
  check_not_negative(call, "nbytes", nbytes);
  check_not_null(call, "src", src, nbytes);
  check_not_null(call, "dst", dst, nbytes);
  rt.unresolvable(call, pid, registered, static_cast<std::uint64_t>(offset),
                  static_cast<std::uint64_t>(nbytes));
}

void send_misuse(const Call& call, int pid, const void* tag, const void* payload,
                 int payload_nbytes) {
  Runtime& rt = running(call);
  check_pid(call, rt, pid);
  check_not_negative(call, "payload_nbytes", payload_nbytes);
  if (!tag && rt.tagsize() > 0)
    usage_error(call, "tag is NULL but the tag size is %u; pass a tag of that size", rt.tagsize());
  check_not_null(call, "payload", payload, payload_nbytes);
  usage_error(call, "internal error: the message was valid");
}

}  // namespace superstep
