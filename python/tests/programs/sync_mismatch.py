"""python3 sync_mismatch.py CASE: a collective call made by one process only,
which the processes find together at the sync; the library stops the run with a
message that names the sync's Python line (and the first push_reg's).
CASE: push (process 0 registers an area, process 1 nothing) or tagsize."""
import sys

import numpy as np

import superstep as bsp


def spmd(case):
    area = np.zeros(2)
    if bsp.pid() == 0:
        if case == "push":
            bsp.push_reg(area)
        else:
            bsp.set_tagsize(4)
    bsp.sync()


if __name__ == "__main__":
    bsp.run(spmd, 2, sys.argv[1])
