"""The Python examples print what their C twins in examples/ print, on every
engine; the sample sort checks itself against NumPy's sort."""
import os
import pathlib
import subprocess

import pytest

from conftest import ENGINES, EXAMPLES, launch, launcher, lines

TWINS = ["put_array", "bsp_sum", "bsmp"]


def c_output(name, p, engine):
    directory = os.environ.get("SUPERSTEP_C_EXAMPLES")
    if not directory:
        pytest.skip("SUPERSTEP_C_EXAMPLES is not set (the C examples are not built)")
    command = launcher(engine, p) + [str(pathlib.Path(directory) / name)]
    r = subprocess.run(command, capture_output=True, text=True, timeout=90,
                       env=dict(os.environ, BSP_NPROCS=str(p)))
    assert r.returncode == 0, r.stderr
    return lines(r.stdout)


@pytest.mark.parametrize("name", TWINS)
@pytest.mark.parametrize("p", [1, 3, 4])
def test_same_output_as_c_on_shared_memory(name, p):
    r = launch(EXAMPLES / (name + ".py"), nprocs=p)
    assert r.returncode == 0, r.stderr
    assert lines(r.stdout) == c_output(name, p, "shm")


@pytest.mark.parametrize("engine", ENGINES[1:])
@pytest.mark.parametrize("name", TWINS)
def test_same_output_as_c_on_other_engines(name, engine):
    r = launch(EXAMPLES / (name + ".py"), nprocs=4, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert lines(r.stdout) == c_output(name, 4, engine)


@pytest.mark.parametrize("engine,p", [("shm", 1), ("shm", 4), ("mpi", 3), ("udp", 4)])
def test_sample_sort(engine, p):
    r = launch(EXAMPLES / "sample_sort.py", 5000, 7, nprocs=p, engine=engine, timeout=90)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("sample sort of 5000 keys on %d processes: sorted, a permutation "
                               "of the input; largest bucket " % p), r.stdout
