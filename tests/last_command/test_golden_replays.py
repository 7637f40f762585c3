"""Golden replays: a few recorded games must replay event for event (tests/golden/*.jsonl).
After a deliberate change, regenerate them with `python3 -m tests.golden.regenerate`."""
from pathlib import Path

import pytest

from tests.golden.regenerate import GAMES, HERE, replay_lines


def test_every_golden_game_has_a_transcript():
    assert sorted(p.stem for p in Path(HERE).glob("*.jsonl")) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_replay_is_unchanged(name):
    expected = (HERE / f"{name}.jsonl").read_text().splitlines()
    actual = replay_lines(name)
    first_diff = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
    assert actual == expected, (f"{name}: the game differs from event {first_diff} on; if the change is "
                                f"deliberate, run python3 -m tests.golden.regenerate")
