"""The same programs under mpirun (the MPI engine) and bsprun --engine udp, and what
runs before and after run() on every engine."""
import re

import pytest

from conftest import ENGINES, launch, lines

ALL = ["drma", "bsmp", "collectives", "objects"]


@pytest.mark.parametrize("engine", ENGINES[1:])
@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_every_primitive(engine, p):
    r = launch("run_checks.py", *ALL, nprocs=p, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.split()) == 2 * 24 and set(r.stdout.split()[::2]) == {"ok"}


@pytest.mark.parametrize("engine", ENGINES[1:])
def test_uncaught_exception(engine):
    r = launch("uncaught.py", 2, nprocs=2, engine=engine, timeout=90)
    assert r.returncode != 0
    assert "superstep: uncaught exception in process 1, superstep 1:" in r.stderr
    assert "KeyError: 'lost key'" in r.stderr


@pytest.mark.parametrize("engine", ENGINES)
def test_run_takes_the_jobs_size(engine):
    r = launch("classic.py", nprocs=3, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert [l for l in lines(r.stdout) if l.startswith("process")] == [
        "process %d of 3: sum of pids 3" % s for s in range(3)]


def before_and_after(engine, seed, p=3):
    r = launch("before_after.py", seed, nprocs=p, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert len(out) == 2 and out[0].startswith("before run: ") and out[1].startswith("after run: ")
    draws = eval(out[1][len("after run: "):])  # the list process 0 gathered
    assert len(draws) == p and len(set(draws)) == p, draws  # each process its own numbers
    return r.stdout


@pytest.mark.parametrize("engine", ENGINES)
def test_before_and_after_run_are_the_same_on_every_engine(engine):
    """Printed once before and once after; seeded before run, the same numbers everywhere."""
    assert before_and_after(engine, "12345") == before_and_after("shm", "12345")


@pytest.mark.parametrize("engine", ENGINES)
def test_unseeded_processes_draw_their_own_numbers(engine):
    before_and_after(engine, "none")


@pytest.mark.parametrize("engine", ENGINES)
def test_after_run_process_0_alone_sets_the_exit_status(engine):
    r = launch("exit_after_run.py", nprocs=3, engine=engine, timeout=90)
    assert r.returncode == 3, r.stderr
    assert r.stdout == "after run on process 0\n"


@pytest.mark.parametrize("engine", ENGINES)
def test_registrations_of_different_types_stop_before_a_transfer_is_read(engine):
    r = launch("registration_types.py", "mixed", nprocs=3, engine=engine, timeout=90)
    assert r.returncode != 0 and "not reached" not in r.stdout, r.stdout
    assert re.search(r"superstep: error in bsp_push_reg, process \d, superstep 2: the "
                     r"registration at \S*registration_types.py:14 \(number 0\) holds "
                     r"(int64|float64) on this process but (float64|int64) on process \d: a "
                     r"transfer through it would read the bytes of one type as the other; "
                     r"register areas of one type on every process", r.stderr), r.stderr
    r = launch("registration_types.py", "allowed", nprocs=3, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "raw bytes: 1.0\n"
