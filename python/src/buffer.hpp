// A contiguous Python buffer (a NumPy array, bytearray, bytes, memoryview,
// array.array...) seen through the buffer protocol: its address, size and
// element type, without a copy. The view is held until the object is
// destroyed, so the owner can neither be freed nor resized meanwhile.
#pragma once

#include <Python.h>

#include <cstdint>
#include <string>

namespace superstep_python {

// An element type: its kind ('i' signed, 'u' unsigned, 'f' float, 'c'
// complex, 'b' bool, else the buffer's format string) and size. Formats that
// differ only in spelling ('l' and 'q' of 8 bytes) are the same type.
// A type whose bytes are in the other order than this machine's ('>f8' here) is
// another type: its elements are never moved as if they were native.
struct ElementType {
  std::string kind;
  Py_ssize_t itemsize = 1;
  bool swapped = false;  // the bytes of each element are in the other order
  bool operator==(const ElementType&) const = default;
  // "int64", "float32", "float64 (big-endian)", or "format 'T{...}' (12 bytes)"
  std::string name() const;
};

// An element type in 32 bytes, as processes exchange it (the collectives' agreement,
// the registrations' types).
struct TypeWord {
  char kind[24];
  std::int32_t itemsize;
  std::int32_t swapped;
  static TypeWord of(const ElementType& type);
  ElementType type() const { return ElementType{kind, itemsize, swapped != 0}; }
  bool operator==(const TypeWord& other) const;
};

// A native-order, C-contiguous NumPy array of numbers (writable if asked), read from the
// array itself: what the common put and get take without making a Buffer.
struct ArrayView {
  char* data;
  Py_ssize_t elements;
  Py_ssize_t itemsize;
  char kind;  // 'i', 'u', 'f', 'c' or 'b', as ElementType::kind
};
// False (nothing raised) for anything else, or before NumPy is imported.
bool array_view(PyObject* object, bool writable, ArrayView* view);

class Buffer {
 public:
  // `what` names the argument in errors ("src", "dst"); a buffer that cannot
  // be had contiguous (and writable, if asked) raises superstep.Error.
  Buffer(PyObject* object, bool writable, const char* primitive, const char* what);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  char* data() const { return data_; }
  Py_ssize_t nbytes() const { return nbytes_; }
  Py_ssize_t elements() const { return type_.itemsize ? nbytes_ / type_.itemsize : 0; }
  const ElementType& type() const { return type_; }

  // Whether NumPy arrays can be read directly (NumPy has been imported), rather than
  // through the buffer protocol, whose export costs a NumPy array a few hundred
  // nanoseconds a call.
  static bool numpy_loaded();

 private:
  bool from_ndarray(PyObject* object, bool writable);
  char* data_ = nullptr;
  Py_ssize_t nbytes_ = 0;
  ElementType type_;
  bool has_view_ = false;
  Py_buffer view_{};
};

}  // namespace superstep_python
