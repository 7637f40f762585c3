"""The shape (``simcore.shape``) The Last Command's engine records: each ship's Hull after every round (both
players' turns), through its own turn loop (``rules.turn_done``) and game row (``game_row.write_result``), on
hand-built rounds as the reference reads them."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.last_command import game_row, layout, rules
from simcore.shape import GameShapes, measures_of_track, shape_reset

TRAILED = [3, 5, 1, -2, -6, -4, 0, 2, 7]        # the first seat leads, trails by 6, then wins by 7
CHANGING = [1, -1, 2, 0, -3, 4, 4]              # the lead changes hands 4 times (a tie keeps it)


def _agrees(s, leads):
    m = measures_of_track(leads)
    assert s.rounds[0] == len(leads) and s.track[0, :len(leads)].tolist() == list(leads)
    assert (s.changes[0], s.decisive[0], s.behind[0]) == (m["changes"], m["decisive"], m["behind"])
    assert s.deficit[0].tolist() == m["deficit"] and s.drama[0].tolist() == m["drama"]
    assert s.winner_deficit(np.array([0]))[0] == m["deficit"][0] and s.winner_drama(np.array([0]))[0] == m["drama"][0]


def _recorded(leads) -> GameShapes:
    sc = np.zeros(layout.N_SC, np.int64)
    shape_reset(sc, layout.S_SHAPE)
    for r, lead in enumerate(leads, 1):
        sc[layout.S_HULL], sc[layout.S_HULL + 1] = 20, 20 - lead
        sc[layout.S_TURN] = 2 * r - 1
        rules.turn_done(sc)            # the second seat's turn ends the round
    row = np.zeros(game_row.R_CARD_COUNTS + 3, np.int64)
    game_row.write_result(sc, 1, row)
    return GameShapes.from_output(row[None], game_row.R_SHAPE)


@pytest.mark.parametrize("leads", [TRAILED, CHANGING], ids=["winner_trailed", "lead_changes_4_times"])
def test_hull_after_every_round_is_recorded_as_the_reference_reads_it(leads):
    _agrees(_recorded(leads), leads)


def test_the_end_of_a_game_records_the_round_it_cut_short_once():
    sc = np.zeros(layout.N_SC, np.int64)
    shape_reset(sc, layout.S_SHAPE)
    sc[layout.S_HULL], sc[layout.S_HULL + 1] = 20, 18
    sc[layout.S_TURN] = 1
    rules.turn_done(sc)                     # round 1
    sc[layout.S_HULL + 1] = 0
    rules.turn_done(sc)                     # the first seat's turn of round 2 ends the game: turn 3
    row = np.zeros(game_row.R_CARD_COUNTS, np.int64)
    game_row.write_result(sc, 1, row)
    game_row.write_result(sc, 1, row)       # written twice: still two rounds
    s = GameShapes.from_output(row[None], game_row.R_SHAPE)
    assert s.rounds[0] == 2 and s.track[0, :2].tolist() == [2, 20]
