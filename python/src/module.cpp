// superstep._superstep: BSPlib's primitives for Python. The package
// superstep (superstep/__init__.py) adds run(), the context manager, the
// message iterator and the collectives' NumPy side.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "errors.hpp"
#include "fastcall.hpp"

PYBIND11_MODULE(_superstep, m) {
  m.doc() = "BSPlib (Hill et al., 1998) on Superstep's engines: the C primitives, checked";
  superstep_python::g_error_type =
      pybind11::register_exception<superstep_python::Error>(m, "Error", PyExc_RuntimeError).ptr();
  superstep_python::bind_spmd(m);
  superstep_python::bind_drma(m);
  superstep_python::bind_bsmp(m);
  superstep_python::bind_collectives(m);
}
