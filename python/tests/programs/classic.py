"""python3 classic.py: begin/end in the classic style, p from BSP_NPROCS."""
import superstep as bsp

bsp.begin(bsp.nprocs())
s = bsp.pid()
total = bsp.allreduce(s, lambda a, b: a + b)
print("process %d of %d: sum of pids %d" % (s, bsp.nprocs(), total))
bsp.end()
print("after end: %d processors" % bsp.nprocs())
