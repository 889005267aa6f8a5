// The SPMD framework: begin, end, abort, pid, nprocs, time, sync.
#define SUPERSTEP_NO_SYNC_SITE
#include <bsp.h>
#include <bsp_profile.h>

#include <string>

#include "bindings.hpp"
#include "errors.hpp"
#include "fastcall.hpp"
#include "run_state.hpp"

namespace py = pybind11;

namespace superstep_python {

namespace {

void begin(int maxprocs) {
  if (phase() != Phase::kBefore)
    fail("bsp_begin",
         "called a second time; a program has one SPMD part: call bsp_begin (or superstep.run) "
         "once");
  if (maxprocs < 1)
    fail("bsp_begin", format("maxprocs is %d; ask for at least 1 process", maxprocs));
  flush_python_streams();
  bsp_begin(maxprocs);
  set_phase(Phase::kRunning);
  RunState::get().begin_registrations(bsp_nprocs());
}

// Errors found at the end name its Python file and line: end()'s, or that of the run() call.
void end() {
  require_running("bsp_end");
  PythonSite site = python_site();
  flush_python_streams();
  set_phase(Phase::kAfter);
  // The last superstep's transfers land in bsp_end: the registered areas and held buffers must
  // live until then (they may be the only references left to them).
  bsp_end_at(site.file ? site.file : "<python>", site.line);  // processes other than 0 end here
  RunState::get().clear();
}

// The sync names its Python file and line: profiles name each sync by it, and errors
// found at the sync name it.
void sync() {
  require_running("bsp_sync");
  PythonSite site = python_site();
  bsp_sync_at(site.file ? site.file : "<python>", site.line);
  RunState::get().synced();
}

PyObject* sync_call(PyObject*, PyObject*) {
  return translated([]() -> PyObject* {
    sync();
    Py_RETURN_NONE;
  });
}

PyMethodDef g_sync = {"sync", &sync_call, METH_NOARGS,
                      "sync()\n--\n\nEnds the superstep: all communication takes effect "
                      "(bsp_sync)."};

// Teams (bsp_team_begin): the state the binding keeps is the team's from here to team_end.
void team_begin(int colour, py::object key) {
  require_running("bsp_team_begin");
  flush_python_streams();
  bsp_team_begin(colour, key.is_none() ? bsp_pid() : key.cast<int>());
  RunState::get().synced();  // the enclosing machine's superstep ended
  RunState::enter_team();
  RunState::get().begin_registrations(bsp_nprocs());
}

void team_end() {
  require_running("bsp_team_end");
  flush_python_streams();
  bsp_team_end();  // outside a team: stops every process with its message
  RunState::leave_team();
}

[[noreturn]] void abort_run(const std::string& message) {
  flush_python_streams();
  bsp_abort("%s", message.c_str());
}

}  // namespace

void flush_python_streams() {
  py::module_ sys = py::module_::import("sys");
  for (const char* name : {"stdout", "stderr"}) {
    py::object stream = sys.attr(name);
    if (!stream.is_none() && py::hasattr(stream, "flush")) stream.attr("flush")();
  }
}

void bind_spmd(py::module_& m) {
  m.def("begin", &begin, py::arg("maxprocs"),
        "Starts maxprocs processes (bsp_begin); process 0 is the caller.");
  m.def("end", &end, "Ends the SPMD part (bsp_end): processes other than 0 exit here.");
  m.def("abort", &abort_run, py::arg("message"),
        "Stops every process with the message on stderr and exit status 1 (bsp_abort).");
  m.def("nprocs", &bsp_nprocs,
        "The number of processes; before begin, the processors available (bsp_nprocs).");
  m.def(
      "pid",
      [] {
        require_running("bsp_pid");
        return bsp_pid();
      },
      "This process's number, 0..nprocs()-1 (bsp_pid).");
  m.def(
      "time",
      [] {
        require_running("bsp_time");
        return bsp_time();
      },
      "Seconds since begin on this process's clock (bsp_time).");
  add_function(m, &g_sync);
  m.def(
      "superstep",
      [] {
        require_running("bsp_superstep");
        return bsp_superstep();
      },
      "The number of the current superstep, from 0.");
  m.def("team_begin", &team_begin, py::arg("colour"), py::arg("key") = py::none(),
        "Splits the processes by colour (bsp_team_begin) and enters this process's team, "
        "ordered by key (default: pid): pid, nprocs, sync, registrations and messages are the "
        "team's until team_end.");
  m.def("team_end", &team_end,
        "Ends the team (bsp_team_end), on every process of it: back in the enclosing machine.");
  m.def("_running", [] { return phase() == Phase::kRunning; });
}

}  // namespace superstep_python
