// Direct remote memory access: push_reg, pop_reg, put, get, hpput, hpget on
// buffers, with offsets and counts in elements of the registered area's type.
#include <bsp.h>

#include <cstring>
#include <memory>

#include "bindings.hpp"
#include "errors.hpp"
#include "fastcall.hpp"
#include "run_state.hpp"

namespace py = pybind11;

namespace superstep_python {

namespace {

void push_reg(py::handle area) {
  require_running("bsp_push_reg");
  auto registered = std::make_shared<RunState::Area>(area.ptr(), nullptr);
  if (!area.is_none())
    registered->buffer = std::make_unique<Buffer>(area.ptr(), true, "bsp_push_reg", "the area");
  const Buffer* b = registered->buffer.get();
  int size = b ? bytes_int("bsp_push_reg", "the area", b->nbytes()) : 0;
  PythonSite site = python_site();
  bsp_push_reg_at(b ? b->data() : nullptr, size, site.file, site.line);
  RunState::get().push(std::move(registered));
}

void pop_reg(py::handle area) {
  require_running("bsp_pop_reg");
  const void* ident = nullptr;
  if (!area.is_none()) ident = Buffer(area.ptr(), false, "bsp_pop_reg", "the area").data();
  if (!RunState::get().pop(ident))
    fail("bsp_pop_reg", format("address %p is not registered (counting this superstep's pushes "
                               "and pops); pop only what push_reg registered",
                               ident));
  bsp_pop_reg(ident);
}

// The registration in effect of `area`'s address, or an error in the library's words.
const RunState::Area& registered(const char* primitive, const Buffer& area) {
  const RunState::Area* found = RunState::get().find(area.data());
  if (!found || !found->buffer)
    fail(primitive, format("address %p is not registered on this process (or only with None); "
                           "register it with push_reg and call sync before using it",
                           static_cast<const void*>(area.data())));
  return *found;
}

// A transfer of `count` elements from element `offset` goes beyond the `theirs` elements
// process `pid` registered in `area`'s registration.
[[noreturn]] void beyond_their_area(const char* primitive, long long pid,
                                    const RunState::Area& area, long long offset, long long count,
                                    long long theirs) {
  const bool reads = std::strstr(primitive, "get") != nullptr;
  const std::string type = area.buffer->type().name();
  if (area.nbytes_of[static_cast<std::size_t>(pid)] == 0)
    fail_at(primitive, python_site(),
            format("process %lld registered None (or an empty area) in this registration, so it "
                   "has no memory there",
                   pid));
  fail_at(primitive, python_site(),
          format("offset %lld + count %lld = %lld is beyond the %lld elements (%s) process %lld "
                 "registered; a %s must stay within the area its %s (process %lld) registered",
                 offset, count, offset + count, theirs, type.c_str(), pid, reads ? "get" : "put",
                 reads ? "source" : "destination", pid));
}

struct Transfer {
  int offset_bytes;
  int nbytes;
  const RunState::Area* area = nullptr;  // null for a transfer of nothing
};

// Checks a transfer of `count` elements (None: all of `local`) between the
// unregistered buffer `local` and the registered one `remote`, starting at
// element `offset` of the registered area on the other process, whose size this
// process knows from the registration (the library's registry): what is beyond it
// raises here, in elements, naming the Python line, rather than stopping the run.
Transfer check_transfer(const char* primitive, long long pid, const Buffer& local,
                        const Buffer& remote, long long offset, py::handle count_arg) {
  check_pid(primitive, pid);
  check_not_negative(primitive, "offset", offset);
  long long count = !count_arg || count_arg.is_none()
                       ? local.elements()
                       : integer_argument(primitive, "count", count_arg.ptr());
  check_not_negative(primitive, "count", count);
  if (count == 0) return {0, 0};  // as in C: does nothing, and checks no registration
  const RunState::Area& area = registered(primitive, remote);
  const ElementType& type = area.buffer->type();
  if (!(local.type() == type))
    fail(primitive, format("the registered area holds %s but the other buffer holds %s; transfer "
                           "elements of the registered area's type (convert with .astype(), or "
                           "view raw bytes with .view())",
                           type.name().c_str(), local.type().name().c_str()));
  if (count > local.elements())
    fail(primitive, format("count %lld is more than the %lld elements of the local buffer", count,
                           static_cast<long long>(local.elements())));
  long long itemsize = local.type().itemsize;
  if (static_cast<std::size_t>(pid) < area.nbytes_of.size()) [[likely]] {
    long long theirs = area.nbytes_of[static_cast<std::size_t>(pid)] / itemsize;
    if (offset > theirs || count > theirs - offset) [[unlikely]]
      beyond_their_area(primitive, pid, area, offset, count, theirs);
  }
  return {bytes_int(primitive, "the offset", offset * itemsize),
          bytes_int(primitive, "the transfer", count * itemsize), &area};
}

// After a transfer that named its registered area by the object it registered: the next
// may find it without reading the object (fast_transfer).
void remember(const Transfer& t, py::handle registered_object) {
  if (t.area && t.area->owner == registered_object.ptr()) RunState::get().remember(t.area);
}

// The common put and get, checked without a Buffer: `local` a NumPy array of the type of the
// registered area that `registered_object`, the object the last transfer named, registered,
// and every argument in range. False: take the full path, which reports what is wrong.
bool fast_transfer(long long pid, PyObject* local, bool writable, PyObject* registered_object,
                   long long offset, PyObject* count_arg, char** local_data, Transfer* t) {
  const RunState& state = RunState::get();
  const RunState::Area* area = state.remembered(registered_object);
  ArrayView view;
  if (!area || !array_view(local, writable, &view)) return false;
  const ElementType& type = area->buffer->type();
  if (type.swapped || type.itemsize != view.itemsize || type.kind.size() != 1 ||
      type.kind[0] != view.kind)
    return false;
  long long count = view.elements;
  if (count_arg && count_arg != Py_None) {
    int overflow = 0;
    if (!PyLong_CheckExact(count_arg)) return false;
    count = PyLong_AsLongLongAndOverflow(count_arg, &overflow);
    if (overflow) return false;
  }
  if (pid < 0 || pid >= state.nprocs() || offset < 0 || count <= 0 || count > view.elements ||
      static_cast<std::size_t>(pid) >= area->nbytes_of.size())
    return false;
  const long long theirs = area->nbytes_of[static_cast<std::size_t>(pid)] / view.itemsize;
  if (offset > theirs || count > theirs - offset) return false;  // within an int's bytes
  *local_data = view.data;
  *t = {static_cast<int>(offset * view.itemsize), static_cast<int>(count * view.itemsize), area};
  return true;
}

template <bool kHigh>
void put(long long pid, py::handle src, py::handle dst, long long offset, py::handle count) {
  const char* primitive = kHigh ? "bsp_hpput" : "bsp_put";
  require_running(primitive);
  char* from_data;
  Transfer t;
  std::unique_ptr<Buffer> from;
  if (!fast_transfer(pid, src.ptr(), false, dst.ptr(), offset, count.ptr(), &from_data, &t)) {
    from = std::make_unique<Buffer>(src.ptr(), false, primitive, "src");
    Buffer to(dst.ptr(), false, primitive, "dst");
    t = check_transfer(primitive, pid, *from, to, offset, count);
    remember(t, dst);
    from_data = from->data();
  }
  char* to_data = t.area ? t.area->buffer->data() : nullptr;
  PythonSite site = python_site();
  if (kHigh) {
    bsp_hpput_at(static_cast<int>(pid), from_data, to_data, t.offset_bytes, t.nbytes, site.file,
                 site.line);
    RunState::get().hold(std::move(from), src.ptr());  // read at the sync
  } else {
    bsp_put_at(static_cast<int>(pid), from_data, to_data, t.offset_bytes, t.nbytes, site.file,
               site.line);
  }
}

template <bool kHigh>
void get(long long pid, py::handle src, py::handle dst, long long offset, py::handle count) {
  const char* primitive = kHigh ? "bsp_hpget" : "bsp_get";
  require_running(primitive);
  char* to_data;
  Transfer t;
  std::unique_ptr<Buffer> to;
  if (!fast_transfer(pid, dst.ptr(), true, src.ptr(), offset, count.ptr(), &to_data, &t)) {
    Buffer from(src.ptr(), false, primitive, "src");
    to = std::make_unique<Buffer>(dst.ptr(), true, primitive, "dst");
    t = check_transfer(primitive, pid, *to, from, offset, count);
    remember(t, src);
    to_data = to->data();
  }
  const char* from_data = t.area ? t.area->buffer->data() : nullptr;
  PythonSite site = python_site();
  if (kHigh)
    bsp_hpget_at(static_cast<int>(pid), from_data, t.offset_bytes, to_data, t.nbytes, site.file,
                 site.line);
  else
    bsp_get_at(static_cast<int>(pid), from_data, t.offset_bytes, to_data, t.nbytes, site.file,
               site.line);
  RunState::get().hold(std::move(to), dst.ptr());  // written at the sync
}

// put(pid, src, dst, offset=0, count=None) and its kin, as fast calls (fastcall.hpp).
const char* const kTransferNames[] = {"pid", "src", "dst", "offset", "count"};

template <void (*kImpl)(long long, py::handle, py::handle, long long, py::handle)>
PyObject* transfer_call(const char* function, PyObject* const* args, Py_ssize_t nargs,
                        PyObject* kwnames) {
  return translated([&]() -> PyObject* {
    PyObject* a[5];
    if (nargs >= 3 && nargs <= 5 && !kwnames) [[likely]] {
      a[0] = args[0], a[1] = args[1], a[2] = args[2];
      a[3] = nargs > 3 ? args[3] : nullptr;
      a[4] = nargs > 4 ? args[4] : nullptr;
    } else {
      sort_arguments(function, kTransferNames, 5, 3, args, nargs, kwnames, a);
    }
    long long pid = integer_argument(function, "pid", a[0]);
    long long offset = a[3] ? integer_argument(function, "offset", a[3]) : 0;
    kImpl(pid, a[1], a[2], offset, a[4]);
    Py_RETURN_NONE;
  });
}

PyObject* put_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return transfer_call<&put<false>>("put", args, nargs, kwnames);
}
PyObject* hpput_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return transfer_call<&put<true>>("hpput", args, nargs, kwnames);
}
PyObject* get_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return transfer_call<&get<false>>("get", args, nargs, kwnames);
}
PyObject* hpget_call(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return transfer_call<&get<true>>("hpget", args, nargs, kwnames);
}

// The casts through void (*)() are CPython's convention for METH_FASTCALL functions.
constexpr int kFast = METH_FASTCALL | METH_KEYWORDS;
PyMethodDef g_transfers[] = {
    {"put", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&put_call)), kFast,
     "put(pid, src, dst, offset=0, count=None)\n--\n\n"
     "Copies count elements (all of src) from src into the area registered as dst on process "
     "pid, from element offset on, at the sync (bsp_put)."},
    {"hpput", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&hpput_call)), kFast,
     "hpput(pid, src, dst, offset=0, count=None)\n--\n\n"
     "As put, unbuffered: src must not change until the sync (bsp_hpput)."},
    {"get", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&get_call)), kFast,
     "get(pid, src, dst, offset=0, count=None)\n--\n\n"
     "Copies count elements (all of dst) from element offset of the area registered as src on "
     "process pid into dst, at the sync (bsp_get)."},
    {"hpget", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&hpget_call)), kFast,
     "hpget(pid, src, dst, offset=0, count=None)\n--\n\n"
     "As get, unbuffered: neither area may change until the sync (bsp_hpget)."},
};

}  // namespace

void bind_drma(py::module_& m) {
  m.def("push_reg", &push_reg, py::arg("area"),
        "Registers a writable buffer (or None) for DRMA from the next sync on (bsp_push_reg).");
  m.def("pop_reg", &pop_reg, py::arg("area"),
        "Removes the newest registration of the buffer at the next sync (bsp_pop_reg).");
  for (PyMethodDef& def : g_transfers) add_function(m, &def);
}

}  // namespace superstep_python
