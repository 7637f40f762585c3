"""`cards validate` runs every check a run makes and says what it did not read; TOML nested past
what the parser can read is one clear error naming the file, for every TOML a user gives us."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simcore.games.last_command.cardset import read_cards
from simcore.games.last_command.fog import read_fog
from simcore.games.last_command.setup import MatchupError
from simcore.errors import CardDataError

RAILGUN = """\
[[card]]
name = "Railgun"
kind = "system"
system = "tactical"
count = 1
credit_cost = 5
power_cost = 3
main = [{ op = "damage", n = 4 }]
estimated = ["credit_cost", "power_cost", "main"]
"""
DEEP = "x = " + "[" * 2000 + "]" * 2000 + "\n"
TOO_DEEP = "malformed TOML: nested more than 32 levels deep, counting tables, arrays and the parts of dotted keys"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def odd_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    folder.mkdir()
    os.symlink("missing.toml", folder / "dangling.toml")
    os.symlink("loop.toml", folder / "loop.toml")
    (folder / "folder.toml").mkdir()
    (folder / "X.TOML").write_text(RAILGUN)
    (folder / "notes.md").write_text("not a card file, not worth a word")
    return folder


def test_cards_validate_says_which_entries_it_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (odd_folder(tmp_path) / "ok.toml").write_text(RAILGUN)
    result = run("cards", "validate", "set")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "OK: set: 1 card types (1 cards), 6 estimated fields; with the shipped cards a game holds up to 112 cards "
        "(limit 160).",
        "Skipped set/X.TOML: not read: card files end in lower-case '.toml'.",
        "Skipped set/dangling.toml: a symbolic link to nothing.",
        "Skipped set/folder.toml: a folder, not a file.",
        "Skipped set/loop.toml: a symbolic link loop.",
    ]


def test_a_folder_of_only_skipped_entries_says_why_it_holds_no_card_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    odd_folder(tmp_path)
    result = run("cards", "validate", "set")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: set: no *.toml card files in this folder (skipped set/X.TOML: not read: card files end in "
        "lower-case '.toml'; skipped set/dangling.toml: a symbolic link to nothing; skipped set/folder.toml: a "
        "folder, not a file; skipped set/loop.toml: a symbolic link loop)")


def test_cards_validate_sets_up_every_match_up(tmp_path, monkeypatch):
    # what the engine checks when a game is set up runs in validation too
    import simcore.games.last_command.setup as matchup

    calls = []
    real = matchup.build_setup
    monkeypatch.setattr(matchup, "build_setup", lambda tables, m: calls.append(m) or real(tables, m))
    (tmp_path / "ok.toml").write_text(RAILGUN)
    assert run("cards", "validate", str(tmp_path / "ok.toml")).exit_code == 0
    factions, variants = ("federation", "sunder"), ("standard", "asymmetrical")
    assert {(m.factions, m.variants) for m in calls if m.mode == "duel"} == {   # no mirror: one Ship Mat each
        ((a, b), (va, vb)) for a in factions for b in factions if a != b for va in variants for vb in variants}
    assert {m.difficulty for m in calls if m.mode == "solo"} == {"easy", "medium", "hard", "insane"}


# ---- issue 13 item 7: arrays nested 2,000 deep

def test_card_file_nested_too_deep_is_one_line_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.toml").write_text(DEEP)
    result = run("cards", "validate", "deep.toml")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"Error: deep.toml: {TOO_DEEP}"
    with pytest.raises(CardDataError, match=TOO_DEEP):
        read_cards(tmp_path / "deep.toml")


def test_strategy_file_nested_too_deep_is_one_line_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.toml").write_text(DEEP)
    result = run("strategies", "show", "deep.toml")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"Error: deep.toml: {TOO_DEEP}"
    result = run("sweep", "--games", "2", "--strategy", "deep.toml", "--out", "o.csv")
    assert result.exit_code == 2 and f"deep.toml: {TOO_DEEP}" in result.stderr and "Traceback" not in result.output


def test_fog_of_war_file_nested_too_deep_names_the_file(tmp_path):
    (tmp_path / "deep.toml").write_text(DEEP)
    with pytest.raises(MatchupError) as caught:
        read_fog(tmp_path / "deep.toml")
    assert str(caught.value) == f"{tmp_path / 'deep.toml'}: {TOO_DEEP}"
