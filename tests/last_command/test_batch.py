"""The thread pool over blocks of games (simcore/games/last_command/batch.play_batch)."""
import threading
import time

import numpy as np
import pytest

from simcore.games.last_command import batch, game_row
from simcore.games.last_command.tables import N_COLS
from simcore.games.last_command.players.params import N_PARAMS
from simcore.games.last_command.players.situation import N_BLOCKS

# cards, eff, setup, setup_n, cfg, strat: for a faked play_range
NO_TABLES = (np.zeros((1, N_COLS), np.int32), np.zeros((1, 4), np.int32), None, None, None,
             np.zeros((2, N_PARAMS + N_BLOCKS)))


def test_a_failing_block_stops_the_batch_and_reaches_the_caller(monkeypatch):
    played = []
    lock = threading.Lock()

    def fake_range(*args):
        lo = args[8]
        with lock:
            played.append(lo)
        if lo == 0:
            raise RuntimeError("block 0 failed")
        time.sleep(0.05)   # a block takes a while: the error arrives before most have begun

    monkeypatch.setattr(batch, "play_range", fake_range)
    n = 16 * 800   # 16 blocks of 800 on two threads
    out = np.zeros((n, game_row.N_RESULT_COLS), np.int64)
    with pytest.raises(RuntimeError, match="block 0 failed"):
        batch.play_batch(*NO_TABLES, 1, 0, out, np.zeros((2, 1, 0), np.int32), threads=2)
    # the blocks not yet begun when the error arrived were dropped, not played
    assert 1 <= len(played) < 16


def test_blocks_cover_every_game_once(monkeypatch):
    rows = []
    monkeypatch.setattr(batch, "play_range", lambda *args: rows.extend(range(args[8], args[9])))
    out = np.zeros((1000, game_row.N_RESULT_COLS), np.int64)
    batch.play_batch(*NO_TABLES, 1, 0, out, np.zeros((2, 1, 0), np.int32), threads=3)
    assert sorted(rows) == list(range(1000))


@pytest.mark.parametrize("wrong", ["none", "piles", "cards", "strat", "log"])
def test_play_block_refuses_arrays_of_another_shape(wrong):
    # the compiled games take the layout's shapes as constants: a mismatch must not run
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.layout import CAP, LOG_COLS, N_PILES, N_SC
    from simcore.games.last_command.setup import Matchup, build_setup
    from simcore.games.last_command.tables import MAX_EFF_ROWS, MAX_TYPES
    from simcore.games.last_command.players.library import strategy_rows

    tables = load_cards()
    setup, setup_n, cfg = build_setup(tables, Matchup())
    strat = strategy_rows(("balanced", "balanced"), tables)
    strat = strat if wrong == "strat" else batch.padded_strategies(strat, tables.cards.shape[0])
    cards = tables.cards if wrong == "cards" else batch.padded(tables.cards, MAX_TYPES)
    out = np.zeros((2, game_row.N_RESULT_COLS), np.int64)

    def run():
        batch.play_block(cards, batch.padded(tables.eff, MAX_EFF_ROWS), setup, setup_n, cfg, strat, np.int64(1),
                         np.int64(0), np.int64(0), np.int64(2), out, np.zeros((2, cards.shape[0], 0), np.int32),
                         np.zeros((N_PILES, CAP + (wrong == "piles")), np.int32), np.zeros(N_PILES, np.int32),
                         np.zeros(N_SC, np.int64), np.zeros((1 + (wrong == "log"), LOG_COLS), np.int32),
                         np.zeros((2, MAX_TYPES), np.int32))

    if wrong == "none":
        run()
        assert (out[:, game_row.R_TURNS] > 0).all()
    else:
        with pytest.raises(ValueError, match="layout's shape"):
            run()

