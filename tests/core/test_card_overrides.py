"""Issue 32 item 5, in every game: an override entry that names a shipped entry gives only the fields it
changes (``[[card]] name = "Railgun"`` + ``credit_cost = 5``), the rest coming from the shipped entry; a
new entry still needs every required field; ``cards show NAME --toml`` prints a block that pastes back;
and ``sweep`` and ``compare`` say which card files they applied and what those changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from simcore.card_overrides import NOT_PLAYED
from simcore.errors import CommandsimError
from simcore.games import registry
from tests.conftest import every_game_name, invoke, registered_game

GAMES = every_game_name()


game = pytest.fixture(params=GAMES)(registered_game)   # each registered game and the tiny race


def _one_field(game, tmp_path: Path):
    """(path, key, field, old, new) of a one-field override of the game's first named entry with a number
    that can move by one and still play."""
    for key, entry in game.card_entries([]).items():
        if not entry.header.startswith("[[") or "name" not in entry.table:
            continue
        for field, value in entry.table.items():
            if field in NOT_PLAYED or isinstance(value, bool) or not isinstance(value, int):
                continue
            for new in (value + 1, value - 1):
                path = tmp_path / f"{field}_{new}.toml"
                path.write_text(f'{entry.header}\nname = "{entry.table["name"]}"\n{field} = {new}\n')
                try:
                    game.load_tables([path])
                except CommandsimError:
                    continue
                return path, key, field, value, new
    raise AssertionError(f"{game.info.name}: no entry with a number to override")


def test_a_one_field_override_takes_every_other_field_from_the_shipped_card(game, tmp_path):
    path, key, field, old, new = _one_field(game, tmp_path)
    shipped, changed = game.card_entries([]), game.card_entries([path])
    assert list(changed) == list(shipped)
    assert changed[key].table[field] == new
    assert {f: v for f, v in changed[key].table.items() if f != field} == \
        {f: v for f, v in shipped[key].table.items() if f != field}
    assert all(changed[k].table == shipped[k].table for k in shipped if k != key)


def test_a_new_card_still_needs_every_required_field(game, tmp_path):
    header = next(e.header for e in game.card_entries([]).values() if e.header.startswith("[["))
    path = tmp_path / "new.toml"
    path.write_text(f'{header}\nname = "Brand New Thing"\n')
    result = invoke("cards", "validate", path, "--game", game.info.name)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "new.toml" in result.output and "Brand New Thing" in result.output


def test_cards_show_toml_prints_a_block_that_pastes_back_unchanged(game, tmp_path):
    shipped = game.card_entries([])
    key, entry = next((k, e) for k, e in shipped.items() if "name" in e.table)
    result = invoke("cards", "show", entry.table["name"], "--toml", "--game", game.info.name)
    assert result.exit_code == 0, result.output
    assert entry.header in result.stdout
    path = tmp_path / "pasted.toml"
    path.write_text(result.stdout)
    assert game.card_entries([path]) == shipped


def test_cards_show_toml_of_an_unknown_card_is_one_line(game):
    result = invoke("cards", "show", "No Such Card At All", "--toml", "--game", game.info.name)
    assert result.exit_code == 2 and "No Such Card At All" in result.output and "Traceback" not in result.output


def test_sweep_and_compare_say_what_each_card_file_changes(game, tmp_path):
    path, key, field, old, new = _one_field(game, tmp_path)
    line = f"cards: {path} changes {key} {field} {old} -> {new}"
    name = game.info.name
    sweep = invoke("sweep", "--game", name, "--games", 20, "--cards", path, "-q", "--out", tmp_path / "s.csv")
    assert sweep.exit_code == 0, sweep.output
    assert line in sweep.stderr.splitlines()
    compare = invoke("compare", "--game", name, "--games", 20, "--cards-b", path, "-q", "--out", tmp_path / "c.csv")
    assert compare.exit_code == 0, compare.output
    assert f"cards B: {path} changes {key} {field} {old} -> {new}" in compare.stderr.splitlines()


def test_an_asymmetrical_starting_card_is_overridden_with_its_start_set(tmp_path):
    game = registry.get("last-command")
    path = tmp_path / "laser.toml"
    path.write_text('[[card]]\nname = "Basic Laser"\nstart_set = "asymmetrical"\npower_cost = 2\n')
    shipped, changed = game.card_entries([]), game.card_entries([path])
    assert changed["Basic Laser (asymmetrical)"].table["power_cost"] == 2
    assert changed["Basic Laser"].table == shipped["Basic Laser"].table
    from simcore.card_overrides import change_lines
    old = shipped["Basic Laser (asymmetrical)"].table["power_cost"]
    assert change_lines(game.card_entries, [path]) == [
        f"cards: {path} changes Basic Laser (asymmetrical) power_cost {old} -> 2"]
