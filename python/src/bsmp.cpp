// Bulk synchronous message passing: set_tagsize, send, qsize, get_tag, move,
// hpmove. Tags and payloads are any buffers; hpmove hands out read-only
// memoryviews into the queue, valid until the superstep ends.
#include <bsp.h>

#include <memory>

#include "bindings.hpp"
#include "errors.hpp"
#include "run_state.hpp"

namespace py = pybind11;

namespace superstep_python {

namespace {

int set_tagsize(int bytes) {
  require_running("bsp_set_tagsize");
  if (bytes < 0)
    fail("bsp_set_tagsize", format("the tag size is %d; it must not be negative", bytes));
  int previous = bytes;
  bsp_set_tagsize(&previous);
  RunState::get().set_tagsize(bytes);
  return previous;
}

void send(long long pid, py::handle tag, py::handle payload) {
  require_running("bsp_send");
  check_pid("bsp_send", pid);
  int tagsize = RunState::get().tagsize();
  std::unique_ptr<Buffer> tag_buffer;
  if (tag.is_none()) {
    if (tagsize > 0)
      fail("bsp_send",
           format("tag is None but the tag size is %d; pass a tag of that size", tagsize));
  } else {
    tag_buffer = std::make_unique<Buffer>(tag.ptr(), false, "bsp_send", "tag");
    if (tag_buffer->nbytes() != tagsize)
      fail("bsp_send", format("the tag has %zd bytes but the tag size in effect is %d; pass a tag "
                              "of that size (set_tagsize takes effect at the next sync)",
                              tag_buffer->nbytes(), tagsize));
  }
  Buffer data(payload.ptr(), false, "bsp_send", "payload");
  int nbytes = bytes_int("bsp_send", "the payload", data.nbytes());
  PythonSite site = python_site();
  bsp_send_at(static_cast<int>(pid), tag_buffer ? tag_buffer->data() : nullptr, data.data(),
              nbytes, site.file, site.line);
}

py::tuple qsize() {
  require_running("bsp_qsize");
  int messages = 0, nbytes = 0;
  bsp_qsize(&messages, &nbytes);
  return py::make_tuple(messages, nbytes);
}

// (payload size, tag as bytes) of the first message, or (-1, None).
py::tuple get_tag() {
  require_running("bsp_get_tag");
  int status = -1;
  std::string tag(static_cast<std::size_t>(RunState::get().queue_tagsize()), '\0');
  bsp_get_tag(&status, tag.data());
  if (status < 0) return py::make_tuple(-1, py::none());
  return py::make_tuple(status, py::bytes(tag));
}

int move(py::handle payload) {
  require_running("bsp_move");
  int status = -1;
  std::string tag(static_cast<std::size_t>(RunState::get().queue_tagsize()), '\0');
  bsp_get_tag(&status, tag.data());
  if (status < 0) fail("bsp_move", "the message queue is empty; check qsize or get_tag first");
  if (payload.is_none()) {
    bsp_move(nullptr, 0);
    return 0;
  }
  Buffer into(payload.ptr(), true, "bsp_move", "payload");
  int room = bytes_int("bsp_move", "the payload buffer", into.nbytes());
  bsp_move(into.data(), room);
  return status < room ? status : room;
}

py::object view_of(void* data, long long nbytes) {
  static char nothing;  // an empty tag or payload may have no address
  char* at = nbytes > 0 ? static_cast<char*>(data) : &nothing;
  PyObject* view = PyMemoryView_FromMemory(at, nbytes, PyBUF_READ);
  if (!view) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(view);
}

// (tag, payload) memoryviews of the first message, taken off the queue, or None.
py::object hpmove() {
  require_running("bsp_hpmove");
  void* tag = nullptr;
  void* payload = nullptr;
  int tagsize = RunState::get().queue_tagsize();
  int nbytes = bsp_hpmove(&tag, &payload);
  if (nbytes < 0) return py::none();
  return py::make_tuple(view_of(tag, tagsize), view_of(payload, nbytes));
}

}  // namespace

void bind_bsmp(py::module_& m) {
  m.def(
      "set_tagsize", &set_tagsize, py::arg("nbytes"),
      "Sets the tag size from the next sync on; returns the one pending before (bsp_set_tagsize).");
  m.def("Send", &send, py::arg("pid"), py::arg("tag"), py::arg("payload") = py::bytes(),
        "Sends tag (tag-size bytes, or None) and payload to pid's queue of the next superstep "
        "(bsp_send).");
  m.def("_tagsize", [] { return RunState::get().tagsize(); });
  m.def("qsize", &qsize, "(messages, payload bytes) left in the queue (bsp_qsize).");
  m.def("get_tag", &get_tag,
        "(payload size, tag bytes) of the first message, or (-1, None) if none (bsp_get_tag).");
  m.def("move", &move, py::arg("payload"),
        "Copies the first message's payload into a writable buffer (None drops it) and takes it "
        "off the queue; returns the bytes copied (bsp_move).");
  m.def("hpmove", &hpmove,
        "Takes the first message off the queue and returns (tag, payload) as read-only "
        "memoryviews valid until the next sync, or None if the queue is empty (bsp_hpmove).");
}

}  // namespace superstep_python
