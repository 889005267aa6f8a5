// The level-1 collectives of bsp_level1.h on buffers. The package's Python
// side (superstep/collectives.py) makes the arrays; here they are checked
// and handed to the C functions, which choose their algorithm by the cost
// model. A reduction's operator is a NumPy ufunc or a Python callable,
// called on NumPy views of the library's buffers.
#include <bsp_level1.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "bindings.hpp"
#include "buffer.hpp"
#include "errors.hpp"
#include "run_state.hpp"

namespace py = pybind11;

namespace superstep_python {

namespace {

void check_root(const char* primitive, int root) {
  int p = bsp_nprocs();
  if (root < 0 || root >= p)
    fail(primitive,
         format("root %d is outside 0..%d; pass a pid from 0 to bsp_nprocs()-1", root, p - 1));
}

// Checks that dst can take `elements` elements of src's type.
void check_destination(const char* primitive, const Buffer& src, const Buffer& dst,
                       long long elements) {
  if (!(src.type() == dst.type()))
    fail(primitive, format("src holds %s but dst holds %s; pass arrays of one type",
                           src.type().name().c_str(), dst.type().name().c_str()));
  if (dst.elements() < elements)
    fail(primitive, format("dst holds %lld elements but the result has %lld",
                           static_cast<long long>(dst.elements()), elements));
}

// What a buffer collective is called with on one process, as the processes exchange it.
struct CollectiveCall {
  std::int32_t collective;  // an index of kCollectives
  std::int32_t root;        // -1: the collective has none
  std::int64_t elements;    // -1: need not agree (alltoallv's counts)
  TypeWord type;
};

const char* const kCollectives[] = {
    "bsp_broadcast", "bsp_reduce",    "bsp_allreduce", "bsp_scan_inclusive", "bsp_scan_exclusive",
    "bsp_gather",    "bsp_allgather", "bsp_scatter",   "bsp_alltoall",       "bsp_alltoallv"};

// "bsp_gather (root 1)".
std::string called(const CollectiveCall& c) {
  std::string text = kCollectives[c.collective];
  if (c.root >= 0) text += format(" (root %d)", c.root);
  return text;
}

// The buffer collectives must be the same call on every process, with values of one element
// type and count: the library moves bytes, and int64 bytes read as float64 would be a wrong
// result, a different collective or root a wrong one or none. The processes exchange their
// calls (one bsp_allgather, a superstep) before the collective; where they differ, every
// process raises the same error naming process 0's call and the first that differs from it,
// after the Python line of its own call, and none enters the collective.
void agree(const char* primitive, int root, long long elements, const ElementType& type) {
  int p = bsp_nprocs();
  if (p == 1) return;
  CollectiveCall mine{0, root, elements, TypeWord::of(type)};
  while (std::strcmp(kCollectives[mine.collective], primitive) != 0) ++mine.collective;
  std::vector<CollectiveCall> all(static_cast<std::size_t>(p));
  bsp_allgather(&mine, all.data(), sizeof mine);
  RunState::get().synced();
  const CollectiveCall& first = all[0];
  for (int q = 1; q < p; ++q) {
    const CollectiveCall& c = all[q];
    if (c.collective != first.collective || c.root != first.root)
      fail_at(primitive, python_site(),
              format("process 0 calls %s but process %d calls %s; every process must call the "
                     "same collective, with the same root, in the same superstep",
                     called(first).c_str(), q, called(c).c_str()));
    if (!(c.type == first.type))
      fail_at(primitive, python_site(),
              format("process 0 passes %s but process %d passes %s; pass values of one type on "
                     "every process",
                     first.type.type().name().c_str(), q, c.type.type().name().c_str()));
    if (c.elements != first.elements)
      fail_at(
          primitive, python_site(),
          format("process 0 passes %lld elements but process %d passes %lld; pass values of "
                 "one shape on every process",
                 static_cast<long long>(first.elements), q, static_cast<long long>(c.elements)));
  }
}

void broadcast_into(int root, py::handle src, py::handle dst, bool check_types) {
  require_running("bsp_broadcast");
  check_root("bsp_broadcast", root);
  Buffer from(src.ptr(), false, "bsp_broadcast", "src");
  Buffer to(dst.ptr(), true, "bsp_broadcast", "dst");
  check_destination("bsp_broadcast", from, to, from.elements());
  if (check_types) agree("bsp_broadcast", root, from.elements(), from.type());
  bsp_broadcast(root, from.data(), to.data(), bytes_int("bsp_broadcast", "src", from.nbytes()));
  RunState::get().synced();
}

// The operator of a reduction or scan and the first Python error it raised.
struct Combiner {
  py::object op;
  py::dtype dtype;
  bool ufunc;
  bool scalar;  // call op on Python scalars, one element at a time
  std::optional<py::error_already_set> error;
};

void combine(void* acc, const void* in, int count, void* arg) {
  auto* c = static_cast<Combiner*>(arg);
  if (c->error) return;
  try {
    py::none base;  // views, no copies
    py::array left(c->dtype, {count}, {}, acc, base);
    py::array right(c->dtype, {count}, {}, const_cast<void*>(in), base);
    py::detail::array_proxy(right.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    if (c->ufunc) {
      c->op(left, right, py::arg("out") = left);
    } else if (c->scalar) {
      for (int i = 0; i < count; ++i)
        left[py::int_(i)] = c->op(left.attr("item")(i), right.attr("item")(i));
    } else {
      left[py::ellipsis()] = c->op(left, right);
    }
  } catch (py::error_already_set& e) {
    c->error.emplace(std::move(e));
  }
}

enum class Reduction { kReduce, kAllreduce, kScanInclusive, kScanExclusive };

void reduce_into(int kind, int root, py::array src, py::array dst, py::object op, bool ufunc,
                 bool scalar, bool check_types) {
  static const char* const kNames[] = {"bsp_reduce", "bsp_allreduce", "bsp_scan_inclusive",
                                       "bsp_scan_exclusive"};
  const char* primitive = kNames[kind];
  require_running(primitive);
  auto reduction = static_cast<Reduction>(kind);
  if (reduction == Reduction::kReduce) check_root(primitive, root);
  Buffer from(src.ptr(), false, primitive, "src");
  Buffer to(dst.ptr(), true, primitive, "dst");
  check_destination(primitive, from, to, from.elements());
  if (check_types)
    agree(primitive, reduction == Reduction::kReduce ? root : -1, from.elements(), from.type());
  int count = bytes_int(primitive, "the count", from.elements());
  int size = static_cast<int>(from.type().itemsize);
  Combiner c{op, src.dtype(), ufunc, scalar, std::nullopt};
  switch (reduction) {
    case Reduction::kReduce:
      bsp_reduce(root, from.data(), to.data(), count, size, combine, &c);
      break;
    case Reduction::kAllreduce:
      bsp_allreduce(from.data(), to.data(), count, size, combine, &c);
      break;
    case Reduction::kScanInclusive:
      bsp_scan_inclusive(from.data(), to.data(), count, size, combine, &c);
      break;
    case Reduction::kScanExclusive:
      bsp_scan_exclusive(from.data(), to.data(), count, size, combine, &c);
      break;
  }
  RunState::get().synced();
  if (c.error) throw std::move(*c.error);
}

// gather (root >= 0) or allgather (root -1): dst holds p blocks of src.
void gather_into(int root, py::handle src, py::handle dst, bool check_types) {
  const char* primitive = root < 0 ? "bsp_allgather" : "bsp_gather";
  require_running(primitive);
  if (root >= 0) check_root(primitive, root);
  Buffer from(src.ptr(), false, primitive, "src");
  Buffer to(dst.ptr(), true, primitive, "dst");
  bool receives = root < 0 || root == bsp_pid();
  if (receives) check_destination(primitive, from, to, from.elements() * bsp_nprocs());
  if (check_types) agree(primitive, root, from.elements(), from.type());
  int nbytes = bytes_int(primitive, "src", from.nbytes());
  if (root < 0)
    bsp_allgather(from.data(), to.data(), nbytes);
  else
    bsp_gather(root, from.data(), receives ? to.data() : nullptr, nbytes);
  RunState::get().synced();
}

// scatter (root >= 0; src, p blocks, read on root) or alltoall (root -1; src
// and dst of p blocks each).
void scatter_into(int root, py::handle src, py::handle dst, bool check_types) {
  const char* primitive = root < 0 ? "bsp_alltoall" : "bsp_scatter";
  require_running(primitive);
  if (root >= 0) check_root(primitive, root);
  Buffer from(src.ptr(), false, primitive, "src");
  Buffer to(dst.ptr(), true, primitive, "dst");
  long long p = bsp_nprocs();
  long long block = root < 0 ? to.elements() / p : to.elements();
  if (root < 0 && to.elements() % p != 0)
    fail(primitive, format("dst holds %lld elements, not a multiple of the %lld processes",
                           static_cast<long long>(to.elements()), p));
  if (root < 0 || root == bsp_pid()) check_destination(primitive, to, from, block * p);
  if (check_types) agree(primitive, root, block, to.type());
  int nbytes = bytes_int(primitive, "a block", block * to.type().itemsize);
  if (root < 0)
    bsp_alltoall(from.data(), to.data(), nbytes);
  else
    bsp_scatter(root, from.data(), to.data(), nbytes);
  RunState::get().synced();
}

// Element counts or displacements as byte ints, checked against the buffer's extent.
std::vector<int> to_bytes(const char* what, const std::vector<long long>& elements,
                          long long itemsize) {
  const char* primitive = "bsp_alltoallv";
  if (elements.size() != static_cast<std::size_t>(bsp_nprocs()))
    fail(primitive, format("%s has %zu entries; pass one per process (%d)", what, elements.size(),
                           bsp_nprocs()));
  std::vector<int> bytes;
  for (long long e : elements) {
    check_not_negative(primitive, what, e);
    bytes.push_back(bytes_int(primitive, what, e * itemsize));
  }
  return bytes;
}

void check_blocks(const char* what, const std::vector<int>& counts, const std::vector<int>& displs,
                  const Buffer& area) {
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (static_cast<long long>(displs[i]) + counts[i] > area.nbytes())
      fail("bsp_alltoallv", format("the block of process %zu (%d + %d bytes) is beyond the %zd "
                                   "bytes of %s",
                                   i, displs[i], counts[i], area.nbytes(), what));
}

void alltoallv_into(py::handle src, const std::vector<long long>& send_counts,
                    const std::vector<long long>& send_displs, py::handle dst,
                    const std::vector<long long>& recv_counts,
                    const std::vector<long long>& recv_displs, bool check_types) {
  require_running("bsp_alltoallv");
  Buffer from(src.ptr(), false, "bsp_alltoallv", "src");
  Buffer to(dst.ptr(), true, "bsp_alltoallv", "dst");
  check_destination("bsp_alltoallv", from, to, 0);
  if (check_types) agree("bsp_alltoallv", -1, -1, from.type());
  long long itemsize = from.type().itemsize;
  std::vector<int> sc = to_bytes("send_counts", send_counts, itemsize);
  std::vector<int> sd = to_bytes("send_displs", send_displs, itemsize);
  std::vector<int> rc = to_bytes("recv_counts", recv_counts, itemsize);
  std::vector<int> rd = to_bytes("recv_displs", recv_displs, itemsize);
  check_blocks("src", sc, sd, from);
  check_blocks("dst", rc, rd, to);
  bsp_alltoallv(from.data(), sc.data(), sd.data(), to.data(), rc.data(), rd.data());
  RunState::get().synced();
}

const char* const kAlgorithms[] = {"auto", "direct", "two_phase", "messages"};

void collective_force(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kAlgorithms[i])
      return bsp_collective_force(static_cast<bsp_collective_algorithm>(i));
  fail("bsp_collective_force",
       format("algorithm \"%s\" is unknown; pass auto, direct, two_phase or messages",
              name.c_str()));
}

}  // namespace

void bind_collectives(py::module_& m) {
  m.def("_broadcast_into", &broadcast_into);
  m.def("_reduce_into", &reduce_into);
  m.def("_gather_into", &gather_into);
  m.def("_scatter_into", &scatter_into);
  m.def("_alltoallv_into", &alltoallv_into);
  // The lowercase collectives' (objects.py) errors about calls that do not match.
  m.def("_fail_at", [](const std::string& primitive, const std::string& details) {
    fail_at(primitive.c_str(), python_site(), details);
  });
  m.def("collective_force", &collective_force, py::arg("algorithm"),
        "Forces the algorithm of the following collectives: auto, direct, two_phase, messages.");
  m.def(
      "collective_chosen", [] { return std::string(kAlgorithms[bsp_collective_chosen()]); },
      "The algorithm the last collective on this process used.");
}

}  // namespace superstep_python
