"""bsmp.py - bulk synchronous message passing in Python; prints what examples/bsmp.c
prints.

Every process sends every process one message whose tag is its pid and whose
payload is s+1 copies of s. The first message is copied out with get_tag and move,
the rest are read in place through the message iterator (hpmove). Run with
BSP_NPROCS=p.
"""
import numpy as np

import superstep as bsp


def main():
    p, s = bsp.nprocs(), bsp.pid()
    tag = np.array([s], dtype=np.intc)
    previous = bsp.set_tagsize(tag.nbytes)  # the size before, 0
    bsp.sync()

    payload = np.full(s + 1, s, dtype=np.intc)
    for t in range(p):
        bsp.Send(t, tag, payload)  # tag and payload are copied at the call
    bsp.sync()

    messages, nbytes = bsp.qsize()
    total = 0
    status, sender = bsp.get_tag()  # status: the payload's length, or -1 if there is none
    if status >= 0:
        first = np.empty(status // tag.itemsize, dtype=np.intc)
        bsp.move(first)
        total += int(first.sum())
    for _tag, body in bsp.messages():  # the rest, read in place
        total += int(np.frombuffer(body, dtype=np.intc).sum())
    print("process %d received %d messages, %d bytes of payload, values summing to %d"
          % (s, messages, nbytes, total))
    bsp.set_tagsize(previous)  # back to the size we found


if __name__ == "__main__":
    bsp.run(main)
