#include "fastcall.hpp"

namespace py = pybind11;

namespace superstep_python {

PyObject* g_error_type = PyExc_RuntimeError;

void sort_arguments(const char* function, const char* const* names, int n, int required,
                    PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject** out) {
  if (nargs > n)
    throw py::type_error(format("%s() takes at most %d arguments (%zd given)", function, n, nargs));
  for (int i = 0; i < n; ++i) out[i] = i < nargs ? args[i] : nullptr;
  if (kwnames) {
    Py_ssize_t keywords = PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < keywords; ++k) {
      PyObject* name = PyTuple_GET_ITEM(kwnames, k);
      int i = 0;
      while (i < n && PyUnicode_CompareWithASCIIString(name, names[i]) != 0) ++i;
      if (i == n) {
        const char* text = PyUnicode_AsUTF8(name);
        if (!text) throw py::error_already_set();
        throw py::type_error(
            format("%s() got an unexpected keyword argument '%s'", function, text));
      }
      if (out[i])
        throw py::type_error(
            format("%s() got multiple values for argument '%s'", function, names[i]));
      out[i] = args[nargs + k];
    }
  }
  for (int i = 0; i < required; ++i)
    if (!out[i])
      throw py::type_error(
          format("%s() missing required argument '%s' (pos %d)", function, names[i], i + 1));
}

long long integer_argument(const char* function, const char* name, PyObject* value) {
  if (PyLong_CheckExact(value)) [[likely]] {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (!overflow) return v;
  }
  if (!PyIndex_Check(value))
    throw py::type_error(format("%s(): %s must be an integer, not %s", function, name,
                                Py_TYPE(value)->tp_name));
  long long v = PyLong_AsLongLong(value);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

void add_function(py::module_& m, PyMethodDef* def) {
  PyObject* function = PyCFunction_NewEx(def, nullptr, m.attr("__name__").ptr());
  if (!function) throw py::error_already_set();
  m.add_object(def->ml_name, py::reinterpret_steal<py::object>(function));
}

}  // namespace superstep_python
