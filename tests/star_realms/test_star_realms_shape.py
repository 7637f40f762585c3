"""The shape (``simcore.shape``) Star Realms' engine records: each side's Authority after every round (both sides'
turns; a Two Against One team's is shared), through its own recording (``rules.record_standing``) and game row
(``batch.record``), on hand-built rounds as the reference reads them."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.star_realms import batch, layout, rules
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
def test_authority_after_every_round_is_recorded_as_the_reference_reads_it(leads):
    sc = np.zeros(layout.N_SC, np.int64)
    shape_reset(sc, layout.S_SHAPE)
    for r, lead in enumerate(leads, 1):
        sc[layout.S_AUTH], sc[layout.S_AUTH + 1] = 50 + lead, 50
        sc[layout.S_TURN] = 2 * r
        rules.record_standing(sc)
    row = np.zeros(batch.R_CARD_COUNTS + 3, np.int64)
    batch.record(sc, 1, row)
    _agrees(GameShapes.from_output(row[None], batch.R_SHAPE), leads)
