"""The balance advisor (``commandsim advise``): edits, patches, targets, the screen's test, the search,
and whole runs on a card set unbalanced by one known edit."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.advisor.advise import AdviseOptions, Check, advise
from reports.advisor.screen import screen_and_test
from reports.advisor.search import search
from simcore.games.last_command.advisor import LastCommandCards, parse_ladder, parse_target
from reports.html_report import build_report
from reports.inputs import kind_of, read_results
from simcore.games.last_command.cardset import compile_cards, load_card_list, read_cards
from simcore.games.last_command.cardset.loader import merge_cards
from simcore.games.last_command.cardset.edits import (CardEdit, CardField, apply_edits, card_fields, edited_tables,
                                                      single_edits)
from simcore.games.last_command.cardset.patch import patch_toml
from simcore.errors import CommandsimError

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "advisor" / "laser_plus_one.toml"
# small budgets: the fixture's edit moves the match-up by about 17 points
SMALL = ["--screen-games", "400", "--test-games", "2000", "--search-games", "2000", "--check-games", "16000"]
FIXTURE_RUN = ["advise", "--target", "federation vs sunder = 50%", "--cards", str(FIXTURE),
               "--only", "Basic Laser,Railgun,Repair Bot", "--no-retune", *SMALL]


@pytest.fixture(scope="module")
def shipped():
    return load_card_list()


@pytest.fixture(scope="module")
def fixture_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("advice") / "advice.csv"
    result = CliRunner().invoke(cli.main, [*FIXTURE_RUN, "--out", str(out)])
    return result, out


# ---- edits and patches

def test_card_provenance_stated_values_are_never_edited_without_allow_stated(shipped):
    edits = single_edits(shipped)
    assert edits and all(e.field.mark == "estimated" for e in edits)
    keys = {(e.field.card, e.field.path) for e in edits}
    # Nuclear Reactor: "Power cost of 0" and "Gain 3 Power" are stated by the rulebook's example;
    # copies come from the component list
    assert ("Nuclear Reactor", "power_cost") not in keys and ("Nuclear Reactor", "main[0].n") not in keys
    assert not any(e.field.path == "count" for e in edits)
    allowed = {(e.field.card, e.field.path) for e in single_edits(shipped, allow_stated=True)}
    assert ("Nuclear Reactor", "power_cost") in allowed and ("Railgun", "count") in allowed
    assert ("Nuclear Reactor", "bonus.engineer[0].n") in keys        # its estimated Bonus may change


def test_edits_stay_within_each_fields_valid_range(shipped):
    for e in single_edits(shipped, allow_stated=True):
        assert e.field.low <= e.new_value <= e.field.high and abs(e.delta) == 1
    nuclear = next(c for c in shipped if c.key == "Nuclear Reactor")
    cost = next(f for f in card_fields(nuclear) if f.path == "power_cost")
    assert cost.value == 0 and CardEdit(cost, 1).stepped(1).delta == 2
    assert CardEdit(cost, 8).stepped(1) is None                     # 9 is beyond the Power cost's 0..8
    edits = [e for e in single_edits(shipped, allow_stated=True) if e.field == cost]
    assert [e.delta for e in edits] == [1]                          # 0 - 1 is out of range


def test_every_single_edit_written_as_a_patch_reads_back_as_the_edited_card(shipped, tmp_path):
    edits = single_edits(shipped, allow_stated=True)
    patch = tmp_path / "patch.toml"
    for edit in edits:
        edited = apply_edits(shipped, [edit])
        changed = [c for c, o in zip(edited, shipped) if c is not o]
        assert len(changed) == 1
        patch.write_text(patch_toml(changed, ["header"], {changed[0].key: [f"edited: {edit.label}"]}))
        merged = merge_cards(shipped, read_cards(patch))
        assert np.array_equal(compile_cards(merged).cards, compile_cards(edited).cards), edit.label
        assert np.array_equal(compile_cards(merged).eff, compile_cards(edited).eff), edit.label


def test_an_edit_the_engine_cannot_hold_is_refused_not_played(shipped):
    crew = next(c for c in shipped if c.key == "Tactician Ensign")
    too_many = CardEdit(CardField(crew.key, "count", crew.count, 1, 200, "stated"), 150)
    assert edited_tables(shipped, [too_many]) is None
    with pytest.raises(CommandsimError):
        apply_edits(shipped, [CardEdit(CardField("No Such Card", "count", 1, 1, 20, "stated"), 1)])


# ---- targets

def test_a_match_up_target_scores_the_first_faction_in_both_seats():
    t = parse_target("Federation Asymmetrical vs Sunder = 52.5%")
    (comp,) = t.components
    assert comp.goal == pytest.approx(0.525) and comp.label == "federation asymmetrical vs sunder standard"
    (first, seat_a), (second, seat_b) = comp.games
    assert first.factions == ("federation", "sunder") and first.variants == ("asymmetrical", "standard")
    assert second.factions == ("sunder", "federation") and (seat_a, seat_b) == (0, 1)


def test_the_first_player_target_plays_each_faction_first_and_the_ladder_each_difficulty():
    (comp,) = parse_target("first player asymmetrical = 50%").components
    assert [m.factions[0] for m, _ in comp.games] == ["federation", "sunder"]
    assert all(seat == 0 and m.variants == ("asymmetrical",) * 2 for m, seat in comp.games)
    ladder = parse_ladder("65,55,45,35")
    assert [c.goal for c in ladder.components] == pytest.approx([0.65, 0.55, 0.45, 0.35])
    assert [c.games[0][0].difficulty for c in ladder.components] == ["easy", "medium", "hard", "insane"]
    assert all(m.mode == "solo" for c in ladder.components for m, _ in c.games)


@pytest.mark.parametrize("text, says", [
    ("federation vs = 50%", "expected '<faction> [variant] vs"),
    ("federation vs sunder", "expected '<faction> [variant] vs"),
    ("federation vs sunder = 150%", "a percentage between 0 and 100"),
    ("federation vs sunder = half", "a percentage between 0 and 100"),
    ("federation vs klingon = 50%", "unknown faction 'klingon'"),
    ("federation fancy vs sunder = 50%", "unknown variant 'fancy'"),
    ("sunder vs sunder = 50%", "two different factions"),
    ("first player sideways = 50%", "at most a variant"),
])
def test_a_bad_target_is_one_line_and_exit_code_2(text, says):
    result = CliRunner().invoke(cli.main, ["advise", "--target", text])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --target: ") and says in lines[0], result.output


@pytest.mark.parametrize("args, says", [
    (["--ladder", "65,55,45"], "--ladder: expected 4 percentages"),
    (["--target", "federation vs sunder = 50%", "--ladder", "65,55,45,35"], "give one of --target"),
    ([], "give one of --target"),
    (["--target", "federation vs sunder = 50%", "--only", "Railgn"], "--only: no card named 'Railgn'"),
    (["--target", "federation vs sunder = 50%", "--screen-games", "401"], "--screen-games: expected a multiple"),
])
def test_bad_advise_options_are_one_line_and_exit_code_2(args, says):
    result = CliRunner().invoke(cli.main, ["advise", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.output


# ---- the screen's sequential test and the search, on made-up effects (no games)

def test_the_screen_stops_clear_edits_at_the_first_look_and_tests_unclear_ones_further():
    effects = {"big": -0.15, "none": 0.0, "small": -0.02}

    def base(first, seeds):
        return np.full((1, seeds), 0.6)

    def measure(edit_sets, first, seeds):
        return [0.6 + effects[name] + np.random.default_rng([first, len(name)]).normal(0, 0.3, seeds)[None, :]
                for (name,) in edit_sets]

    results, refused = screen_and_test(list(effects), measure, base, np.array([0.5]), round_seeds=200,
                                       cap_seeds=4000, candidates=3, min_effect=0.005)
    by = {r.edit: r for r in results}
    assert not refused
    assert by["big"].verdict == "helps" and by["big"].looks == 1
    assert by["small"].verdict == "helps" and by["small"].looks > 1
    assert by["none"].verdict in ("hurts", "unclear", "negligible") and by["none"].improvement <= 0.01
    mean, lo, hi = by["small"].effect()
    assert lo[0] < mean[0] < hi[0] < 0


class _Edit:
    """A stand-in for CardEdit in the search: a field name and a step."""
    def __init__(self, name, delta, mark="estimated"):
        self.field = type("F", (), {"card": name, "path": "n", "mark": mark})()
        self.delta = delta

    size = property(lambda self: abs(self.delta))
    label = property(lambda self: f"{self.field.card} {self.delta:+d}")

    def stepped(self, steps):
        return _Edit(self.field.card, self.delta + steps * (1 if self.delta > 0 else -1), self.field.mark) \
            if abs(self.delta) + steps <= 3 else None


def test_the_search_prefers_fewest_fields_then_smallest_change_and_judges_sets_by_their_own_value():
    # a and b each move the target 6 points; together only 4 (they interact): a sum of single effects
    # would call {a, b} inside the band, the set's own value does not
    effect = {"a": -0.06, "b": -0.06, "c": -0.05}

    def evaluate_one(edits):
        names = {e.field.card: e.delta for e in edits}
        value = 0.62 + sum(effect[n] * abs(d) for n, d in names.items())
        if "a" in names and "b" in names:
            value += 0.08
        return np.array([value])

    def evaluate(edit_sets):   # the search hands over every new set of a step at once
        return [evaluate_one(e) for e in edit_sets]

    miss = lambda v: float(abs(v[0] - 0.5))   # noqa: E731
    best, _ = search([_Edit("a", 1), _Edit("b", 1), _Edit("c", 1)], evaluate, miss, band=0.02)
    labels = sorted(e.label for e in best.edits)
    # no single field reaches 50 +- 2 at one or two steps (a: 56, 50 at two steps -> inside!)
    assert labels == ["a +2"] and best.fields == 1 and best.total_change == 2
    best, seen = search([_Edit("a", 1), _Edit("b", 1), _Edit("c", 1)], evaluate, miss, band=0.02, max_step=1)
    assert sorted(e.label for e in best.edits) in (["a +1", "c +1"], ["b +1", "c +1"])
    both = next(c for c in seen if sorted(e.label for e in c.edits) == ["a +1", "b +1"])
    assert both.miss == pytest.approx(0.08)     # summed single effects would have said 0.00


# ---- whole runs

def test_the_advisor_finds_the_edit_that_unbalanced_the_card_set(fixture_run):
    result, out = fixture_run
    assert result.exit_code == 0, result.output
    assert "Proposal (1 field(s), total change 1):\n  Basic Laser: Effect: Damage 3 -> 2 (was estimated)" in result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].iloc[0]
    assert fixed["edit"] == "Basic Laser: Effect: Damage 3 -> 2" and fixed["verdict"] == "holds"
    assert fixed["value_ci_low"] >= 0.48 and fixed["value_ci_high"] <= 0.52 and fixed["effect_ci_high"] < -0.1
    screened = table[table["stage"].isin(["screen", "sequential test"])]
    assert screened.iloc[0]["edit"] == "Basic Laser: Effect: Damage 3 -> 2"
    assert kind_of(table.columns) == "advice"
    html = build_report(read_results([out])).html()
    assert "Balance advisor (advice)" in html and "Basic Laser: Effect: Damage 3 -&gt; 2" in html
    # the search's sets ranked by what the table shows: the distance to the target, then the number of edits
    search = table[table["stage"] == "search"].drop_duplicates("rank").sort_values("rank")
    assert len(search) > 1
    keys = list(zip(search["distance"].round(9), search["edits"]))
    assert keys == sorted(keys)


def test_the_advisors_patch_loads_with_cards_and_compare_rechecks_it(fixture_run, tmp_path):
    result, out = fixture_run
    patch = out.with_name("advice_patch.toml")
    assert patch.is_file() and f"Re-check: commandsim compare --cards-b {patch}" in result.output
    assert f"--cards {FIXTURE}" in result.output.split("Re-check:")[1]
    laser = next(c for c in load_card_list(overrides=patch) if c.key == "Basic Laser")
    assert dict(laser.main[0].args)["n"] == 2
    assert [c.key for c in read_cards(patch)] == ["Basic Laser"]
    check = CliRunner().invoke(cli.main, ["compare", "--cards", str(FIXTURE), "--cards-b", str(patch),
                                          "--factions", "federation,sunder", "--variant-a", "standard",
                                          "--opponent-variant", "standard", "--games", "2000",
                                          "--out", str(tmp_path / "c.csv")])
    assert check.exit_code == 0, check.output
    row = pd.read_csv(tmp_path / "c.csv").iloc[0]
    assert row["diff_ci_low"] > 0.1          # A (the unbalanced set) wins far more than B (patched)


def test_the_same_seed_gives_the_same_advice_on_any_thread_count():
    cards = load_card_list(overrides=FIXTURE)
    target = parse_target("federation vs sunder = 50%")
    opts = dict(only=("Basic Laser", "Repair Bot"), retune=False, screen_games=200, test_games=600,
                search_games=400, check_games=400, seed=3)
    one = advise(LastCommandCards(cards), target, AdviseOptions(threads=1, **opts))
    two = advise(LastCommandCards(cards), target, AdviseOptions(threads=2, **opts))
    pd.testing.assert_frame_equal(one.table, two.table)
    assert one.patch == two.patch and one.games == two.games
    other = advise(LastCommandCards(cards), target, AdviseOptions(threads=2, **{**opts, "seed": 4}))
    assert not one.table["effect"].equals(other.table["effect"])


def test_the_proposal_is_rechecked_with_a_strategy_tuned_on_the_edited_cards():
    cards = load_card_list(overrides=FIXTURE)
    target = parse_target("federation vs sunder = 50%")
    opts = AdviseOptions(only=("Basic Laser",), screen_games=200, test_games=600, search_games=400, check_games=400,
                         tune_generations=1, tune_population=2, tune_games=16)
    advice = advise(LastCommandCards(cards), target, opts)
    assert advice.fixed is not None and advice.retuned is not None and advice.games["tune"] > 0
    assert advice.retuned_strategy is not None and advice.retuned.games == advice.fixed.games
    stages = set(advice.table["stage"])
    assert {"proposal, fixed strategies", "proposal, re-tuned strategies"} <= stages
    # the flag: inside the band with the fixed strategy, outside with the re-tuned one
    inside, outside = (Check(*(np.array([v]),) * 6, games=400, inside=i, holds=i)
                       for v, i in ((0.5, True), (0.6, False)))
    advice.fixed, advice.retuned = inside, outside
    assert advice.only_untuned
    advice.fixed, advice.retuned = inside, inside
    assert not advice.only_untuned


def test_a_target_the_unedited_cards_already_meet_gets_no_edits_and_no_patch(tmp_path):
    out = tmp_path / "advice.csv"
    args = [a if a != "federation vs sunder = 50%" else "federation vs sunder = 68%" for a in FIXTURE_RUN]
    result = CliRunner().invoke(cli.main, [*args, "--band", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "already within the band (every interval above lies inside it): no edit proposed" in result.output
    assert out.is_file() and not out.with_name("advice_patch.toml").exists()
    assert not pd.read_csv(out)["stage"].str.startswith("proposal").any()


def test_a_set_inside_the_band_on_the_search_seeds_wins_only_if_more_seeds_confirm_it():
    lucky = {"a": 0.51, "c": 0.515}          # on the first seeds
    truth = {"a": 0.56, "c": 0.512}          # on more seeds: a was lucky

    def value(table, edits):
        return np.array([table[edits[0].field.card]]) if len(edits) == 1 else np.array([0.6])

    miss = lambda v: float(abs(v[0] - 0.5))   # noqa: E731
    edits = [_Edit("a", 1), _Edit("c", 1)]
    best, seen = search(edits, lambda sets: [value(lucky, e) for e in sets], miss, band=0.02, max_step=1,
                        confirm=lambda e: value(truth, e))
    assert [e.label for e in best.edits] == ["c +1"] and best.values[0] == pytest.approx(0.512)
    unconfirmed, _ = search(edits, lambda sets: [value(lucky, e) for e in sets], miss, band=0.02, max_step=1)
    assert [e.label for e in unconfirmed.edits] == ["a +1"]


def test_a_set_the_search_reaches_twice_is_confirmed_once():
    # neither edit alone reaches the band; {a, b} is reached from {a} and from {b}, looks inside the band
    # on the search seeds and is not on more seeds: its extra seeds must be played once, not twice
    confirmed = []

    def evaluate(edit_sets):
        return [np.array([0.5 if len(e) == 2 else 0.6]) for e in edit_sets]

    def confirm(edits):
        confirmed.append(tuple(e.label for e in edits))
        return np.array([0.6])

    miss = lambda v: float(abs(v[0] - 0.5))   # noqa: E731
    best, _ = search([_Edit("a", 1), _Edit("b", 1)], evaluate, miss, band=0.02, max_fields=2, max_step=1,
                     confirm=confirm)
    assert best is None and confirmed == [("a +1", "b +1")]
