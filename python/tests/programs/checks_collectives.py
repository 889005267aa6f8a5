"""Collective checks: every level-1 collective, with NumPy ufuncs and Python
callables, on scalars and arrays."""
import numpy as np

import superstep as bsp


def broadcast():
    p, me = bsp.nprocs(), bsp.pid()
    root = p - 1
    got = bsp.Bcast(np.arange(5) * (me + 1), root=root)
    assert list(got) == list(np.arange(5) * p)
    assert bsp.Bcast(me * 1.5, root=0) == 0.0
    out = np.empty(3, dtype=np.int16)
    assert bsp.Bcast(np.full(3, me, dtype=np.int16), root=root, out=out) is out
    assert list(out) == [root] * 3


def reductions():
    p, me = bsp.nprocs(), bsp.pid()
    total = bsp.Allreduce(me, lambda a, b: a + b)
    assert total == p * (p - 1) // 2 and isinstance(total, int)
    assert bsp.Allreduce(np.int32(me), max) == np.int32(p - 1)
    v = bsp.Allreduce(np.array([me, -me, 1.0]), np.add)
    assert list(v) == [p * (p - 1) / 2, -p * (p - 1) / 2, p]
    assert list(bsp.Allreduce(np.array([me, p - me]), np.maximum)) == [p - 1, p]
    r = bsp.Reduce(me + 1, np.multiply, root=p - 1)
    assert r == (np.prod(np.arange(1, p + 1)) if me == p - 1 else None)
    # not commutative: combined in pid order
    words = bsp.Allreduce(np.array([me]), lambda a, b: a * 10 + b)
    assert words[0] == int("".join(str(q) for q in range(p)) or "0")


def scans():
    me = bsp.pid()
    assert bsp.Scan(me + 1, np.add) == (me + 1) * (me + 2) // 2
    exclusive = bsp.Scan(np.array([me + 1, 1]), np.add, inclusive=False)
    if me == 0:
        assert exclusive is None
    else:
        assert list(exclusive) == [me * (me + 1) // 2, me]


def gathers():
    p, me = bsp.nprocs(), bsp.pid()
    g = bsp.Gather(np.array([me, 2 * me]), root=0)
    if me == 0:
        assert g.shape == (p, 2) and list(g[:, 1]) == [2 * q for q in range(p)]
    else:
        assert g is None
    assert list(bsp.Allgather(me * 3)) == [3 * q for q in range(p)]


def scatters_and_exchanges():
    p, me = bsp.nprocs(), bsp.pid()
    blocks = np.arange(2 * p).reshape(p, 2) * (10 if me == 0 else -1)
    assert list(bsp.Scatter(blocks, root=0)) == [20 * me, 20 * me + 10]
    mine = np.array([[me, q] for q in range(p)], dtype=np.int32)
    got = bsp.Alltoall(mine)
    assert [list(b) for b in got] == [[q, me] for q in range(p)]
    src = np.concatenate([np.full(q + 1, me, dtype=np.float32) for q in range(p)])
    out = bsp.Alltoallv(src, [q + 1 for q in range(p)])
    assert list(out) == [q for q in range(p) for _ in range(me + 1)], out
    known = bsp.Alltoallv(src, [q + 1 for q in range(p)], recv_counts=[me + 1] * p)
    assert np.array_equal(known, out)


def forced_algorithms():
    p, me = bsp.nprocs(), bsp.pid()
    for algorithm in ("direct", "messages", "two_phase"):
        bsp.collective_force(algorithm)
        v = bsp.Allreduce(np.full(2 * p, me, dtype=np.int64), np.add)
        assert (v == p * (p - 1) // 2).all()
        assert bsp.collective_chosen() == algorithm
    bsp.collective_force("auto")


CHECKS = [broadcast, reductions, scans, gathers, scatters_and_exchanges, forced_algorithms]
