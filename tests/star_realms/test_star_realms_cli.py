"""`--game star-realms` on the CLI: games listing, sweep (the core's CSV schema), compare, replay (text and
JSON Lines), cards, strategies; options that are not Star Realms' are not offered (exit code 2)."""
import json

import pandas as pd

import cli
from reports.aggregate import AGGREGATE_COLUMNS, SEED_COLUMNS
from reports.identical_games import DIGEST
from simcore import jit_cache
from simcore.games import registry
from tests.conftest import invoke


run = invoke   # tests/conftest.py: the CLI in this process


def test_games_lists_every_registered_game_with_modes_and_decks():
    res = run("games")
    assert res.exit_code == 0
    for game in registry.games():
        i = game.info
        assert i.name in res.output and i.modes[-1] in res.output and i.sides[-1] in res.output


def test_registry_unknown_game_is_a_user_error():
    res = run("sweep", "--game", "chess")
    assert res.exit_code == 2 and "chess" in res.output


def test_sweep_star_realms_writes_the_core_csv_schema_every_mode_both_seats(tmp_path):
    out = tmp_path / "sweep.csv"
    res = run("sweep", "--game", "star-realms", "--games", "60", "--out", str(out), "--per-game",
              str(tmp_path / "games.csv"))
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    assert tuple(table.columns) == AGGREGATE_COLUMNS + SEED_COLUMNS + (DIGEST,)
    assert set(table["mode"]) == {"standard", "command-vs-standard", "commander-duel", "two-against-one"}
    cvs = table[table["mode"] == "command-vs-standard"]
    assert set(cvs["faction"]) == {"alliance", "standard"} and set(cvs["seat"]) == {"first", "second", "both"}
    assert (table["ci_low"] <= table["win_rate"]).all() and (table["win_rate"] <= table["ci_high"]).all()
    cards = pd.read_csv(tmp_path / "sweep_cards.csv")
    assert "Super Freighter" in set(cards["card"]) and "Scout" not in set(cards["card"])
    assert cards["times_bought"].sum() > 0
    games = pd.read_csv(tmp_path / "games.csv")
    # 60 games per cell: the two mirrors (one seat order: the same games either way) and the two match-ups of
    # different decks (30 seeds in each seat order)
    assert len(games) == 60 * 4 and {"seed", "mode", "first_faction", "winner", "first_authority"} <= set(games.columns)
    assert set(games["first_faction"]) == {"standard", "alliance", "hydra"}


def test_sweep_star_realms_refuses_last_command_options(tmp_path):
    res = run("sweep", "--game", "star-realms", "--mode", "solo", "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and "unknown mode 'solo': expected one of standard, command-vs-standard" in res.output
    assert not (tmp_path / "x.csv").exists()
    res = run("sweep", "--game", "star-realms", "--difficulties", "easy", "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and "No such option '--difficulties'" in res.output
    res = run("sweep", "--game", "star-realms", "--out", str(tmp_path / "x.txt"))
    assert res.exit_code == 2 and "expected a path ending in .csv or .parquet" in res.output


def test_compare_star_realms_gives_a_paired_verdict(tmp_path):
    res = run("compare", "--game", "star-realms", "--games", "80", "--out", str(tmp_path / "c.csv"))
    assert res.exit_code == 0, res.output
    assert "Does the Alliance deck beat a standard start?" in res.output
    row = pd.read_csv(tmp_path / "c.csv").iloc[0]
    assert row["verdict"] in ("balanced", "favours_a", "favours_b", "unclear")


def test_replay_star_realms_readable_plays_allies_purchases_and_attacks():
    res = run("replay", "--game", "star-realms", "--seed", "12345", "--decks", "alliance,standard")
    assert res.exit_code == 0, res.output
    text = res.output
    assert "command-vs-standard" in text and ": plays " in text and "acquires" in text
    assert "ally ability of" in text and "(ally: " in text
    assert "attacks the opponent's Authority for" in text and "game over" in text


def test_replay_star_realms_json_lines_match_the_text():
    res = run("replay", "--game", "star-realms", "--seed", "7", "--json")
    rows = [json.loads(line) for line in res.output.splitlines()]
    assert rows[-1]["event"] == "result" and rows[-1]["winner"] in ("first", "second", "draw")
    assert {"turn", "play", "acquire"} <= {r["event"] for r in rows}


def test_replay_star_realms_index_of_a_run_is_that_games_seed():
    from simcore.games.star_realms.simulate import play_games
    rec = play_games(4, seed=9)
    res = run("replay", "--game", "star-realms", "--seed", "9", "--index", "3", "--json")
    result = json.loads(res.output.splitlines()[-1])
    assert result["seed"] == rec.games.seed[3] and result["turns"] == rec.turns[3]


def test_cards_and_strategies_commands_for_star_realms():
    assert "Super Freighter" in run("cards", "list", "--game", "star-realms").output
    shown = run("cards", "show", "Star Falcon", "--game", "star-realms")
    assert shown.exit_code == 0 and "Stellar Falcon" in shown.output and "[stated]" in shown.output
    assert run("cards", "show", "Nonesuch", "--game", "star-realms").exit_code == 2
    listed = run("strategies", "list", "--game", "star-realms").output
    assert all(n in listed for n in ("random", "balanced", "trade_first", "combat_first"))
    assert "w_combat" in run("strategies", "show", "combat_first", "--game", "star-realms").output
    audit = run("cards", "audit", "--game", "star-realms", "--format", "csv").output.splitlines()
    assert audit[0] == "card,field,provenance"
    assert "deck standard,authority,estimated" in audit and "deck standard,hand_size,estimated" in audit


def test_jit_cache_star_realms_has_its_own_key_apart_from_the_last_commands(tmp_path, monkeypatch):
    monkeypatch.setattr(jit_cache, "_ROOT", tmp_path)
    for rel in ("simcore/jit.py", "simcore/games/star_realms/rules.py", "simcore/games/star_realms/players/policy.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    core, game = jit_cache.source_hash(), jit_cache.game_cache_dir("star_realms")
    (tmp_path / "simcore/games/star_realms/players/policy.py").write_text("x = 2\n")
    assert jit_cache.source_hash() == core and jit_cache.game_cache_dir("star_realms") != game
    game = jit_cache.game_cache_dir("star_realms")
    (tmp_path / "simcore/jit.py").write_text("x = 2\n")
    assert jit_cache.source_hash() != core and jit_cache.game_cache_dir("star_realms") != game


def test_registry_star_realms_is_not_imported_when_the_last_command_runs():
    import subprocess
    import sys
    # the CLI reads every game's contract (its GameInfo: plain Python), never another game's engine or policies
    code = ("import sys, cli; from click.testing import CliRunner; CliRunner().invoke(cli.main, ['cards', 'list']); "
            "CliRunner().invoke(cli.main, ['games']); CliRunner().invoke(cli.main, ['sweep', '--help']); "
            "print(sorted(m for m in sys.modules if m.startswith(('simcore.games.star_realms', 'strategies.star_"
            "realms')) and m.rsplit('.', 1)[-1] in ('jit', 'rules', 'batch', 'policy', 'search', 'effects', 'piles')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(cli.__file__).parent))
    assert out.stdout.split() == ["[]"]


# ---------------------------------------------------------------- Two Against One
EDITED_SUPER_FREIGHTER = '''
[[card]]
name = "Super Freighter"
faction = ["star_empire", "trade_federation"]
kind = "ship"
role = "flagship"
count = 1
cost = 1
primary = [{ op = "combat", n = 8 }]
source = "test: a flagship far too strong for its cost"
estimated = ["faction", "kind", "role", "count", "cost", "primary"]
'''


def test_sweep_two_against_one_command_players_win_rate_against_the_team_both_seats(tmp_path):
    out = tmp_path / "sweep.csv"
    res = run("sweep", "--game", "star-realms", "--mode", "two-against-one", "--games", "40", "--out", str(out))
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    assert tuple(table.columns) == AGGREGATE_COLUMNS + SEED_COLUMNS + (DIGEST,)
    assert set(table["mode"]) == {"two-against-one"}
    command = table[table["faction"] == "alliance"]
    assert set(command["opponent_faction"]) == {"hydra"} and set(command["seat"]) == {"first", "second", "both"}
    team = table[table["faction"] == "hydra"].set_index("seat")
    both = command.set_index("seat").loc["both"]
    assert both["games"] == 40 and both["wins"] == team.loc["both", "losses"]   # one side's rows mirror the other's


def test_compare_two_against_one_alliance_against_the_team_with_one_card_edited(tmp_path):
    edited = tmp_path / "edited.toml"
    edited.write_text(EDITED_SUPER_FREIGHTER)
    res = run("compare", "--game", "star-realms", "--decks", "alliance,hydra", "--cards-b", str(edited),
              "--games", "200", "--out", str(tmp_path / "c.csv"))
    assert res.exit_code == 0, res.output
    assert "alliance (strategy balanced) against hydra" in res.output and "B: cards edited.toml" in res.output
    row = pd.read_csv(tmp_path / "c.csv").iloc[0]
    assert (row["faction"], row["opponent_faction"]) == ("alliance", "hydra") and "faction_b" not in row
    assert row["cards_b"].endswith("edited.toml")
    assert row["diff"] != 0          # the edited flagship moves the Alliance's results on the same seeds


def test_replay_two_against_one_shows_both_members_plays_pooled_trade_and_where_combat_went():
    res = run("replay", "--game", "star-realms", "--seed", "404", "--decks", "hydra,alliance")
    assert res.exit_code == 0, res.output
    text = res.output
    assert "mode two-against-one" in text and "the team hydra A + hydra B (first)" in text
    assert "hydra A: plays " in text and "hydra B: plays " in text
    assert "team: pools " in text and "Trade (hydra A " in text
    assert "team: attacks alliance (second)'s Authority with" in text
    assert "attacks the team's shared Authority with" in text


def test_games_lists_the_two_against_one_answers_chosen_where_the_rules_are_silent():
    res = run("games")
    assert "two-against-one" in res.output and "hydra" in res.output
    for field in ("outposts", "opponent_discards", "scrap_from"):
        assert f"[deck.hydra] {field} = " in res.output


def test_two_against_one_bad_team_answer_is_one_line_naming_file_deck_and_field(tmp_path):
    from simcore.games.star_realms.card_data import CARDS_DIR
    decks = (CARDS_DIR / "decks.toml").read_text().replace('scrap_from = "own-pile"', 'scrap_from = "anywhere"')
    (tmp_path / "decks.toml").write_text(decks)
    out = tmp_path / "s.csv"
    res = run("sweep", "--game", "star-realms", "--mode", "two-against-one", "--cards", str(tmp_path),
              "--out", str(out))
    assert res.exit_code == 2 and not out.exists()
    line = res.output.strip()
    assert "\n" not in line and "decks.toml" in line and "hydra" in line and "scrap_from" in line
    assert "Traceback" not in res.output


def test_replay_a_mode_without_decks_replays_that_modes_match_up():
    res = run("replay", "--game", "star-realms", "--mode", "two-against-one", "--seed", "404")
    assert res.exit_code == 0, res.output
    assert "two-against-one" in res.output and "hydra" in res.output
    res = run("replay", "--game", "star-realms", "--mode", "two-against-one", "--decks", "standard,standard",
              "--seed", "1")
    assert res.exit_code == 2 and "the decks decide the mode" in res.output
