"""run(), the registration context manager and the message iterator."""

import traceback

from . import _superstep as _c


def run(fn, nprocs=None, *args):
    """Runs fn(*args) on nprocs processes (default: bsp.nprocs(), the processors
    available, or the job's size under mpirun or bsprun) between begin and end.

    Returns fn's result on process 0; the other processes end when fn returns,
    as in C. An exception that leaves fn on any process stops every process
    with that process's traceback, pid and superstep (exit status 1).
    """
    _c.begin(_c.nprocs() if nprocs is None else nprocs)
    try:
        result = fn(*args)
    except BaseException:  # SystemExit too: a process may not leave the run alone
        _abort_with_traceback()
    _c.end()
    return result


def _abort_with_traceback():
    where = "process %d, superstep %d" % (_c.pid(), _c.superstep())
    _c.abort("superstep: uncaught exception in %s:\n%s" % (where, traceback.format_exc().rstrip()))


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
