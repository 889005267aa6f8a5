// Direct remote memory access: push_reg, pop_reg, put, get, hpput, hpget on
// buffers, with offsets and counts in elements of the registered area's type.
#include <bsp.h>

#include <cstring>
#include <memory>

#include "bindings.hpp"
#include "errors.hpp"
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
  long long count = count_arg.is_none() ? local.elements() : count_arg.cast<long long>();
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
          bytes_int(primitive, "the transfer", count * itemsize)};
}

void put(long long pid, py::handle src, py::handle dst, long long offset, py::handle count) {
  require_running("bsp_put");
  Buffer from(src.ptr(), false, "bsp_put", "src");
  Buffer to(dst.ptr(), false, "bsp_put", "dst");
  Transfer t = check_transfer("bsp_put", pid, from, to, offset, count);
  PythonSite site = python_site();
  bsp_put_at(static_cast<int>(pid), from.data(), to.data(), t.offset_bytes, t.nbytes, site.file,
             site.line);
}

void hpput(long long pid, py::handle src, py::handle dst, long long offset, py::handle count) {
  require_running("bsp_hpput");
  auto from = std::make_unique<Buffer>(src.ptr(), false, "bsp_hpput", "src");
  Buffer to(dst.ptr(), false, "bsp_hpput", "dst");
  Transfer t = check_transfer("bsp_hpput", pid, *from, to, offset, count);
  PythonSite site = python_site();
  bsp_hpput_at(static_cast<int>(pid), from->data(), to.data(), t.offset_bytes, t.nbytes,
               site.file, site.line);
  RunState::get().hold(std::move(from), src.ptr());
}

template <bool kHigh>
void get(long long pid, py::handle src, py::handle dst, long long offset, py::handle count) {
  const char* primitive = kHigh ? "bsp_hpget" : "bsp_get";
  require_running(primitive);
  Buffer from(src.ptr(), false, primitive, "src");
  auto to = std::make_unique<Buffer>(dst.ptr(), true, primitive, "dst");
  Transfer t = check_transfer(primitive, pid, *to, from, offset, count);
  PythonSite site = python_site();
  if (kHigh)
    bsp_hpget_at(static_cast<int>(pid), from.data(), t.offset_bytes, to->data(), t.nbytes,
                 site.file, site.line);
  else
    bsp_get_at(static_cast<int>(pid), from.data(), t.offset_bytes, to->data(), t.nbytes,
               site.file, site.line);
  RunState::get().hold(std::move(to), dst.ptr());  // written at the sync
}

}  // namespace

void bind_drma(py::module_& m) {
  m.def("push_reg", &push_reg, py::arg("area"),
        "Registers a writable buffer (or None) for DRMA from the next sync on (bsp_push_reg).");
  m.def("pop_reg", &pop_reg, py::arg("area"),
        "Removes the newest registration of the buffer at the next sync (bsp_pop_reg).");
  const char* put_doc =
      "put(pid, src, dst, offset=0, count=None): copies count elements (all of src) from src "
      "into the area registered as dst on process pid, from element offset on, at the sync.";
  m.def("put", &put, py::arg("pid"), py::arg("src"), py::arg("dst"), py::arg("offset") = 0,
        py::arg("count") = py::none(), put_doc);
  m.def("hpput", &hpput, py::arg("pid"), py::arg("src"), py::arg("dst"), py::arg("offset") = 0,
        py::arg("count") = py::none(),
        "As put, unbuffered: src must not change until the sync (bsp_hpput).");
  m.def("get", &get<false>, py::arg("pid"), py::arg("src"), py::arg("dst"), py::arg("offset") = 0,
        py::arg("count") = py::none(),
        "get(pid, src, dst, offset=0, count=None): copies count elements (all of dst) from "
        "element offset of the area registered as src on process pid into dst, at the sync.");
  m.def("hpget", &get<true>, py::arg("pid"), py::arg("src"), py::arg("dst"), py::arg("offset") = 0,
        py::arg("count") = py::none(),
        "As get, unbuffered: neither area may change until the sync (bsp_hpget).");
}

}  // namespace superstep_python
