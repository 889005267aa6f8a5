"""bsp_sum.py - the paper's bsp_sum (Hill et al., 1998, section 3.3.1) in Python, with
hpget as in the paper; prints what examples/bsp_sum.c prints.

Process s holds the s+1 numbers 1..s+1; every process gets the sum over all of them
by reading each process's partial sum. Run with BSP_NPROCS=p.
"""
import numpy as np

import superstep as bsp


def bsp_sum(xs):
    p = bsp.nprocs()
    result = np.array([xs.sum()], dtype=np.intc)
    local_sums = np.zeros(p, dtype=np.intc)
    with bsp.registered(result):
        bsp.sync()
        for i in range(p):
            bsp.hpget(i, result, local_sums[i:i + 1], 0)
        bsp.sync()
    return int(local_sums.sum())


def main():
    s = bsp.pid()
    total = bsp_sum(np.arange(1, s + 2, dtype=np.intc))
    print("process %d: bsp_sum = %d" % (s, total))


if __name__ == "__main__":
    bsp.run(main)
