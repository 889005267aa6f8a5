#include "buffer.hpp"

#include <pybind11/numpy.h>

#include <bit>
#include <cstring>

#include "errors.hpp"

namespace superstep_python {

namespace {

constexpr bool kLittleEndian = std::endian::native == std::endian::little;

// The kind of a struct-module format character, or "" when it is no number.
std::string kind_of(const char* format) {
  if (!format) return "u";  // no format: plain bytes
  if (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!') {
    if (format[1] && !format[2]) return kind_of(format + 1);
    return format;
  }
  if (format[0] && format[1]) return format[0] == 'Z' && !format[2] ? "c" : format;
  switch (*format) {
    case 'b':
    case 'h':
    case 'i':
    case 'l':
    case 'q':
    case 'n':
      return "i";
    case 'B':
    case 'H':
    case 'I':
    case 'L':
    case 'Q':
    case 'N':
    case 'c':
      return "u";
    case 'e':
    case 'f':
    case 'd':
    case 'g':
      return "f";
    case '?':
      return "b";
    default:
      return format;
  }
}

// Whether a struct-module format names elements of more than one byte in the other
// byte order than this machine's ('>d' or '!d' here).
bool swapped_order(const char* format, Py_ssize_t itemsize) {
  if (!format || itemsize < 2) return false;
  if (*format == '>' || *format == '!') return kLittleEndian;
  if (*format == '<') return !kLittleEndian;
  return false;
}

// The Python error in flight, as text, cleared.
std::string take_python_error() {
  PyObject *type, *value, *trace;
  PyErr_Fetch(&type, &value, &trace);
  std::string text = "not a buffer";
  if (value) {
    if (PyObject* s = PyObject_Str(value)) {
      if (const char* c = PyUnicode_AsUTF8(s)) text = c;
      Py_DECREF(s);
    }
  }
  PyErr_Clear();
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(trace);
  return text;
}

}  // namespace

std::string ElementType::name() const {
  static const char* const kNames[][2] = {
      {"i", "int"}, {"u", "uint"}, {"f", "float"}, {"c", "complex"}, {"b", "bool"}};
  const char* order = !swapped ? "" : kLittleEndian ? " (big-endian)" : " (little-endian)";
  for (const auto& [kind_name, prefix] : kNames)
    if (kind == kind_name)
      return kind == "b" ? "bool" : format("%s%zd%s", prefix, itemsize * 8, order);
  return format("format '%s' (%zd bytes)", kind.c_str(), itemsize);
}

TypeWord TypeWord::of(const ElementType& type) {
  TypeWord word{};
  std::strncpy(word.kind, type.kind.c_str(), sizeof word.kind - 1);
  word.itemsize = static_cast<std::int32_t>(type.itemsize);
  word.swapped = type.swapped;
  return word;
}

bool TypeWord::operator==(const TypeWord& other) const {
  return std::memcmp(this, &other, sizeof other) == 0;
}

namespace {
bool g_numpy = false;
}

// NumPy is never imported here: until the program (or a collective) has imported it, no
// object can be an array, and every buffer goes the buffer protocol's way.
bool Buffer::numpy_loaded() {
  if (g_numpy) return true;
  PyObject* name = PyUnicode_FromString("numpy");
  if (!name) return PyErr_Clear(), false;
  PyObject* module = PyImport_GetModule(name);
  Py_DECREF(name);
  if (!module) {
    PyErr_Clear();
    return false;
  }
  g_numpy = module != Py_None;  // None: the program blocked the import
  Py_DECREF(module);
  return g_numpy;
}

bool array_view(PyObject* object, bool writable, ArrayView* view) {
  namespace detail = pybind11::detail;
  if (!Buffer::numpy_loaded() || !pybind11::isinstance<pybind11::array>(object)) return false;
  const auto* array = detail::array_proxy(object);
  const auto* descr = detail::array_descriptor_proxy(array->descr);
  using api = detail::npy_api;
  if (!(array->flags & api::NPY_ARRAY_C_CONTIGUOUS_)) return false;
  if (writable && !(array->flags & api::NPY_ARRAY_WRITEABLE_)) return false;
  if (descr->byteorder == '>' || !std::strchr("iufcb", descr->kind)) return false;
  Py_ssize_t elements = 1;
  for (int i = 0; i < array->nd; ++i) elements *= array->dimensions[i];
  *view = {array->data, elements, descr->elsize, descr->kind};
  return true;
}

// A NumPy array that array_view takes is read from the array itself. Anything else goes the
// buffer protocol's way, which also words the errors.
bool Buffer::from_ndarray(PyObject* object, bool writable) {
  ArrayView view;
  if (!array_view(object, writable, &view)) return false;
  data_ = view.data;
  type_.kind.assign(1, view.kind);
  type_.itemsize = view.itemsize;
  nbytes_ = view.elements * view.itemsize;
  return true;
}

Buffer::Buffer(PyObject* object, bool writable, const char* primitive, const char* what) {
  if (from_ndarray(object, writable)) return;
  int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
  if (PyObject_GetBuffer(object, &view_, flags) != 0) {
    std::string why = take_python_error();
    fail(primitive, format("%s is not a contiguous%s buffer (%s); pass a NumPy array, bytearray "
                           "or another object with the buffer protocol",
                           what, writable ? " writable" : "", why.c_str()));
  }
  has_view_ = true;
  if (view_.format && std::strchr(view_.format, 'O'))
    fail(primitive, format("%s holds Python objects, which have no meaning in another process; "
                           "pass numbers",
                           what));
  data_ = static_cast<char*>(view_.buf);
  nbytes_ = view_.len;
  type_.kind = kind_of(view_.format);
  type_.itemsize = view_.itemsize;
  type_.swapped = swapped_order(view_.format, view_.itemsize);
}

Buffer::~Buffer() {
  if (has_view_) PyBuffer_Release(&view_);
}

}  // namespace superstep_python
