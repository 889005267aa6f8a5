"""mpi4py's lowercase collectives and messages on picklable objects
(programs/checks_objects.py), and their misuse."""
import pytest

from conftest import expect, expect_checks, run_code

CHECKS = ["broadcast", "gathers", "scatters_and_exchanges", "reductions",
          "messages_with_tag_and_source", "messages_under_a_tag_size", "one_superstep_each"]


@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_objects(p):
    expect_checks("objects", CHECKS, p)


def test_object_misuse(misuse):
    expect(misuse, "object_root", "gather", 10,
           r"root 9 is outside 0\.\.1; pass a pid from 0 to bsp_nprocs\(\)-1")
    expect(misuse, "alltoall_count", "alltoall", 10,
           r"the objects to send are 1; pass a sequence of one per process \(2\)")
    expect(misuse, "object_tag", "send", 10,
           r"tag is -1; pass an integer from 0 \(ANY_TAG is for recv\)")
    expect(misuse, "recv_bytes", "recv", 11,
           r"a message in the queue was sent with Send \(bytes\), not send \(an object\); read "
           r"such messages with move, hpmove or messages\(\)")
    expect(misuse, "queue_left", "bcast", 12, r"messages are left in the queue; a collective "
           r"ends the superstep and would drop them: read them first")


def test_an_mpi4py_style_program():
    code = ("import superstep as bsp\n"
            "def main():\n"
            "    rank, size = bsp.pid(), bsp.nprocs()\n"
            "    data = {'key1': [7, 2.72, 2+3j], 'key2': ('abc', 'xyz')} if rank == 0 else None\n"
            "    data = bsp.bcast(data, root=0)\n"
            "    squares = bsp.gather((rank + 1) ** 2, root=0)\n"
            "    bsp.send(data['key2'][1] * rank, dest=0, tag=11)\n"
            "    bsp.sync()\n"
            "    if rank == 0:\n"
            "        words = sorted(bsp.recv(tag=11) for _ in range(size))\n"
            "        print(data['key1'], squares, words)\n"
            "bsp.run(main, 3)\n")
    r = run_code(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "[7, 2.72, (2+3j)] [1, 4, 9] ['', 'xyz', 'xyzxyz']\n"
