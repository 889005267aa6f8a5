"""put_array.py - the paper's put_array procedure (Hill et al., "BSPlib: The BSP
Programming Library", 1998, section 3.2.3) in Python; prints what examples/put_array.c
prints.

A global array xs of n elements is distributed in blocks of n/p. put_array performs
the concurrent assignment xs[xs[i]] := xs[i] by putting each element to its
(process, local index). Puts land at the sync, so every element is read before any
is overwritten. xs starts as the reversal n-1, ..., 0; afterwards every element
holds its own global index. Run with BSP_NPROCS=p (default: the processors). The
arrays are the standard library's (array.array of C ints), so that the example
needs nothing beyond the package; NumPy arrays are used the same way.
"""
import array

import superstep as bsp


def put_array(xs, n):
    p = bsp.nprocs()
    if n % p != 0:
        bsp.abort("{put_array} n=%d not divisible by p=%d" % (n, p))
    n_over_p = n // p
    with bsp.registered(xs):
        bsp.sync()
        for i in range(n_over_p):
            bsp.put(xs[i] // n_over_p, xs[i:i + 1], xs, xs[i] % n_over_p)
        bsp.sync()


def main():
    n_over_p = 3
    p, s = bsp.nprocs(), bsp.pid()
    n = n_over_p * p
    xs = array.array("i", [n - 1 - (s * n_over_p + i) for i in range(n_over_p)])
    put_array(xs, n)
    print("process %d holds xs[%d..%d] = %s" % (s, s * n_over_p, s * n_over_p + n_over_p - 1,
                                                 " ".join(str(x) for x in xs)))


if __name__ == "__main__":
    bsp.run(main)
