"""Collectives and messages on any picklable object, as mpi4py's lowercase
methods are written: bcast, gather, allgather, scatter, alltoall, reduce,
allreduce, scan, exscan, send and recv. Each object is pickled and travels as
the payload of a BSMP message: a collective is one superstep, in which every
process sends what it contributes and reads what arrived; nothing here needs
NumPy."""

import operator
import pickle
import struct

from . import _superstep as _c

ANY_SOURCE = -1
ANY_TAG = -1

# A collective's message: the marker, the source, and the collective (an index of
# _COLLECTIVES) and root (-1: none) it was sent by, which the receiver compares with its own.
_ROUND = struct.Struct("<4siii")
_ROUND_MARKER = b"\x00col"
_COLLECTIVES = ("bcast", "gather", "allgather", "scatter", "alltoall", "reduce", "allreduce",
                "scan", "exscan")


def SUM(a, b):
    """a + b: the default operator of reduce, allreduce, scan and exscan."""
    return operator.add(a, b)


def PROD(a, b):
    """a * b."""
    return operator.mul(a, b)


def MAX(a, b):
    """max(a, b)."""
    return b if a < b else a


def MIN(a, b):
    """min(a, b)."""
    return b if b < a else a


def _dumps(obj):
    return pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)


def _error(primitive, details):
    return _c.Error("superstep: error in %s, process %d, superstep %d: %s"
                    % (primitive, _c.pid(), _c.superstep(), details))


def _check_root(primitive, root):
    p = _c.nprocs()
    if not 0 <= root < p:
        raise _error(primitive, "root %d is outside 0..%d; pass a pid from 0 to "
                                "bsp_nprocs()-1" % (root, p - 1))


def _called(collective, root):
    """The words for a collective and its root: "gather (root 1)"."""
    name = _COLLECTIVES[collective]
    return name if root < 0 else "%s (root %d)" % (name, root)


def _round(primitive, sends, expected, root=-1):
    """One superstep of BSMP: sends each (destination, bytes) and returns
    {source: payload view} of the `expected` messages that arrive (views valid
    until the next sync). As the library's collectives, it needs an empty queue.
    A message sent by another collective or root, or a count other than expected,
    raises superstep.Error naming the program's line of the collective."""
    if _c.qsize()[0] or (_Inbox.superstep == _c.superstep() and _Inbox.messages):
        raise _error(primitive, "messages are left in the queue; a collective ends the superstep "
                                "and would drop them: read them first")
    tag = bytes(_c._tagsize()) or None
    mine = _COLLECTIVES.index(primitive)
    head = _ROUND.pack(_ROUND_MARKER, _c.pid(), mine, root)
    for destination, data in sends:
        _c.Send(destination, tag, head + data)
    _c.sync()
    received, other = {}, None
    while True:
        message = _c.hpmove()
        if message is None:
            break
        payload = message[1]
        if len(payload) < _ROUND.size or bytes(payload[:4]) != _ROUND_MARKER:
            raise _error(primitive, "a message sent in the superstep of the collective arrived "
                                    "with its data; send messages after the collective")
        _, source, collective, their_root = _ROUND.unpack_from(payload)
        if other is None and (collective, their_root) != (mine, root):
            other = source, collective, their_root
        received[source] = payload[_ROUND.size:]
    if other is not None:
        _c._fail_at(primitive, "process %d calls %s but process %d calls %s; every process must "
                               "call the same collective, with the same root, in the same "
                               "superstep" % (_c.pid(), _called(mine, root), other[0],
                                              _called(other[1], other[2])))
    if len(received) != expected:
        _c._fail_at(primitive, "%d objects arrived where %d were sent here; every process must "
                               "call the same collective, with the same root"
                    % (len(received), expected))
    return received


def bcast(obj, root=0):
    """root's obj on every process (a copy of it, on the root too); the others
    pass anything (None)."""
    _check_root("bcast", root)
    p, me = _c.nprocs(), _c.pid()
    sends = []
    if me == root:
        data = _dumps(obj)
        sends = [(q, data) for q in range(p)]
    return pickle.loads(_round("bcast", sends, 1, root)[root])


def gather(obj, root=0):
    """On root, the list of every process's obj in pid order; None elsewhere."""
    return _gather("gather", obj, root)


def allgather(obj):
    """The list of every process's obj in pid order, on every process."""
    return _allgather("allgather", obj)


def _gather(primitive, obj, root):
    _check_root(primitive, root)
    p, me = _c.nprocs(), _c.pid()
    received = _round(primitive, [(root, _dumps(obj))], p if me == root else 0, root)
    return [pickle.loads(received[q]) for q in range(p)] if me == root else None


def _allgather(primitive, obj):
    p = _c.nprocs()
    data = _dumps(obj)
    received = _round(primitive, [(q, data) for q in range(p)], p)
    return [pickle.loads(received[q]) for q in range(p)]


def _pickled_list(objs, primitive):
    p = _c.nprocs()
    if objs is None or len(objs) != p:
        raise _error(primitive, "the objects to send are %s; pass a sequence of one per process "
                                "(%d)" % ("None" if objs is None else "%d" % len(objs), p))
    return [_dumps(o) for o in objs]


def scatter(objs, root=0):
    """objs[pid] of root's sequence of nprocs objects on process pid; the
    others pass anything (None)."""
    _check_root("scatter", root)
    me = _c.pid()
    sends = list(enumerate(_pickled_list(objs, "scatter"))) if me == root else []
    return pickle.loads(_round("scatter", sends, 1, root)[root])


def alltoall(objs):
    """Total exchange: objs[j] of process i becomes element i of the list
    returned on process j."""
    p = _c.nprocs()
    received = _round("alltoall", list(enumerate(_pickled_list(objs, "alltoall"))), p)
    return [pickle.loads(received[q]) for q in range(p)]


def _fold(values, op):
    result = values[0]
    for value in values[1:]:
        result = op(result, value)
    return result


def reduce(obj, op=SUM, root=0):
    """obj of process 0 (op) ... (op) obj of process p-1 on root, None
    elsewhere. op is any callable op(a, b) (SUM, PROD, MAX, MIN, a lambda);
    the objects are combined in pid order, so it need not be commutative."""
    values = _gather("reduce", obj, root)
    return None if values is None else _fold(values, op)


def allreduce(obj, op=SUM):
    """reduce with the result on every process."""
    return _fold(_allgather("allreduce", obj), op)


def scan(obj, op=SUM):
    """obj of 0 (op) ... (op) obj of this process."""
    return _fold(_allgather("scan", obj)[:_c.pid() + 1], op)


def exscan(obj, op=SUM):
    """obj of 0 (op) ... (op) obj of the process before this one; None on 0."""
    values = _allgather("exscan", obj)[:_c.pid()]
    return _fold(values, op) if values else None


# BSMP on objects: a message's payload is a header (the marker, the source and
# the tag) and the pickled object; its BSMP tag is zeros of the tag size in effect.
_HEADER = struct.Struct("<4siq")
_MARKER = b"\x00obj"


class Status:
    """Where a received object came from: source and tag (also as
    Get_source() and Get_tag(), as in mpi4py)."""

    def __init__(self):
        self.source = ANY_SOURCE
        self.tag = ANY_TAG

    def Get_source(self):
        return self.source

    def Get_tag(self):
        return self.tag

    def __repr__(self):
        return "Status(source=%d, tag=%d)" % (self.source, self.tag)


def send(obj, dest, tag=0):
    """Sends obj to process dest, with an integer tag, for the next superstep:
    recv (or objects()) reads it there after the sync."""
    if not isinstance(tag, int) or not 0 <= tag < 2**63:
        raise _error("send", "tag is %r; pass an integer from 0 (ANY_TAG is for recv)" % (tag,))
    header = _HEADER.pack(_MARKER, _c.pid(), tag)
    _c.Send(dest, bytes(_c._tagsize()) or None, header + _dumps(obj))


class _Inbox:
    """The object messages of this superstep's queue, taken off it at the first
    recv, iprobe or objects() of the superstep."""
    superstep = -1
    messages = []


def _inbox(primitive):
    step = _c.superstep()
    if _Inbox.superstep != step:
        _Inbox.superstep, _Inbox.messages = step, []
    while True:
        message = _c.hpmove()
        if message is None:
            return _Inbox.messages
        payload = message[1]
        if len(payload) < _HEADER.size or bytes(payload[:4]) != _MARKER:
            raise _c.Error("superstep: error in %s, process %d, superstep %d: a message in the "
                           "queue was sent with Send (bytes), not send (an object); read such "
                           "messages with move, hpmove or messages()"
                           % (primitive, _c.pid(), step))
        _, source, tag = _HEADER.unpack_from(payload)
        _Inbox.messages.append((source, tag, bytes(payload[_HEADER.size:])))


def _match(messages, source, tag):
    for i, (s, t, _) in enumerate(messages):
        if (source == ANY_SOURCE or s == source) and (tag == ANY_TAG or t == tag):
            return i
    return -1


def iprobe(source=ANY_SOURCE, tag=ANY_TAG, status=None):
    """Whether an object from source with tag waits in this superstep's queue
    (filling status when given)."""
    messages = _inbox("iprobe")
    i = _match(messages, source, tag)
    if i >= 0 and status is not None:
        status.source, status.tag = messages[i][0], messages[i][1]
    return i >= 0


def recv(source=ANY_SOURCE, tag=ANY_TAG, status=None):
    """The first object of this superstep's queue sent from source with tag
    (ANY_SOURCE, ANY_TAG: any), taken off the queue; status, when given, gets
    its source and tag. Messages sent in a superstep arrive after its sync: an
    object that is not there raises superstep.Error (BSP never waits for one)."""
    messages = _inbox("recv")
    i = _match(messages, source, tag)
    if i < 0:
        raise _c.Error("superstep: error in recv, process %d, superstep %d: no object from %s "
                       "with %s in this superstep's queue (%d left); what is sent in a superstep "
                       "arrives after its sync"
                       % (_c.pid(), _c.superstep(),
                          "any source" if source == ANY_SOURCE else "process %d" % source,
                          "any tag" if tag == ANY_TAG else "tag %d" % tag, len(messages)))
    s, t, data = messages.pop(i)
    if status is not None:
        status.source, status.tag = s, t
    return pickle.loads(data)


def objects():
    """(source, tag, object) for every object left in this superstep's queue,
    in the order they arrived, taking each off the queue."""
    messages = _inbox("objects")
    while messages:
        s, t, data = messages.pop(0)
        yield s, t, pickle.loads(data)
