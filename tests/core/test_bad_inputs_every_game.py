"""Bad inputs in every game (issue 31): each test runs over every registered game (a game registered later
inherits it) and checks one line, exit 2, no traceback and nothing written, before the first game.

Items: 1 and 10 (every output target checked together before playing, one message, no empty folder left),
3 (card folders: FIFOs and other special files skipped with a note; ``--scheduler local:N`` bounded),
5 and 9 (empty lists, ``--out ''``, ``--scheduler ''``), 7 (``cards validate`` as the run), 8 (``report``)."""
from __future__ import annotations

import importlib
import os
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from simcore.games import registry
from tests.conftest import TINY_GAME, invoke

GAMES = registry.names()
WITH_TINY = [*GAMES, TINY_GAME[0]]     # the card-folder tests: the tiny race of the tests reads folders too


@pytest.fixture
def tiny_registered(request):
    """The tiny race registered around a test parametrized with its name (as the conformance tests do)."""
    registry.register(*TINY_GAME)
    yield
    registry.GAMES.pop(TINY_GAME[0], None)


def refused(*args, option: str | None = None, text: str = ""):
    """``commandsim ARGS`` fails in one line (exit 2) naming ``option`` and saying ``text``."""
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, (ValueError, RuntimeError))
    if option:
        assert f"'{option}'" in lines[0], lines[0]
    assert text in lines[0], lines[0]
    return lines[0]


def shipped_card_file(name: str) -> Path:
    """A shipped card file of game ``name`` (its contract's folder ``cards/``), one whose entries are
    ``[[...]]`` tables."""
    here = Path(importlib.import_module(registry.GAMES[name]).__file__).parent
    for path in sorted((here / "cards").glob("*.toml")) + sorted(here.glob("cards*.toml")):
        if "\n[[" in "\n" + path.read_text():
            return path
    pytest.skip(f"{name} ships no card folder")


def first_entry(path: Path) -> str:
    """The first ``[[...]]`` table of a card file, as text."""
    lines, out = path.read_text().splitlines(), []
    for line in lines:
        if line.startswith("[") and out:
            break
        if line.startswith("[[") or out:
            out.append(line)
    return "\n".join(out) + "\n"


# ---- items 1 and 10: output targets

@pytest.mark.parametrize("game", GAMES)
def test_a_sweep_refuses_any_two_targets_that_are_one_file_before_playing(game, tmp_path):
    (tmp_path / "link.csv").symlink_to(tmp_path / "o.csv")
    out = str(tmp_path / "o.csv")
    for per_game, what in ((out, "aggregate table"), (str(tmp_path / "o_cards.csv"), "per-card table"),
                           (str(tmp_path / "." / "o.csv"), "aggregate table"),
                           (str(tmp_path / "link.csv"), "aggregate table")):
        refused("sweep", "--game", game, "--games", 4, "--out", out, "--per-game", per_game, "-q",
                option="--per-game", text=f"is also the {what}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["sweep", "compare", "tournament", "metagame", "ladder", "advise"])
def test_an_empty_out_is_refused_in_one_line(game, command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    extra = ["--target", registry.get(game).target_example] if command == "advise" else []
    refused(command, "--game", game, *extra, "--out", "", option="--out", text="expected a file path, got ''")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_tournament_checks_its_ratings_file_with_its_matrix_before_playing(game, tmp_path):
    (tmp_path / "t_ratings.csv").mkdir()
    refused("tournament", "--game", game, "--games", 4, "--out", tmp_path / "t.csv", option="--out",
            text="(the ratings table next to")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t_ratings.csv"]


@pytest.mark.parametrize("game", GAMES)
def test_a_metagame_checks_its_mixes_and_value_files_with_its_matrix_before_playing(game, tmp_path):
    for part in ("mixes", "value"):
        (tmp_path / f"m_{part}.csv").mkdir()
        refused("metagame", "--game", game, "--games", 4, "--out", tmp_path / "m.csv", option="--out",
                text=f"(the metagame {part} next to")
        (tmp_path / f"m_{part}.csv").rmdir()
    assert list(tmp_path.iterdir()) == []


def test_report_checks_that_its_folder_can_be_made_before_reading(tmp_path):
    pd.DataFrame({"x": [1]}).to_csv(tmp_path / "any.csv", index=False)   # not read: the target fails first
    refused("report", tmp_path / "any.csv", "--out", "/proc/commandsim-report", option="--out",
            text="cannot write into '/proc'")


def test_a_failed_write_removes_the_folders_it_made(tmp_path, monkeypatch):
    import reports.files as files
    real = files.Path.write_bytes

    def full(self, data):
        if self.name.startswith(".b.png"):
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(files.Path, "write_bytes", full)
    with pytest.raises(OSError, match="cannot write .*b.png: No space left on device"):
        files.write_files({tmp_path / "new" / "deeper" / "a.png": b"a", tmp_path / "new" / "deeper" / "b.png": b"b"})
    assert list(tmp_path.iterdir()) == []


def test_a_write_error_names_its_path_once():
    from simcore.atomic_files import write_error
    from simcore.errors import OutputFileError
    inner = OutputFileError("cannot write o_ratings.csv: No space left on device")
    assert str(write_error(Path("o.csv"), inner)) == "cannot write o_ratings.csv: No space left on device"


# ---- items 3, 9 and 10: --scheduler

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value, text", [
    ("", "expected a scheduler address (tcp://host:8786) or local:N, got ''"),
    ("local:100000", "N from 1 to 256, got 'local:100000'"),
    ("local:0", "N from 1 to 256"),
])
def test_a_bad_scheduler_is_refused_before_dask_is_imported(game, value, text, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "distributed", None)    # importing Dask would fail: it is not reached
    for command in ("sweep", "compare"):
        refused(command, "--game", game, "--games", 4, "--scheduler", value, option="--scheduler", text=text)
    assert list(tmp_path.iterdir()) == []


def test_help_states_the_scheduler_range():
    assert "N from 1 to 256" in " ".join(invoke("sweep", "--help").output.split())


# ---- items 5 and 9: empty lists

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["sweep", "tournament", "ladder", "tune"])
@pytest.mark.parametrize("value", ["", ",", " , "])
def test_an_empty_list_of_sides_is_refused_not_read_as_the_default(game, command, value, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    flag = registry.get(game).info.side.flag
    refused(command, "--game", game, "--factions", value, option=flag, text="expected a comma list of names")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("args", [["tune", "--opponents", ""], ["tune", "--params", ","],
                                  ["tournament", "--strategies", ""], ["ladder", "--rungs", ","]])
def test_every_other_empty_list_is_refused(game, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(*args, "--game", game, option=args[1], text="expected a comma list")


# ---- items 3, 5 and 7: card folders

@pytest.fixture
def odd_folder(tmp_path):
    """A card folder holding, next to nothing readable, a FIFO, a link to nothing, a link loop, a link to
    /dev/null and an upper-case ``X.TOML``. A writer holds the FIFO open for a reader that opens it
    (nothing should), and is released at the end."""
    folder = tmp_path / "cards"
    folder.mkdir()
    fifo = folder / "pipe.toml"
    os.mkfifo(fifo)
    (folder / "gone.toml").symlink_to(folder / "missing.toml")
    (folder / "loop_a.toml").symlink_to(folder / "loop_b.toml")
    (folder / "loop_b.toml").symlink_to(folder / "loop_a.toml")
    (folder / "null.toml").symlink_to("/dev/null")
    (folder / "X.TOML").write_text("")
    writer = threading.Thread(target=lambda: open(fifo, "w").close(), daemon=True)
    writer.start()
    yield folder
    # a reader lets the writer's open return; again while the writer has not reached its open yet
    deadline = time.monotonic() + 5
    while writer.is_alive() and time.monotonic() < deadline:
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(0.05)
    assert not writer.is_alive()


SKIPPED = {"pipe.toml": "not a regular file: a named pipe", "gone.toml": "a symbolic link to nothing",
           "loop_a.toml": "a symbolic link loop", "null.toml": "not a regular file: a device (a symbolic link to it)",
           "X.TOML": "not read: card files end in lower-case '.toml'"}


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_validate_skips_special_entries_of_a_card_folder_with_a_note(game, odd_folder):
    (odd_folder / "entry.toml").write_text(shipped_card_file(game).read_text())
    result = invoke("cards", "validate", "--game", game, odd_folder)
    assert result.exit_code == 0, result.output
    for name, why in SKIPPED.items():
        assert f"Skipped {odd_folder / name}: {why}" in result.output, result.output


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_a_folder_of_nothing_readable_is_one_line_naming_each_entry(game, odd_folder):
    line = refused("cards", "validate", "--game", game, odd_folder, text="no *.toml card files in this folder")
    for name, why in SKIPPED.items():
        assert f"skipped {odd_folder / name}: {why}" in line


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_a_link_loop_or_a_fifo_given_as_the_card_file_is_one_line(game, odd_folder):
    refused("cards", "validate", "--game", game, odd_folder / "loop_a.toml", text="a symbolic link loop")
    refused("cards", "validate", "--game", game, odd_folder / "pipe.toml", text="a named pipe")


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_a_file_nested_too_deeply_is_one_line_naming_it(game, tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")
    refused("cards", "validate", "--game", game, deep, text=f"{deep}: malformed TOML: nested more than 32 levels deep")


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_two_entries_of_one_name_in_one_file_are_refused_naming_file_and_name(game, tmp_path):
    entry = first_entry(shipped_card_file(game))
    twice = tmp_path / "twice.toml"
    twice.write_text(entry + "\n" + entry)
    line = refused("cards", "validate", "--game", game, twice, text=str(twice))
    assert "duplicate" in line


def test_star_realms_pile_overflow_is_blamed_on_the_users_card(tmp_path):
    # the user's trade-deck cards make a game of more cards than a pile holds: blamed on the user's file and
    # card, not on the shipped card with the most copies
    extra = tmp_path / "many.toml"
    extra.write_text("".join(f'[[card]]\nname = "Swarm {i}"\nfaction = "blob"\nkind = "ship"\nrole = "trade_deck"\n'
                             f'count = 5\ncost = 1\nprimary = [{{ op = "combat", n = 1 }}]\nsource = "test"\n'
                             f'stated = ["faction", "kind", "role", "count", "cost", "primary"]\n\n' for i in range(4)))
    line = refused("cards", "validate", "--game", "star-realms", extra, text="more than the 128 a pile can hold")
    assert line.startswith(f"Error: {extra}: card 'Swarm 0', field 'count'"), line


def test_skirmish_units_beyond_a_battles_profiles_are_refused_naming_file_and_unit(tmp_path):
    units = tmp_path / "units.toml"
    unit = first_entry(Path(importlib.import_module(registry.GAMES["skirmish"]).__file__).parent / "cards"
                       / "forces.toml")
    units.write_text("\n".join(unit.replace('name = "Trooper"', f'name = "Extra {i}"') for i in range(300)))
    line = refused("cards", "validate", "--game", "skirmish", units, text="at most 16 unit profiles")
    assert line.startswith(f"Error: {units}: unit 'Extra "), line


# ---- item 8: report

def test_report_refuses_an_aggregate_that_loses_games(tmp_path):
    from tests.core.test_report import games_frame
    from reports.aggregate import aggregate_games
    agg = aggregate_games(games_frame("federation", "sunder", ["first", "second", "draw", "first"], [20, 25, 400, 30]),
                          seed=1)
    agg.loc[0, "games"] += 1
    agg.to_csv(tmp_path / "sweep.csv", index=False)
    refused("report", tmp_path / "sweep.csv", "--out", tmp_path / "rep",
            text="line 2, column 'games': expected wins + losses + draws =")
    assert not (tmp_path / "rep").exists()


def test_report_refuses_a_seed_beyond_64_bits(tmp_path):
    from tests.core.test_report import games_frame
    games = games_frame("federation", "sunder", ["first", "second"], [20, 25])
    games["seed"] = games["seed"].astype(object)
    games.loc[1, "seed"] = 10**23
    games.to_csv(tmp_path / "games.csv", index=False)
    refused("report", tmp_path / "games.csv", "--out", tmp_path / "rep",
            text="line 3, column 'seed': expected a whole number from 0 to 2^63 - 1")


@pytest.mark.parametrize("game", WITH_TINY)
@pytest.mark.usefixtures("tiny_registered")
def test_a_run_with_a_card_folder_notes_the_entries_it_did_not_read(game, odd_folder):
    (odd_folder / "entry.toml").write_text(shipped_card_file(game).read_text())
    result = invoke("cards", "list", "--game", game, "--cards", odd_folder)
    assert result.exit_code == 0, result.output
    for name, why in SKIPPED.items():
        assert f"Note: --cards: Skipped {odd_folder / name}: {why}." in result.output


# ---- item 9: names and options that do not apply

@pytest.mark.parametrize("command", ["sweep", "compare", "replay", "tournament", "cards"])
@pytest.mark.parametrize("name", ["", " "])
def test_an_empty_game_name_is_refused(command, name):
    args = ["cards", "list"] if command == "cards" else [command]
    refused(*args, "--game", name, option="--game", text="a game name is needed, got ''")


@pytest.mark.parametrize("game", GAMES)
def test_a_mode_or_variant_the_game_does_not_have_is_refused_not_ignored(game):
    info = registry.get(game).info
    if len(info.modes) < 2:
        refused("replay", "--game", game, "--seed", 1, "--mode", "duel", text="No such option '--mode'")
    else:
        refused("replay", "--game", game, "--seed", 1, "--mode", "no-such-mode", option="--mode")
    if len(info.variants) < 2:
        refused("sweep", "--game", game, "--variants", "standard", text="No such option '--variants'")
    else:
        v = info.variants[0]
        refused("sweep", "--game", game, "--variants", f"{v},{v},{v}", text="given twice")


# ---- item 10: bench's temporary folders

def test_bench_removes_the_temporary_folders_of_a_run_killed_outright(tmp_path):
    import subprocess
    from simcore import bench
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f"{bench.TEMP_PREFIX}{dead.pid}-abc"
    (stale / "cache").mkdir(parents=True)
    alive = tmp_path / f"{bench.TEMP_PREFIX}{os.getpid()}-def"
    alive.mkdir()
    other = tmp_path / f"{bench.TEMP_PREFIX}notapid"
    other.mkdir()
    assert bench.remove_stale_temp_folders(str(tmp_path)) == [str(stale)]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, other.name])


@pytest.mark.parametrize("game", GAMES)
def test_a_strategy_file_nested_too_deeply_is_one_line_naming_it(game, tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")
    refused("strategies", "show", deep, "--game", game, text=f"{deep}: malformed TOML: nested more than 32 levels deep")


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_variant_of_a_comparison_is_refused(game):
    info = registry.get(game).info
    if len(info.variants) < 2:
        pytest.skip(f"{game} has one {info.variant.one}: compare offers no --variant-a")
    flag = "--" + info.variant.one.replace(" ", "-") + "-a"
    refused("compare", "--game", game, flag, "", option=flag, text="expected a name, got ''")


# ---- items 3 and 4: every count of advise and tune bounded, in every game

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", ["--screen-games", "--test-games", "--search-games", "--check-games", "--seed",
                                    "--threads", "--candidates", "--tune-generations", "--tune-population",
                                    "--tune-games", "--max-turns", "--max-edits"])
def test_every_count_of_advise_is_bounded(game, option, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused("advise", "--game", game, "--target", registry.get(game).target_example, option, str(2**63),
            option=option, text="is not in the range")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", ["--sigma", "--generations", "--population", "--games", "--final-games", "--seed"])
def test_every_number_of_tune_is_bounded(game, option, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused("tune", "--game", game, option, str(2**63), option=option, text="is not in the range")
