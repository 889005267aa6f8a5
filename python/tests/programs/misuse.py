"""python3 misuse.py: misuse inside a run raises superstep.Error and leaves the
run intact. Process 0 prints "<case>: <message>" for each, then "continued" once
the run has gone on after all of them, then the errors after bsp_end."""
import numpy as np

import superstep as bsp


def report(case, call):
    try:
        call()
    except bsp.Error as e:
        if bsp._superstep._running() is False or bsp.pid() == 0:
            print("%s: %s" % (case, e), flush=True)
        return
    raise AssertionError("%s raised nothing" % case)


def drma_misuse(p):
    area = np.zeros(4, dtype=np.int64)
    one = np.ones(1, dtype=np.int64)
    bsp.push_reg(area)
    report("early_put", lambda: bsp.put(0, one, area, 0))
    bsp.sync()
    report("bad_pid", lambda: bsp.put(p, one, area, 0))
    report("negative_offset", lambda: bsp.put(0, one, area, -1))
    report("negative_count", lambda: bsp.get(0, area, np.zeros(1, np.int64), 0, -2))
    report("unregistered", lambda: bsp.put(0, one, np.zeros(4, dtype=np.int64), 0))
    report("dtype", lambda: bsp.put(0, np.ones(1), area, 0))
    report("byte_order_put", lambda: bsp.put(0, np.ones(1, dtype=">i8"), area, 0))
    report("byte_order_get", lambda: bsp.get(0, area, np.zeros(1, dtype=">i8"), 0))
    report("count_beyond_src", lambda: bsp.put(0, one, area, 0, count=5))
    report("readonly_dst", lambda: bsp.get(0, area, b"\0" * 8, 0))
    report("not_contiguous", lambda: bsp.hpput(0, np.zeros(8, dtype=np.int64)[::2], area, 0))
    report("not_a_buffer", lambda: bsp.put(0, [1, 2], area, 0))
    report("pop_unregistered", lambda: bsp.pop_reg(np.zeros(2)))
    bsp.pop_reg(area)
    report("pop_twice", lambda: bsp.pop_reg(area))
    bsp.sync()


def bsmp_misuse(p):
    report("negative_tagsize", lambda: bsp.set_tagsize(-1))
    report("tag_size", lambda: bsp.Send(0, b"abc", b""))
    report("send_pid", lambda: bsp.Send(-1, None, b""))
    bsp.set_tagsize(4)
    bsp.sync()
    report("tag_none", lambda: bsp.Send(0, None, b"x"))
    report("move_empty", lambda: bsp.move(bytearray(4)))
    bsp.set_tagsize(0)
    bsp.sync()


def collective_misuse(p):
    report("root", lambda: bsp.Bcast(1, root=p + 5))
    report("reduce_types", lambda: bsp.Allreduce(np.ones(2), np.add, out=np.zeros(2, np.int32)))
    mixed = np.arange(3, dtype=np.int64 if bsp.pid() == 0 else np.float64)
    report("mixed_types", lambda: bsp.Allreduce(mixed))
    report("mixed_byte_order", lambda: bsp.Allgather(mixed.astype(">i8" if bsp.pid() else "<i8")))

    def bad(a, b):
        raise ValueError("this operator fails")
    raised = 0
    try:
        bsp.Allreduce(np.ones(3), bad)
    except ValueError as e:
        raised = 1
        assert str(e) == "this operator fails"
    if bsp.Allreduce(raised, max) and bsp.pid() == 0:
        print("operator_error: ValueError reached the caller", flush=True)


def object_misuse(p):
    report("object_root", lambda: bsp.gather({"a": 1}, root=p + 7))
    report("alltoall_count", lambda: bsp.alltoall([1]))
    report("object_tag", lambda: bsp.send("x", 0, tag=-1))
    bsp.Send(bsp.pid(), None, b"x")
    bsp.sync()
    report("recv_bytes", lambda: bsp.recv())
    bsp.Send(bsp.pid(), None, b"y")
    bsp.sync()
    report("queue_left", lambda: bsp.bcast(1))


def spmd():
    p = bsp.nprocs()
    report("second_begin", lambda: bsp.begin(2))
    drma_misuse(p)
    bsmp_misuse(p)
    collective_misuse(p)
    object_misuse(p)
    bsp.sync()
    if bsp.pid() == 0:
        print("continued in superstep %d" % bsp.superstep(), flush=True)


if __name__ == "__main__":
    bsp.run(spmd, 2)
    report("after_end", bsp.sync)
    report("pid_after_end", bsp.pid)
