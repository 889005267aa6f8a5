// superstep._superstep: BSPlib's primitives for Python. The package
// superstep (superstep/__init__.py) adds run(), the context manager, the
// message iterator and the collectives' NumPy side.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "errors.hpp"

PYBIND11_MODULE(_superstep, m) {
  m.doc() = "BSPlib (Hill et al., 1998) on Superstep's engines: the C primitives, checked";
  pybind11::register_exception<superstep_python::Error>(m, "Error", PyExc_RuntimeError);
  superstep_python::bind_spmd(m);
  superstep_python::bind_drma(m);
  superstep_python::bind_bsmp(m);
  superstep_python::bind_collectives(m);
}
