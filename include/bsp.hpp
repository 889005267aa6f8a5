// bsp.hpp - Superstep's C++ interface (C++20), namespace bsp.
//
// The C API of bsp.h stays the standard and mixes freely with this layer;
// this layer adds types and lifetimes on top of it, header-only:
//   bsp::run(p, [&](bsp::context& ctx) { ... });      start p processes
//   bsp::registration r(ctx, vec);                    push now, pop at scope end
//   r.put(pid, std::span{...}, offset);               typed DRMA, element offsets
//   ctx.send(pid, tag, value); ctx.messages<Tag, V>() typed BSMP
//   bsp::coarray<T> a(ctx, n); a(pid)[i] = x;         distributed arrays
//   bsp::allreduce(ctx, x, std::plus<>{});            level-1 collectives
// Only trivially copyable types can be communicated: anything else is a
// compile error. Misuse found at run time (a bad pid, an area out of range)
// stops every process with the C library's message; the layer throws
// nothing of its own (allocations may throw std::bad_alloc). See docs/cpp_and_collectives.md.
#pragma once

#if !defined(__cplusplus) || __cplusplus < 202002L
#error "bsp.hpp needs C++20: compile with -std=c++20 or later (bspc++ adds it when no -std= is given)"
#else

#include <bsp.h>
#include <bsp_level1.h>

#include "superstep/cpp/coarray.hpp"
#include "superstep/cpp/collectives.hpp"
#include "superstep/cpp/context.hpp"
#include "superstep/cpp/messages.hpp"
#include "superstep/cpp/registration.hpp"
#include "superstep/cpp/transferable.hpp"

#endif  // C++20
