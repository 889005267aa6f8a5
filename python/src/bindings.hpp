// The parts of the module superstep._superstep, one function per file.
#pragma once

#include <pybind11/pybind11.h>

namespace superstep_python {

void bind_spmd(pybind11::module_& m);         // begin, end, abort, pid, nprocs, time, sync
void bind_drma(pybind11::module_& m);         // push_reg, pop_reg, put, get, hpput, hpget
void bind_bsmp(pybind11::module_& m);         // set_tagsize, send, qsize, get_tag, move, hpmove
void bind_collectives(pybind11::module_& m);  // the level-1 collectives of bsp_level1.h

// Flushes Python's sys.stdout and sys.stderr, so that nothing buffered there
// is printed by several processes or lost by one that ends in bsp_end.
void flush_python_streams();

}  // namespace superstep_python
