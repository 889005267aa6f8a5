"""sample_sort.py - randomised sample sort (Hill et al., "BSPlib: The BSP Programming
Library", 1998, section 5.3) on NumPy arrays: python3 sample_sort.py [n] [seed].

Each process draws n/p keys, picks r random samples of them and gathers every
process's samples (allgather); each sorts the p*r samples and takes the keys of
ranks r, 2r, ..., (p-1)r as splitters, redundantly. The keys go to their buckets in
one total exchange (alltoallv), and each process sorts its bucket. Process 0 checks
the result against NumPy's sort of all the keys and prints one line. Run with
BSP_NPROCS=p, under mpirun, or bsprun --engine udp.
"""
import sys

import numpy as np

import superstep as bsp

OVERSAMPLING = 16


def sample_sort(keys, rng):
    p = bsp.nprocs()
    samples = rng.choice(keys, size=min(OVERSAMPLING, len(keys)), replace=False)
    everyone = np.sort(bsp.Allgather(samples).ravel())
    r = len(samples)
    splitters = everyone[r::r][:p - 1]
    keys = np.sort(keys)
    bounds = np.searchsorted(keys, splitters, side="right")
    counts = np.diff(np.concatenate(([0], bounds, [len(keys)])))
    return np.sort(bsp.Alltoallv(keys, counts))


def to_process_0(values):
    """Every process's values, concatenated in pid order, on process 0 (alltoallv)."""
    counts = np.zeros(bsp.nprocs(), dtype=np.int64)
    counts[0] = len(values)
    return bsp.Alltoallv(values, counts)


def main(n, seed):
    p, s = bsp.nprocs(), bsp.pid()
    rng = np.random.default_rng(seed + s)
    keys = rng.random(n // p + (1 if s < n % p else 0))
    bucket = sample_sort(keys, rng)
    largest = bsp.Reduce(len(bucket), np.maximum)
    all_keys, all_buckets = to_process_0(keys), to_process_0(bucket)
    if s == 0:
        ok = np.array_equal(all_buckets, np.sort(all_keys))
        print("sample sort of %d keys on %d processes: %s; largest bucket %.2f n/p"
              % (n, p, "sorted, a permutation of the input" if ok else "WRONG",
                 largest * p / n))
        if not ok:
            bsp.abort("sample_sort: the buckets are not the sorted keys")


if __name__ == "__main__":
    bsp.run(main, None, int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 16,
            int(sys.argv[2]) if len(sys.argv) > 2 else 1)
