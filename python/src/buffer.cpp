#include "buffer.hpp"

#include <cstring>

#include "errors.hpp"

namespace superstep_python {

namespace {

// The kind of a struct-module format character, or "" when it is no number.
std::string kind_of(const char* format) {
  if (!format) return "u";  // no format: plain bytes
  if (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!') {
    if (format[1] && !format[2]) return kind_of(format + 1);
    return format;
  }
  if (format[0] && format[1]) return format[0] == 'Z' && !format[2] ? "c" : format;
  switch (*format) {
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': return "i";
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': case 'c': return "u";
    case 'e': case 'f': case 'd': case 'g': return "f";
    case '?': return "b";
    default: return format;
  }
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
  static const char* const kNames[][2] = {{"i", "int"}, {"u", "uint"}, {"f", "float"},
                                          {"c", "complex"}, {"b", "bool"}};
  for (const auto& [kind_name, prefix] : kNames)
    if (kind == kind_name)
      return kind == "b" ? "bool" : format("%s%zd", prefix, itemsize * 8);
  return format("format '%s' (%zd bytes)", kind.c_str(), itemsize);
}

Buffer::Buffer(PyObject* object, bool writable, const char* primitive, const char* what) {
  int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
  if (PyObject_GetBuffer(object, &view_, flags) != 0) {
    std::string why = take_python_error();
    fail(primitive, format("%s is not a contiguous%s buffer (%s); pass a NumPy array, bytearray "
                           "or another object with the buffer protocol",
                           what, writable ? " writable" : "", why.c_str()));
  }
  type_.kind = kind_of(view_.format);
  type_.itemsize = view_.itemsize;
}

Buffer::~Buffer() { PyBuffer_Release(&view_); }

}  // namespace superstep_python
