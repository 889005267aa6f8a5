"""run, begin/end, pid, nprocs, time, sync, abort, and errors outside a run."""
import os
import re
import subprocess
import sys
import tempfile

import pytest

import superstep as bsp
from conftest import EXAMPLES, launch, launcher, lines, run_code


@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_run_returns_on_process_0_and_the_others_end(p):
    r = launch("lifecycle.py", p)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    out = r.stdout.splitlines()
    assert out[0] == "before run"  # flushed before the processes start, printed once
    pids = [re.fullmatch(r"process (\d+) of %d in (\d+)" % p, line) for line in out[1:-1]]
    assert sorted(int(m.group(1)) for m in pids) == list(range(p))
    pid0 = [m.group(2) for m in pids if m.group(1) == "0"][0]
    assert out[-1] == "run returned 40 in %s" % pid0  # fn's result, on process 0 only


def test_classic_begin_end_with_bsp_nprocs():
    r = launch("classic.py", nprocs=3)
    assert r.returncode == 0, r.stderr
    assert lines(r.stdout) == ["after end: 3 processors"] + [
        "process %d of 3: sum of pids 3" % s for s in range(3)]


@pytest.mark.parametrize("p", [1, 3])
def test_uncaught_exception_stops_the_run_with_traceback_pid_and_superstep(p):
    r = launch("uncaught.py", p)
    assert r.returncode == 1
    assert "not reached" not in r.stdout
    assert r.stderr.startswith("superstep: uncaught exception in process %d, superstep 1:\n"
                               "Traceback (most recent call last):\n" % (p - 1)), r.stderr
    assert "in fail_here" in r.stderr and r.stderr.endswith("KeyError: 'lost key'\n")


def test_abort_stops_every_process_with_the_message():
    code = ("import superstep as bsp\n"
            "def f():\n    bsp.sync()\n    if bsp.pid() == 1: bsp.abort('stop: %d' % bsp.pid())\n"
            "    bsp.sync()\n    print('not reached')\n"
            "bsp.run(f, 3)\n")
    r = run_code(code)
    assert r.returncode == 1 and r.stderr == "stop: 1\n" and r.stdout == ""


def test_sync_time_and_superstep_count():
    code = ("import superstep as bsp\n"
            "def f():\n    t0 = bsp.time(); bsp.sync(); bsp.sync()\n"
            "    assert bsp.time() >= t0 >= 0\n    return bsp.superstep()\n"
            "print(bsp.run(f, 2))\n")
    r = run_code(code)
    assert r.returncode == 0 and r.stdout == "2\n", r.stderr


def test_primitives_outside_a_run_raise_the_librarys_message():
    with pytest.raises(bsp.Error, match=re.escape(
            "superstep: error in bsp_pid: called outside bsp_begin..bsp_end; "
            "call bsp_begin first")):
        bsp.pid()
    for call in (bsp.sync, bsp.time, bsp.qsize, lambda: bsp.push_reg(bytearray(1)),
                 lambda: bsp.put(0, b"x", bytearray(1), 0), lambda: bsp.allreduce(1, max)):
        with pytest.raises(bsp.Error, match="called outside bsp_begin..bsp_end"):
            call()
    with pytest.raises(bsp.Error, match=re.escape(
            "superstep: error in bsp_begin: maxprocs is 0; ask for at least 1 process")):
        bsp.begin(0)
    assert bsp.nprocs() >= 1  # the processors available, before begin


def test_profile_names_python_call_sites():
    bsprun = launcher("udp", 2)[0]  # skips without bsprun
    with tempfile.TemporaryDirectory() as directory:
        profile = os.path.join(directory, "profile.json")
        env = dict(os.environ, BSP_NPROCS="2")
        env.pop("PYTHONUNBUFFERED", None)
        r = subprocess.run([bsprun, "-n", "2", "--profile", profile, sys.executable,
                            str(EXAMPLES / "bsp_sum.py")], capture_output=True, text=True,
                           timeout=60, env=env)
        assert r.returncode == 0, r.stderr
        text = open(profile).read()
    # the two bsp.sync() calls of bsp_sum(), named by the Python file and line
    source = (EXAMPLES / "bsp_sum.py").read_text().splitlines()
    lines_of_sync = [i + 1 for i, line in enumerate(source) if "bsp.sync()" in line]
    for line in lines_of_sync:
        assert '"site":"%s:%d"' % (EXAMPLES / "bsp_sum.py", line) in text
