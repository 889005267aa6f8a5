"""BSMP checks: tag sizes, send with bytes and arrays, qsize, get_tag, move,
hpmove and the message iterator."""
import numpy as np

import superstep as bsp


def messages_arrive_next_superstep():
    p, me = bsp.nprocs(), bsp.pid()
    for q in range(p):
        bsp.Send(q, None, np.array([me, q], dtype=np.int32))
    assert bsp.qsize() == (0, 0)
    bsp.sync()
    assert bsp.qsize() == (p, 8 * p), bsp.qsize()
    senders = []
    for tag, payload in bsp.messages():
        assert len(tag) == 0
        sender, to = np.frombuffer(payload, dtype=np.int32)
        assert to == me
        senders.append(int(sender))
    assert senders == list(range(p)), senders  # ordered by source pid
    assert bsp.qsize() == (0, 0)
    bsp.sync()


def tags_and_move():
    p, me = bsp.nprocs(), bsp.pid()
    assert bsp.set_tagsize(8) == 0
    bsp.sync()
    bsp.Send((me + 1) % p, np.array([me * 11], dtype=np.int64), b"hello" * (me + 1))
    bsp.Send((me + 1) % p, (me * 11 + 1).to_bytes(8, "little"), b"")
    bsp.sync()
    left = (me - 1) % p
    status, tag = bsp.get_tag()
    assert status == 5 * (left + 1) and int.from_bytes(tag, "little") == left * 11
    into = bytearray(3)
    assert bsp.move(into) == 3 and into == b"hel"  # truncated to the buffer
    status, tag = bsp.get_tag()
    assert status == 0 and int.from_bytes(tag, "little") == left * 11 + 1
    tag, payload = bsp.hpmove()
    assert len(payload) == 0 and int.from_bytes(tag, "little") == left * 11 + 1
    assert bsp.hpmove() is None and bsp.get_tag() == (-1, None)
    assert bsp.set_tagsize(0) == 8
    bsp.sync()


def messages_go_after_one_superstep():
    p, me = bsp.nprocs(), bsp.pid()
    bsp.Send((me + 1) % p, None, b"x")
    bsp.sync()
    assert bsp.qsize() == (1, 1)
    bsp.sync()
    assert bsp.qsize() == (0, 0), "last superstep's messages are gone"


CHECKS = [messages_arrive_next_superstep, tags_and_move, messages_go_after_one_superstep]
