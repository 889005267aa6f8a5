"""python3 transfers_at_end.py: puts, an hpput and a get still pending when the function given
to run() returns, into and from areas that only the registrations still reference: they land
in bsp_end, whose sync needs the areas alive. Prints "done" after the run."""
import numpy as np

import superstep as bsp


def spmd():
    area = np.zeros(1024)
    bsp.push_reg(area)
    bsp.sync()
    p, me = bsp.nprocs(), bsp.pid()
    for i in range(200):
        bsp.put((me + 1) % p, np.array([1.0]), area, i)
    bsp.hpput((me + 1) % p, np.ones(4), area, 300)
    bsp.get((me + 1) % p, area, np.zeros(8), 0)


if __name__ == "__main__":
    bsp.run(spmd, 2)
    print("done")
