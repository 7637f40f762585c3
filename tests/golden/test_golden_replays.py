"""Golden replays, every registered game: a few recorded games must replay event for event
(``tests/golden/<game>/*.jsonl``), and a game without one fails (a new game is held to its transcripts from
the moment it registers). After a deliberate change: ``python3 -m tests.golden.regenerate GAME``."""
from __future__ import annotations

import pytest

from simcore.games import registry
from tests.golden.regenerate import GOLDEN, folder, replay_lines

CASES = [(game, name) for game in sorted(GOLDEN) for name in sorted(GOLDEN[game])]


@pytest.mark.parametrize("game", registry.names())
def test_golden_every_game_has_replays_and_every_file_its_game(game):
    assert GOLDEN.get(game), f"{game} has no golden replay: add its games to tests/golden/regenerate.py's GOLDEN"
    assert sorted(p.stem for p in folder(game).glob("*.jsonl")) == sorted(GOLDEN[game])


def test_golden_no_replays_of_an_unregistered_game():
    assert set(GOLDEN) <= set(registry.names())


@pytest.mark.parametrize("game, name", CASES, ids=[f"{g}:{n}" for g, n in CASES])
def test_golden_replay_is_unchanged(game, name):
    expected = (folder(game) / f"{name}.jsonl").read_text().splitlines()
    actual = replay_lines(game, name)
    first_diff = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
    assert actual == expected, (f"{game} {name}: the game differs from event {first_diff} on; if the change is "
                                f"deliberate, run python3 -m tests.golden.regenerate {game}")
