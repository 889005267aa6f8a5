"""python3 remote_bounds.py: a put beyond the area another process registered
(only the library knows its size) stops the run with the library's message."""
import numpy as np

import superstep as bsp


def spmd():
    area = np.zeros(4 if bsp.pid() == 0 else 2, dtype=np.int32)
    bsp.push_reg(area)
    bsp.sync()
    if bsp.pid() == 0:
        bsp.put(1, np.ones(3, dtype=np.int32), area, 0)
    bsp.sync()


if __name__ == "__main__":
    bsp.run(spmd, 2)
