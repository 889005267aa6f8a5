"""The same programs under mpirun (the MPI engine) and bsprun --engine udp."""
import pytest

from conftest import ENGINES, launch, lines

ALL = ["drma", "bsmp", "collectives", "objects"]


@pytest.mark.parametrize("engine", ENGINES[1:])
@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_every_primitive(engine, p):
    r = launch("run_checks.py", *ALL, nprocs=p, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.split()) == 2 * 23 and set(r.stdout.split()[::2]) == {"ok"}


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
