"""Teams (superstep.team, team_begin, team_end): every check of the DRMA, BSMP, collective and
object families again on teams (the processes by parity, ordered backwards), on every engine;
nested teams, and the machine's registrations and pids after them."""
import pytest

from conftest import ENGINES, launch, run_code

FAMILIES = ["drma", "bsmp", "collectives", "objects"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_every_check_on_teams(engine, p):
    on_machine = launch("run_checks.py", *FAMILIES, "-p", p, nprocs=p, engine=engine, timeout=90)
    on_teams = launch("run_checks.py", *FAMILIES, "-p", p, "--teams", nprocs=p, engine=engine,
                      timeout=90)
    assert on_machine.returncode == 0, on_machine.stderr
    assert on_teams.returncode == 0, on_teams.stderr
    assert on_teams.stdout == on_machine.stdout and on_teams.stdout.count("ok ") > 20


def test_nested_teams_and_the_machine_after_them():
    r = run_code("""
import numpy as np, superstep as bsp
def spmd():
    p, me = bsp.nprocs(), bsp.pid()
    outer = np.full(1, -1, dtype=np.int64)
    bsp.push_reg(outer); bsp.sync()
    with bsp.team(me // 2) as row:
        assert bsp.nprocs() == 2 and bsp.pid() == me % 2
        with bsp.team(bsp.pid()):
            assert bsp.nprocs() == 1 and bsp.pid() == 0
            bsp.sync()
        x = np.zeros(1, dtype=np.int64)
        bsp.push_reg(x); bsp.sync()
        bsp.put(1 - bsp.pid(), np.array([me], dtype=np.int64), x); bsp.sync()
        assert x[0] == me ^ 1, x
        assert bsp.allreduce(me) == 2 * (me // 2) * 2 + 1
    assert bsp.nprocs() == p and bsp.pid() == me
    bsp.put((me + 1) % p, np.array([me], dtype=np.int64), outer); bsp.sync()
    assert outer[0] == (me + p - 1) % p
    if me == 0:
        print("PASS")
bsp.run(spmd, 4)
""")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "PASS\n"


def test_team_end_outside_a_team_stops_every_process():
    r = run_code("import superstep as bsp\nbsp.run(lambda: bsp.team_end(), 2)\n")
    assert r.returncode == 1
    assert "error in bsp_team_end" in r.stderr and "called outside a team" in r.stderr
