// What the binding keeps of this process's superstep, to check a call before
// the C library would stop every process over it: the registrations in
// effect and pending (BSPlib's rule: a push or pop takes effect at the next
// bsp_sync), the tag size in effect, in the queue and pending, and the Python
// objects that must outlive the superstep (hpput sources, get destinations).
#pragma once

#include <Python.h>

#include <memory>
#include <unordered_map>
#include <vector>

#include "buffer.hpp"
#include "errors.hpp"

namespace superstep_python {

class RunState {
 public:
  struct Area {
    Area(PyObject* o, std::unique_ptr<Buffer> b) : owner(o), buffer(std::move(b)) { Py_INCREF(o); }
    ~Area() { Py_DECREF(owner); }
    Area(const Area&) = delete;
    Area& operator=(const Area&) = delete;
    PyObject* owner;                 // a strong reference, dropped with the area
    std::unique_ptr<Buffer> buffer;  // null for a registration of None
    // Its registration's number (pushes counted from 0 on every process alike), and
    // the other processes' types of it, asked once a process (RemoteTypes).
    int serial = -1;
    std::vector<TypeWord> theirs;  // each process's entry of the table, once fetched
    PythonSite site;               // the push_reg's
    // The bytes each process registered in this registration, once it is in effect (empty
    // before): what a transfer through it is checked against, in elements of its type.
    std::vector<long long> nbytes_of;
  };

  // The state of the machine this process runs in now: the one begin started, or the team it
  // entered last (team_begin), each with registrations and tag sizes of its own.
  static RunState& get();
  // team_begin: a new state on top, for the team; team_end: the team's state dropped, with its
  // registrations and held objects. Whether this process is in a team.
  static void enter_team();
  static void leave_team();
  static bool in_team();

  // The newest registration in effect of `ident` here, or null.
  const Area* find(const void* ident) const;
  void push(std::shared_ptr<Area> area);
  // False when `ident` is not registered, counting this superstep's pushes and pops.
  bool pop(const void* ident);
  // Keeps `object`'s buffer until the superstep ends.
  void hold(std::unique_ptr<Buffer> buffer, PyObject* owner);

  // The registration in effect whose owner is `object`, when it was the last one a transfer
  // named by that object (remember): found without reading the object or the table.
  const Area* remembered(PyObject* object) const {
    return object == remembered_object_ ? remembered_ : nullptr;
  }
  void remember(const Area* area) { remembered_object_ = area->owner, remembered_ = area; }
  int nprocs() const { return nprocs_; }

  int tagsize() const { return tagsize_; }
  int queue_tagsize() const { return queue_tagsize_; }
  void set_tagsize(int bytes) { pending_tagsize_ = bytes; }

  // The superstep ended (a sync, or a collective's syncs): what was pending takes effect.
  void synced();

  // The registrations' types on the other processes, which BSPlib makes one variable on
  // every process: a table registered at begin holds each process's type of its n-th
  // registration; a push asks every other process for its entry (32-byte gets, issued in
  // the push's superstep, or in superstep 1 for those of superstep 0, when the table is
  // usable), and at the sync that delivers them, which is no later than the first one
  // that could deliver a transfer through the registration, synced() compares them and
  // raises on every process where they differ.
  void begin_registrations(int nprocs);
  // bsp_end: every registration and held object goes.
  void clear();

 private:
  std::unordered_map<const void*, std::vector<std::shared_ptr<Area>>> effective_;
  struct Pending {
    const void* ident;
    std::shared_ptr<Area> pushed;  // null: a pop
  };
  std::vector<Pending> pending_;
  std::vector<std::shared_ptr<Area>> held_;
  std::vector<TypeWord> table_;  // registered at begin when nprocs > 1; never resized
  bool table_usable_ = false;     // from superstep 1 on
  int pushes_ = 0;
  std::vector<std::shared_ptr<Area>> to_ask_;  // pushes waiting for the table
  std::vector<std::shared_ptr<Area>> asked_;   // asked in this superstep
  void ask(const std::shared_ptr<Area>& area);
  void compare(const std::vector<std::shared_ptr<Area>>& arrived);
  int tagsize_ = 0;
  int queue_tagsize_ = 0;
  int nprocs_ = 1;
  // Forgotten whenever the registrations in effect change (synced, clear).
  PyObject* remembered_object_ = nullptr;
  const Area* remembered_ = nullptr;
  int pending_tagsize_ = -1;
};

}  // namespace superstep_python
