#include "errors.hpp"

#include <bsp.h>
#include <bsp_profile.h>

#include <Python.h>
#include <frameobject.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <unordered_map>

namespace superstep_python {

namespace {
Phase g_phase = Phase::kBefore;

// The folder of the package's own Python files: the compiled module's, asked once it is
// imported ("" where that fails: no frame is then skipped).
const std::string& package_folder() {
  static const std::string* folder = [] {
    auto* text = new std::string;
    PyObject* module = PyImport_AddModule("superstep._superstep");  // borrowed
    PyObject* file = module ? PyObject_GetAttrString(module, "__file__") : nullptr;
    const char* name = file ? PyUnicode_AsUTF8(file) : nullptr;
    if (name) {
      *text = name;
      text->erase(text->rfind('/') + 1);
    }
    if (!name) PyErr_Clear();
    Py_XDECREF(file);
    return text;
  }();
  return *folder;
}
}  // namespace

void fail(const char* primitive, const std::string& details) {
  if (g_phase == Phase::kRunning)
    throw Error(format("superstep: error in %s, process %d, superstep %lld: %s", primitive,
                       bsp_pid(), bsp_superstep(), details.c_str()));
  throw Error(format("superstep: error in %s: %s", primitive, details.c_str()));
}

void fail_at(const char* primitive, PythonSite site, const std::string& details) {
  if (!site.file) fail(primitive, details);
  if (g_phase == Phase::kRunning)
    throw Error(format("superstep: error in %s, process %d, superstep %lld (%s:%d): %s", primitive,
                       bsp_pid(), bsp_superstep(), site.file, site.line, details.c_str()));
  throw Error(format("superstep: error in %s (%s:%d): %s", primitive, site.file, site.line,
                     details.c_str()));
}

Phase phase() { return g_phase; }
void set_phase(Phase p) { g_phase = p; }

void require_running(const char* primitive) {
  if (g_phase == Phase::kBefore)
    fail(primitive, "called outside bsp_begin..bsp_end; call bsp_begin first");
  if (g_phase == Phase::kAfter)
    fail(primitive, "called after bsp_end; only bsp_nprocs and bsp_abort work there");
}

void check_pid(const char* primitive, long long pid) {
  int p = bsp_nprocs();
  if (pid < 0 || pid >= p)
    fail(primitive, format("pid %lld is outside 0..%d (bsp_nprocs() is %d); pass a pid from 0 to "
                           "bsp_nprocs()-1",
                           pid, p - 1, p));
}

void check_not_negative(const char* primitive, const char* name, long long value) {
  if (value < 0) fail(primitive, format("%s is %lld; it must not be negative", name, value));
}

int bytes_int(const char* primitive, const char* what, long long bytes) {
  if (bytes > INT_MAX)
    fail(primitive,
         format("%s is %lld bytes, more than BSPlib's int sizes allow (%d)", what, bytes, INT_MAX));
  return static_cast<int>(bytes);
}

namespace {

// A call site: a code object and the offset of the call's instruction in it.
struct SiteKey {
  PyCodeObject* code;
  int instruction;
  bool operator==(const SiteKey&) const = default;
};
struct SiteKeyHash {
  std::size_t operator()(const SiteKey& k) const {
    return std::hash<const void*>()(k.code) * 31 + static_cast<std::size_t>(k.instruction);
  }
};

// The instruction a frame is at, where the interpreter says it cheaply.
int instruction_of(PyFrameObject* frame) {
#if PY_VERSION_HEX >= 0x030B0000
  return PyFrame_GetLasti(frame);
#else
  return -1 - PyFrame_GetLineNumber(frame);  // older interpreters: the line itself
#endif
}

}  // namespace

PythonSite python_site() {
  PyFrameObject* innermost = PyEval_GetFrame();  // borrowed
  if (!innermost) return {};
  PyCodeObject* code = PyFrame_GetCode(innermost);  // a new reference
  const int instruction = instruction_of(innermost);
  // The last call site from the program's own code, which a loop of calls repeats: found
  // without the tables below (its code object is kept alive by `files`, so no other takes its
  // address).
  static PyCodeObject* last_code = nullptr;
  static int last_instruction = -1;
  static PythonSite last_site;
  if (code == last_code && instruction == last_instruction) [[likely]] {
    Py_DECREF(code);
    return last_site;
  }
  struct File {
    std::string name;
    bool package;  // one of the package's own files: the site is its caller's
  };
  static auto* files = new std::unordered_map<PyCodeObject*, File>;
  static auto* sites = new std::unordered_map<SiteKey, PythonSite, SiteKeyHash>;
  PyFrameObject* frame = innermost;
  Py_INCREF(frame);
  for (;;) {
    auto file = files->find(code);
    if (file == files->end()) {
      const char* name = PyUnicode_AsUTF8(code->co_filename);
      if (!name) PyErr_Clear();
      std::string text = name ? name : "<python>";
      const std::string& folder = package_folder();
      const bool package = !folder.empty() && text.starts_with(folder);
      file = files->emplace(code, File{std::move(text), package}).first;
      Py_INCREF(code);
    }
    PyFrameObject* caller = file->second.package ? PyFrame_GetBack(frame) : nullptr;
    if (!caller) break;  // the program's frame, or the package's outermost
    Py_DECREF(code);
    Py_DECREF(frame);
    frame = caller;
    code = PyFrame_GetCode(frame);
  }
  const SiteKey key{code, instruction_of(frame)};
  auto site = sites->find(key);
  if (site == sites->end())
    site =
        sites->emplace(key, PythonSite{files->at(code).name.c_str(), PyFrame_GetLineNumber(frame)})
            .first;
  if (frame == innermost)
    last_code = code, last_instruction = key.instruction, last_site = site->second;
  Py_DECREF(code);
  Py_DECREF(frame);
  return site->second;
}

}  // namespace superstep_python
