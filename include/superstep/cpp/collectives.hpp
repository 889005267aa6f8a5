// The level-1 collectives (bsp_level1.h) on typed spans. Every process calls
// each one in the same superstep with the same sizes; each ends at least one
// superstep (see bsp_level1.h for the rules and the algorithm choice).
// Operators are callables T(T, T), applied in rank order: op(x0, x1), then
// op(that, x2), ... They need not be commutative.
#pragma once

#include <bsp_level1.h>

#include <cstddef>
#include <span>
#include <vector>

#include "superstep/cpp/context.hpp"
#include "superstep/cpp/transferable.hpp"

namespace bsp {

namespace detail {

template <class T, class Op>
void combine(void* acc, const void* in, int count, void* arg) {
  Op& op = *static_cast<Op*>(arg);
  T* a = static_cast<T*>(acc);
  const T* b = static_cast<const T*>(in);
  for (int i = 0; i < count; ++i) a[i] = op(a[i], b[i]);
}

template <class T>
int count_of(std::size_t n, const char* what) {
  byte_count<T>(n, what);  // stops the program when the bytes do not fit an int
  return static_cast<int>(n);
}

}  // namespace detail

// data on every process becomes data of root.
template <class T>
void broadcast(context& ctx, std::span<T> data, int root = 0) {
  detail::require_transferable<T>();
  bsp_broadcast(root, data.data(), data.data(),
                detail::byte_count<T>(data.size(), "bsp::broadcast"));
  ctx.synced();
}
template <class T>
T broadcast(context& ctx, const T& value, int root = 0) {
  T v = value;
  broadcast(ctx, std::span<T>(&v, 1), root);
  return v;
}

// out on root: in of 0 op in of 1 op ... elementwise (out is untouched elsewhere).
template <class T, class Op>
void reduce(context& ctx, std::span<const T> in, std::span<T> out, Op op, int root = 0) {
  detail::require_transferable<T>();
  bsp_reduce(root, in.data(), out.data(), detail::count_of<T>(in.size(), "bsp::reduce"), sizeof(T),
             detail::combine<T, Op>, &op);
  ctx.synced();
}
template <class T, class Op>
void allreduce(context& ctx, std::span<const T> in, std::span<T> out, Op op) {
  detail::require_transferable<T>();
  bsp_allreduce(in.data(), out.data(), detail::count_of<T>(in.size(), "bsp::allreduce"), sizeof(T),
                detail::combine<T, Op>, &op);
  ctx.synced();
}
template <class T, class Op>
T allreduce(context& ctx, const T& value, Op op) {
  T out{};
  allreduce(ctx, std::span<const T>(&value, 1), std::span<T>(&out, 1), op);
  return out;
}
// out on process i: in of 0 op ... op in of i.
template <class T, class Op>
void inclusive_scan(context& ctx, std::span<const T> in, std::span<T> out, Op op) {
  detail::require_transferable<T>();
  bsp_scan_inclusive(in.data(), out.data(), detail::count_of<T>(in.size(), "bsp::inclusive_scan"),
                     sizeof(T), detail::combine<T, Op>, &op);
  ctx.synced();
}
// out on process i > 0: in of 0 op ... op in of i-1; on process 0 out is untouched.
template <class T, class Op>
void exclusive_scan(context& ctx, std::span<const T> in, std::span<T> out, Op op) {
  detail::require_transferable<T>();
  bsp_scan_exclusive(in.data(), out.data(), detail::count_of<T>(in.size(), "bsp::exclusive_scan"),
                     sizeof(T), detail::combine<T, Op>, &op);
  ctx.synced();
}

// out on root (p * in.size()) becomes the ins of all processes in pid order.
template <class T>
void gather(context& ctx, std::span<const T> in, std::span<T> out, int root = 0) {
  detail::require_transferable<T>();
  bsp_gather(root, in.data(), out.data(), detail::byte_count<T>(in.size(), "bsp::gather"));
  ctx.synced();
}
template <class T>
void allgather(context& ctx, std::span<const T> in, std::span<T> out) {
  detail::require_transferable<T>();
  bsp_allgather(in.data(), out.data(), detail::byte_count<T>(in.size(), "bsp::allgather"));
  ctx.synced();
}
template <class T>
std::vector<T> allgather(context& ctx, const T& value) {
  std::vector<T> out(static_cast<std::size_t>(ctx.nprocs()));
  allgather(ctx, std::span<const T>(&value, 1), std::span<T>(out));
  return out;
}
// out (n elements) on process i becomes elements i*n .. of in on root.
template <class T>
void scatter(context& ctx, std::span<const T> in, std::span<T> out, int root = 0) {
  detail::require_transferable<T>();
  bsp_scatter(root, in.data(), out.data(), detail::byte_count<T>(out.size(), "bsp::scatter"));
  ctx.synced();
}
// Block j (in.size() / p elements) of in on process i lands in block i of out on process j.
template <class T>
void alltoall(context& ctx, std::span<const T> in, std::span<T> out) {
  detail::require_transferable<T>();
  const std::size_t block = in.size() / static_cast<std::size_t>(ctx.nprocs());
  bsp_alltoall(in.data(), out.data(), detail::byte_count<T>(block, "bsp::alltoall"));
  ctx.synced();
}

}  // namespace bsp
