"""bench/python_vs_mpi4py.py runs to its end in its quick mode at p = 2 and prints a row for
each operation (no time is judged), and says what is missing when mpi4py is. CTest labels
this file bench as well as python, so that `ctest -LE bench` leaves it out."""
import os
import re
import subprocess
import sys

import pytest

SCRIPT = os.environ.get("SUPERSTEP_PYTHON_VS_MPI4PY")
OPERATIONS = ["put 8 B \\+ sync", "100 puts \\+ sync", "put 64 KiB \\+ sync", "allreduce float",
              "Allreduce 8 KiB", "bcast dict", "alltoall objects", "message round"]


def run(*args, env=None):
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, **(env or {})))


@pytest.fixture(autouse=True)
def script():
    if not SCRIPT:
        pytest.skip("SUPERSTEP_PYTHON_VS_MPI4PY is not set")


def test_quick_comparison_prints_every_operation():
    mpirun = os.environ.get("SUPERSTEP_MPIRUN")
    if not mpirun:
        pytest.skip("SUPERSTEP_MPIRUN is not set (no mpirun or no MPI engine)")
    r = run("--quick", "-p", "2", "--launches", "1", "--mpirun", mpirun)
    if r.returncode == 2 and "cannot import mpi4py" in r.stderr:
        pytest.skip(r.stderr.strip())
    assert r.returncode == 0, r.stderr
    time = r"[0-9.e+]+ (s|ms|us|ns)"
    for operation in OPERATIONS:
        assert re.search(r"^%s +2 +%s +%s +[0-9.]+ +%s, %s$" % (operation, time, time, time, time),
                         r.stdout, re.MULTILINE), r.stdout


def test_without_mpi4py_it_says_so(tmp_path):
    blocked = tmp_path / "mpi4py"
    blocked.mkdir()
    (blocked / "__init__.py").write_text("raise ImportError('blocked for the test')\n")
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    r = run("--quick", env={"PYTHONPATH": path})
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == ("python_vs_mpi4py: %s cannot import mpi4py (python3-mpi4py); nothing "
                        "measured\n" % sys.executable), r.stderr
