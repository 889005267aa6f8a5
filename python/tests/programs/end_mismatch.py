"""python3 end_mismatch.py CASE: a collective call made by one process only in
the last superstep, which the processes find together at the end; the library
stops the run with a message that names the Python line of the end (end()'s, or
run()'s) and of the first push_reg.
CASE: push or tagsize (in a function given to run), or begin (begin and end called
directly; process 0 registers an area)."""
import sys

import numpy as np

import superstep as bsp


def spmd(case):
    area = np.zeros(2)
    bsp.sync()
    if bsp.pid() == 0:
        if case == "tagsize":
            bsp.set_tagsize(4)
        else:
            bsp.push_reg(area)


if __name__ == "__main__":
    if sys.argv[1] == "begin":
        bsp.begin(2)
        spmd("push")
        bsp.end()
    else:
        bsp.run(spmd, 2, sys.argv[1])
