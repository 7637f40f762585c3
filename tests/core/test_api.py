"""The notebook API (``api.py``) is every command with the command's defaults, in every game (issue 44,
item 5): each function, given the options a command line gave, returns the very tables that command wrote
(compared byte for byte, written the same way) or printed. Both go through one implementation per command
(``commands``); these tests would fail if either side changed a default, an option or a figure."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import api
from reports.commands import tune as tune_command
from reports.files import write_table
from simcore.errors import CommandsimError
from simcore.games import registry
from tests.conftest import every_game_name, impact_cards, invoke, registered_game

GAMES = every_game_name()
TUNED = registry.names()   # the games with a strategy tuner: tournament, metagame, ladder, tune and advise


game = pytest.fixture(params=GAMES)(registered_game)   # each registered game and the tiny race
tuned_game = pytest.fixture(params=TUNED)(registered_game)


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, f"{' '.join(map(str, args))}:\n{result.output}"
    return result


def same_bytes(table: pd.DataFrame, written: Path) -> None:
    """``table`` written as the command writes its files equals the file the command wrote."""
    mine = written.with_name("api_" + written.name)
    write_table(table, mine)
    assert mine.read_bytes() == written.read_bytes(), f"{written.name}: the API's table differs from the CLI's"


def pool(game) -> list[str]:
    return list(registry.tuning(game.info.name).default_pool)[:2]


def test_api_sweep_is_the_cli_sweep_with_its_defaults(game, tmp_path):
    out = tmp_path / "s.csv"
    ok("sweep", "--game", game.info.name, "--games", 20, "--seed", 3, "--out", out, "-q")
    result = api.sweep(game.info.name, games=20, seed=3)
    same_bytes(result.aggregate, out)
    same_bytes(result.cards, tmp_path / "s_cards.csv")
    # a row without a difficulty has it missing, as pandas reads the CSV
    cli = pd.read_csv(out)
    assert list(result.aggregate["difficulty"].isna()) == list(cli["difficulty"].isna())


def test_api_sweep_takes_the_games_own_names_for_its_options(tmp_path):
    """``factions=`` in The Last Command, ``decks=`` in Star Realms, ``forces=`` and ``command_sets=`` in the
    skirmish: each plays what the flag of that name plays (issue 46: they were ignored)."""
    cases = [("last-command", ["--factions", "sunder,federation", "--variants", "standard"],
              {"factions": ["sunder", "federation"], "variants": "standard"}),
             ("star-realms", ["--decks", "alliance,standard", "--mode", "command-vs-standard"],
              {"decks": "alliance,standard", "mode": "command-vs-standard"}),
             ("skirmish", ["--forces", "line,elite", "--command-sets", "full"],
              {"forces": "line,elite", "command_sets": "full"})]
    for name, flags, kwargs in cases:
        out = tmp_path / f"{name}.csv"
        ok("sweep", "--game", name, "--games", 20, *flags, "--out", out, "-q")
        result = api.sweep(name, games=20, **kwargs)
        same_bytes(result.aggregate, out)
        assert len(result.aggregate) < len(api.sweep(name, games=20).aggregate)   # not the default run


def test_api_solo_is_the_cli_solo(tmp_path):
    out = tmp_path / "solo.csv"
    ok("solo", "--games", 8, "--difficulties", "easy,hard", "--out", out, "-q")
    same_bytes(api.solo(games=8, difficulties="easy,hard").aggregate, out)
    with pytest.raises(CommandsimError, match="^game: solo is a command of last-command, got star-realms$"):
        api.solo("star-realms")


def test_api_compare_is_the_cli_compare(game, tmp_path):
    out = tmp_path / "c.csv"
    ok("compare", "--game", game.info.name, "--games", 20, "--seed", 2, "--out", out, "-q")
    same_bytes(api.compare(game.info.name, games=20, seed=2).table, out)
    ok("compare", "--game", game.info.name, "--games", 20, "--until-verdict", "--max-games", 60, "--out", out, "-q")
    run = api.compare(game.info.name, games=20, until_verdict=True, max_games=60)
    same_bytes(run.comparison.table, out)
    assert len(run.looks) == run.comparison.table["looks"].iloc[0]


def test_api_replay_is_the_cli_replay(game):
    text = ok("replay", "--game", game.info.name, "--seed", 11).stdout
    replay = api.replay(game.info.name, seed=11)
    assert str(replay) + "\n" == text
    json = ok("replay", "--game", game.info.name, "--seed", 1, "--index", 4, "--json").stdout
    assert "\n".join(api.replay(game.info.name, seed=1, index=4).json_lines()) + "\n" == json


def test_api_impact_is_the_cli_impact(game, tmp_path):
    cards = impact_cards(game)
    out = tmp_path / "i.csv"
    ok("impact", "--game", game.info.name, "--cards-only", ",".join(cards), "--games", 40, "--screen", 10, "--seed",
       3, "--out", out, "-q")
    same_bytes(api.impact(game.info.name, cards_only=cards, games=40, screen=10, seed=3).table, out)


def test_api_tournament_and_ladder_are_the_clis(tuned_game, tmp_path):
    name, entries = tuned_game.info.name, pool(tuned_game)
    out = tmp_path / "t.csv"
    ok("tournament", "--game", name, "--strategies", ",".join(entries), "--games", 8, "--out", out, "-q")
    result = api.tournament(name, strategies=entries, games=8)
    same_bytes(result.matrix, out)
    same_bytes(result.ratings, tmp_path / "t_ratings.csv")
    out = tmp_path / "l.csv"
    ok("ladder", "--game", name, "--rungs", ",".join(entries), "--games", 8, "--out", out, "-q")
    same_bytes(api.ladder(name, rungs=entries, games=8), out)
    ok("ladder", "--game", name, "--finding", "first-player", "--rungs", entries[0], "--games", 8, "--out", out,
       "-q")
    same_bytes(api.ladder(name, finding="first-player", rungs=entries[0], games=8), out)


def test_api_metagame_is_the_cli_metagame(tuned_game, tmp_path):
    name, entries = tuned_game.info.name, pool(tuned_game)
    out = tmp_path / "m.csv"
    ok("metagame", "--game", name, "--strategies", ",".join(entries), "--games", 8, "--resamples", 20, "--out", out,
       "-q")
    result = api.metagame(name, strategies=entries, games=8, resamples=20)
    same_bytes(result.matrix, out)
    same_bytes(result.mixes, tmp_path / "m_mixes.csv")
    same_bytes(result.value, tmp_path / "m_value.csv")
    ok("metagame", "--game", name, "--strategies", ",".join(entries), "--games", 8, "--until-verdict", "--max-games",
       16, "--band", 40, "--resamples", 20, "--rank-population", 10, "--alpha", 5, "--out", out, "-q")
    result = api.metagame(name, strategies=entries, games=8, until_verdict=True, max_games=16, band=40, resamples=20,
                          rank_population=10, alpha=5)
    same_bytes(result.value, tmp_path / "m_value.csv")


def test_api_tune_is_the_cli_tune(tuned_game, tmp_path):
    name, entries = tuned_game.info.name, pool(tuned_game)
    out = tmp_path / "tuned.toml"
    options = {"generations": 1, "population": 2, "games": 4 * len(entries), "final_games": 4}
    ok("tune", "--game", name, "--opponents", ",".join(entries), *[x for k, v in options.items()
                                                                   for x in (f"--{k.replace('_', '-')}", v)],
       "--out", out, "-q")
    result = api.tune(name, opponents=entries, **options)
    plan = tune_command.plan(tuned_game, None, ",".join(entries), 1, 2, 4 * len(entries), 4, 1, None, None, 0.15,
                             None, None, None, None)
    mine = tmp_path / "api.toml"
    plan.write(result, mine)   # the strategy file the CLI writes, from the API's result
    assert mine.read_text() == out.read_text()
    assert np.isfinite(result.vector).all() and result.final


def test_api_advise_is_the_cli_advise(tuned_game, tmp_path):
    tables = tuned_game.load_tables()
    info = tuned_game.card_info(tables)
    buyable = info["card"][np.asarray(tuned_game.buyable(tables), bool)] if len(tuned_game.buyable(tables)) \
        else pd.Series(["line"])        # the skirmish buys nothing: a force's values are its cards
    out = tmp_path / "a.csv"
    sizes = {"screen_games": 8, "test_games": 8, "search_games": 8, "check_games": 8, "candidates": 1, "max_edits": 1}
    ok("advise", "--game", tuned_game.info.name, "--target", tuned_game.target_example,
       *[x for k, v in sizes.items() for x in (f"--{k.replace('_', '-')}", v)], "--no-retune", "--allow-stated",
       "--only", str(buyable.iloc[-1]), "--out", out, "-q")
    advice = api.advise(tuned_game.info.name, target=tuned_game.target_example, no_retune=True, allow_stated=True,
                        only=str(buyable.iloc[-1]), **sizes)
    same_bytes(advice.table, out)
    patch = tmp_path / "a_patch.toml"
    assert advice.patch == (patch.read_text() if patch.exists() else "")


def test_api_report_is_the_cli_report(tmp_path):
    ok("sweep", "--games", 20, "--out", tmp_path / "s.csv", "-q")
    ok("compare", "--games", 20, "--out", tmp_path / "c.csv", "-q")
    inputs = [tmp_path / "s.csv", tmp_path / "c.csv"]
    printed = ok("report", *inputs, "--out", tmp_path / "rep", "--title", "T").stdout
    report = api.report(*inputs, title="T")
    assert report.images and {p.name for p in (tmp_path / "rep").glob("*.png")} == set(report.images)
    for name, png in report.images.items():
        assert png == (tmp_path / "rep" / name).read_bytes(), name
    def page(text):   # the page says when it was written
        return [line for line in text.splitlines() if not line.startswith('<p class="note">Written ')]
    assert page(report.html()) == page((tmp_path / "rep" / "report.html").read_text())
    assert [f"Note: {n}" for n in report.notes] == [l for l in printed.splitlines() if l.startswith("Note: ")]
    assert api.report([str(p) for p in inputs], title="T").html() is not None   # a list of paths too


def test_api_lists_are_the_cli_lists(game):
    import csv
    import io
    name = game.info.name
    for function, args in ((api.cards, ("cards", "list")), (api.audit, ("cards", "audit"))):
        text = ok(*args, "--game", name, "--format", "csv").stdout
        rows = list(csv.reader(io.StringIO(text)))
        table = function(name)
        header = next(i for i, r in enumerate(rows) if r == list(table.columns))
        assert [list(map(str, r)) for r in table.itertuples(index=False)] == rows[header + 1:header + 1 + len(table)]
    assert set(api.strategies(name)["name" if "name" in api.strategies(name) else api.strategies(name).columns[0]])
    assert name in set(api.games()["game"]) or name not in registry.names()


def test_api_options_are_the_commands_options():
    table = api.options("sweep", "star-realms")
    names = set(table["argument"])
    assert {"games", "seed", "decks", "mode", "target_ci", "scheduler"} <= names
    assert "factions" in set(table["also"]) and not {"out", "quiet", "per_game"} & names
    assert "fog" in set(api.options("sweep")["argument"]) and "fog" not in names


# ---- the docs page (docs/api.md)

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "api.md"
FUNCTIONS = ("sweep", "compare", "tournament", "metagame", "ladder", "tune", "advise", "impact", "replay")


def _sections() -> dict[str, str]:
    import re
    parts = re.split(r"^### ", PAGE.read_text(), flags=re.M)[1:]
    return {part.split("\n", 1)[0].strip(): part for part in parts}


def _names(cell: str) -> set[str]:
    return {n.strip(" ()") for n in cell.replace("(", ",").split(",") if n.strip(" ()")}


def test_the_docs_page_lists_exactly_each_functions_arguments_in_every_game():
    import re
    sections = _sections()
    for function in FUNCTIONS:
        rows = dict(re.findall(r"^\| ([a-z][a-z -]*?) \| (.*?) ?\|$", sections[function], flags=re.M))
        for name in registry.names():
            table = api.options(function, name)
            actual = set(table["argument"]) | (set(table["also"]) - {""})
            assert _names(rows["every game"]) | _names(rows[name]) == actual, (function, name)
    assert {*FUNCTIONS, "solo", "report", "Lists"} <= set(sections)


def python_blocks(page: Path) -> list[str]:
    import re
    return re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)


@pytest.mark.parametrize("page", [PAGE, ROOT / "README.md"], ids=["docs/api.md", "README.md"])
def test_the_pages_python_examples_run(page, tmp_path, monkeypatch):
    """Each Python block of the page, in order, as a reader runs it: in a folder holding ``examples/`` and the
    files the page's command lines write first, at trial size (``COMMANDSIM_TRIAL``, as the docs' command lines
    are tested). Both pages say ``import api``, the module beside ``cli.py``."""
    import shutil
    import warnings

    blocks = python_blocks(page)
    assert blocks and any("import api" in b for b in blocks), f"{page.name}: no Python example of the API"
    assert not any("simcore.api" in b or "from simcore import api" in b for b in blocks)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COMMANDSIM_TRIAL", "1")
    ok("sweep", "--games", 400, "--out", "out/api_sweep.csv", "-q")
    for block in blocks:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)   # the trial's notice
            exec(compile(block, str(page), "exec"), {"api": api})


def test_api_plays_trial_sizes_as_the_command_line_does(tmp_path, monkeypatch):
    """``COMMANDSIM_TRIAL=1`` caps a function's sizes as it caps the command's (``cli.trial_sized``), says so with
    a warning, and the function still returns the table the command writes."""
    monkeypatch.setenv("COMMANDSIM_TRIAL", "1")
    out = tmp_path / "s.csv"
    ok("sweep", "--games", 20000, "--out", out, "-q")
    with pytest.warns(RuntimeWarning, match="COMMANDSIM_TRIAL"):
        result = api.sweep(games=20000)
    same_bytes(result.aggregate, out)
    assert set(result.cells["games"]) == {16}
    with pytest.warns(RuntimeWarning):
        run = api.compare(until_verdict=True)   # the default cap the command resolves itself: trial.cap
    assert run.comparison.table["games"].iloc[0] <= 32
