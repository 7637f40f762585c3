"""The Last Command's search player (simcore/games/last_command/search.py, strategy search:N)."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from simcore.errors import StrategyError
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.rules import play_phase, play_turn, setup_game
from simcore.games.last_command.layout import (CAP, CREW_DECK, HAND, LOG_COLS, M_SYS_DECK, N_PILES, N_SC, PH_CARD,
                                               S_CREDITS, S_RNG, S_TURN, S_WINNER, SCR_COSTS, SYS_DECK)
from simcore.games.last_command.market import market_costs
from simcore.games.last_command.setup import Matchup, build_setup
from simcore.games.last_command.queries import discounts
from simcore.games.last_command.search import POINT_MARKET, run_search, workspace
from simcore.games.last_command.simulate import play_games, replay_game
from simcore.games.last_command.tables import C_KIND, KIND_SYSTEM
from simcore.games.last_command.players import params as P
from simcore.games.last_command.players.actions import M_BUY_CREW, M_BUY_SYSTEM, M_STOP
from simcore.games.last_command.players.heuristic import market_action
from simcore.games.last_command.players.library import load_spec, search_budgets, strategy_rows

TABLES = load_cards()


# ---------------------------------------------------------------- strategies
def test_search_names_resolve_to_balanced_with_a_budget():
    spec = load_spec("search:25")
    balanced = load_spec("balanced")
    assert spec.kind == "search" and spec.name == "search:25" and spec.bases[0] == "balanced"
    assert spec.vector[P.P_ROLLOUTS] == 25
    same = np.ones(P.N_PARAMS, bool)
    same[[P.P_KIND, P.P_ROLLOUTS]] = False
    assert np.array_equal(spec.vector[same], balanced.vector[same])
    assert list(search_budgets(("search:25", "aggro"))) == [25, 0]
    # the jitted policy sees the base heuristic's row (the budget beside it is read by no policy)
    rows = strategy_rows(("search:25", "balanced"), TABLES)
    rows[:, P.P_ROLLOUTS] = 0
    assert np.array_equal(rows[0], rows[1])


def test_a_search_strategy_file(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('name = "deep"\nkind = "search"\nbase = "aggro"\n[params]\nrollouts = 40\nw_damage = 2\n')
    spec = load_spec(str(path))
    assert (spec.kind, spec.name, spec.vector[P.P_ROLLOUTS], spec.vector[P.P_W_DAMAGE]) == ("search", "deep", 40, 2)
    assert spec.vector[P.P_CREW_SHARE] == load_spec("aggro").vector[P.P_CREW_SHARE]
    assert list(search_budgets((str(path), "balanced"))) == [40, 0]


@pytest.mark.parametrize("text,message", [
    ('kind = "search"\n', "params.rollouts"),                                 # a budget is required
    ('kind = "search"\n[params]\nrollouts = 0\n', "params.rollouts"),
    ('kind = "search"\n[params]\nrollouts = 2.5\n', "params.rollouts"),
    ('[params]\nrollouts = 10\n', "only a search strategy"),                  # a heuristic has none
    ('kind = "search"\nbase = "random"\n[params]\nrollouts = 5\n', "field 'base'"),
])
def test_bad_search_files_name_the_field(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(StrategyError, match=message):
        load_spec(str(path))


@pytest.mark.parametrize("args", [
    ["sweep", "--games", "4", "--strategy", "search:0"],
    ["sweep", "--games", "4", "--opponent-strategy", "search:x"],
    ["replay", "--seed", "1", "--strategy", "search:-1"],
    ["strategies", "show", "search:"],
])
def test_bad_search_budgets_exit_2_with_one_line(args, tmp_path):
    res = CliRunner().invoke(cli.main, args + (["--out", str(tmp_path / "o.csv")] if args[0] == "sweep" else []))
    assert res.exit_code == 2, res.output
    assert "search:N" in res.output


def test_strategies_list_and_show_search():
    runner = CliRunner()
    res = runner.invoke(cli.main, ["strategies", "list"])
    assert res.exit_code == 0 and "search:N" in res.output
    res = runner.invoke(cli.main, ["strategies", "show", "search:100"])
    assert res.exit_code == 0, res.output
    assert "kind: search" in res.output and "rollouts" in res.output
    assert "rollouts" not in runner.invoke(cli.main, ["strategies", "show", "balanced"]).output


def test_the_tuner_leaves_the_budget_alone():
    from simcore.games.last_command.players.tuning_space import last_command
    space = last_command()
    assert "rollouts" not in space.tunable and "rollouts" not in space.params


# ---------------------------------------------------------------- games
def test_one_rollout_plays_the_heuristic_itself():
    # UCB tries option 0 (the heuristic's choice) first, and a search with one rollout has seen no
    # other: search:1 must play balanced's very games (the search never moves the game's dice)
    a = play_games(12, seed=5, strategies=("search:1", "balanced"), threads=1)
    b = play_games(12, seed=5, strategies=("balanced", "balanced"), threads=1)
    cols = ["seed", "winner", "turns", "first_hull", "second_hull", "first_purchases", "second_purchases"]
    assert a.games[cols].equals(b.games[cols])


def test_search_games_do_not_depend_on_threads_and_replay_from_their_seed():
    stats = np.zeros(3, np.int64)
    one = play_games(10, seed=11, strategies=("balanced", "search:6"), threads=1, search_stats=stats)
    two = play_games(10, seed=11, strategies=("balanced", "search:6"), threads=2)
    assert one.games.equals(two.games)
    assert stats[0] > 0 and stats[1] == 6 * stats[0]
    g = one.games.iloc[3]
    r = replay_game(int(g["seed"]), strategies=("balanced", "search:6"))
    assert (r.result["winner"], r.result["turns"], r.result["first_hull"]) == (g["winner"], g["turns"],
                                                                                g["first_hull"])


def test_search_plays_against_the_solo_ai():
    rec = play_games(6, seed=2, matchup=Matchup(mode="solo", difficulty="easy"), strategies=("search:4", "balanced"))
    assert rec.strategies == ("search:4", "solo-ai")


# ---------------------------------------------------------------- hidden information
def _market_decision(seed=21, min_turn=8):
    """A real game played by balanced up to a Market Phase of player 0 with 3 or more options:
    the state arrays, the Market prices and the options (the heuristic's first)."""
    tables = TABLES
    setup, setup_n, cfg = build_setup(tables, Matchup())
    strat = strategy_rows(("balanced", "balanced"), tables)
    piles, cnt = np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32)
    sc, log = np.zeros(N_SC, np.int64), np.zeros((1, LOG_COLS), np.int32)
    bought = np.zeros((2, tables.cards.shape[0]), np.int32)
    args = (tables.cards, tables.eff)
    setup_game(*args, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, np.int64(seed))
    while True:
        assert sc[S_WINNER] < 0
        p = sc[S_TURN] % 2
        if p == 0 and sc[S_TURN] >= min_turn:
            play_phase(*args, piles, cnt, sc, strat, log, bought, cfg, 0, PH_CARD)
            costs = sc[SCR_COSTS:SCR_COSTS + 9]
            market_costs(tables.cards, piles, cnt, costs, discounts(*args, piles, cnt, sc, 0))
            kind, arg = market_action(tables.cards, piles, cnt, sc, strat, 0, costs, 0)
            opts = [(kind, arg)] + [((M_BUY_SYSTEM, k) if k < 6 else (M_BUY_CREW, k - 6)) for k in range(9)
                                    if 0 <= costs[k] <= sc[S_CREDITS] and ((M_BUY_SYSTEM, k) if k < 6
                                                                           else (M_BUY_CREW, k - 6)) != (kind, arg)]
            opts += [(M_STOP, 0)] if kind != M_STOP else []
            hand = [tables.cards[t, C_KIND] for t in piles[11 + HAND, :cnt[11 + HAND]]]
            if len(opts) >= 3 and KIND_SYSTEM in hand:
                return tables, cfg, strat, piles, cnt, sc, bought, opts
        play_turn(*args, piles, cnt, sc, strat, log, bought, cfg, p)
        sc[S_TURN] += 1


def _search(state, opts, budget=24):
    tables, cfg, strat, piles, cnt, sc, bought, _ = state
    ws = workspace(strat, tables.cards.shape[0])
    ws[9][0, :len(opts)] = [k for k, _ in opts]
    ws[9][1, :len(opts)] = [a for _, a in opts]
    sc = sc.copy()
    best = run_search(tables.cards, tables.eff, cfg, piles.copy(), cnt.copy(), sc, strat, 0, budget, POINT_MARKET,
                      len(opts), 0, 0, ws)
    return best, ws[10][:len(opts)].copy(), ws[11][:len(opts)].copy()


def test_the_search_never_reads_hidden_cards():
    state = _market_decision()
    tables, cfg, strat, piles, cnt, sc, bought, opts = state
    base = _search(state, opts)
    assert base[1].sum() == 24
    q = 1
    hand, sys_deck = 11 * q + HAND, 11 * q + SYS_DECK
    changed = piles.copy()
    # the opponent's hidden hand: a System card of it trades places with one of its System deck
    i = next(i for i in range(cnt[hand]) if tables.cards[changed[hand, i], C_KIND] == KIND_SYSTEM)
    j = next(j for j in range(cnt[sys_deck]) if tables.cards[changed[sys_deck, j], C_KIND] == KIND_SYSTEM
             and changed[sys_deck, j] != changed[hand, i])
    changed[hand, i], changed[sys_deck, j] = changed[sys_deck, j], changed[hand, i]
    # the order of every deck, the opponent's and one's own, and of the face-down Market decks
    for k in (sys_deck, 11 * q + CREW_DECK, SYS_DECK, CREW_DECK, M_SYS_DECK, M_SYS_DECK + 1):
        changed[k, :cnt[k]] = changed[k, :cnt[k]][::-1]
    assert not np.array_equal(changed, piles)
    sc2 = sc.copy()
    sc2[S_RNG] ^= 0x5A5A5A5A     # the game's dice: future reshuffles
    other = _search((tables, cfg, strat, changed, cnt, sc2, bought, opts), opts)
    assert other[0] == base[0]
    assert np.array_equal(other[1], base[1]) and np.array_equal(other[2], base[2])
    # ... while what the searcher does see matters: its own Credits
    sc3 = sc.copy()
    sc3[S_CREDITS] += 3
    assert not np.array_equal(_search((tables, cfg, strat, piles, cnt, sc3, bought, opts), opts)[2], base[2])


def test_option_0_is_the_heuristics_choice_and_a_tie_plays_it():
    state = _market_decision()
    opts = state[-1]
    best, visits, totals = _search(state, opts, budget=len(opts))   # each option once
    assert list(visits) == [1] * len(opts)
    if totals.max() == totals[0]:
        assert best == 0


# ---------------------------------------------------------------- strength
def test_search_beats_its_own_heuristic_head_to_head():
    # Sized on this machine: search:64 against balanced, 300 seeds each played with both seat
    # orders, won 0.642 (standard error 0.02 per seed pair); search:16 won only 0.447 (a few noisy
    # rollouts over up to ten options), search:256 0.80. With 100 seed pairs the one-sided 95%
    # lower bound is expected near 0.58, clear of 0.5; about 10 s of one core.
    n = 100
    a = play_games(n, seed=404, strategies=("search:64", "balanced"))
    b = play_games(n, seed=404, strategies=("balanced", "search:64"))
    wa = (a.games["winner"] == "first").to_numpy() + 0.5 * (a.games["winner"] == "draw").to_numpy()
    wb = (b.games["winner"] == "second").to_numpy() + 0.5 * (b.games["winner"] == "draw").to_numpy()
    per_seed = (wa + wb) / 2           # paired: the same deal with the searcher in each seat
    mean = per_seed.mean()
    se = per_seed.std(ddof=1) / np.sqrt(n)
    assert mean - 1.645 * se > 0.5, (mean, se)


# ---------------------------------------------------------------- the commands take search:N
def test_sweep_compare_and_replay_accept_search(tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli.main, ["sweep", "--games", "4", "--strategy", "search:4", "--quiet",
                                   "--out", str(tmp_path / "s.csv")])
    assert res.exit_code == 0, res.output
    assert "search:4" in (tmp_path / "s.csv").read_text()
    res = runner.invoke(cli.main, ["compare", "--games", "8", "--variant-b", "asymmetrical", "--strategy", "search:4",
                                   "--quiet", "--out", str(tmp_path / "c.csv")])
    assert res.exit_code == 0 and "Verdict" in res.output, res.output
    res = runner.invoke(cli.main, ["replay", "--seed", "7", "--strategy", "search:4"])
    assert res.exit_code == 0 and "buy" in res.output, res.output


def test_a_sweeps_pipelined_runner_plays_the_search_player():
    """A sweep queues its chunks on engine threads kept over the run (``start_games``): the search
    budgets must travel there as in ``play_games``, or a sweep would silently play balanced."""
    from simcore.blocks import BlockPool
    from simcore.games.last_command.simulate import start_games
    tables = load_cards()
    searched = ("search:8", "balanced")
    direct = play_games(8, seed=3, strategies=searched, tables=tables, threads=2)
    with BlockPool(2) as pool:
        queued = start_games(8, 3, Matchup(), searched, tables, pool, last=False)()
    plain = play_games(8, seed=3, strategies=("balanced", "balanced"), tables=tables, threads=2)
    assert queued.games.equals(direct.games)
    assert not np.array_equal(np.asarray(queued.turns), np.asarray(plain.turns)) \
        or not np.array_equal(np.asarray(queued.winner), np.asarray(plain.winner))


def test_a_search_player_never_buys_a_card_it_is_banned_from():
    """Restricted play (``commandsim impact``): the search player's own options and its rollouts read the ban."""
    from simcore.game import Restriction
    plain = play_games(6, 3, Matchup(), ("search:8", "balanced"), TABLES, threads=1)
    column = int(np.argmax(plain.bought[:, 0, :].sum(axis=0)))
    card = TABLES.names[column]
    banned = play_games(6, 3, Matchup(), ("search:8", "balanced"), TABLES, threads=1,
                        restriction=Restriction.seat(0, (card,)))
    assert plain.bought[:, 0, column].sum() > 0 and banned.bought[:, 0, column].sum() == 0


def test_a_search_player_takes_a_forced_buy_as_its_heuristic_does_without_searching_it():
    """Forced play (``commandsim impact --forced``): at a Market action where a forced card is affordable the
    search player buys it, as its heuristic does, and spends no rollout on the alternatives."""
    from simcore.game import Restriction
    from simcore.games.last_command.search import IW_DECISIONS, IW_ROLLOUTS, search_market
    from simcore.games.last_command.simulate import restrict_rows
    from simcore.games.last_command.players.heuristic import market_item
    from simcore.games.last_command.players.policy import market_action as restricted_action
    tables, cfg, strat, piles, cnt, sc, bought, opts = _market_decision()
    costs = sc[SCR_COSTS:SCR_COSTS + 9].copy()
    k = next(a if kind == M_BUY_SYSTEM else 6 + a for kind, a in opts[1:] if kind in (M_BUY_SYSTEM, M_BUY_CREW))
    card = tables.names[market_item(piles, cnt, k)]
    rows = strat.copy()
    restrict_rows(rows, Restriction.seat(0, forced=(card,)), tables)

    def searched(row):
        c, s = costs.copy(), sc.copy()
        kind, arg = restricted_action(tables.cards, piles, cnt, s, row, 0, c, 0)
        ws = workspace(row, tables.cards.shape[0])
        pick = search_market(tables.cards, tables.eff, cfg, piles.copy(), cnt.copy(), s, row, 0, 16, c, kind, arg,
                             0, 0, ws)
        return (kind, arg), tuple(int(x) for x in pick), int(ws[12][IW_DECISIONS]), int(ws[12][IW_ROLLOUTS])

    heuristic, pick, decisions, rollouts = searched(rows)
    item = heuristic[1] if heuristic[0] == M_BUY_SYSTEM else 6 + heuristic[1]
    assert heuristic[0] in (M_BUY_SYSTEM, M_BUY_CREW) and tables.names[market_item(piles, cnt, item)] == card
    assert pick == heuristic and decisions == 0 and rollouts == 0
    # unrestricted, the same decision is searched
    assert searched(strat)[3] == 16


def test_a_search_player_buys_a_forced_card_in_more_games_than_unrestricted():
    """Forced play in whole games: the search player buys its rarest card in more games once it is forced."""
    from simcore.game import Restriction
    plain = play_games(6, 3, Matchup(), ("search:8", "balanced"), TABLES, threads=1)
    counts = (plain.bought[:, 0, :] > 0).sum(axis=0)
    column = int(np.argmin(np.where(counts > 0, counts, 10 ** 9)))
    forced = play_games(6, 3, Matchup(), ("search:8", "balanced"), TABLES, threads=1,
                        restriction=Restriction.seat(0, forced=(TABLES.names[column],)))
    assert (forced.bought[:, 0, column] > 0).sum() > counts[column]
