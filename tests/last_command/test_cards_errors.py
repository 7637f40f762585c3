"""Bad card data ends with one line naming the file, the card and the field, and exit code 2."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simcore.games.last_command.cardset import load_cards, read_cards
from simcore.errors import CardDataError

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"

RAILGUN = """\
[[card]]
name = "Railgun"
kind = "system"
system = "tactical"
count = 1
credit_cost = 6
power_cost = 3
main = [{ op = "damage", n = 4 }]
text = "Deal 4 Damage."
estimated = ["credit_cost", "power_cost", "main"]
"""


def railgun(old: str, new: str) -> str:
    assert old in RAILGUN, old
    return RAILGUN.replace(old, new)


# (id, TOML text, field named in the message, what the message says)
BAD_CARDS = [
    ("unknown-field", railgun("credit_cost = 6", "credit_cots = 6"),
     "credit_cots", "unknown field (did you mean 'credit_cost'?)"),
    ("field-of-another-kind", railgun('count = 1', 'count = 1\nexpertise = "tactician"'),
     "expertise", "a system card has no such field (only crew cards do)"),
    ("unknown-op", railgun('op = "damage"', 'op = "damgae"'),
     "main[0].op", "unknown op 'damgae' (did you mean 'damage'?)"),
    ("unknown-op-no-suggestion", railgun('op = "damage"', 'op = "laser"'),
     "main[0].op", "unknown op 'laser' (the ops are listed in SCHEMA.md)"),
    ("unknown-op-argument", railgun("n = 4 }", 'n = 4, target = "hull" }'),
     "main[0].target", "unknown argument of op 'damage' (its arguments: n)"),
    ("missing-op-argument", railgun("{ op = \"damage\", n = 4 }", '{ op = "damage" }'),
     "main[0].n", "missing required argument of op 'damage'"),
    ("wrong-type", railgun("credit_cost = 6", 'credit_cost = "6"'),
     "credit_cost", "expected an integer 0..10, got the string '6'"),
    ("wrong-enum", railgun('system = "tactical"', 'system = "tactics"'),
     "system", "expected one of engineering, comms, tactical, got the string 'tactics' (did you mean 'tactical'?)"),
    ("negative-cost", railgun("credit_cost = 6", "credit_cost = -3"),
     "credit_cost", "expected an integer 0..10, got -3"),
    ("absurd-power", railgun("power_cost = 3", "power_cost = 9"),
     "power_cost", "expected an integer 0..8, got 9"),
    ("absurd-count", railgun("count = 1", "count = 40"),
     "count", "expected an integer 1..20, got 40"),
    ("zero-count", railgun("count = 1", "count = 0"),
     "count", "expected an integer 1..20, got 0"),
    ("absurd-effect", railgun("n = 4", "n = 99"),
     "main[0].n", "expected an integer 0..20, got 99"),
    ("ongoing-op-in-main", railgun('{ op = "damage", n = 4 }', '{ op = "shield", n = 1 }'),
     "main[0].op", "'shield' is an ongoing (while uncovered) effect; it belongs in 'ongoing'"),
    ("action-op-in-ongoing", railgun("main = ", "ongoing = "),
     "ongoing[0].op", "'damage' is not an ongoing effect; 'ongoing' takes only shield, mines, discount"),
    ("ongoing-op-inside-a-choice", railgun('[{ op = "damage", n = 4 }]',
                                           '[{ op = "choice", options = [[{ op = "shield", n = 1 }], []] }]'),
     "main[0].options[0][0].op", "'shield' is an ongoing (while uncovered) effect; it belongs in 'ongoing'"),
    ("choice-with-three-options", railgun('[{ op = "damage", n = 4 }]', '[{ op = "choice", options = [[], [], []] }]'),
     "main[0].options", "expected exactly two effect lists [[...], [...]], got a list of 3"),
    ("unmarked-field", railgun('"credit_cost", ', ""),
     "credit_cost", "not marked: list it (or the field it belongs to) in 'stated' (the rulebook gives it) or in "
                    "'estimated' (our estimate)"),
    ("unmarked-effect-when-only-an-argument-is-marked", railgun('"main"]', '"main[0].n"]'),
     "main[0]", "not marked: list it (or the field it belongs to) in 'stated' (the rulebook gives it) or in "
                "'estimated' (our estimate)"),
    ("marks-an-absent-effect", railgun('"main"]', '"main", "main[3]"]'),
     "estimated", "names 'main[3]', which this card does not have"),
    ("marks-an-absent-argument", railgun('"main"]', '"main", "main[0].system"]'),
     "estimated", "names 'main[0].system', which this card does not have"),
    ("marked-twice", railgun('text = "Deal 4 Damage."', 'text = "Deal 4 Damage."\nstated = ["main"]'),
     "estimated", "'main' is listed in both 'estimated' and 'stated'; it is one or the other"),
    ("marks-an-absent-field", railgun('"main"]', '"main", "covering"]'),
     "estimated", "names 'covering', which this card does not have"),
    ("marks-a-non-field", railgun('"main"]', '"main", "damage"]'),
     "estimated", "names 'damage', which is not a card field"),
    ("starting-card-with-a-price", railgun('count = 1', 'count = 1\nfaction = "sunder"\nstart_set = "standard"'),
     "credit_cost", "expected 0 for a starting card, got 6"),
]


def test_a_new_card_missing_a_required_field_names_it(tmp_path, monkeypatch):
    """A card that names no shipped card needs every required field (an override of a shipped card takes
    the ones it does not give from it: tests/core/test_card_overrides.py)."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "cards", "market_tactical.toml", railgun("power_cost = 3\n", "").replace("Railgun", "Coilgun"))
    result = run_cli("cards", "validate", "cards")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("Error: cards/market_tactical.toml: card 'Coilgun', field 'power_cost': "
                                     "missing required field")


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def run_cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("text, field, message", [c[1:] for c in BAD_CARDS], ids=[c[0] for c in BAD_CARDS])
def test_bad_field_names_file_card_and_field(tmp_path, monkeypatch, text, field, message):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "cards", "market_tactical.toml", text)
    result = run_cli("cards", "validate", "cards")
    assert result.exit_code == 2, result.output
    expected = f"Error: cards/market_tactical.toml: card 'Railgun', field '{field}': {message}"
    assert result.stderr.strip() == expected
    assert "Traceback" not in result.output


def test_the_brief_example_message_verbatim(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "cards", "market_tactical.toml", railgun("credit_cost = 6", "credit_cost = -3"))
    with pytest.raises(CardDataError) as caught:
        read_cards("cards")
    assert str(caught.value) == ("cards/market_tactical.toml: card 'Railgun', field 'credit_cost': "
                                 "expected an integer 0..10, got -3")
    assert (caught.value.file, caught.value.card, caught.value.field) == (
        "cards/market_tactical.toml", "Railgun", "credit_cost")


def test_valid_railgun_passes(tmp_path):
    path = write(tmp_path, "ok.toml", RAILGUN)
    result = run_cli("cards", "validate", str(path))
    assert result.exit_code == 0, result.output
    # its other fields (requirement, two Bonuses) come from the shipped Railgun, with their marks
    assert "1 card types (1 cards), 6 estimated fields" in result.output


def test_malformed_toml_names_file_and_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "broken.toml", RAILGUN.replace("power_cost = 3", "power_cost = = 3"))
    result = run_cli("cards", "validate", "broken.toml")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: broken.toml:7: malformed TOML: ")


def test_malformed_fixture_file(monkeypatch):
    monkeypatch.chdir(FIXTURES)
    with pytest.raises(CardDataError) as caught:
        read_cards("malformed.toml")
    assert (caught.value.file, caught.value.line, caught.value.card) == ("malformed.toml", 4, None)
    assert str(caught.value).startswith("malformed.toml:4: malformed TOML: Invalid value (column 9)")


def test_duplicate_key_across_files_names_the_second_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "set", "a.toml", RAILGUN)
    write(tmp_path / "set", "b.toml", RAILGUN.replace('"Railgun"', '"railgun"'))
    result = run_cli("cards", "validate", "set")
    assert result.exit_code == 2
    # an override names a shipped card in any letter case and keeps its spelling
    assert result.stderr.strip() == ("Error: set/b.toml: card 'Railgun', field 'name': "
                                     "duplicate card key 'Railgun': already defined in set/a.toml")


def test_asymmetrical_cards_may_share_a_name_but_not_a_key(tmp_path):
    starting = RAILGUN.replace("credit_cost = 6\n", "").replace(
        '"credit_cost", ', "").replace("count = 1", 'count = 1\nfaction = "sunder"\nstart_set = "SET"')
    standard, asymmetrical = starting.replace("SET", "standard"), starting.replace("SET", "asymmetrical")
    both = standard + "\n" + asymmetrical
    assert [c.key for c in read_cards(write(tmp_path, "ok.toml", both))] == ["Railgun", "Railgun (asymmetrical)"]
    twice = asymmetrical * 2
    with pytest.raises(CardDataError, match=r"duplicate card key 'Railgun \(asymmetrical\)'"):
        read_cards(write(tmp_path, "dup.toml", twice))


def test_missing_path_and_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("cards", "validate", "nowhere")
    assert (result.exit_code, result.stderr.strip()) == (2, "Error: nowhere: no such file or folder")
    (tmp_path / "empty").mkdir()
    result = run_cli("cards", "validate", "empty")
    assert (result.exit_code, result.stderr.strip()) == (2, "Error: empty: no *.toml card files in this folder")


def test_unknown_top_level_key(tmp_path):
    path = write(tmp_path, "x.toml", RAILGUN.replace("[[card]]", "[[cards]]"))
    with pytest.raises(CardDataError, match="field 'cards': unknown top-level key"):
        read_cards(path)


def test_override_is_validated_and_the_error_names_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "mine.toml", railgun("power_cost = 3", "power_cost = -1"))
    result = run_cli("cards", "list", "--cards", "mine.toml")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("Error: mine.toml: card 'Railgun', field 'power_cost': "
                                     "expected an integer 0..8, got -1")


def test_override_loads_skip_the_component_list(tmp_path):
    tables = load_cards(FIXTURES / "basic", overrides=write(tmp_path, "new.toml", RAILGUN))
    assert tables.names[-1] == "Railgun"


def test_unknown_card_name_is_a_user_error():
    result = run_cli("cards", "show", "Definitely Not A Card", "--cards", str(FIXTURES / "override.toml"))
    # the shipped set may still be missing or invalid while its data is written; either way it is exit 2
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# ---- through a real process: what a user's shell sees

def _bad_file(tmp_path: Path) -> Path:
    return write(tmp_path, "bad.toml", railgun("credit_cost = 6", "credit_cost = -3"))


def _assert_one_line_error(proc: subprocess.CompletedProcess):
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert lines[0].startswith("Error: ")
    assert lines[0].endswith("bad.toml: card 'Railgun', field 'credit_cost': expected an integer 0..10, got -3")


def test_console_entry_point_in_a_subprocess(tmp_path):
    path = _bad_file(tmp_path)
    # `-m cli` runs the module the `commandsim` script points at, installed or not (cwd = repo root).
    proc = subprocess.run([sys.executable, "-m", "cli", "cards", "validate", str(path)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    _assert_one_line_error(proc)


@pytest.mark.skipif(shutil.which("commandsim") is None, reason="the commandsim script is not installed")
def test_installed_commandsim_script(tmp_path):
    path = _bad_file(tmp_path)
    proc = subprocess.run(["commandsim", "cards", "validate", str(path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    _assert_one_line_error(proc)
