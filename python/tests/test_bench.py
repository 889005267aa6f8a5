"""bench/python_overhead.py runs to its end at tiny sizes and prints its three
figures beside C's (no time is judged)."""
import os
import re
import subprocess
import sys

import pytest


def test_benchmark_prints_three_ratios():
    script = os.environ.get("SUPERSTEP_PYTHON_BENCH")
    twin = os.environ.get("SUPERSTEP_BENCH_C_TWIN")
    if not script or not twin:
        pytest.skip("SUPERSTEP_PYTHON_BENCH or SUPERSTEP_BENCH_C_TWIN is not set (no bench build)")
    r = subprocess.run([sys.executable, script, "--c-twin", twin, "--reps", "2",
                        "--small-puts", "100", "--syncs", "10", "--rounds", "3"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    number = r"\d+\.\d+"
    for label in ("put of a 1 MiB array \\(us\\)", "8-byte put call \\(ns\\)",
                  "empty superstep \\(us\\)"):
        assert re.search(r"^%s +%s +%s +%s$" % (label, number, number, number), r.stdout,
                         re.MULTILINE), r.stdout


def test_benchmark_refuses_a_bad_count():
    script = os.environ.get("SUPERSTEP_PYTHON_BENCH")
    if not script:
        pytest.skip("SUPERSTEP_PYTHON_BENCH is not set")
    r = subprocess.run([sys.executable, script, "--c-twin", "/bin/true", "-p", "0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "every count must be positive" in r.stderr
