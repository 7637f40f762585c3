"""Star Realms' engine bounds (docs/reliability.md, "Bounded games"): cards one player plays in a turn and
effect rows per play, each ending the game as a draw past its limit, counted in the per-game record; the
turn cap records its own. A card played stays in play for the turn, so no shipped or fuzzed set reaches
them: each is checked here with its limit lowered in the game's cfg."""
from __future__ import annotations

from dataclasses import replace

from simcore.bounds import EFFECTS_PER_PLAY, NONE, PLAYS_PER_TURN, TURN_CAP
from simcore.games.star_realms.layout import CFG_MAX_EFFECTS, CFG_MAX_PLAYS, S_BOUND
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import MODES, mode_matchups
from simcore.games.star_realms.simulate import play_games


def test_the_bound_of_plays_per_turn_ends_the_game_as_a_draw_at_the_play_past_it():
    s = Scenario.build({"players": [{"hand": ["Scout", "Scout", "Scout"]}, {}]})
    s.cfg[CFG_MAX_PLAYS] = 2
    s.play_hand(0)
    assert s.winner == 2 and s.sc[S_BOUND] == PLAYS_PER_TURN
    assert s.trade == 2           # the third Scout was played, its ability not run
    assert any("the bound of 2 plays per turn is passed" in e for e in s.events())


def test_the_bound_of_effects_per_play_ends_the_game_as_a_draw_before_the_rows_past_it():
    s = Scenario.build({"players": [{"hand": ["Scout", "Cutter"]}, {}]})
    s.cfg[CFG_MAX_EFFECTS] = 1
    s.play(0, "Scout")            # Trade 1: one row, within the bound (each play counts its own)
    assert s.winner == -1 and s.trade == 1
    s.play(0, "Cutter")           # Trade 2 and Authority 4: two rows, past it; neither runs
    assert s.winner == 2 and s.sc[S_BOUND] == EFFECTS_PER_PLAY
    assert (s.trade, s.authority(0)) == (1, 50)


def test_every_mode_records_no_bound_in_normal_games_and_its_own_at_the_turn_cap():
    for mode in MODES:
        m = mode_matchups(mode)[0]
        rec = play_games(20, seed=5, matchup=m, strategies=("random", "balanced"), threads=1)
        assert (rec.bounds == NONE).all(), mode
        short = play_games(6, seed=5, matchup=replace(m, max_turns=2), threads=1)
        assert (short.bounds == TURN_CAP).all() and set(short.games["bound"]) == {"turn_cap"}, mode
