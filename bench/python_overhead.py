#!/usr/bin/env python3
"""python_overhead.py - what Superstep for Python costs beside C, on one machine in one run:

  python3 bench/python_overhead.py --c-twin build/bench/bench_python_overhead_c [-p 2]

with PYTHONPATH=build/python. Measures, in C (the twin, python_overhead_c.c) and in
Python, the same way: the bsp_put call of a 1 MiB array (mean of --reps, a sync after
each), the call of an 8-byte put (mean of --small-puts calls in one superstep; the
Python figure includes the for loop), and an empty superstep (mean of --syncs syncs);
each figure is the median of --rounds such rounds, and a second table gives the fastest and
slowest round of each.
The puts are timed in the thread's processor time (time.thread_time: a busy machine's
other work does not count), the supersteps in elapsed time. Prints the figures and the
ratios; judges nothing.
"""
import argparse
import statistics
import subprocess
import time

import numpy as np

import superstep as bsp

LARGE = 1 << 17  # doubles: 1 MiB
SMALL_SLOTS = 1024


def large_put(area, reps):
    p, me = bsp.nprocs(), bsp.pid()
    src = np.arange(LARGE, dtype=np.float64)
    total = 0.0
    for _ in range(reps):
        t = time.thread_time()
        bsp.put((me + 1) % p, src, area, 0)
        total += time.thread_time() - t
        bsp.sync()
    return total / reps


def small_puts(area, n):
    p, me = bsp.nprocs(), bsp.pid()
    value, put, to = np.array([float(me)]), bsp.put, (me + 1) % p
    t = time.thread_time()
    for i in range(n):
        put(to, value, area, i % SMALL_SLOTS)
    t = time.thread_time() - t
    bsp.sync()
    return t / n


def empty_loop(n):
    """The for loop and modulo of small_puts without the call."""
    t = time.thread_time()
    for i in range(n):
        i % SMALL_SLOTS
    return (time.thread_time() - t) / n


def empty_supersteps(n):
    bsp.sync()
    sync = bsp.sync
    t = time.perf_counter()
    for _ in range(n):
        sync()
    return (time.perf_counter() - t) / n


def spmd(args):
    area = np.zeros(LARGE, dtype=np.float64)
    rounds = {"put_1mib_us": [], "small_put_ns": [], "empty_superstep_us": []}
    with bsp.registered(area):
        bsp.sync()
        for _ in range(args.rounds):
            rounds["put_1mib_us"].append(large_put(area, args.reps) * 1e6)
            rounds["small_put_ns"].append(small_puts(area, args.small_puts) * 1e9)
            rounds["empty_superstep_us"].append(empty_supersteps(args.syncs) * 1e6)
        loop = empty_loop(args.small_puts) * 1e9
    figures = {}
    for name, values in rounds.items():
        figures[name] = statistics.median(values)
        figures[name + "_min"], figures[name + "_max"] = min(values), max(values)
    return figures, loop


def c_figures(args):
    command = [args.c_twin] + [str(n) for n in (args.p, args.reps, args.small_puts, args.syncs,
                                                args.rounds)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {name: float(value) for name, value in (line.split() for line in out.splitlines())}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--c-twin", required=True, help="the built python_overhead_c")
    parser.add_argument("-p", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--small-puts", type=int, default=100000)
    parser.add_argument("--syncs", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if min(args.p, args.reps, args.small_puts, args.syncs, args.rounds) < 1:
        parser.error("every count must be positive")
    c = c_figures(args)
    python, loop = bsp.run(spmd, args.p, args)
    print("p = %d; medians of %d rounds of %d large puts, %d small puts, %d syncs"
          % (args.p, args.rounds, args.reps, args.small_puts, args.syncs))
    print("%-34s %12s %12s %8s" % ("", "C", "Python", "ratio"))
    rows = [("put of a 1 MiB array (us)", "put_1mib_us"),
            ("8-byte put call (ns)", "small_put_ns"),
            ("empty superstep (us)", "empty_superstep_us")]
    for label, key in rows:
        print("%-34s %12.3f %12.3f %8.2f" % (label, c[key], python[key], python[key] / c[key]))
    print("8-byte put: Python adds %.0f ns per call (%.0f ns of it the for loop)"
          % (python["small_put_ns"] - c["small_put_ns"], loop))
    print("%-34s %22s %22s" % ("fastest .. slowest round", "C", "Python"))
    for label, key in rows:
        print("%-34s %9.3f .. %9.3f %9.3f .. %9.3f" % (label, c[key + "_min"], c[key + "_max"],
                                                         python[key + "_min"],
                                                         python[key + "_max"]))


if __name__ == "__main__":
    main()
