"""The skirmish's search player (simcore/games/skirmish/search.py): its names and files, option 0 is the
heuristic's choice, it reads nothing a player could not know (here only the future dice are unknown: nothing
is hidden), its battles replay exactly on any thread count, and it beats its own base heuristic."""
import numpy as np
import pytest

from simcore.errors import StrategyError
from simcore.games.skirmish import rules, search
from simcore.games.skirmish.batch import has_search, padded_tables
from simcore.games.skirmish.game_row import new_state
from simcore.games.skirmish.card_data import load_tables
from simcore.games.skirmish.layout import CFG_N_UNITS, S_DECISIONS, S_RNG, S_SEED, S_TURN, S_WINNER
from simcore.games.skirmish.protocol import ASK_POLICY, pay
from simcore.games.skirmish.setup import Matchup, build_setup
from simcore.games.skirmish.simulate import play_games, replay_game, seed_of_game
from simcore.games.skirmish.players import policy as pol
from simcore.games.skirmish.players.library import FILES, strategy_rows
from simcore.games.skirmish.players.params import KIND_SEARCH, P_KIND, P_MIN_VALUE, P_ROLLOUTS
from simcore.games.skirmish.players.tuning_space import skirmish as skirmish_space
from tests.conftest import invoke

RUN = ("sweep", "--game", "skirmish", "--games", "4", "--variants", "full")


run = invoke   # tests/conftest.py: the CLI in this process


# ---------------------------------------------------------------- names and files
def test_search_n_is_the_default_heuristic_searching_n_rollouts():
    names, strat = strategy_rows(("search:24", "reserve"))
    assert names == ("search:24", "reserve") and has_search(strat)
    assert strat[0, P_KIND] == KIND_SEARCH and strat[0, P_ROLLOUTS] == 24
    assert np.array_equal(np.delete(strat[0], [P_KIND, P_ROLLOUTS]), np.delete(strat[1], [P_KIND, P_ROLLOUTS]))
    assert not has_search(strategy_rows(("reserve", "spender"))[1])


def test_a_search_strategy_file_names_its_base_and_rollouts(tmp_path):
    f = tmp_path / "deep.toml"
    f.write_text('name = "deep"\nkind = "search"\nbase = "spender"\n[params]\nrollouts = 40\nw_damage = 3.0\n')
    names, strat = strategy_rows((str(f), "spender"))
    assert names[0] == "deep" and strat[0, P_ROLLOUTS] == 40 and strat[0, P_KIND] == KIND_SEARCH
    assert FILES.show(str(f))[2][:2] == [("rollouts", 40.0), ("w_damage", 3.0)]
    bad = {"rollouts = 0": "rollouts", "rollouts = 2.5": "rollouts", "w_damage = 1": "rollouts"}
    for params, words in bad.items():
        f.write_text(f'kind = "search"\n[params]\n{params}\n')
        with pytest.raises(StrategyError, match=f"deep.toml: field 'params.{words}'"):
            strategy_rows((str(f), "reserve"))
    f.write_text('kind = "search"\nbase = "random"\n[params]\nrollouts = 4\n')
    with pytest.raises(StrategyError, match="field 'base': a search strategy starts from a heuristic"):
        strategy_rows((str(f), "reserve"))
    f.write_text('kind = "heuristic"\n[params]\nrollouts = 4\n')
    with pytest.raises(StrategyError, match="only a search strategy"):
        strategy_rows((str(f), "reserve"))


def test_the_tuner_never_tunes_rollouts():
    assert "rollouts" not in skirmish_space().params


@pytest.mark.parametrize("bad", ["search:0", "search:x", "search:", "search:1000001"])
def test_a_bad_search_budget_is_one_line_and_exit_2(bad, tmp_path):
    res = run(*RUN, "--strategy", bad, "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and f"strategy '{bad}'" in res.output and "search:N" in res.output
    assert len(res.output.strip().splitlines()) == 1


def test_strategies_list_and_show_tell_of_search():
    res = run("strategies", "list", "--game", "skirmish")
    assert res.exit_code == 0 and "search:N" in res.output
    res = run("strategies", "show", "search:300", "--game", "skirmish")
    assert res.exit_code == 0 and "rollouts" in res.output and "300" in res.output


# ---------------------------------------------------------------- decisions
def _midgame(seed, turns, strategies=("search:16", "search:16")):
    """A battle after ``turns`` turns of the reserve heuristic, at the start of the next one."""
    tables = load_tables()
    setup, cfg = build_setup(tables, Matchup())
    cmds, eff, profiles = padded_tables(tables.cmds, tables.eff, tables.profiles)
    _, strat = strategy_rows(strategies)
    _, heur = strategy_rows(("reserve", "reserve"))
    u, sc, log = new_state()
    rules.deploy(profiles, setup, cfg, u, sc, np.int64(seed))
    sc[S_SEED] = seed
    for _ in range(turns):
        if sc[S_WINNER] < 0:
            rules.play_turn(cmds, eff, heur, u, sc, cfg, log)
    rules.start_turn(u, cfg[CFG_N_UNITS], sc, cfg)
    return cmds, eff, cfg, strat, u, sc


def _order(state, p, scratch):
    cmds, eff, cfg, strat, u, sc = state
    hc, hi, ht = pol.choose_order(strat, cmds, eff, u, cfg[CFG_N_UNITS], sc, cfg, p)
    return search.search_order(cmds, eff, cfg, strat, u, sc, p, 0, 0, 0, hc, hi, ht, *scratch), (hc, hi, ht)


def _states():
    for seed in (3, 11, 29):
        for turns in (0, 1, 2, 3):
            state = _midgame(seed, turns)
            if state[5][S_WINNER] < 0:
                yield state


def test_option_0_is_the_heuristics_own_choice_for_commands_and_responses():
    scratch = search.scratch()
    opts, vals = scratch[0], scratch[1]
    checked = 0
    for cmds, eff, cfg, strat, u, sc in _states():
        n = cfg[CFG_N_UNITS]
        for p in (0, 1):
            c, i, t = pol.choose_order(strat, cmds, eff, u, n, sc, cfg, p)
            k = search.order_options(strat, cmds, eff, u, n, sc, cfg, p, c, i, t, 12, opts, vals)
            assert k >= 1 and tuple(opts[:, 0]) == (c, i, t)
            assert len({tuple(opts[:, o]) for o in range(k)}) == k        # no option twice
            if c < 0:
                continue
            u2, sc2 = u.copy(), sc.copy()
            pay(cmds, u2, sc2, np.zeros((1, 9), np.int32), p, c, i, 0)
            heuristic = pol.choose_response(strat, cmds, eff, u2, n, sc2, cfg, 1 - p, c, i, t)
            k = search.response_options(strat, cmds, eff, u2, n, sc2, cfg, 1 - p, c, i, t, 12, opts, vals)
            assert tuple(opts[:, 0]) == heuristic and k >= 1
            checked += 1
    assert checked >= 10


def test_the_options_after_the_heuristics_are_its_next_best_passing_valued_at_its_bar():
    opts, vals = search.scratch()[:2]
    for cmds, eff, cfg, strat, u, sc in _states():
        n = cfg[CFG_N_UNITS]
        for p in (0, 1):
            c, i, t = pol.choose_order(strat, cmds, eff, u, n, sc, cfg, p)
            every = search.order_options(strat, cmds, eff, u, n, sc, cfg, p, c, i, t, 16, opts, vals)
            ranked = [(vals[o], tuple(opts[:, o])) for o in range(1, every)]
            assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
            if c >= 0 and every < 16:
                assert (strat[p, P_MIN_VALUE], (-1, -1, -1)) in ranked          # passing, at min_value
            for cap in (2, 3, 6):
                k = search.order_options(strat, cmds, eff, u, n, sc, cfg, p, c, i, t, cap, opts, vals)
                assert k == min(cap, every) and tuple(opts[:, 0]) == (c, i, t)
                assert list(vals[1:k]) == [v for v, _ in ranked[:k - 1]]


def test_nothing_is_hidden_and_the_search_never_reads_the_future_dice():
    """The skirmish hides nothing (units, Command Points and command sets are public; no hand or deck): the
    only unknown is the dice to come. The search rolls its own stream: it is blind to the battle's RNG state
    (another state just before the decision gives the same choice) and it never moves it."""
    scratch = search.scratch()
    searched = 0
    for state in _states():
        sc = state[5]
        p = int(sc[S_TURN] % 2)
        before = sc.copy()
        chosen, heuristic = _order(state, p, scratch)
        answer = _response(state, p, heuristic, scratch)
        searched += sc[S_DECISIONS] - before[S_DECISIONS]
        assert sc[S_RNG] == before[S_RNG]                     # searching does not move the battle's dice
        for other in (1, 2**40 + 7, int(before[S_RNG]) ^ 0x5A5A5A):
            sc[:] = before
            sc[S_RNG] = other
            assert _order(state, p, scratch)[0] == chosen
            assert _response(state, p, heuristic, scratch) == answer
        sc[:] = before
    assert searched >= 12                                     # the decisions were searched, not skipped


def _response(state, p, order, scratch):
    """The opponent's searched answer to p's command ``order`` (from the same state each time)."""
    cmds, eff, cfg, strat, u, sc = state
    if order[0] < 0:
        return None
    return search.search_response(cmds, eff, cfg, strat, u, sc, p, *order, 0, 0, 0, *scratch)


def test_a_battle_with_a_search_player_replays_exactly_on_any_thread_count():
    kw = dict(n_games=6, seed=9, strategies=("search:6", "random"))
    one, two = play_games(threads=1, **kw).games, play_games(threads=2, **kw).games
    assert one.equals(two)
    swapped = play_games(6, 9, strategies=("reserve", "search:6"), threads=2).games
    r = replay_game(seed_of_game(9, 4), strategies=("search:6", "random"))
    assert r.result["winner"] == one.winner[4] and r.result["turns"] == one.turns[4]
    assert r.result["first_kills"] == one.first_kills[4] and len(swapped) == 6


def test_search_is_accepted_by_sweep_compare_and_replay(tmp_path):
    res = run(*RUN, "--strategy", "search:4", "--opponent-strategy", "reserve", "--out", str(tmp_path / "s.csv"))
    assert res.exit_code == 0, res.output
    assert "search:4" in res.output
    res = run("compare", "--game", "skirmish", "--games", "4", "--strategy", "search:4",
              "--out", str(tmp_path / "c.csv"))
    assert res.exit_code == 0, res.output
    res = run("replay", "--game", "skirmish", "--seed", "2", "--strategy", "search:4")
    assert res.exit_code == 0 and "search:4" in res.output.splitlines()[0] and "step 8 melee check" in res.output


def test_search_beats_its_own_base_heuristic():
    # sized: search:8 scored 0.76 +- 0.05 against reserve over 100 seeds x 2 seats (200 battles, ~5 s); the
    # test asks only that the 95% interval of the mean score clears 0.5 (it did by 0.2)
    n = 100
    a = play_games(n, 5, strategies=("search:8", "reserve")).games.winner.astype(str)
    b = play_games(n, 5, strategies=("reserve", "search:8")).games.winner.astype(str)
    score = np.r_[np.where(a == "first", 1.0, np.where(a == "draw", 0.5, 0.0)),
                  np.where(b == "second", 1.0, np.where(b == "draw", 0.5, 0.0))]
    # paired seeds: the two seatings of one seed are one observation
    per_seed = (score[:n] + score[n:]) / 2
    low = per_seed.mean() - 1.96 * per_seed.std(ddof=1) / np.sqrt(n)
    assert low > 0.5, (per_seed.mean(), low)


def test_bench_prints_games_decisions_and_rollouts_per_second():
    res = run("bench", "--game", "skirmish", "--strategy", "search:4", "--games", "100", "--repeats", "1")
    assert res.exit_code == 0, res.output
    assert "games/s" in res.output and "searched decisions/s" in res.output and "rollouts/s" in res.output


def _legal(cmds, u, n, sc, cfg, p, rows, trigger=(-1, -1, -1)):
    """Whether any unit of p may declare one of command rows ``rows`` now (the five checks, Command Points
    among them), and the row of each legal (command, unit, target)."""
    from simcore.games.skirmish.checks import check_declare
    from simcore.games.skirmish.layout import U_ALIVE, U_SIDE
    from simcore.games.skirmish.opcodes import CHK_OK
    tc, ti, tt = trigger
    for c in rows:
        for i in range(n):
            if tc < 0:
                k = 0
                while (t := pol.order_target(cmds, cfg, c, i, k)) != -2:
                    k += 1
                    if u[i, U_ALIVE] and u[i, U_SIDE] == p \
                            and check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1, -1) == CHK_OK:
                        return True
            elif check_declare(cmds, u, n, sc, cfg, p, c, i, pol.response_target(cmds, c, i, ti), tc, ti, tt) \
                    == CHK_OK:
                return True
    return False


@pytest.mark.parametrize("command", ["Shoot", "Hold", "Snap Fire"])
def test_a_forced_command_is_given_whenever_it_is_legal_and_affordable_by_heuristic_random_and_search(command):
    """Forced play (``commandsim impact --forced``): in battle positions, a seat forced to a command gives it (an
    order in its own window, a response in the opponent's) exactly when one of its units may legally declare it
    and pay its Command Points; the search player takes it as its heuristic does, without searching."""
    from simcore.game import Restriction
    from simcore.games.skirmish.simulate import restrict_rows
    tables = load_tables()
    rows = [c for c, name in enumerate(tables.names) if name == command]
    scratch = search.scratch()
    seen = {True: 0, False: 0}
    for cmds, eff, cfg, strat, u, sc in _states():
        n = cfg[CFG_N_UNITS]
        _, rand = strategy_rows(("random", "random"))
        for p in (0, 1):
            forced = {}
            for kind, base in (("search", strat), ("random", rand)):
                forced[kind] = base.copy()
                restrict_rows(forced[kind], Restriction.seat(p, forced=(command,)), tables)
            if command != "Snap Fire":
                legal = _legal(cmds, u, n, sc, cfg, p, rows)
                seen[legal] += 1
                for kind in ("search", "random"):
                    c = pol.choose_order(forced[kind], cmds, eff, u, n, sc.copy(), cfg, p)[0]
                    assert (c in rows) == legal, (kind, command)
                before = sc[S_DECISIONS]
                hc, hi, ht = pol.choose_order(forced["search"], cmds, eff, u, n, sc, cfg, p)
                pick = search.search_order(cmds, eff, cfg, forced["search"], u, sc, p, 0, 0, 0, hc, hi, ht, *scratch)
                if legal:
                    assert pick == (hc, hi, ht) and sc[S_DECISIONS] == before      # taken, not searched
                continue
            # a response: p answers each own-window command the other seat may give (its search options), paid
            k = search.order_options(strat, cmds, eff, u, n, sc, cfg, 1 - p, -1, -1, -1, 16, scratch[0], scratch[1])
            for o in [tuple(int(x) for x in scratch[0][:, j]) for j in range(1, k)]:
                _answer_forced(cmds, eff, cfg, forced, u, sc, n, p, o, rows, seen, scratch, command)
    assert seen[True] >= 3


def _answer_forced(cmds, eff, cfg, forced, u, sc, n, p, o, rows, seen, scratch, command):
    """p, forced to a response, answers the other seat's command o whenever it may (and the search so too)."""
    u2, sc2 = u.copy(), sc.copy()
    pay(cmds, u2, sc2, np.zeros((1, 9), np.int32), 1 - p, o[0], o[1], 0)
    legal = _legal(cmds, u2, n, sc2, cfg, p, rows, o)
    seen[legal] += 1
    for kind in ("search", "random"):
        r = pol.choose_response(forced[kind], cmds, eff, u2, n, sc2.copy(), cfg, p, *o)[0]
        assert (r in rows) == legal, (kind, command)
    before = sc[S_DECISIONS]
    answer = search.search_response(cmds, eff, cfg, forced["search"], u, sc, 1 - p, *o, 0, 0, 0, *scratch)
    if legal:       # the heuristic's forced answer, asked in ``issue``; nothing searched
        assert answer == (ASK_POLICY, -1, -1) and sc[S_DECISIONS] == before
