"""Launching the test programs: each SPMD run is a fresh interpreter (a program
has one bsp_begin), on shared memory, under mpirun (SUPERSTEP_MPIRUN) or under
bsprun --engine udp (SUPERSTEP_BSPRUN). CTest sets these and PYTHONPATH
(python/tests/CMakeLists.txt); a test whose launcher is not set is skipped.

Run as `python3 -m pytest` from python/ (without CTest), the tests and their
programs import the package built in build/python, or else the installed one,
never the source folder python/superstep, which has no compiled module; with
build/python they also launch the build's bsprun and C examples."""
import glob
import os
import pathlib
import subprocess
import sys

import re

import pytest

TESTS = pathlib.Path(__file__).resolve().parent
PROGRAMS = TESTS / "programs"
SOURCE_PACKAGE_PARENT = TESTS.parent


def _built_package_parent():
    """The first folder of PYTHONPATH, then the build tree's build/python, that holds
    the package with its compiled module; None: the installed package."""
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    for entry in paths + [str(SOURCE_PACKAGE_PARENT.parent / "build" / "python")]:
        if entry and glob.glob(os.path.join(entry, "superstep", "_superstep*")):
            return os.path.abspath(entry)
    return None


def _import_the_built_package():
    sys.path[:] = [p for p in sys.path
                   if os.path.abspath(p or os.curdir) != str(SOURCE_PACKAGE_PARENT)]
    parent = _built_package_parent()
    if parent:
        sys.path.insert(0, parent)
        paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        os.environ["PYTHONPATH"] = os.pathsep.join([parent] + paths)
        _launchers_of_the_build(pathlib.Path(parent).parent)


def _launchers_of_the_build(build):
    """Without CTest, the build tree's bsprun (udp) and C examples, where they are built."""
    if "SUPERSTEP_BSPRUN" not in os.environ and (build / "bin" / "bsprun").exists() and \
            glob.glob(str(build / "src" / "libbsp_udp.so*")):
        os.environ["SUPERSTEP_BSPRUN"] = str(build / "bin" / "bsprun")
    if "SUPERSTEP_C_EXAMPLES" not in os.environ and (build / "examples" / "put_array").exists():
        os.environ["SUPERSTEP_C_EXAMPLES"] = str(build / "examples")


_import_the_built_package()
EXAMPLES = pathlib.Path(os.environ.get("SUPERSTEP_PYTHON_EXAMPLES",
                                       pathlib.Path(__file__).parent.parent / "examples"))
ENGINES = ["shm", "mpi", "udp"]


def launcher(engine, nprocs):
    """The command line before the interpreter, or skips the test."""
    if engine == "shm":
        return []
    if engine == "mpi":
        mpirun = os.environ.get("SUPERSTEP_MPIRUN")
        if not mpirun:
            pytest.skip("SUPERSTEP_MPIRUN is not set (no mpirun or no MPI engine)")
        return [mpirun, "-n", str(nprocs), "--oversubscribe"]
    bsprun = os.environ.get("SUPERSTEP_BSPRUN")
    if not bsprun:
        pytest.skip("SUPERSTEP_BSPRUN is not set (no bsprun or no udp engine)")
    return [bsprun, "--engine", engine, "-n", str(nprocs)]


def launch(script, *args, nprocs=None, engine="shm", env=None, timeout=60):
    """Runs script (a path, or a name in programs/) with args; nprocs sets
    BSP_NPROCS on shared memory and the job's size elsewhere."""
    path = script if isinstance(script, pathlib.Path) else PROGRAMS / script
    environment = dict(os.environ, **(env or {}))
    # Unbuffered, print writes a line's text and its newline separately, and the lines of
    # processes sharing the output may then interleave.
    environment.pop("PYTHONUNBUFFERED", None)
    if nprocs is not None:
        environment["BSP_NPROCS"] = str(nprocs)
    command = launcher(engine, nprocs or 1) + [sys.executable, str(path)] + [str(a) for a in args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          env=environment, cwd=TESTS)


def expect_checks(family, checks, p):
    """Runs programs/run_checks.py FAMILY at p and expects each check of `checks`, in
    order, to print `ok FAMILY.CHECK`."""
    r = launch("run_checks.py", family, "-p", p)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [w for c in checks for w in ("ok", family + "." + c)]


def line_of(program, text, after=0):
    """The 1-based line of the first line of program after line `after` that holds text."""
    lines_ = program.read_text().splitlines()
    return 1 + next(i for i in range(after, len(lines_)) if text in lines_[i])


def lines(output):
    return sorted(line for line in output.splitlines() if line)


def run_code(code, timeout=60):
    """Runs `python3 -c code` on shared memory."""
    environment = dict(os.environ)
    environment.pop("PYTHONUNBUFFERED", None)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout, env=environment, cwd=TESTS)


@pytest.fixture(scope="session")
def misuse():
    """{case: message} printed by programs/misuse.py, which goes on after each."""
    r = launch("misuse.py")
    assert r.returncode == 0, r.stderr
    messages = dict(line.split(": ", 1) for line in r.stdout.splitlines() if ": " in line)
    assert r.stdout.splitlines()[-3] == "continued in superstep 13"
    return messages


def expect(messages, case, primitive, superstep, details, site=None):
    """site: the (file, line) the message names, if any."""
    where = " (%s:%d)" % site if site else ""
    prefix = "superstep: error in %s, process 0, superstep %d%s: " % (primitive, superstep, where)
    assert re.fullmatch(re.escape(prefix) + details, messages[case]), messages[case]


ADDRESS = r"0x[0-9a-f]+"
