// The contract between an optimised program's inline paths (bsp.h's superstep/detail/) and this
// library: the layouts it was compiled with carry a number, which bsp_begin compares with the
// library's (DESIGN.md, "The path of a bsp_put").
#include <bsp.h>

#include <cstddef>

#include "api/checks.hpp"
#include "util/errors.hpp"

// The program's number, where it has one: a program compiled without optimisation or with
// SUPERSTEP_NO_INLINE calls the library for every primitive and defines none.
extern "C" __attribute__((__weak__)) const unsigned int superstep_program_inline_layout;

// A change to the layouts without a new number would let old programs write records that this
// library misreads: these sizes and places belong to layout 2, and change with the number.
static_assert(SUPERSTEP_INLINE_LAYOUT == 2,
              "a new inline layout: state its sizes and places below for the new number");
static_assert(sizeof(superstep_run) == 2 * sizeof(char*));
static_assert(sizeof(superstep_put_run) == 32 && offsetof(superstep_put_run, next_offset) == 8 &&
              offsetof(superstep_put_run, run) == 16);
static_assert(sizeof(superstep_put_table) == 40 && offsetof(superstep_put_table, nprocs) == 32);
static_assert(sizeof(superstep_send_window) == 24 &&
              offsetof(superstep_send_window, tag_bytes) == 16 &&
              offsetof(superstep_send_window, payload_bytes) == 20);
static_assert(sizeof(superstep_send_table) == 16 && offsetof(superstep_send_table, nprocs) == 8);
static_assert(sizeof(superstep_queue_state) == 56 &&
              offsetof(superstep_queue_state, segment_end) == 8 &&
              offsetof(superstep_queue_state, messages) == 16 &&
              offsetof(superstep_queue_state, payload_bytes) == 24 &&
              offsetof(superstep_queue_state, in_run) == 32 &&
              offsetof(superstep_queue_state, run_stride) == 40 &&
              offsetof(superstep_queue_state, run_tag_room) == 48 &&
              offsetof(superstep_queue_state, run_payload_bytes) == 52);

namespace superstep {

void check_program_inline_layout() {
  if (&superstep_program_inline_layout == nullptr) return;
  const unsigned int program = superstep_program_inline_layout;
  if (program == SUPERSTEP_INLINE_LAYOUT) return;
  usage_error("bsp_begin",
              "this program was compiled against the bsp.h of another Superstep (its inline "
              "paths have layout %u, this library reads layout %u); compile it again against "
              "this library's bsp.h (bspcc does), or with -DSUPERSTEP_NO_INLINE",
              program, static_cast<unsigned>(SUPERSTEP_INLINE_LAYOUT));
}

}  // namespace superstep
