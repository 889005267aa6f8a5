"""Object checks: mpi4py's lowercase collectives and messages on picklable
objects, beside the buffer versions."""
import superstep as bsp


class Point:
    """A user's class: pickled by reference to this module, which every process imports."""

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)

    def __eq__(self, other):
        return (self.x, self.y) == (other.x, other.y)


def broadcast():
    p, me = bsp.nprocs(), bsp.pid()
    root = p - 1
    config = {"name": "run %d" % root, "sizes": [1, 2, 3], "nested": {"x": (1.5, None)}}
    got = bsp.bcast(config if me == root else None, root=root)
    assert got == config and type(got["nested"]["x"]) is tuple
    assert bsp.bcast("α" * (me + 1), root=0) == "α"  # strings of any length
    assert bsp.bcast(Point(me, -me), root=root) == Point(root, -root)


def gathers():
    p, me = bsp.nprocs(), bsp.pid()
    g = bsp.gather({me: "x" * me}, root=p - 1)
    if me == p - 1:
        assert g == [{q: "x" * q} for q in range(p)]
    else:
        assert g is None
    everyone = bsp.allgather([me] * me)  # a list stays a list, of any length
    assert everyone == [[q] * q for q in range(p)]


def scatters_and_exchanges():
    p, me = bsp.nprocs(), bsp.pid()
    items = [("item", q, "y" * q) for q in range(p)] if me == 0 else None
    assert bsp.scatter(items, root=0) == ("item", me, "y" * me)
    sent = [{"from": me, "to": q, "data": list(range(q))} for q in range(p)]
    got = bsp.alltoall(sent)
    assert got == [{"from": q, "to": me, "data": list(range(me))} for q in range(p)]


def reductions():
    p, me = bsp.nprocs(), bsp.pid()
    total = bsp.allreduce(me)  # SUM by default
    assert total == p * (p - 1) // 2 and isinstance(total, int)
    assert bsp.allreduce([me]) == list(range(p))  # + on lists: concatenation, in pid order
    assert bsp.allreduce(me, op=bsp.MAX) == p - 1 and bsp.allreduce(me + 1, bsp.PROD) == \
        __import__("math").factorial(p)
    assert bsp.allreduce(Point(me, 1)) == Point(p * (p - 1) // 2, p)
    r = bsp.reduce(str(me), lambda a, b: a + "," + b, root=0)
    assert r == (",".join(str(q) for q in range(p)) if me == 0 else None)
    assert bsp.scan(me + 1) == (me + 1) * (me + 2) // 2
    assert bsp.exscan(me + 1) == (None if me == 0 else me * (me + 1) // 2)
    # the buffer versions sit beside, with np.add by default
    assert bsp.Allreduce(me) == p * (p - 1) // 2


def messages_with_tag_and_source():
    p, me = bsp.nprocs(), bsp.pid()
    for q in range(p):
        bsp.send({"from": me, "values": list(range(me + 1))}, dest=q, tag=me % 2)
    bsp.send(("last", me), (me + 1) % p, tag=7)
    bsp.sync()
    status = bsp.Status()
    assert bsp.iprobe(source=(me - 1) % p, tag=7)
    assert bsp.recv(tag=7, status=status) == ("last", (me - 1) % p)
    assert (status.Get_source(), status.Get_tag()) == ((me - 1) % p, 7)
    assert bsp.recv(source=p - 1) == {"from": p - 1, "values": list(range(p))}
    rest = sorted((s, t, o["from"]) for s, t, o in bsp.objects())
    assert rest == [(q, q % 2, q) for q in range(p - 1)]
    assert not bsp.iprobe()
    try:
        bsp.recv()
    except bsp.Error as e:
        assert "no object from any source with any tag in this superstep's queue" in str(e)
    else:
        raise AssertionError("recv on an empty queue returned")


def messages_under_a_tag_size():
    """send of objects works whatever tag size the buffer messages use."""
    p, me = bsp.nprocs(), bsp.pid()
    bsp.set_tagsize(4)
    bsp.sync()
    bsp.send(me, (me + 1) % p)
    bsp.sync()
    assert bsp.recv() == (me - 1) % p
    bsp.set_tagsize(0)


def one_superstep_each():
    """Each object collective is one superstep of messages."""
    start = bsp.superstep()
    bsp.bcast("x")
    bsp.allgather(1)
    bsp.alltoall(list(range(bsp.nprocs())))
    assert bsp.superstep() == start + 3


CHECKS = [broadcast, gathers, scatters_and_exchanges, reductions, messages_with_tag_and_source,
          messages_under_a_tag_size, one_superstep_each]
