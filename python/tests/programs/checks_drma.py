"""DRMA checks, run on every process inside one SPMD run: registration, put,
get, hpput, hpget with element offsets and counts, the paper's order at a sync."""
import numpy as np

import superstep as bsp


def put_lands_at_sync():
    p, me = bsp.nprocs(), bsp.pid()
    slots = np.full(p, -1, dtype=np.int64)
    bsp.push_reg(slots)
    bsp.sync()
    for q in range(p):
        bsp.put(q, np.array([100 + me], dtype=np.int64), slots, me)
    assert (slots == -1).all(), "a put landed before the sync"
    bsp.sync()
    assert list(slots) == [100 + q for q in range(p)], slots
    bsp.pop_reg(slots)
    bsp.sync()


def put_reads_source_at_call():
    p, me = bsp.nprocs(), bsp.pid()
    area = np.zeros(4, dtype=np.float64)
    with bsp.registered(area):
        bsp.sync()
        src = np.array([1.5, 2.5])
        bsp.put((me + 1) % p, src, area, 1)
        src[:] = 0  # buffered: the value at the call is sent
        bsp.sync()
        assert list(area) == [0.0, 1.5, 2.5, 0.0], area
    bsp.sync()


def count_and_offset_in_elements():
    p, me = bsp.nprocs(), bsp.pid()
    area = np.zeros(6, dtype=np.int32)
    with bsp.registered(area):
        bsp.sync()
        bsp.put((me + 1) % p, np.arange(1, 6, dtype=np.int32), area, 2, count=3)
        bsp.put(0, np.zeros(0), np.zeros(3, dtype=np.int8), 9)  # nothing, as in C: no checks
        bsp.sync()
        assert list(area) == [0, 0, 1, 2, 3, 0], area
    bsp.sync()


def get_reads_before_puts_land():
    p, me = bsp.nprocs(), bsp.pid()
    value = np.array([me], dtype=np.int64)
    seen = np.full(1, -1, dtype=np.int64)
    with bsp.registered(value):
        bsp.sync()
        right = (me + 1) % p
        bsp.get(right, value, seen, 0)
        bsp.put(right, np.array([1000 + me], dtype=np.int64), value, 0)
        bsp.sync()
        assert seen[0] == right, "a get saw a put of its own superstep"
        assert value[0] == 1000 + (me - 1) % p
    bsp.sync()


def hp_transfers():
    p, me = bsp.nprocs(), bsp.pid()
    area = np.zeros(2 * p, dtype=np.uint16)
    with bsp.registered(area):
        bsp.sync()
        for q in range(p):
            bsp.hpput(q, np.array([me, me + 1], dtype=np.uint16), area, 2 * me)
        bsp.sync()
        assert list(area) == [x for q in range(p) for x in (q, q + 1)], area
        got = np.zeros(2 * p, dtype=np.uint16)
        for q in range(p):
            bsp.hpget(q, area, got[2 * q:2 * q + 2], 2 * me)
        bsp.sync()
        assert list(got) == [me, me + 1] * p, got


def last_registration_wins_and_pops():
    p, me = bsp.nprocs(), bsp.pid()
    a = np.zeros(2, dtype=np.int8)
    bsp.push_reg(a)
    bsp.push_reg(a)  # two slots of the same address
    bsp.sync()
    bsp.pop_reg(a)
    bsp.put((me + 1) % p, np.array([7], dtype=np.int8), a, 1)  # still registered
    bsp.sync()
    assert a[1] == 7
    bsp.pop_reg(a)
    bsp.sync()


def register_none_on_some():
    """Process 0 registers None in a slot where the others register memory."""
    p, me = bsp.nprocs(), bsp.pid()
    area = np.zeros(1, dtype=np.int64)
    bsp.push_reg(None if me == 0 else area)
    bsp.sync()
    if me > 0 and p > 2:
        bsp.put(me % (p - 1) + 1, np.array([me], dtype=np.int64), area, 0)
    bsp.sync()
    if me > 0 and p > 2:
        assert area[0] == (me - 2) % (p - 1) + 1, area
    bsp.pop_reg(None if me == 0 else area)
    bsp.sync()


def bytearray_and_memoryview():
    p, me = bsp.nprocs(), bsp.pid()
    area = bytearray(p)
    bsp.push_reg(area)
    bsp.sync()
    bsp.put((me + 1) % p, bytes([65 + me]), area, me)
    bsp.sync()
    assert area[(me - 1) % p] == 65 + (me - 1) % p, area
    bsp.pop_reg(area)
    bsp.sync()


CHECKS = [put_lands_at_sync, put_reads_source_at_call, count_and_offset_in_elements,
          get_reads_before_puts_land, hp_transfers, last_registration_wins_and_pops,
          register_none_on_some, bytearray_and_memoryview]
