"""python3 registration_types.py CASE: registrations whose element types differ
between processes. "mixed": int64 on process 0, float64 elsewhere, and a put
through it: every process raises at the sync, before reading what arrived.
"allowed": None on process 1 and raw bytes on process 2 go with any type."""
import sys

import numpy as np

import superstep as bsp


def mixed():
    area = np.zeros(4, dtype=np.int64 if bsp.pid() == 0 else np.float64)
    bsp.push_reg(area)
    bsp.sync()
    if bsp.pid() == 0:
        bsp.put(1, np.ones(1, dtype=np.int64), area, 0)
    bsp.sync()
    print("not reached: process %d read %r" % (bsp.pid(), area[0]))


def allowed():
    me = bsp.pid()
    area = None if me == 1 else bytearray(16) if me == 2 else np.zeros(2, dtype=np.float64)
    bsp.push_reg(area)
    bsp.sync()
    if me == 0 and bsp.nprocs() > 2:
        bsp.put(2, np.ones(1), area, 0)
    bsp.sync()
    bsp.sync()
    if me == 2:
        print("raw bytes:", np.frombuffer(area, dtype=np.float64)[0])


bsp.run({"mixed": mixed, "allowed": allowed}[sys.argv[1]], 3)
