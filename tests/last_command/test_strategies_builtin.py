"""The built-in strategies are all competent and play recognisably different games.

2,000 seeded games per pairing, every seed played twice with the seats swapped and the factions
balanced (``strategies.tuning.arena``); results are deterministic for a given engine.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.players.library import builtin_names
from simcore.games.last_command.players.head_to_head import PROFILE_KINDS, head_to_head, purchase_profile
from strategies.tuning.arena import Match

TABLES = load_cards()
GAMES = 2000
SEED = 2024
# the styles: `tuned` (the skill ladder's rung, balanced with tuned weights) is not a style of its own
HEURISTIC = tuple(n for n in builtin_names() if n not in ("random", "tuned"))


@pytest.fixture(scope="module")
def matches():
    """Every pairing of the heuristic built-ins (and each against random)."""
    out = {}
    for a, b in itertools.combinations(HEURISTIC, 2):
        out[a, b] = Match.of(head_to_head(a, b, GAMES, SEED, tables=TABLES))
    for a in HEURISTIC:
        out[a, "random"] = Match.of(head_to_head(a, "random", GAMES, SEED, tables=TABLES))
    return out


def test_the_four_styles_are_built_in():
    assert {"balanced", "aggro", "engine", "defensive", "random"} <= set(builtin_names())


@pytest.mark.parametrize("name", HEURISTIC)
def test_every_builtin_beats_random_by_at_least_80_percent(matches, name):
    m = matches[name, "random"]
    assert m.games == GAMES
    lo, _ = m.interval()
    assert m.win_rate >= 0.8 and lo >= 0.8, (name, m.win_rate, m.interval())


def test_builtins_are_not_the_same_player_head_to_head(matches):
    # most pairings are decided: the 95% interval of the first side's win rate excludes 50%
    decided = [(a, b) for (a, b), m in matches.items()
               if b != "random" and not m.interval()[0] <= 0.5 <= m.interval()[1]]
    assert len(decided) >= 4, {k: round(m.win_rate, 3) for k, m in matches.items()}
    # and every two built-ins can be told apart: their own match is decided, or their records
    # against the common opponents differ by more than 5 points
    rates = {}
    for (a, b), m in matches.items():
        rates.setdefault(a, {})[b] = m.win_rate
        rates.setdefault(b, {})[a] = 1 - m.win_rate - m.draws / m.games
    for a, b in itertools.combinations(HEURISTIC, 2):
        common = [o for o in rates[a] if o in rates[b]]
        apart = max(abs(rates[a][o] - rates[b][o]) for o in common)
        assert (a, b) in decided or apart > 0.05, (a, b, rates[a], rates[b])


def profile_shares(matches, name):
    """Share of each purchase kind (Engineering, Comms, Tactical, Crew) over all of name's games."""
    total = np.zeros(len(PROFILE_KINDS))
    per_game = []
    for (a, b), m in matches.items():
        if name in (a, b):
            prof = purchase_profile(m.bought_a if a == name else m.bought_b, TABLES, m.games)
            total += [prof[k] for k in PROFILE_KINDS]
            per_game.append(sum(prof.values()))
    return total / total.sum(), float(np.mean(per_game))


def test_builtins_buy_differently(matches):
    shares = {n: profile_shares(matches, n) for n in HEURISTIC}
    for a, b in itertools.combinations(HEURISTIC, 2):
        gap = np.abs(shares[a][0] - shares[b][0]).max()
        assert gap >= 0.05, (a, b, shares[a], shares[b])
    # the styles show in what they buy
    kinds = {k: i for i, k in enumerate(PROFILE_KINDS)}
    assert shares["aggro"][0][kinds["tactical"]] == max(s[0][kinds["tactical"]] for s in shares.values())
    assert shares["engine"][0][kinds["engineering"]] > shares["balanced"][0][kinds["engineering"]]
    assert shares["defensive"][1] == max(s[1] for s in shares.values())      # the most purchases a game
