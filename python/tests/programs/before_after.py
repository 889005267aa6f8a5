"""python3 before_after.py SEED|none: what runs before run() is process 0's
sequential part (printed once, on every engine), each process draws its own
random numbers inside it (the same ones on every engine when the program
seeded its generators before run), and what runs after it runs on process 0."""
import random
import sys

import numpy as np

import superstep as bsp

if sys.argv[1] != "none":
    random.seed(int(sys.argv[1]))
    np.random.seed(int(sys.argv[1]))
print("before run: %.9f" % random.random())


def draw():
    return "%.9f %.9f" % (random.random(), np.random.random())


print("after run:", bsp.run(lambda: bsp.gather(draw())))
