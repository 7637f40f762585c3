"""Every game bounds its games (docs/reliability.md, "Bounded games"): each registered game states its bounds
of plays per turn, effects per play and turns per game as data, the reliability page lists the same figures,
and the core counts the games a bound ended for any game, the tiny race (a plain-Python game through the
contract) included: per chunk, per sweep cell, in one line of the sweep's output."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from reports.chunk_counts import SweepTally, tally_chunk
from reports.sweep import play_spec, spec_of
from simcore.bounds import EFFECTS_PER_PLAY, LABELS, NONE, PLAYS_PER_TURN, TURN_CAP, WHAT, bounds_line
from simcore.games import registry
from tests.conftest import every_game_name, registered_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "reliability.md"
DOC_TITLES = {"last-command": "The Last Command", "star-realms": "Star Realms", "skirmish": "Skirmish"}

game = pytest.fixture(params=every_game_name())(registered_game)


def _doc_rows(title: str) -> dict[str, str]:
    """The 'Bounded games' table's limit per bound of one game, by the bound's name."""
    rows = {}
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] == title:
            rows[cells[1]] = cells[2]
    return rows


@pytest.mark.parametrize("name", registry.names())
def test_every_game_states_its_three_bounds_and_the_reliability_page_lists_the_same(name):
    info = registry.get(name).info
    assert sorted(b.code for b in info.bounds) == [PLAYS_PER_TURN, EFFECTS_PER_PLAY, TURN_CAP]
    listed = _doc_rows(DOC_TITLES[name])
    for b in info.bounds:
        expected = f"{b.limit:,}" if b.limit is not None else f"`--max-turns` (default {info.max_turns}, at most " \
                                                              f"{info.max_turns_limit:,})"
        assert listed[WHAT[b.code]] == expected, (name, WHAT[b.code])


def test_a_chunk_counts_the_games_each_bound_ended_and_a_sweep_adds_them_up():
    winner = np.array([0, 2, 2, 1, 2])
    bounds = np.array([NONE, PLAYS_PER_TURN, TURN_CAP, NONE, PLAYS_PER_TURN])
    part = tally_chunk(winner, np.ones(5, np.int64), np.zeros((5, 2, 0), np.int32), (0, 1), bounds)
    assert part.bounds.tolist() == [2, 2, 0, 1]
    plain = tally_chunk(winner, np.ones(5, np.int64), np.zeros((5, 2, 0), np.int32))     # a game recording none
    assert plain.bounds.tolist() == [5, 0, 0, 0]
    total = SweepTally()
    total.add(part, None)
    total.add(part, None)
    assert total.bounds.tolist() == [4, 4, 0, 2]


def test_the_sweep_line_names_each_bound_and_says_more_only_when_an_engine_bound_ended_a_game():
    assert bounds_line(np.zeros(len(LABELS), np.int64)) is None
    turn_cap = bounds_line(np.array([8, 0, 0, 2]))
    assert turn_cap == "Games ended by a bound (each a draw): 2 at the turn cap."
    loop = bounds_line(np.array([5, 3, 0, 1]))
    assert loop.startswith("Games ended by a bound (each a draw): 3 at the bound of plays per turn; 1 at the turn cap.")
    assert "'cards validate' names the cards that can re-trigger themselves" in loop


def test_a_sweep_of_every_game_counts_per_cell_the_games_each_bound_ended(game):
    """At a turn cap of 1 every game of a card game is a draw at the cap; the skirmish's turn limit is a rule
    (the higher score wins), which no bound counts."""
    result = play_spec(game, spec_of(max_turns=1), games=4, seed=1, threads=1)
    cells = result.cells
    for label in LABELS[1:]:
        assert f"at_{label}" in cells.columns
    counts = result.bound_counts()
    assert counts[PLAYS_PER_TURN] == counts[EFFECTS_PER_PLAY] == 0
    if game.info.name == "skirmish":
        assert counts[TURN_CAP] == 0
    else:
        assert counts[TURN_CAP] == cells["games"].sum() > 0
