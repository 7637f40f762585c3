"""Skirmish golden replays: a few recorded battles must replay event for event
(tests/golden/skirmish/*.jsonl; regenerate on purpose with `python3 -m tests.golden.skirmish.regenerate`)."""
from pathlib import Path

import pytest

from tests.golden.skirmish.regenerate import GAMES, HERE, replay_lines


def test_every_skirmish_golden_battle_has_a_transcript():
    assert sorted(p.stem for p in Path(HERE).glob("*.jsonl")) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_skirmish_golden_replay_is_unchanged(name):
    expected = (HERE / f"{name}.jsonl").read_text().splitlines()
    actual = replay_lines(name)
    first_diff = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
    assert actual == expected, (f"{name}: the battle differs from event {first_diff} on; if the change is "
                                f"deliberate, run python3 -m tests.golden.skirmish.regenerate")
