"""simcore.games.last_command.players.situation.weight_mults keeps its last result in the game state (S_MULTS): what it
returns must still follow every input, the player, both Hulls and the turn."""
import numpy as np

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import N_SC, S_HULL, S_TURN
from simcore.games.last_command.players.library import strategy_rows, vector_from
from simcore.games.last_command.players.situation import weight_mults

TABLES = load_cards()
STRAT = strategy_rows([vector_from({"opp_low_hull": 12, "kill_urgency": 2.0, "own_low_hull": 8,
                                    "repair_urgency": 1.5, "push_turn": 3, "push_damage": 0.5,
                                    "push_economy": 0.5}),
                       "balanced"], TABLES)


def state(hull0, hull1, turn):
    sc = np.zeros(N_SC, np.int64)
    sc[S_HULL], sc[S_HULL + 1], sc[S_TURN] = hull0, hull1, turn
    return sc


def test_kept_multipliers_follow_the_player_the_hulls_and_the_turn():
    sc = state(20, 20, 0)
    steps = [(0, 20, 20, 0), (0, 20, 20, 0), (0, 20, 6, 0), (0, 5, 6, 0), (0, 5, 6, 7), (1, 5, 6, 7),
             (0, 5, 6, 7), (0, 20, 20, 0)]
    seen = set()
    for p, hull0, hull1, turn in steps:
        sc[S_HULL], sc[S_HULL + 1], sc[S_TURN] = hull0, hull1, turn
        got = weight_mults(sc, STRAT, p)
        assert got == weight_mults(state(hull0, hull1, turn), STRAT, p)  # as computed afresh
        seen.add(got)
    # the steps reach five different states, so a stale result would have shown
    assert len(seen) == 5
