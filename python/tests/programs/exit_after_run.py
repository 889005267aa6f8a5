"""python3 exit_after_run.py: the code after run() runs on process 0 alone, and
its exit status is the program's."""
import sys

import superstep as bsp

bsp.run(bsp.sync)
print("after run on process 0")
sys.exit(3)
