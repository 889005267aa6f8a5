"""bcast, reduce, allreduce, scan, gather, allgather, scatter, alltoall and
alltoallv (programs/checks_collectives.py), and their misuse."""
import pytest

from conftest import PROGRAMS, expect, expect_checks, line_of

CHECKS = ["broadcast", "reductions", "scans", "gathers", "scatters_and_exchanges",
          "forced_algorithms"]


@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_collectives(p):
    expect_checks("collectives", CHECKS, p)


def test_collective_misuse(misuse):
    expect(misuse, "root", "bsp_broadcast", 4,
           r"root 7 is outside 0\.\.1; pass a pid from 0 to bsp_nprocs\(\)-1")
    expect(misuse, "reduce_types", "bsp_allreduce", 4,
           "src holds float64 but dst holds int32; pass arrays of one type")


def test_types_that_differ_between_processes_raise_on_every_process(misuse):
    """int64 on process 0 and float64 on process 1: one error naming both and the Python line
    of the call, never a result."""
    program = str(PROGRAMS / "misuse.py")
    expect(misuse, "mixed_types", "bsp_allreduce", 5, r"process 0 passes int64 but process 1 "
           r"passes float64; pass values of one type on every process",
           (program, line_of(PROGRAMS / "misuse.py", '"mixed_types"')))
    expect(misuse, "mixed_byte_order", "bsp_allgather", 6, r"process 0 passes int64 but process 1 "
           r"passes int64 \(big-endian\); pass values of one type on every process",
           (program, line_of(PROGRAMS / "misuse.py", '"mixed_byte_order"')))


def test_an_operators_exception_reaches_the_caller(misuse):
    assert misuse["operator_error"] == "ValueError reached the caller"
