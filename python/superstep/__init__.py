"""Superstep for Python: BSPlib (Hill et al., "BSPlib: The BSP Programming
Library", Parallel Computing 24, 1998) with NumPy arrays, on Superstep's
engines.

    import numpy as np, superstep as bsp

    def spmd():
        p, me = bsp.nprocs(), bsp.pid()
        slots = np.zeros(p, dtype=np.int64)
        bsp.push_reg(slots); bsp.sync()
        bsp.put(0, np.array([me], dtype=np.int64), slots, me)
        bsp.sync()
        total = bsp.allreduce(me)          # any picklable object, summed
        names = bsp.gather({me: "p%d" % me})  # mpi4py's lowercase collectives

    bsp.run(spmd, 4)

Offsets and counts are in elements of the registered area's type. Misuse that
one process can see (a put beyond another process's area included) raises
superstep.Error with the library's message, and so do collectives that do not
match between the processes, naming the Python line of the call; registrations
and tag sizes that do not match stop every process as in C, with a message that
names the Python line of the sync (or of end() or run()). See docs/python.md.
"""

from ._superstep import (Error, Send, abort, collective_chosen, collective_force, end,
                         get, get_tag, hpget, hpmove, hpput, move, nprocs, pid, pop_reg,
                         push_reg, put, qsize, set_tagsize, superstep, sync, team_begin,
                         team_end, time)
from .collectives import (Allgather, Allreduce, Alltoall, Alltoallv, Bcast, Gather, Reduce,
                          Scan, Scatter)
from .objects import (ANY_SOURCE, ANY_TAG, MAX, MIN, PROD, SUM, Status, allgather, allreduce,
                      alltoall, bcast, exscan, gather, iprobe, objects, recv, reduce, scan,
                      scatter, send)
from .spmd import _discard_output_before_begin, begin, messages, registered, run, team

_discard_output_before_begin()

__all__ = [
    "ANY_SOURCE", "ANY_TAG", "Allgather", "Allreduce", "Alltoall", "Alltoallv", "Bcast",
    "Error", "Gather", "MAX", "MIN", "PROD", "Reduce", "SUM", "Scan", "Scatter", "Send",
    "Status", "abort", "allgather", "allreduce", "alltoall", "begin", "bcast",
    "collective_chosen", "collective_force", "end", "exscan", "gather", "get", "get_tag",
    "hpget", "hpmove", "hpput", "iprobe", "messages", "move", "nprocs", "objects", "pid",
    "pop_reg", "push_reg", "put", "qsize", "recv", "reduce", "registered", "run", "scan",
    "scatter", "send", "set_tagsize", "superstep", "sync", "team", "team_begin", "team_end",
    "time",
]
