"""run() and begin(), the registration context manager and the message
iterator.

What runs before and after the SPMD part is the same on every engine (docs/python.md,
"Before and after run()"): the code before run() or begin() is process 0's sequential
part, so under a launcher, where every process runs the script from its top, the
standard output of the processes other than 0 is discarded until begin; at begin,
the processes other than 0 reseed Python's random generator (and NumPy's global
one, when loaded) from its state and their pid; after end, process 0 alone goes on.
"""

import os
import pickle
import sys
import traceback

from . import _superstep as _c

# Where a launcher says which process this is (the engines read the same variables).
_RANK_VARIABLES = ("BSP_UDP_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
                   "SLURM_PROCID")


def _launcher_rank():
    for name in _RANK_VARIABLES:
        value = os.environ.get(name, "")
        if value.isdigit():
            return int(value)
    return 0


class _Discarded:
    """sys.stdout of a process other than 0 between import superstep and begin
    under a launcher (os.devnull), and the stream it stands for."""
    sink = None
    stream = None


def _discard_output_before_begin():
    if _launcher_rank() > 0 and sys.stdout is not None:
        _Discarded.stream = sys.stdout
        _Discarded.sink = open(os.devnull, "w", encoding=getattr(sys.stdout, "encoding", None))
        sys.stdout = _Discarded.sink


def _restore_output():
    if _Discarded.sink is not None:
        if sys.stdout is _Discarded.sink:
            sys.stdout = _Discarded.stream
        _Discarded.sink.close()
        _Discarded.sink = _Discarded.stream = None


def _derived_seed(state, pid):
    import hashlib  # here: import superstep stays light
    digest = hashlib.sha256(pickle.dumps(state, 4) + pid.to_bytes(8, "little")).digest()
    return int.from_bytes(digest, "little")


def _reseed():
    """Processes other than 0 draw other numbers than process 0, and the same ones
    on every engine: their generators are reseeded from the state before begin
    (process 0's copy on shared memory, their own, alike when seeded, under a
    launcher) and their pid. Process 0's generators go on untouched."""
    pid = _c.pid()
    if pid == 0:
        return
    generator = sys.modules.get("random")
    if generator is not None:
        generator.seed(_derived_seed(generator.getstate(), pid))
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed(_derived_seed(numpy_random.get_state(), pid) % 2**32)


def begin(maxprocs):
    """Starts maxprocs processes (bsp_begin); process 0 is the caller."""
    _c.begin(maxprocs)
    _restore_output()
    _reseed()


def run(fn, nprocs=None, *args):
    """Runs fn(*args) on nprocs processes (default: bsp.nprocs(), the processors
    available, or the job's size under mpirun or bsprun) between begin and end.

    Returns fn's result on process 0; the other processes end when fn returns,
    as in C. An exception that leaves fn on any process stops every process
    with that process's traceback, pid and superstep (exit status 1).
    """
    begin(_c.nprocs() if nprocs is None else nprocs)
    try:
        result = fn(*args)
    except BaseException:  # SystemExit too: a process may not leave the run alone
        _abort_with_traceback()
    _c.end()
    return result


def _abort_with_traceback():
    where = "process %d, superstep %d" % (_c.pid(), _c.superstep())
    _c.abort("superstep: uncaught exception in %s:\n%s" % (where, traceback.format_exc().rstrip()))


class team:
    """with bsp.team(colour, key=None): the processes that pass the same colour
    run the block as a BSP machine of their own (team_begin), ordered by key
    (default: pid); pid, nprocs, sync, registrations, messages and the
    collectives are the team's inside. Leaving the block ends the team
    (team_end) on every process of it. Teams nest."""

    def __init__(self, colour, key=None):
        self._colour, self._key = colour, key

    def __enter__(self):
        _c.team_begin(self._colour, self._key)
        return self

    def __exit__(self, *exc):
        if _c._running():
            _c.team_end()
        return False


class registered:
    """with bsp.registered(a, b): pushes the buffers' registrations on entry
    (every process, in the same order) and pops them on exit. The
    registrations take effect at the next sync, and the pops at the sync after
    the block, as push_reg and pop_reg do. Entering returns the buffer, or the
    tuple of buffers."""

    def __init__(self, *areas):
        self._areas = areas

    def __enter__(self):
        for area in self._areas:
            _c.push_reg(area)
        return self._areas[0] if len(self._areas) == 1 else self._areas

    def __exit__(self, *exc):
        if _c._running():
            for area in reversed(self._areas):
                _c.pop_reg(area)
        return False


def messages():
    """The messages of this superstep's queue as (tag, payload) memoryviews,
    each taken off the queue as it is yielded (bsp_hpmove). The views are valid
    until the next sync: copy what must live longer (bytes(view),
    np.frombuffer(view, dtype).copy())."""
    while True:
        message = _c.hpmove()
        if message is None:
            return
        yield message
