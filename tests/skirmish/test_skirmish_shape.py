"""The shape (``simcore.shape``) the skirmish's engine records: the wounds each force's surviving units have left
after every battle turn (a destroyed unit counts 0), through its own recording (``rules.record_standing``) and
game row (``game_row.record``), on hand-built rounds as the reference reads them."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.skirmish import game_row, layout, rules
from simcore.shape import GameShapes, measures_of_track, shape_reset

TRAILED = [3, 5, 1, -2, -6, -4, 0, 2, 7]        # the first seat leads, trails by 6, then wins by 7
CHANGING = [1, -1, 2, 0, -3, 4, 4]              # the lead changes hands 4 times (a tie keeps it)


def _agrees(s, leads):
    m = measures_of_track(leads)
    assert s.rounds[0] == len(leads) and s.track[0, :len(leads)].tolist() == list(leads)
    assert (s.changes[0], s.decisive[0], s.behind[0]) == (m["changes"], m["decisive"], m["behind"])
    assert s.deficit[0].tolist() == m["deficit"] and s.drama[0].tolist() == m["drama"]
    assert s.winner_deficit(np.array([0]))[0] == m["deficit"][0] and s.winner_drama(np.array([0]))[0] == m["drama"][0]


@pytest.mark.parametrize("leads", [TRAILED, CHANGING], ids=["winner_trailed", "lead_changes_4_times"])
def test_surviving_wounds_after_every_turn_are_recorded_as_the_reference_reads_them(leads):
    sc = np.zeros(layout.N_SC, np.int64)
    u = np.zeros((layout.MAX_UNITS, layout.N_U), np.int32)
    shape_reset(sc, layout.S_SHAPE)
    u[:3, layout.U_SIDE] = (0, 1, 1)
    for r, lead in enumerate(leads, 1):
        u[:3, layout.U_ALIVE] = 1
        u[0, layout.U_WOUNDS] = 20 + lead       # the first force's unit against the second's two
        u[1, layout.U_WOUNDS], u[2, layout.U_WOUNDS] = 12, 8
        u[2, layout.U_ALIVE] = r % 2            # a destroyed unit's wounds do not count: its 8 leave the lead
        u[0, layout.U_WOUNDS] -= 8 * (1 - r % 2)
        rules.record_standing(u, 3, sc, r)
    row = np.zeros(game_row.R_CARD_COUNTS + 3, np.int64)
    game_row.record(sc, 1, row)
    _agrees(GameShapes.from_output(row[None], game_row.R_SHAPE), leads)
