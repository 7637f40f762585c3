"""One entry per mode (simcore/games/last_command/batch.py): a duel's games are played by ``play_block``, whose
compile never types the Solo A.I.'s setup and turn (``solo.py``: the largest part of a duel sweep's cold start
was its Card Phase), and Solo Mode's by ``play_block_solo``."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simcore.games.last_command import batch, game_row
from simcore.games.last_command.layout import CFG_SOLO_AI

# a new process, an empty numba cache: everything the duel games need compiles, and nothing else
_DUEL_ONLY = """
from numba.core.registry import CPUDispatcher
from simcore import game_jit
from simcore.games.last_command import batch, simulate
assert (simulate.play_games(4, seed=3).games["turns"] > 0).all()
for d in game_jit.DISPATCHERS:
    if isinstance(d, CPUDispatcher) and d.signatures:
        print(d.py_func.__module__ + "." + d.py_func.__qualname__)
"""


def test_a_duel_sweep_never_compiles_the_solo_ais_setup_and_turn(tmp_path):
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "COMMANDSIM_CACHE_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", _DUEL_ONLY], env=env, cwd=root, capture_output=True, text=True,
                          timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    compiled = set(proc.stdout.split())
    game = "simcore.games.last_command."
    assert {game + "batch.play_block", game + "rules.play_duel_turn", game + "rules.setup_duel"} <= compiled
    assert not [f for f in compiled if f.startswith(game + "solo.")]
    assert not {game + "batch.play_block_solo", game + "rules.play_turn", game + "rules.setup_game"} & compiled


def _entry_called(monkeypatch, cfg) -> str:
    called = []
    monkeypatch.setattr(batch, "play_block", lambda *args: called.append("play_block"))
    monkeypatch.setattr(batch, "play_block_solo", lambda *args: called.append("play_block_solo"))
    cards = np.zeros((1, 1), np.int32)
    batch.play_range(cards, None, None, None, cfg, None, 1, 0, 0, 2, None, None)
    return called[0]


def test_a_duel_plays_on_the_duel_entry_and_solo_mode_on_its_own(monkeypatch):
    cfg = np.zeros(CFG_SOLO_AI + 1, np.int64)
    cfg[CFG_SOLO_AI] = -1
    assert _entry_called(monkeypatch, cfg) == "play_block"
    cfg[CFG_SOLO_AI] = 1
    assert _entry_called(monkeypatch, cfg) == "play_block_solo"


def test_the_duel_entry_refuses_a_solo_setup():
    # its compiled games have no Solo A.I.: given one, they would play it as a player
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.layout import CAP, LOG_COLS, N_PILES, N_SC
    from simcore.games.last_command.players.library import strategy_rows
    from simcore.games.last_command.setup import Matchup, build_setup
    from simcore.games.last_command.tables import MAX_EFF_ROWS, MAX_TYPES

    tables = load_cards()
    setup, setup_n, cfg = build_setup(tables, Matchup(mode="solo", difficulty="hard"))
    strat = batch.padded_strategies(strategy_rows(("balanced", "balanced"), tables), tables.cards.shape[0])
    cards = batch.padded(tables.cards, MAX_TYPES)
    with pytest.raises(ValueError, match="Solo Mode is play_block_solo's"):
        batch.play_block(cards, batch.padded(tables.eff, MAX_EFF_ROWS), setup, setup_n, cfg, strat, np.int64(1),
                         np.int64(0), np.int64(0), np.int64(2), np.zeros((2, game_row.N_RESULT_COLS), np.int64),
                         np.zeros((2, cards.shape[0], 0), np.int32), np.zeros((N_PILES, CAP), np.int32),
                         np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64), np.zeros((1, LOG_COLS), np.int32),
                         np.zeros((2, MAX_TYPES), np.int32))
