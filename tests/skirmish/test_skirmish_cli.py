"""`--game skirmish` on the CLI: sweep (the core's CSV schema, per force, command set and CP budget), compare
("is Covering Fire worth 1 CP?"), replay (text and JSON Lines), strategies; The Last Command's options refused."""
import json
import re

import pandas as pd

from reports.aggregate import AGGREGATE_COLUMNS, SEED_COLUMNS
from reports.identical_games import DIGEST
from tests.conftest import invoke


run = invoke   # tests/conftest.py: the CLI in this process


def test_sweep_skirmish_reports_each_force_command_set_and_budget_in_the_core_schema(tmp_path):
    out = tmp_path / "sweep.csv"
    res = run("sweep", "--game", "skirmish", "--games", "40", "--factions", "line,elite", "--variants",
              "full:3,no-responses:5", "--out", str(out))
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    assert tuple(table.columns) == AGGREGATE_COLUMNS + SEED_COLUMNS + (DIGEST,)
    assert set(table["variant"]) == {"full:3", "no-responses:5"} and set(table["faction"]) == {"line", "elite"}
    assert set(table["seat"]) == {"first", "second", "both"} and (table["games"] > 0).all()
    assert (table["ci_low"] <= table["win_rate"]).all() and (table["win_rate"] <= table["ci_high"]).all()


def test_sweep_skirmish_refuses_last_command_options_and_unknown_sets(tmp_path):
    res = run("sweep", "--game", "skirmish", "--mode", "solo", "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and "No such option '--mode'" in res.output      # one mode: not offered
    res = run("sweep", "--game", "skirmish", "--variants", "fool", "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and "unknown command set 'fool'" in res.output
    res = run("sweep", "--game", "skirmish", "--command-sets", "full,fool", "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and "'--command-sets'" in res.output and "unknown command set 'fool'" in res.output
    assert not (tmp_path / "x.csv").exists()


def test_compare_skirmish_asks_whether_covering_fire_is_worth_its_command_point(tmp_path):
    out = tmp_path / "c.csv"
    res = run("compare", "--game", "skirmish", "--games", "200", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "Does the line do better with the full command set than without Covering Fire?" in res.output
    row = pd.read_csv(out).iloc[0]
    assert (row["label_a"], row["label_b"]) == ("full", "no-covering-fire") and row["games"] == 200
    assert (row["variant_a"], row["variant_b"]) == ("full:4", "no-covering-fire:4")
    assert row["diff_ci_low"] <= row["diff"] <= row["diff_ci_high"]
    res = run("compare", "--game", "skirmish", "--games", "40", "--variant-a", "full", "--variant-b",
              "covering-fire-2cp", "--out", str(out))
    assert res.exit_code == 0 and "A: full" in res.output and "B: covering-fire-2cp" in res.output


def test_replay_skirmish_prints_the_steps_and_json_lines():
    res = run("replay", "--game", "skirmish", "--seed", "4", "--strategy", "random")
    assert res.exit_code == 0, res.output
    text = res.output
    for words in ("step 1 declare", "step 4 response window opens", "not legal:", "step 8 melee check",
                  "exception:", "is no longer legal, skipped", "result:"):
        assert words in text, words
    res = run("replay", "--game", "skirmish", "--seed", "4", "--strategy", "random", "--json")
    rows = [json.loads(x) for x in res.output.splitlines()]
    assert rows[-1]["event"] == "result" and {r["step"] for r in rows[:-1]} >= {1, 2, 3, 4, 5, 6, 7, 8}


def test_strategies_list_and_show_for_the_skirmish():
    res = run("strategies", "list", "--game", "skirmish")
    assert res.exit_code == 0 and "random" in res.output and "reserve" in res.output
    res = run("strategies", "show", "--game", "skirmish", "spender")
    assert res.exit_code == 0 and re.search(r"^reserve\s+0$", res.output, re.M)


def test_compare_skirmish_cards_b_plays_bs_battles_with_the_files_data(tmp_path):
    # B's battles use the file's whole data (both forces), as --cards-b does for the other games: a unit
    # profile counts too (it was once ignored), and the advisor's patches are re-checked this way
    text = tmp_path / "trooper.toml"
    text.write_text('''[[unit]]
name = "Trooper"
move = 2
range = 5
firepower = 6
armor = 4
wounds = 3
melee = 2
morale = 3
source = "a designer's stronger Trooper"
estimated = ["move", "range", "firepower", "armor", "wounds", "melee", "morale"]
''')
    out, same = tmp_path / "c.csv", tmp_path / "same.csv"
    res = run("compare", "--game", "skirmish", "--games", "200", "--factions", "line,elite", "--cards-b", str(text),
              "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "A: shipped cards" in res.output and "B: cards trooper.toml" in res.output
    same_setting = run("compare", "--game", "skirmish", "--games", "200", "--variant-a", "full", "--variant-b",
                       "full", "--out", str(same))
    assert same_setting.exit_code == 2 and "A and B are the same setting" in same_setting.output
    assert pd.read_csv(out).iloc[0]["diff"] < 0                    # B's line Troopers shoot harder


def test_compare_skirmish_re_costs_a_command_for_the_subject_alone_with_a_set_of_its_own(tmp_path):
    sets = tmp_path / "cf3.toml"
    sets.write_text('''[set.cf3]
commands = ["Move", "Run", "Shoot", "Charge", "Melee", "Snap Fire", "Covering Fire", "Defend", "Intervene", "Rally",
            "Hold"]
cost = { "Covering Fire" = 3 }
''')
    out = tmp_path / "c.csv"
    res = run("compare", "--game", "skirmish", "--games", "400", "--cards", str(sets), "--variant-a", "full",
              "--variant-b", "cf3", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert pd.read_csv(out).iloc[0]["diff"] > 0                    # Covering Fire at 1 CP helps the line force
