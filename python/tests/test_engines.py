"""The same programs under mpirun (the MPI engine) and bsprun --engine udp, and what
runs before and after run() on every engine."""
import re

import pytest

from conftest import ENGINES, PROGRAMS, launch, line_of, lines

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


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", ["push", "tagsize", "begin"])
def test_mismatch_found_at_the_end_names_the_python_lines(engine, case):
    """A registration or tag size of one process in the last superstep, found at the end: the
    reporting process names its end's line (end()'s, or run()'s) and its first push_reg's."""
    r = launch("end_mismatch.py", case, nprocs=2, engine=engine, timeout=90)
    assert r.returncode == 1, r.stderr
    program = PROGRAMS / "end_mismatch.py"
    file = re.escape(str(program))
    end_line = line_of(program, "bsp.end()" if case == "begin" else "bsp.run(")
    if case == "tagsize":
        assert re.search(r"superstep: error in bsp_set_tagsize, superstep 1: processes asked for "
                         r"different tag sizes \(process 0: 4, process 1: no call\).*; process "
                         r"[01] found it at its bsp_end at %s:%d\n" % (file, end_line),
                         r.stderr), r.stderr
        return
    found = re.search(r"superstep: error in bsp_push_reg, superstep 1: processes pushed different "
                      r"numbers of registrations \(process 0: 1, process 1: 0\).*; process ([01]) "
                      r"found it at its bsp_end at %s:%d( \(its first bsp_push_reg of the "
                      r"superstep: %s:%d\))?\n" % (file, end_line, file,
                                                   line_of(program, "bsp.push_reg(")), r.stderr)
    # Whichever process reports it names its own calls: process 0 pushed, process 1 did not.
    assert found and (found.group(1) == "0") == bool(found.group(2)), r.stderr


COLLECTIVE_MISMATCHES = {
    "objects": ("bcast", "gather", r"process {me} calls {mine} but process {other} calls "
                r"{theirs}; every process must call the same collective, with the same root, in "
                r"the same superstep"),
    "object_roots": ("bcast", "bcast", r"process {me} calls bcast \(root {me}\) but process "
                     r"{other} calls bcast \(root {other}\); every process must call the same "
                     r"collective, with the same root, in the same superstep"),
    "buffers": ("bsp_broadcast", "bsp_gather", r"process 0 calls bsp_broadcast \(root 0\) but "
                r"process 1 calls bsp_gather \(root 0\); every process must call the same "
                r"collective, with the same root, in the same superstep"),
    "buffer_roots": ("bsp_broadcast", "bsp_broadcast", r"process 0 calls bsp_broadcast \(root 0\) "
                     r"but process 1 calls bsp_broadcast \(root 1\); every process must call the "
                     r"same collective, with the same root, in the same superstep"),
    "buffer_counts": ("bsp_allreduce", "bsp_allreduce", r"process 0 passes 2 elements but process "
                      r"1 passes 3; pass values of one shape on every process"),
    "buffer_types": ("bsp_allreduce", "bsp_allreduce", r"process 0 passes int64 but process 1 "
                     r"passes float64; pass values of one type on every process"),
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", sorted(COLLECTIVE_MISMATCHES))
def test_collectives_that_do_not_match_raise_naming_the_python_line(engine, case):
    """Each process raises superstep.Error naming the Python line of its own collective call
    and what the other process called, and the run goes on."""
    r = launch("collective_mismatch.py", case, nprocs=2, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    program = PROGRAMS / "collective_mismatch.py"
    errors = sorted(line for line in r.stdout.splitlines() if "superstep: error" in line)
    rest = sorted(line for line in r.stdout.splitlines() if "superstep: error" not in line)
    assert len(errors) == 2 and rest == ["process 0: 2", "process 1: 2"], r.stdout
    names = COLLECTIVE_MISMATCHES[case][:2]
    calls = ("bcast (root 0)", "gather (root 0)")
    for me in (0, 1):
        marker = "# %s %d" % (case, me) if case in ("objects", "buffers") else "# " + case
        details = COLLECTIVE_MISMATCHES[case][2].format(me=me, other=1 - me,
                                                        mine=re.escape(calls[me]),
                                                        theirs=re.escape(calls[1 - me]))
        assert re.fullmatch(r"process %d: superstep: error in %s, process %d, superstep \d+ "
                            r"\(%s:%d\): %s" % (me, names[me], me, re.escape(str(program)),
                                                line_of(program, marker), details),
                            errors[me]), errors[me]
