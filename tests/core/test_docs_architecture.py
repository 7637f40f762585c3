"""The architecture pages name the tree as it is: every repository path written in backticks in
docs/architecture.md and docs/add-a-game.md exists (a file, a folder, or at least one match of a glob), and
so does every file and folder of the tree drawn under architecture.md's "The tree".

A path is a backticked span without spaces that holds a `/` and starts with a top-level entry of the
repository (``simcore/...``, ``tests/...``) or names one of them (``cli.py``). ``<game>`` stands for every
game folder under ``simcore/games/`` (each one must have the path), so a role written once for all games
is checked in each."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("docs/architecture.md", "docs/add-a-game.md")
SPAN = re.compile(r"`([^`\s]+)`")
PATHLIKE = re.compile(r"[\w.<>*/-]+")
GENERATED = {"out", "site"}       # folders the commands write, not part of the tree


def game_folders() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "simcore" / "games").glob("*/contract.py"))


def top_level() -> set[str]:
    return {p.name for p in ROOT.iterdir() if p.name != ".git"}


def repo_paths(text: str, top: set[str]) -> list[str]:
    """The backticked spans of ``text`` that are paths in the repository."""
    found = []
    for span in SPAN.findall(text):
        if not PATHLIKE.fullmatch(span) or span.startswith(("-", "/", "<")):
            continue
        first = span.split("/")[0]
        if first in GENERATED:
            continue
        if "/" in span or span in top:
            found.append(span)
    return found


def missing(path: str, games: list[str]) -> list[str]:
    """The expansions of ``path`` (``<game>`` over every game folder) that match nothing in the tree."""
    expansions = [path.replace("<game>", g) for g in games] if "<game>" in path else [path]
    return [p for p in expansions if not any(ROOT.glob(p.rstrip("/")))]


NAME = re.compile(r"[\w<>.*/-]+/|[\w<>.*/-]+\.(py|md|toml|yml)")


def tree_paths(text: str) -> list[str]:
    """The paths of the tree block under "## The tree": a name at column 0 is a top-level entry, a name
    indented by two is inside the last top-level folder; the names of a line come before its description
    (which never starts with one), and a line indented further continues a description."""
    block = text.split("## The tree", 1)[1].split("```", 2)[1]
    paths, folder = [], ""
    for line in block.splitlines()[1:]:
        indent = len(line) - len(line.lstrip())
        if not line.strip() or indent not in (0, 2):
            continue
        names = []
        for token in line.split():
            if not NAME.fullmatch(token):
                break
            names.append(token)
        if indent == 0:
            folder = names[-1] if names and names[-1].endswith("/") else ""
            paths += names
        else:
            paths += [folder + name for name in names]
    return paths


def test_the_pages_name_paths_at_all():
    # guards the extractor: a regex that matched nothing would make the test below pass vacuously
    paths = repo_paths((ROOT / PAGES[0]).read_text(), top_level())
    assert "simcore/games/registry.py" in paths and "cli.py" in paths


def test_the_extractor_sees_a_missing_path_and_expands_each_game():
    games = game_folders()
    assert {"last_command", "star_realms", "skirmish"} <= set(games)
    text = "`simcore/no_such_file.py`, `simcore/games/<game>/players/policy.py`, `out/sweep.csv`, `--variant-a/-b`"
    paths = repo_paths(text, top_level())
    assert paths == ["simcore/no_such_file.py", "simcore/games/<game>/players/policy.py"]
    assert missing("simcore/no_such_file.py", games) == ["simcore/no_such_file.py"]
    assert missing("simcore/games/<game>/players/policy.py", games) == []
    assert missing("strategies/<game>/policy.py", games) == [f"strategies/{g}/policy.py" for g in games]
    assert missing("simcore/games/<game>/matchup.py", games) == [f"simcore/games/{g}/matchup.py" for g in games]


@pytest.mark.parametrize("page", PAGES)
def test_every_path_a_page_names_exists(page):
    games = game_folders()
    text = (ROOT / page).read_text()
    absent = [p for path in repo_paths(text, top_level()) for p in missing(path, games)]
    assert not absent, f"{page} names paths that do not exist: {', '.join(absent)}"


def test_every_file_of_the_drawn_tree_exists():
    games = game_folders()
    paths = tree_paths((ROOT / "docs/architecture.md").read_text())
    assert "simcore/game.py" in paths and "simcore/games/<game>/" in paths and "examples/" in paths
    absent = [p for path in paths for p in missing(path, games)]
    assert not absent, f"docs/architecture.md's tree draws paths that do not exist: {', '.join(absent)}"


def test_the_drawn_tree_names_every_core_file_and_top_level_folder():
    """The tree matches the code both ways: a core file (``simcore/*.py``) or a top-level folder the page leaves
    out is a page that drifted as much as one naming a file that is gone."""
    paths = set(tree_paths((ROOT / "docs/architecture.md").read_text()))
    core = {f"simcore/{p.name}" for p in (ROOT / "simcore").glob("*.py") if p.name != "__init__.py"}
    assert core - paths == set(), "core files the tree leaves out"
    folders = {f"{p.name}/" for p in ROOT.iterdir()
               if p.is_dir() and ((p / "__init__.py").exists() or p.name in ("docs", "examples"))}
    assert folders - paths == set(), "top-level folders the tree leaves out"
