"""set_tagsize, send, qsize, get_tag, move, hpmove and the message iterator
(programs/checks_bsmp.py), and their misuse."""
import pytest

from conftest import expect, expect_checks

BSMP_CHECKS = ["messages_arrive_next_superstep", "tags_and_move",
               "messages_go_after_one_superstep"]


@pytest.mark.parametrize("p", [1, 2, 3, 4])
def test_bsmp(p):
    expect_checks("bsmp", BSMP_CHECKS, p)


def test_tag_size_misuse(misuse):
    expect(misuse, "negative_tagsize", "bsp_set_tagsize", 2,
           "the tag size is -1; it must not be negative")
    expect(misuse, "tag_size", "bsp_send", 2, r"the tag has 3 bytes but the tag size in "
           r"effect is 0; pass a tag of that size \(set_tagsize takes effect at the next sync\)")
    expect(misuse, "tag_none", "bsp_send", 3,
           "tag is None but the tag size is 4; pass a tag of that size")


def test_send_pid_and_empty_queue(misuse):
    expect(misuse, "send_pid", "bsp_send", 2, r"pid -1 is outside 0\.\.1 .*")
    expect(misuse, "move_empty", "bsp_move", 3,
           "the message queue is empty; check qsize or get_tag first")
