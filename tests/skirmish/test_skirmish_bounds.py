"""The skirmish's engine bounds (docs/reliability.md, "Bounded games"): own-window commands per player and turn
and effect parts per command, each ending the battle as a draw past its limit, counted in the per-game record.
A response opens no window, so no command sets off a chain; what can repeat is a command that costs nothing,
which `cards validate` names."""
from __future__ import annotations

from simcore.bounds import EFFECTS_PER_PLAY, NONE, PLAYS_PER_TURN
from simcore.game import Restriction
from simcore.games.skirmish.bounds import MAX_ORDERS
from simcore.games.skirmish.card_data import DATA_DIR, load_tables
from simcore.games.skirmish.replay_log import text_lines
from simcore.games.skirmish.layout import CFG_MAX_EFFECTS, EV_DECLARE, L_D, L_EVENT, S_BOUND
from simcore.games.skirmish.opcodes import CC_OPENS_WINDOW, CC_TIMING, TIMING_RESPONSE
from simcore.games.skirmish.scenario import Scenario
from simcore.games.skirmish.setup import Matchup
from simcore.games.skirmish.simulate import play_games, replay_game, seed_of_game
from tests.conftest import invoke

FREE_HOLD = '[[command]]\nname = "Hold"\ncost = 0\n'


def test_a_command_given_past_the_bound_of_commands_per_turn_ends_the_battle_as_a_draw(tmp_path):
    (tmp_path / "free.toml").write_text(FREE_HOLD)
    m = Matchup(("line", "line"))
    tables = load_tables(tmp_path / "free.toml", m.command_sets)
    forced = Restriction.seat(0, forced=("Hold",))     # given whenever legal and affordable: at 0, for ever
    rec = play_games(6, 1, m, ("reserve", "reserve"), tables=tables, threads=1, restriction=forced)
    assert (rec.bounds == PLAYS_PER_TURN).all() and (rec.winner == 2).all()
    assert set(rec.games["bound"]) == {"plays_per_turn"}
    r = replay_game(seed_of_game(1, 0), m, ("reserve", "reserve"), tables, restriction=forced)
    own = (r.events[:, L_EVENT] == EV_DECLARE) & (r.events[:, L_D] == 0)
    assert r.result["bound"] == "plays_per_turn" and own.sum() >= MAX_ORDERS
    lines = text_lines(r)
    assert "the bound of 40 plays per turn is passed" in lines[-2] and lines[-1].endswith("(at the bound of plays "
                                                                                           "per turn)")


def test_the_bound_of_effect_parts_per_command_ends_the_battle_before_the_part_past_it():
    s = Scenario.build({"A": [{"unit": "Trooper", "pos": 3}], "B": [{"unit": "Trooper", "pos": 6}]})
    s.cfg[CFG_MAX_EFFECTS] = 0
    s.order("A1", "Move", place=4)
    assert s.winner == 2 and s.sc[S_BOUND] == EFFECTS_PER_PLAY
    assert s.unit("A1")["pos"] == 3          # its movement was not run


def test_shipped_battles_record_no_bound():
    for sets in (("full", "full"), ("no-covering-fire", "no-responses"), ("covering-fire-2cp", "full")):
        rec = play_games(30, 2, Matchup(("line", "raiders"), sets), ("random", "spender"), threads=1)
        assert (rec.bounds == NONE).all(), sets


def test_the_turn_limit_is_a_rule_not_a_bound_the_higher_score_wins():
    rec = play_games(30, 2, Matchup(("line", "raiders"), max_turns=1), ("random", "reserve"), threads=1)
    assert (rec.bounds == NONE).all()
    g = rec.games[rec.games["turns"] == 1]          # not those a force's elimination ended sooner
    assert len(g) > 20
    first = g["first_kills"] + g["first_objective"]
    second = g["second_kills"] + g["second_objective"]
    expected = (first > second).map({True: "first", False: "second"}).where(first != second, "draw")
    assert (g["winner"].astype(str) == expected).all()


def test_a_response_opens_no_window_so_no_command_sets_off_a_chain():
    tables = load_tables()
    for c, name in enumerate(tables.names):
        if tables.cmds[c, CC_TIMING] == TIMING_RESPONSE:
            assert tables.cmds[c, CC_OPENS_WINDOW] == 0, name


def test_cards_validate_names_a_command_that_costs_nothing(tmp_path):
    (tmp_path / "free.toml").write_text(FREE_HOLD)
    r = invoke("cards", "validate", tmp_path / "free.toml", "--game", "skirmish")
    assert r.exit_code == 0, r.output
    warnings = [line for line in r.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "command 'Hold'" in warnings[0] and f"{MAX_ORDERS} commands per turn" in warnings[0]
    shipped = invoke("cards", "validate", DATA_DIR, "--game", "skirmish")
    assert shipped.exit_code == 0 and "warning:" not in shipped.output
