"""The level-1 collectives on NumPy arrays and scalars, named as mpi4py names
its buffer collectives (Bcast, Allreduce, ...); objects.py has the lowercase
ones on any picklable object. Every process calls
the same collective with values of the same shape and type (the root's
contents are the ones a broadcast or scatter uses); the C library chooses
each one's algorithm by the cost model (bsp_level1.h). A value that is a
Python or NumPy scalar gives a scalar back; an array gives an array, in `out`
when one is passed."""

import sys

from . import _superstep as _c

np = None  # NumPy, imported by the first collective that needs it (_numpy)


def _numpy(name):
    """NumPy, imported on first use: `import superstep` itself needs only libbsp."""
    global np
    if np is None:
        try:
            import numpy
        except ImportError as error:
            raise ImportError(
                "superstep.%s needs NumPy, which this interpreter (%s) cannot import (%s); "
                "install it (Debian: python3-numpy; pip install numpy) or run an interpreter "
                "that has it" % (name, sys.executable or "python", error)) from None
        np = numpy
    return np


_REDUCE, _ALLREDUCE, _SCAN_INCLUSIVE, _SCAN_EXCLUSIVE = range(4)


def _as_array(value):
    """(contiguous array, whether value was a scalar)."""
    array = np.asarray(value)
    if array.ndim == 0:
        return array.reshape(1), True
    return np.ascontiguousarray(array), False


def _result(array, scalar, value):
    if not scalar:
        return array
    return array[0].item() if isinstance(value, (bool, int, float, complex)) else array[0]


def _out(out, shape, dtype):
    return np.empty(shape, dtype) if out is None else out


def Bcast(value, root=0, out=None):
    """Process root's value on every process."""
    _numpy("Bcast")
    src, scalar = _as_array(value)
    dst = _out(out, src.shape, src.dtype)
    _c._broadcast_into(root, src, dst, True)
    return _result(dst, scalar, value)


def _reduction(kind, value, op, root, out):
    op = np.add if op is None else op
    src, scalar = _as_array(value)
    dst = _out(out, src.shape, src.dtype)
    _c._reduce_into(kind, root, src, dst, op, isinstance(op, np.ufunc), scalar, True)
    return _result(dst, scalar, value)


def Reduce(value, op=None, root=0, out=None):
    """value of process 0 (op) ... (op) value of process p-1, element by element,
    on root (None elsewhere). op is a NumPy ufunc (np.add, the default; np.maximum) or a
    callable op(a, b) -> a (op) b, which gets scalars for a scalar value and
    arrays otherwise. op must be associative; it need not be commutative."""
    _numpy("Reduce")
    result = _reduction(_REDUCE, value, op, root, out)
    return result if _c.pid() == root else None


def Allreduce(value, op=None, out=None):
    """Reduce with the result on every process."""
    _numpy("Allreduce")
    return _reduction(_ALLREDUCE, value, op, 0, out)


def Scan(value, op=None, inclusive=True, out=None):
    """value of 0 (op) ... (op) value of this process (inclusive), or up to the
    process before (exclusive; None on process 0)."""
    _numpy("Scan")
    result = _reduction(_SCAN_INCLUSIVE if inclusive else _SCAN_EXCLUSIVE, value, op, 0, out)
    return None if not inclusive and _c.pid() == 0 else result


def Gather(value, root=0, out=None):
    """On root, an array of shape (p,) + value's shape holding every process's
    value in pid order; None elsewhere."""
    _numpy("Gather")
    src, _ = _as_array(value)
    receives = _c.pid() == root
    shape = (_c.nprocs(),) + np.shape(value)
    dst = _out(out, shape, src.dtype) if receives else np.empty(0, src.dtype)
    _c._gather_into(root, src, dst, True)
    return dst if receives else None


def Allgather(value, out=None):
    """Gather with the result on every process."""
    _numpy("Allgather")
    src, _ = _as_array(value)
    dst = _out(out, (_c.nprocs(),) + np.shape(value), src.dtype)
    _c._gather_into(-1, src, dst, True)
    return dst


def Scatter(value, root=0, out=None):
    """Block pid of root's value (shape (p,) + block shape) on process pid.
    Every process passes a value of that shape; the root's is used."""
    _numpy("Scatter")
    src = np.ascontiguousarray(value)
    dst = _out(out, src.shape[1:], src.dtype)
    _c._scatter_into(root, src, dst, True)
    return dst


def Alltoall(value, out=None):
    """Total exchange: block j of value (shape (p,) + block shape) on process i
    becomes block i of the result on process j."""
    _numpy("Alltoall")
    src = np.ascontiguousarray(value)
    dst = _out(out, src.shape, src.dtype)
    _c._scatter_into(-1, src, dst, True)
    return dst


def _starts(counts):
    return [int(x) for x in np.concatenate(([0], np.cumsum(counts)[:-1]))] if len(counts) else []


def Alltoallv(src, send_counts, recv_counts=None, out=None, send_displs=None, recv_displs=None):
    """Total exchange with counts, in elements: send_counts[j] elements of the
    1-d array src (from send_displs[j], by default where the blocks before end)
    go to process j, where they land in pid order. Without recv_counts the
    counts are exchanged first (one alltoall more). Returns the received
    array (out if given)."""
    _numpy("Alltoallv")
    src = np.ascontiguousarray(src)
    send_counts = [int(x) for x in send_counts]
    if recv_counts is None:
        recv_counts = Alltoall(np.array(send_counts, dtype=np.int64))
    recv_counts = [int(x) for x in recv_counts]
    send_displs = _starts(send_counts) if send_displs is None else [int(x) for x in send_displs]
    recv_displs = _starts(recv_counts) if recv_displs is None else [int(x) for x in recv_displs]
    dst = _out(out, (sum(recv_counts),), src.dtype)
    _c._alltoallv_into(src, send_counts, send_displs, dst, recv_counts, recv_displs, True)
    return dst
