"""The balance advisor for the skirmish (``advise --game skirmish``): its edit space over commands, units
and forces, targets, patches that ``--cards`` reads and ``compare --cards-b`` re-checks, and a whole run
on a data set unbalanced by one known edit (the Veteran at armor 6)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.advisor.advise import AdviseOptions, advise
from simcore.card_edits import CardEdit
from simcore.games import registry
from simcore.games.skirmish.card_data import LIMITS, PROFILE_LIMITS, compile_sets, load_data
from simcore.games.skirmish.edits import apply_edits, data_fields, edited_tables, patch, single_edits

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "advisor" / "skirmish_armoured_veteran.toml"
TARGET = "elite vs raiders = 52%"    # the reference data give the elite force about 53%
FIXTURE_RUN = ["advise", "--game", "skirmish", "--target", TARGET, "--band", "3", "--cards", str(FIXTURE),
               "--allow-stated", "--only", "Veteran,elite", "--screen-games", "400", "--test-games", "2000",
               "--search-games", "2000", "--check-games", "4000", "--tune-generations", "3", "--tune-population", "4",
               "--tune-games", "200"]
SMALL = dict(screen_games=200, test_games=600, search_games=400, check_games=400, seed=5)


@pytest.fixture(scope="module")
def shipped():
    return load_data()


@pytest.fixture(scope="module")
def fixture_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("advice") / "advice.csv"
    return CliRunner().invoke(cli.main, [*FIXTURE_RUN, "--out", str(out)]), out


# ---- the edit space

def test_skirmish_fields_cover_commands_units_and_forces_within_their_ranges(shipped):
    fields = {(f.card, f.path): f for f in data_fields(shipped)}
    assert {("Shoot", "cost"), ("Shoot", "effects[0].n"), ("Charge", "effects[1].n"), ("Veteran", "armor"),
            ("force line", "cp"), ("force raiders", "units.Assault")} <= set(fields)
    assert ("Melee", "cost") not in fields            # the melee check is never declared: its cost is no field
    assert fields[("Melee", "effects[0].n")].mark == "estimated"
    assert fields[("Move", "cost")].mark == "stated"  # the seed's worked example: Move costs 1
    # a force of one unit type keeps at least one; a force holds at most 6 units
    line = fields[("force line", "units.Trooper")]
    assert (line.value, line.low, line.high) == (4, 1, 6)
    raiders = fields[("force raiders", "units.Assault")]
    assert (raiders.low, raiders.high) == (0, 4)
    for e in single_edits(shipped, allow_stated=True):
        kind = e.field.path.split("[")[0].split(".")[0]
        limits = {"cost": LIMITS["cost"], "effects": LIMITS["n"], "cp": LIMITS["cp"]}.get(kind) or \
            PROFILE_LIMITS.get(kind) or (e.field.low, e.field.high)
        assert limits[0] <= e.field.low <= e.new_value <= e.field.high <= limits[1], e.label


def test_stated_skirmish_values_are_never_edited_without_allow_stated(shipped):
    stated = {(e.field.card, e.field.path) for e in single_edits(shipped, allow_stated=True)} - \
        {(e.field.card, e.field.path) for e in single_edits(shipped)}
    assert stated == {(c, "cost") for c in ("Move", "Snap Fire", "Covering Fire", "Defend", "Intervene")}
    fixture = load_data(FIXTURE)
    only = ("Veteran", "force elite")
    assert [e.label for e in single_edits(fixture, only=only)] == ["Veteran: Armor 6 -> 5", "Veteran: Armor 6 -> 7"]
    assert {e.field.card for e in single_edits(fixture, allow_stated=True, only=only)} == set(only)


def test_every_skirmish_edit_written_as_a_patch_reads_back_as_the_edited_data(shipped, tmp_path):
    path = tmp_path / "patch.toml"
    for edit in single_edits(shipped, allow_stated=True):
        path.write_text(patch(shipped, [edit], ["header"], {edit.field.card: [f"edited: {edit.label}"]}))
        loaded = compile_sets(load_data(path))
        expected = edited_tables(shipped, [edit])
        for name in ("cmds", "eff", "profiles"):
            assert np.array_equal(getattr(loaded, name), getattr(expected, name)), edit.label
        assert loaded.data.forces == expected.data.forces, edit.label
        assert loaded.names == expected.names and loaded.avail == expected.avail, edit.label


def test_a_defaulted_cost_edited_becomes_an_estimate_the_reader_accepts(tmp_path):
    own = tmp_path / "own.toml"
    own.write_text('[[command]]\nname = "Dig"\ntiming = "order"\ntarget = "none"\nsource = "a designer"\n'
                   'estimated = ["timing", "target"]\n\n[set.full]\ncommands = ["Move", "Shoot", "Melee", "Dig"]\n')
    data = load_data(own)
    (up,) = [e for e in single_edits(data, allow_stated=True, only=["Dig"]) if e.delta > 0]
    assert up.label == "Dig: Cost (Command Points) 1 -> 2" and up.field.mark == "stated"   # the seed's "most commands cost 1"
    dig = apply_edits(data, [up]).command("Dig")
    assert dig.cost == 2 and dig.provenance("cost") == "estimated"
    path = tmp_path / "patch.toml"
    path.write_text(patch(data, [up]))
    assert load_data([own, path]).command("Dig").cost == 2


def test_copies_of_a_unit_keep_the_other_units_in_their_places(shipped):
    raiders = next(f for f in data_fields(shipped) if (f.card, f.path) == ("force raiders", "units.Assault"))
    more = apply_edits(shipped, [CardEdit(raiders, 1)]).forces["raiders"].units
    assert more == ("Assault", "Assault", "Assault", "Trooper", "Trooper")
    assert apply_edits(shipped, [CardEdit(raiders, -2)]).forces["raiders"].units == ("Trooper", "Trooper")


# ---- targets

def test_skirmish_targets_score_the_first_force_in_both_seats_and_the_first_seat_of_a_mirror():
    card_set = registry.advisor("skirmish")
    (comp,) = card_set.target("Elite vs Raiders no-responses = 50%", None).components
    (first, seat_a), (second, seat_b) = comp.games
    assert first.forces == ("elite", "raiders") and second.forces == ("raiders", "elite") and (seat_a, seat_b) == (0, 1)
    assert first.command_sets == ("full", "no-responses") and second.command_sets == ("no-responses", "full")
    (mirror,) = card_set.target("first player = 50%", None).components
    assert [(m.forces, m.command_sets, seat) for m, seat in mirror.games] == [(("line", "line"), ("full", "full"), 0)]
    target = card_set.target("first player elite covering-fire-2cp = 55%", 8)
    (m, _), = target.components[0].games
    assert m.forces == ("elite", "elite") and m.command_sets == ("covering-fire-2cp",) * 2 and m.max_turns == 8
    assert target.tune_matchup == (("elite", "elite"), 8)


@pytest.mark.parametrize("args, says", [
    (["--target", "line vs line = 50%"], "two different forces"),
    (["--target", "line vs orcs = 50%"], "'orcs' in 'line vs orcs = 50%' is neither a force"),
    (["--target", "first player elite line raiders = 50%"], "at most a force and a command set"),
    (["--target", "line vs raiders = 0%"], "a percentage between 0 and 100"),
    (["--ladder", "65,55,45,35"], "No such option '--ladder'"),   # a solo ladder is The Last Command's option
    (["--target", "first player = 50%", "--only", "Vetran"], "--only: no command, unit or force named 'Vetran' "
                                                              "(did you mean 'Veteran'?)"),
    (["--target", "first player = 50%", "--strategy", "nope"], "--strategy:"),
    (["--target", "first player = 50%", "--tune-games", "6"], "--tune-games: expected at least 4 per opponent"),
    (["--target", "first player = 50%", "--cards", str(FIXTURE), "--only", "elite"], "no card value may be edited"),
])
def test_bad_skirmish_advise_input_is_one_line_and_exit_code_2(args, says, tmp_path):
    out = tmp_path / "advice.csv"
    result = CliRunner().invoke(cli.main, ["advise", "--game", "skirmish", *args, "--screen-games", "4",
                                           "--test-games", "4", "--search-games", "4", "--check-games", "4",
                                           "--out", str(out)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.output
    assert not out.exists()


# ---- a whole run

def test_the_advisor_finds_the_edit_that_unbalanced_the_skirmish_data(fixture_run):
    result, out = fixture_run
    assert result.exit_code == 0, result.output
    assert "strategy reserve" in result.output.splitlines()[0]
    assert "Proposal (1 field(s), total change 1):\n  Veteran: Armor 6 -> 5 (was estimated)" in result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].iloc[0]
    assert fixed["edit"] == "Veteran: Armor 6 -> 5" and abs(fixed["value"] - 0.52) <= 0.04
    assert fixed["base"] > 0.65 and fixed["effect_ci_high"] < -0.1
    # re-checked with a strategy tuned on the edited data, both printed
    retuned = table[table["stage"] == "proposal, re-tuned strategies"]
    assert len(retuned) == 1 and retuned.iloc[0]["edit"] == "Veteran: Armor 6 -> 5"
    assert "re-tuned strategies: elite full vs raiders full" in result.output
    games = result.output.split("Games: ")[1]
    assert "tune 0," not in games and ", tune " in games
    assert set(table.loc[table["stage"] == "screen", "mark"]) == {"estimated", "stated"}


def test_the_skirmish_patch_loads_with_cards_and_compare_cards_b_rechecks_it(fixture_run, tmp_path):
    result, out = fixture_run
    patch_path = out.with_name("advice_patch.toml")
    recheck = result.output.split("Re-check: ")[1].strip()
    assert recheck == (f"commandsim compare --game skirmish --cards-b {patch_path} --factions elite,raiders "
                       f"--variant-a full --opponent-variant full --cards {FIXTURE}")
    data = load_data([FIXTURE, patch_path])
    assert next(u for u in data.units if u.name == "Veteran").profile["armor"] == 5
    check = CliRunner().invoke(cli.main, [*recheck.split()[1:], "--games", "2000", "--out", str(tmp_path / "c.csv")])
    assert check.exit_code == 0, check.output
    row = pd.read_csv(tmp_path / "c.csv").iloc[0]
    assert row["diff_ci_low"] > 0.1          # A (the unbalanced set) wins far more than B (patched)


def test_the_same_seed_gives_the_same_skirmish_advice_on_any_thread_count():
    card_set = registry.advisor("skirmish", FIXTURE)
    target = card_set.target(TARGET, None)
    opts = dict(only=("Veteran", "force elite"), allow_stated=True, band=0.03, tune_generations=1,
                tune_population=2, tune_games=16, **SMALL)
    one = advise(card_set, target, AdviseOptions(threads=1, **opts))
    two = advise(card_set, target, AdviseOptions(threads=2, **opts))
    pd.testing.assert_frame_equal(one.table, two.table)
    assert one.patch == two.patch and one.games == two.games and one.games["tune"] > 0
    assert np.array_equal(one.retuned_strategy, two.retuned_strategy)
