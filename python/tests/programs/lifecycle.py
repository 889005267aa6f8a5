"""python3 lifecycle.py: run() returns fn's result on process 0 only, after the
other processes ended cleanly; then the classic begin/end style is refused (one
SPMD part per program)."""
import os
import sys

import superstep as bsp


def spmd(base):
    print("process %d of %d in %d" % (bsp.pid(), bsp.nprocs(), os.getpid()))  # flushed at end
    assert bsp.time() >= 0.0
    return base + bsp.pid()


if __name__ == "__main__":
    print("before run", flush=True)
    result = bsp.run(spmd, int(sys.argv[1]), 40)
    print("run returned %r in %d" % (result, os.getpid()))
