"""python3 run_checks.py FAMILY... [-p P] [--teams]: runs the checks of the families
(drma, bsmp, collectives, objects) in one SPMD run on P processes (default: bsp.nprocs());
process 0 prints one line per check that passed on every process. With --teams every check
runs on teams instead (bsp.team: the processes by parity, ordered backwards), each check in a
team of its own."""
import argparse
import importlib

import superstep as bsp


def spmd(families, in_teams):
    me = bsp.pid()
    for family in families:
        for check in importlib.import_module("checks_" + family).CHECKS:
            if in_teams:
                with bsp.team(me % 2, -me):
                    check()
                    bsp.sync()
            else:
                check()
            bsp.sync()
            if me == 0:
                print("ok %s.%s" % (family, check.__name__), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("families", nargs="+")
    parser.add_argument("-p", type=int, default=None)
    parser.add_argument("--teams", action="store_true")
    arguments = parser.parse_args()
    bsp.run(spmd, arguments.p, arguments.families, arguments.teams)
