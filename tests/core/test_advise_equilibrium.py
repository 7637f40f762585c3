"""``advise`` aimed at a match-up's value at equilibrium (issue 51, item 5): ``--target "A vs B at equilibrium =
50%"`` plays every pair of each side's strategies and solves the game again for every set of edits, so a card
edit that changes which strategies the sides should mix is judged by the mixes it calls for. Checked on a
game of known payoffs (an engine stand-in whose "cards" are a matrix of win rates), then on every game."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from reports import equilibrium as eq
from reports.advisor import equilibrium_target as eqt
from simcore.advice import Component, Target
from simcore.games import registry
from tests.conftest import invoke
from tests.core.test_counts_and_names_every_command import one_line


def test_the_words_at_equilibrium_are_read_before_the_goal():
    assert eqt.split("federation vs sunder at equilibrium = 50%") == ("federation vs sunder = 50%", True)
    assert eqt.split("line vs raiders  At  Equilibrium=45%") == ("line vs raiders =45%", True)
    assert eqt.split("federation vs sunder = 50%") == ("federation vs sunder = 50%", False)
    assert eqt.split("equilibrium vs sunder = 50%")[1] is False


def stand_in(n, seed, matchup, strategies, tables, threads=None, first_game=0, keep_bought=False):
    """A game whose seat 0 playing strategy s against t wins with probability ``tables[s, t]`` (strategies are
    indices), each game drawn from its own seed and index as the engines draw theirs."""
    s, t = strategies
    rate = tables[s, t] if matchup == "ab" else 1.0 - tables[t, s]
    draws = np.array([np.random.default_rng([seed, first_game + k, s, t, matchup == "ab"]).random()
                      for k in range(n)])
    return SimpleNamespace(winner=np.where(draws < rate, 0, 1))


def target_of(rows=2, cols=2) -> Target:
    """'A vs B' in both seat orders, at equilibrium over ``rows`` x ``cols`` strategies (indices)."""
    mix = eqt.Mix(tuple(map(str, range(rows))), tuple(map(str, range(cols))), tuple(range(rows)), tuple(range(cols)))
    comp = Component("a vs b at equilibrium", 0.5, (("ab", 0), ("ba", 1)), mix=mix)
    return Target((comp,), "a vs b at equilibrium = 50%", None, "", stand_in)


def test_a_seeds_score_averages_to_the_value_of_the_game_solved_on_those_seeds():
    truth = np.array([[0.7, 0.3], [0.4, 0.6]])
    scores = target_of().measure(truth, None, 5, 0, 300)[0]
    # the same games cell by cell: the matrix they make, solved
    cells = np.array([[[np.mean([stand_in(1, 5, m, p, truth, first_game=g).winner[0] == seat
                                 for m, seat, p in (("ab", 0, (i, j)), ("ba", 1, (j, i)))]) for g in range(300)]
                       for j in range(2)] for i in range(2)])
    assert scores.mean() == pytest.approx(eq.solve(cells.mean(axis=2)).value)
    assert scores.mean() == pytest.approx(eq.solve(truth).value, abs=0.05)       # 0.5 with these rates


def test_every_set_of_edits_is_solved_again_so_its_mixes_are_its_own():
    # the unedited cards: strategy 0 is the row's best (a saddle at 0.6); the edit makes strategy 1 the row's
    # best. Mixes held from the unedited cards would score the edited game at 0.35; re-solved, it is 0.65.
    before = np.array([[0.6, 0.7], [0.2, 0.3]])
    after = np.array([[0.35, 0.4], [0.65, 0.8]])
    target = target_of()
    assert target.measure(before, None, 1, 0, 400)[0].mean() == pytest.approx(0.6, abs=0.05)
    assert target.measure(after, None, 1, 0, 400)[0].mean() == pytest.approx(0.65, abs=0.05)
    assert target.games_per_seed() == 2 * 4                  # both seat orders of each of the four cells


@pytest.mark.parametrize("name", registry.names())
def test_advise_at_equilibrium_runs_on_every_game_and_names_its_recheck(name, tmp_path, monkeypatch):
    monkeypatch.setenv("COMMANDSIM_TRIAL", "1")
    game = registry.get(name)
    text = game.target_example.replace("=", "at equilibrium =")
    tables = game.load_tables()
    only = game.card_info(tables)["card"][np.asarray(game.buyable(tables), bool)] if len(game.buyable(tables)) \
        else pd.Series(["raiders"])          # the skirmish buys nothing: a force's values are its cards
    out = tmp_path / "a.csv"
    result = invoke("advise", "--game", name, "--target", text, "--only", str(only.iloc[-1]), "--allow-stated",
                    "--out", out)
    assert result.exit_code == 0, result.output
    assert "at equilibrium: the game is solved again for every set of edits" in result.output
    table = pd.read_csv(out)
    assert table["component"].str.endswith("at equilibrium").all()
    if "Re-check:" in result.output:      # a patch was proposed: the command that checks its value again
        recheck = result.output.split("Re-check:", 1)[1].splitlines()[0]
        assert ("commandsim metagame" in recheck if " vs " in text else "at equilibrium: its mixes over" in recheck)


def test_bad_mixes_are_one_line_naming_their_option(tmp_path):
    out = ["--out", tmp_path / "a.csv"]
    one_line("advise", "--game", "skirmish", "--target", "line vs raiders = 50%", "--strategies", "reserve,spender",
             *out, text="Error: --strategies names the mixes of a target at equilibrium")
    one_line("advise", "--game", "skirmish", "--target", "line vs raiders at equilibrium = 50%", "--strategies",
             "reserve,nonesuch", *out, option="--strategies", text="nonesuch")
    one_line("advise", "--game", "skirmish", "--target", "line vs raiders at equilibrium = 50%", "--strategies",
             "reserve", *out, option="--strategies", text="at least two entries")
    one_line("advise", "--game", "skirmish", "--target", "line vs raiders at equilibrium = 50%",
             "--opponent-strategies", "reserve,reserve", *out, option="--opponent-strategies",
             text="its own name")
    assert not list(tmp_path.iterdir())
