"""python3 remote_bounds.py: a put and a get beyond the area another process
registered (this process knows its size from the registration) raise
superstep.Error in elements, naming the line of the call, and the run goes on.
Process 0 prints each message, then every process prints its area."""
import numpy as np

import superstep as bsp


def spmd():
    area = np.zeros(4 if bsp.pid() == 0 else 2, dtype=np.int32)
    bsp.push_reg(area)
    bsp.sync()
    if bsp.pid() == 0:
        for transfer in (lambda: bsp.put(1, np.ones(3, dtype=np.int32), area, 0),
                         lambda: bsp.hpget(1, area, np.zeros(3, dtype=np.int32), 1, 2)):
            try:
                transfer()
            except bsp.Error as e:
                print(e, flush=True)
        bsp.put(1, np.ones(2, dtype=np.int32), area, 0)
    bsp.sync()
    print("process %d: %s" % (bsp.pid(), area.tolist()), flush=True)


if __name__ == "__main__":
    bsp.run(spmd, 2)
