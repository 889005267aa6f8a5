// The calls a program makes most often (put, get, their hp forms, sync) as plain CPython
// functions with the vectorcall convention (METH_FASTCALL): the interpreter passes the
// arguments as an array, without the tuple, the keyword dictionary and pybind11's generic
// argument handling that a pybind11 function costs on every call. Exceptions thrown
// inside (Error, pybind11's) become Python exceptions as pybind11 would make them.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

#include "errors.hpp"

namespace superstep_python {

// superstep.Error's type object (module.cpp sets it).
extern PyObject* g_error_type;

// Runs body(), turning what it throws into the Python exception in flight; returns its
// result, or nullptr with the exception set.
template <typename Body>
PyObject* translated(Body&& body) noexcept {
  try {
    return body();
  } catch (const Error& e) {
    PyErr_SetString(g_error_type, e.what());
  } catch (pybind11::error_already_set& e) {
    e.restore();
  } catch (const pybind11::builtin_exception& e) {
    e.set_error();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// Sorts positional and keyword arguments into `out` by the parameter names `names`
// (n of them, the first `required` without a default); absent ones stay null. Raises
// TypeError as Python words it, naming the function.
void sort_arguments(const char* function, const char* const* names, int n, int required,
                    PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject** out);

// An int argument (or anything with __index__), as long long; TypeError otherwise.
long long integer_argument(const char* function, const char* name, PyObject* value);

// Adds `def` (which must live as long as the module) to the module as a function.
void add_function(pybind11::module_& m, PyMethodDef* def);

}  // namespace superstep_python
