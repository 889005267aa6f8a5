"""python3 run_checks.py FAMILY... [-p P]: runs the checks of the families
(drma, bsmp, collectives, objects) in one SPMD run on P processes (default: bsp.nprocs());
process 0 prints one line per check that passed on every process."""
import argparse
import importlib

import superstep as bsp


def spmd(families):
    for family in families:
        for check in importlib.import_module("checks_" + family).CHECKS:
            check()
            bsp.sync()
            if bsp.pid() == 0:
                print("ok %s.%s" % (family, check.__name__), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("families", nargs="+")
    parser.add_argument("-p", type=int, default=None)
    arguments = parser.parse_args()
    bsp.run(spmd, arguments.p, arguments.families)
