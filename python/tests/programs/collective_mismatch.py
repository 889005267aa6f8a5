"""python3 collective_mismatch.py CASE: the processes call collectives that do not
match; each process catches the superstep.Error its collective raises and prints
it, naming the Python line of its own call, and the run goes on.
CASE: objects (bcast on process 0, gather elsewhere), object_roots (bcast from
different roots), buffers (Bcast on process 0, Gather elsewhere), buffer_roots,
buffer_counts or buffer_types (Allreduce of different sizes or types)."""
import sys

import numpy as np

import superstep as bsp


def mismatch(case, me):
    values = np.arange(3, dtype=np.int64)
    if case == "objects":
        if me == 0:
            bsp.bcast(me)  # objects 0
        else:
            bsp.gather(me)  # objects 1
    elif case == "object_roots":
        bsp.bcast(me, root=me)  # object_roots
    elif case == "buffers":
        if me == 0:
            bsp.Bcast(values)  # buffers 0
        else:
            bsp.Gather(values)  # buffers 1
    elif case == "buffer_roots":
        bsp.Bcast(values, root=me)  # buffer_roots
    elif case == "buffer_counts":
        bsp.Allreduce(np.zeros(2 + me))  # buffer_counts
    else:
        bsp.Allreduce(values.astype(np.float64) if me else values)  # buffer_types


def spmd(case):
    me = bsp.pid()
    try:
        mismatch(case, me)
        print("process %d: no error" % me)
    except bsp.Error as error:
        print("process %d: %s" % (me, error))
    print("process %d: %d" % (me, bsp.allreduce(1)))  # the run goes on


if __name__ == "__main__":
    bsp.run(spmd, 2, sys.argv[1])
