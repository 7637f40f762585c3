"""The fuzz tests' time limit (tests/time_limit.py) turns a call that does not end into a failure naming it,
and otherwise gives the call's result or its exception."""
import time

import pytest

from tests.time_limit import Hang, ends_within


def test_a_call_past_its_limit_fails_naming_what_was_played():
    started = time.perf_counter()
    with pytest.raises(Hang, match="a game of the test did not end within 0.2 s"):
        ends_within(0.2, "a game of the test", time.sleep, 30)
    assert time.perf_counter() - started < 5


def test_a_call_within_its_limit_gives_its_result_or_its_error():
    assert ends_within(5, "a sum", sum, [1, 2, 3]) == 6
    with pytest.raises(ZeroDivisionError):
        ends_within(5, "a division", lambda: 1 / 0)
