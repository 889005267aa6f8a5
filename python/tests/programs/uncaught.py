"""python3 uncaught.py P: process P-1 raises in superstep 1; the run must stop
with its traceback, pid and superstep, and exit status 1."""
import sys

import superstep as bsp


def fail_here():
    raise KeyError("lost key")


def spmd():
    bsp.sync()
    if bsp.pid() == bsp.nprocs() - 1:
        fail_here()
    bsp.sync()
    bsp.sync()


if __name__ == "__main__":
    bsp.run(spmd, int(sys.argv[1]))
    print("not reached")
