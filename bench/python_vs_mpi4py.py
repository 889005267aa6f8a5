#!/usr/bin/python3
"""python_vs_mpi4py.py - the same operations timed with Superstep for Python and with mpi4py:

  PYTHONPATH=build/python /usr/bin/python3 bench/python_vs_mpi4py.py [-p 2 4] [--launches 3]

Superstep runs on its default engine (shared memory: run() forks the interpreter), mpi4py
under mpirun (--mpirun, default the first mpirun on PATH), alternately: superstep, mpi4py,
superstep, ... --launches times for each p, so that a change in the machine's load falls on
both alike. Each launch times every operation --reps times on process (rank) 0, a sync or
barrier before each repetition, and reports the median; the table gives the median over the
launches, each side's slowest launch, and the ratio superstep / mpi4py (below 1: Superstep
is faster). The operations:

  put 8 B + sync      bsp.put of 8 bytes and bsp.sync     | Win.Put and Win.Fence
  10000 puts + sync   10,000 8-byte puts in one superstep | 10,000 Win.Put, one Fence
  put 64 MiB + sync   one put of 64 MiB                   | Win.Put of 64 MiB, Fence
  allreduce float     bsp.allreduce(float)                | comm.allreduce(float)
  Allreduce 1 MiB     bsp.Allreduce of 1 MiB of float64   | comm.Allreduce
  bcast dict          bsp.bcast of a dict of 100 entries  | comm.bcast
  alltoall objects    bsp.alltoall of p tuples            | comm.alltoall
  message round       bsp.send, sync, bsp.recv            | comm.isend, comm.irecv, wait

(each process puts to and sends to the next, (pid + 1) mod p). --quick shrinks the sizes and
repetitions to a check that everything runs. Needs NumPy, mpi4py (Debian: python3-mpi4py) and
mpirun for the interpreter that runs it; says what is missing and exits with status 2
otherwise. Prints times; judges none.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

OPERATIONS = [  # (key, label)
    ("put8", "put 8 B + sync"),
    ("puts", "%d puts + sync"),
    ("put_large", "put %s + sync"),
    ("allreduce_float", "allreduce float"),
    ("allreduce_array", "Allreduce %s"),
    ("bcast_dict", "bcast dict"),
    ("alltoall_objects", "alltoall objects"),
    ("message_round", "message round"),
]


def sizes(quick):
    """(small puts, large put bytes, array bytes, repetitions, slow repetitions)"""
    if quick:
        return 100, 1 << 16, 1 << 13, 3, 2
    return 10000, 64 << 20, 1 << 20, 200, 10


def size_text(nbytes):
    return "%d MiB" % (nbytes >> 20) if nbytes >= 1 << 20 else "%d KiB" % (nbytes >> 10)


def labels(quick):
    small, large, array = sizes(quick)[:3]
    return {"puts": "%d puts + sync" % small, "put_large": "put %s + sync" % size_text(large),
            "allreduce_array": "Allreduce %s" % size_text(array)}


def median_time(action, before, reps):
    """The median of reps timings of action(), each after before() (not timed)."""
    times = []
    for _ in range(reps):
        before()
        t = time.perf_counter()
        action()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def payloads(np, p, me, quick):
    small, large, array, reps, slow = sizes(quick)
    return {
        "value": np.array([float(me)]),
        "large": np.full(large // 8, float(me)),
        "array": np.full(array // 8, 1.0),
        "dict": {"key%d" % i: [i, "v%d" % i] for i in range(100)},
        "objects": [("to", q, "from", me) for q in range(p)],
        "message": ("hello", me),
        "small": small, "reps": reps, "slow": slow,
    }


def superstep_side(quick):
    import numpy as np
    import superstep as bsp

    def spmd():
        p, me = bsp.nprocs(), bsp.pid()
        to = (me + 1) % p
        d = payloads(np, p, me, quick)
        slots = np.zeros(1024)
        area = np.zeros_like(d["large"])
        bsp.push_reg(slots)
        bsp.push_reg(area)
        bsp.sync()
        value, put, sync, reps = d["value"], bsp.put, bsp.sync, d["reps"]
        out = np.empty_like(d["array"])

        def puts():
            for i in range(d["small"]):
                put(to, value, slots, i % 1024)
            sync()

        def round_trip():
            bsp.send(d["message"], to)
            sync()
            bsp.recv()

        timed = {
            "put8": (lambda: (put(to, value, slots, 0), sync()), reps),
            "puts": (puts, d["slow"]),
            "put_large": (lambda: (put(to, d["large"], area, 0), sync()), d["slow"]),
            "allreduce_float": (lambda: bsp.allreduce(float(me)), reps),
            "allreduce_array": (lambda: bsp.Allreduce(d["array"], out=out), d["slow"] * 2),
            "bcast_dict": (lambda: bsp.bcast(d["dict"] if me == 0 else None), reps),
            "alltoall_objects": (lambda: bsp.alltoall(d["objects"]), reps),
            "message_round": (round_trip, reps),
        }
        result = {}
        for key, _ in OPERATIONS:
            action, n = timed[key]
            action()  # once before timing: first-use costs
            result[key] = median_time(action, sync, n)
        bsp.pop_reg(area)
        bsp.pop_reg(slots)
        bsp.sync()
        return result

    return bsp.run(spmd)


def mpi4py_side(quick):
    import numpy as np
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    p, me = comm.Get_size(), comm.Get_rank()
    to, source = (me + 1) % p, (me - 1) % p
    d = payloads(np, p, me, quick)
    slots = np.zeros(1024)
    area = np.zeros_like(d["large"])
    small_window = MPI.Win.Create(slots, disp_unit=slots.itemsize, comm=comm)
    large_window = MPI.Win.Create(area, disp_unit=area.itemsize, comm=comm)
    small_window.Fence()
    large_window.Fence()
    value, reps, out = d["value"], d["reps"], np.empty_like(d["array"])

    def put8():
        small_window.Put(value, to, target=0)
        small_window.Fence()

    def puts():
        for i in range(d["small"]):
            small_window.Put(value, to, target=i % 1024)
        small_window.Fence()

    def put_large():
        large_window.Put(d["large"], to, target=0)
        large_window.Fence()

    def round_trip():
        sent = comm.isend(d["message"], dest=to)
        comm.irecv(source=source).wait()
        sent.wait()

    timed = {
        "put8": (put8, reps),
        "puts": (puts, d["slow"]),
        "put_large": (put_large, d["slow"]),
        "allreduce_float": (lambda: comm.allreduce(float(me)), reps),
        "allreduce_array": (lambda: comm.Allreduce(d["array"], out), d["slow"] * 2),
        "bcast_dict": (lambda: comm.bcast(d["dict"] if me == 0 else None), reps),
        "alltoall_objects": (lambda: comm.alltoall(d["objects"]), reps),
        "message_round": (round_trip, reps),
    }
    result = {}
    for key, _ in OPERATIONS:
        action, n = timed[key]
        action()
        result[key] = median_time(action, comm.Barrier, n)
    small_window.Free()
    large_window.Free()
    return result if me == 0 else None


def missing(mpirun):
    """What this interpreter lacks to run both sides, or None."""
    for module, package in (("numpy", "python3-numpy"), ("mpi4py", "python3-mpi4py"),
                            ("superstep", "build the module and set PYTHONPATH=build/python")):
        check = subprocess.run([sys.executable, "-c", "import " + module], capture_output=True)
        if check.returncode != 0:
            return "%s cannot import %s (%s)" % (sys.executable, module, package)
    if not mpirun:
        return "no mpirun on PATH (name one with --mpirun)"
    return None


def launch(side, p, args):
    command = [sys.executable, os.path.abspath(__file__), "--side", side] + \
        (["--quick"] if args.quick else [])
    env = dict(os.environ)
    if side == "mpi4py":
        command = [args.mpirun, "-n", str(p), "--oversubscribe"] + command
        if os.geteuid() == 0:  # Open MPI refuses root without these
            env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
            env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    else:
        env["BSP_NPROCS"] = str(p)
    r = subprocess.run(command, capture_output=True, text=True, env=env, timeout=args.timeout)
    if r.returncode != 0:
        sys.exit("python_vs_mpi4py: the %s side at p = %d failed (exit status %d):\n%s"
                 % (side, p, r.returncode, r.stderr[-2000:]))
    lines = [line for line in r.stdout.splitlines() if line.startswith("{")]
    if len(lines) != 1:
        sys.exit("python_vs_mpi4py: the %s side at p = %d printed no figures:\n%s"
                 % (side, p, r.stdout[-2000:] + r.stderr[-2000:]))
    return json.loads(lines[0])


def human(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds / 1e-9)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-p", type=int, nargs="+", default=[2, 4], help="processes (default 2 4)")
    parser.add_argument("--launches", type=int, default=3,
                        help="launches of each side per p, alternating (default 3)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: a check that it runs")
    parser.add_argument("--mpirun", default=shutil.which("mpirun"))
    parser.add_argument("--timeout", type=float, default=600, help="seconds per launch")
    parser.add_argument("--side", choices=["superstep", "mpi4py"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side == "superstep":
        print(json.dumps(superstep_side(args.quick)), flush=True)
        return
    if args.side == "mpi4py":
        result = mpi4py_side(args.quick)
        if result is not None:
            print(json.dumps(result), flush=True)
        return
    if min(args.p) < 1 or args.launches < 1:
        parser.error("p and --launches must be positive")
    lacking = missing(args.mpirun)
    if lacking:
        print("python_vs_mpi4py: %s; nothing measured" % lacking, file=sys.stderr)
        sys.exit(2)
    names = dict(OPERATIONS, **labels(args.quick))
    print("superstep (shared-memory engine) and mpi4py (mpirun); medians of %d launches "
          "alternating, each the median of its repetitions on process 0; ratio superstep / mpi4py"
          % args.launches)
    print("%-20s %3s %10s %10s %7s   %s" % ("operation", "p", "superstep", "mpi4py", "ratio",
                                          "slowest launch: superstep, mpi4py"))
    for p in args.p:
        runs = {"superstep": [], "mpi4py": []}
        for _ in range(args.launches):
            for side in ("superstep", "mpi4py"):
                runs[side].append(launch(side, p, args))
        for key, _ in OPERATIONS:
            ours = [r[key] for r in runs["superstep"]]
            theirs = [r[key] for r in runs["mpi4py"]]
            a, b = statistics.median(ours), statistics.median(theirs)
            print("%-20s %3d %10s %10s %7.2f   %s, %s" % (names[key], p, human(a), human(b),
                                                         a / b if b > 0 else float("nan"),
                                                         human(max(ours)), human(max(theirs))))


if __name__ == "__main__":
    main()
