"""Registration, put, get, hpput and hpget (programs/checks_drma.py), and
their misuse raised as superstep.Error with the library's words."""
import re

import pytest

from conftest import ADDRESS, PROGRAMS, expect, expect_checks, launch, line_of, run_code

DRMA_CHECKS = ["put_lands_at_sync", "put_reads_source_at_call", "count_and_offset_in_elements",
               "get_reads_before_puts_land", "hp_transfers", "last_registration_wins_and_pops",
               "register_none_on_some", "bytearray_and_memoryview"]


@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_drma(p):
    expect_checks("drma", DRMA_CHECKS, p)


def test_put_before_the_registration_takes_effect(misuse):
    expect(misuse, "early_put", "bsp_put", 0, "address %s is not registered on this process "
           r"\(or only with None\); register it with push_reg and call sync before using it"
           % ADDRESS)


def test_unregistered_destination(misuse):
    expect(misuse, "unregistered", "bsp_put", 1, "address %s is not registered on this "
           "process.*" % ADDRESS)


def test_pid_out_of_range(misuse):
    expect(misuse, "bad_pid", "bsp_put", 1, re.escape(
        "pid 2 is outside 0..1 (bsp_nprocs() is 2); pass a pid from 0 to bsp_nprocs()-1"))


def test_negative_offset_and_count(misuse):
    expect(misuse, "negative_offset", "bsp_put", 1, "offset is -1; it must not be negative")
    expect(misuse, "negative_count", "bsp_get", 1, "count is -2; it must not be negative")


def test_dtype_mismatch(misuse):
    expect(misuse, "dtype", "bsp_put", 1, "the registered area holds int64 but the other "
           r"buffer holds float64; .*")


def test_byte_order_is_part_of_the_type(misuse):
    """A big-endian int64 is refused where the area holds native int64, never reinterpreted."""
    for case, primitive in (("byte_order_put", "bsp_put"), ("byte_order_get", "bsp_get")):
        expect(misuse, case, primitive, 1, r"the registered area holds int64 but the other buffer "
               r"holds int64 \(big-endian\); transfer elements of the registered area's type "
               r"\(convert with \.astype\(\), or view raw bytes with \.view\(\)\)")


def test_count_beyond_the_local_buffer(misuse):
    expect(misuse, "count_beyond_src", "bsp_put", 1,
           "count 5 is more than the 1 elements of the local buffer")


def test_buffers_that_cannot_be_used(misuse):
    expect(misuse, "readonly_dst", "bsp_get", 1, r"dst is not a contiguous writable buffer .*")
    expect(misuse, "not_contiguous", "bsp_hpput", 1, r"src is not a contiguous buffer "
           r"\(ndarray is not C-contiguous\).*")
    expect(misuse, "not_a_buffer", "bsp_put", 1, r"src is not a contiguous buffer .*")


def test_pop_of_what_is_not_registered(misuse):
    details = (r"address %s is not registered \(counting this superstep's pushes and pops\); "
               "pop only what push_reg registered" % ADDRESS)
    expect(misuse, "pop_unregistered", "bsp_pop_reg", 1, details)
    expect(misuse, "pop_twice", "bsp_pop_reg", 1, details)


def test_second_begin_and_calls_after_end(misuse):
    expect(misuse, "second_begin", "bsp_begin", 0, "called a second time; .*")
    assert misuse["after_end"] == ("superstep: error in bsp_sync: called after bsp_end; only "
                                   "bsp_nprocs and bsp_abort work there")
    assert misuse["pid_after_end"].startswith("superstep: error in bsp_pid: called after bsp_end")


def test_transfer_beyond_another_processs_area_raises_in_elements():
    """This process knows the other's size from the registration: the error counts elements
    of the area's type and names the Python line of the call; the run goes on."""
    r = launch("remote_bounds.py")
    assert r.returncode == 0, r.stderr
    program = PROGRAMS / "remote_bounds.py"
    put_line, get_line = line_of(program, "bsp.put(1, np.ones(3"), line_of(program, "bsp.hpget(")
    out = r.stdout.splitlines()
    assert out[0] == (
        "superstep: error in bsp_put, process 0, superstep 1 (%s:%d): offset 0 + count 3 = 3 is "
        "beyond the 2 elements (int32) process 1 registered; a put must stay within the area its "
        "destination (process 1) registered" % (program, put_line)), out[0]
    assert out[1] == (
        "superstep: error in bsp_hpget, process 0, superstep 1 (%s:%d): offset 1 + count 2 = 3 "
        "is beyond the 2 elements (int32) process 1 registered; a get must stay within the area "
        "its source (process 1) registered" % (program, get_line)), out[1]
    assert sorted(out[2:]) == ["process 0: [0, 0, 0, 0]", "process 1: [1, 1]"]


@pytest.mark.parametrize("case", ["push", "tagsize"])
def test_mismatch_found_at_the_sync_names_the_python_lines(case):
    r = launch("sync_mismatch.py", case)
    assert r.returncode == 1
    program = PROGRAMS / "sync_mismatch.py"
    sync_line = line_of(program, "bsp.sync()")
    if case == "push":
        # The package registers a table at begin (one registration more on every process).
        assert r.stderr.startswith(
            "superstep: error in bsp_push_reg, superstep 0: processes pushed different numbers "
            "of registrations (process 0: 2, process 1: 1)"), r.stderr
        # Whichever process reports it names its own calls: process 0 pushed, process 1 did not.
        site = (r"; process ([01]) found it at its bsp_sync at %s:%d( \(its first bsp_push_reg "
                r"of the superstep: %s:%d\))?\n$" % (re.escape(str(program)), sync_line,
                                                     re.escape(str(program)),
                                                     line_of(program, "push_reg(")))
        found = re.search(site, r.stderr)
        assert found and (found.group(1) == "0") == bool(found.group(2)), r.stderr
    else:
        assert r.stderr.startswith(
            "superstep: error in bsp_set_tagsize, superstep 0: processes asked for different tag "
            "sizes (process 0: 4, process 1: no call)"), r.stderr
        assert re.search(r"; process [01] found it at its bsp_sync at %s:%d\n$"
                         % (re.escape(str(program)), sync_line), r.stderr), r.stderr


def test_transfers_pending_at_the_end_of_run():
    """The areas live until bsp_end has moved the last superstep's data."""
    r = launch("transfers_at_end.py")
    assert r.returncode == 0 and r.stdout == "done\n", r.stderr


def test_transfer_arguments_by_position_and_keyword():
    """put and get take their arguments as the signature names them, and refuse others as
    Python refuses them."""
    r = run_code("""
import inspect
import numpy as np
import superstep as bsp

def spmd():
    area = np.zeros(4, dtype=np.int64)
    bsp.push_reg(area)
    bsp.sync()
    bsp.put(pid=0, src=np.array([5]), dst=area, offset=1)
    bsp.put(0, np.array([7, 8]), area, count=1, offset=np.int64(3))
    for bad in (lambda: bsp.put(0, np.array([5]), area, bogus=1),
                lambda: bsp.put(0, np.array([5])),
                lambda: bsp.put(0.5, np.array([5]), area),
                lambda: bsp.get(0, area, np.zeros(1, np.int64), 0, None, 1),
                lambda: bsp.get(0, area, np.zeros(1, np.int64), 0, offset=2)):
        try:
            bad()
        except TypeError as e:
            print(e)
    bsp.sync()
    print(area.tolist(), inspect.signature(bsp.hpget))

bsp.run(spmd, 1)
""")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "put() got an unexpected keyword argument 'bogus'",
        "put() missing required argument 'dst' (pos 3)",
        "put(): pid must be an integer, not float",
        "get() takes at most 5 arguments (6 given)",
        "get() got multiple values for argument 'offset'",
        "[0, 5, 0, 7] (pid, src, dst, offset=0, count=None)"]
