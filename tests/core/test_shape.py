"""The shape of a game (``simcore.shape``), in every game: each engine records its standing after every round
(The Last Command: Hull; Star Realms: Authority; the skirmish: surviving units' wounds; the tiny race: position)
and the per-game measures follow the reference definitions (``measures_of_track``).

Hand-built scenarios go through each game's own recording function with its own state layout: a game the winner
trailed, leads that change k times. Played games must agree with the reference on their recorded leads, and the
last recorded lead is the final standing the per-game records show. Each engine's own recording on hand-built
rounds is tested in its folder (``tests/<game>/test_*shape*.py``)."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.shape import NOBODY, TRACK_ROUNDS, UNKNOWN, GameShapes, measures_of_track
from tests.conftest import every_game_name, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)

TRAILED = [3, 5, 1, -2, -6, -4, 0, 2, 7]        # the first seat leads, trails by 6, then wins by 7
CHANGING = [1, -1, 2, 0, -3, 4, 4]              # the lead changes hands 4 times (a tie keeps it)


# ---- the reference definitions

def test_reference_a_winner_who_trailed_has_its_largest_deficit_and_drama():
    m = measures_of_track(TRAILED)
    assert m["deficit"] == [6, 7] and m["drama"] == [2 + 6 + 4, 3 + 5 + 1 + 2 + 7]
    assert m["changes"] == 2 and m["decisive"] == 8          # the first seat took the lead for good in round 8
    assert m["behind"] == 0                                  # after round 4 of 9 the first seat trailed by 2


def test_reference_leads_that_change_k_times_count_k_changes():
    m = measures_of_track(CHANGING)
    assert m["changes"] == 4 and m["decisive"] == 6
    assert measures_of_track([0, 0, 0])["changes"] == 0 and measures_of_track([0, 0, 0])["decisive"] == 0
    assert measures_of_track([2, 2, 2])["changes"] == 0 and measures_of_track([2, 2, 2])["decisive"] == 1


def test_reference_mid_game_is_after_half_the_rounds():
    assert measures_of_track([5])["behind"] == NOBODY          # a one-round game has no mid-game round
    assert measures_of_track([-1, 3])["behind"] == 0
    assert measures_of_track([0, 3, 3, 3])["behind"] == 1      # after round 2: the second seat trails
    assert measures_of_track([1] * (2 * TRACK_ROUNDS + 2))["behind"] == UNKNOWN


def test_game_shapes_pack_and_read_back_the_leads_and_pick_the_winners():
    s = GameShapes.from_leads([TRAILED, CHANGING, [-40000] * 3])
    assert s.track[0, :len(TRAILED)].tolist() == TRAILED and s.track[0, len(TRAILED):].tolist() == [0] * (
        TRACK_ROUNDS - len(TRAILED))
    assert s.track[2, 0] == -32767                        # clipped to 16 bits, past the reference's reach
    assert s.winner_deficit(np.array([0, 1, 2])).tolist() == [6, 4, 0]   # a draw has no winner: 0
    assert s.winner_drama(np.array([1, 0, 2])).tolist() == [18, 4, 0]
    assert s.comeback(np.array([0, 0, 1])).tolist() == [True, False, False]   # behind at mid: 0, 1, 0


# ---- every game's engine, on hand-built scenarios: tests/<game>/test_*shape*.py (each game's own layout); the
# tiny race's here (it lives in tests/, registered through the contract)

@pytest.mark.parametrize("leads", [TRAILED, CHANGING], ids=["winner_trailed", "lead_changes_4_times"])
def test_the_tiny_race_records_hand_built_rounds_as_the_reference_reads_them(leads):
    from simcore.shape import write_shape, shape_reset
    from tests.tiny_game import batch, layout, rules
    sc = np.zeros(layout.N_SC, np.int64)
    shape_reset(sc, layout.S_SHAPE)
    for r, lead in enumerate(leads, 1):
        sc[layout.S_POS], sc[layout.S_POS + 1] = 10 + lead, 10
        sc[layout.S_TURN] = 2 * r
        rules.record_standing(sc)
    row = np.zeros(batch.R_CARD_COUNTS, np.int64)
    write_shape(sc, layout.S_SHAPE, row, batch.R_SHAPE)
    s = GameShapes.from_output(row[None], batch.R_SHAPE)
    m = measures_of_track(leads)
    assert s.track[0, :len(leads)].tolist() == list(leads)
    assert (s.rounds[0], s.changes[0], s.decisive[0], s.behind[0]) == (len(leads), m["changes"], m["decisive"],
                                                                       m["behind"])
    assert s.deficit[0].tolist() == m["deficit"] and s.drama[0].tolist() == m["drama"]


# ---- every game's played games

FINAL_STANDING = {"last-command": ("first_hull", "second_hull"), "star-realms": ("first_authority",
                                                                                 "second_authority"),
                  "tiny-race": ("first_position", "second_position")}


def test_played_games_agree_with_the_reference_and_end_at_their_final_standing(game):
    tables = game.load_tables()
    cell = game.sweep_cells(_spec(), tables)[0]
    order = cell.orders[0]
    rec = game.play(order.matchup, tuple(game.resolve_strategy(s) for s in order.strategies), 5, 0, 120, tables,
                    None)
    s = rec.shape
    assert s is not None and len(s) == 120
    short = np.flatnonzero(s.rounds <= TRACK_ROUNDS)
    assert len(short) > 100
    for g in short:
        m = measures_of_track(s.track[g, :s.rounds[g]])
        assert (m["changes"], m["decisive"], m["behind"]) == (s.changes[g], s.decisive[g], s.behind[g])
        assert m["deficit"] == s.deficit[g].tolist() and m["drama"] == s.drama[g].tolist()
    games = rec.games
    for column in ("rounds", "lead_changes", "decisive_round", "winner_deficit", "drama", "behind_at_mid"):
        assert column in games.columns
    won = games["winner"].astype(str) != "draw"
    trailed = games[won & (games["winner_deficit"] > 0)]
    assert len(trailed), "some winner trailed at some round"
    if game.info.name in FINAL_STANDING:
        a, b = FINAL_STANDING[game.info.name]
        last = s.track[short, s.rounds[short] - 1]
        assert (last == (games[a] - games[b]).to_numpy()[short]).all()
    else:   # the skirmish: the battle's end is its last turn's record (turns completed, or the turn it ended in)
        assert ((s.rounds == rec.turns) | (s.rounds == rec.turns + 1)).all()


def _spec():
    from simcore.game import SweepSpec
    return SweepSpec()
