"""docs/add-a-game.md cannot lie: the files and lines it says a game needs are counted here on the tree (each
figure within TOLERANCE of the count), and its steps that copy the tiny race into a new game are run, as
printed, in a copy of the repository, where the new game must then play through the CLI.

``python3 -m tests.core.test_docs_add_a_game`` prints the figures as the page's tables want them."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "add-a-game.md"
TINY = "tests/tiny_game"
TINY_TESTS = "tests/tiny_race"
TOLERANCE = 0.10          # the page says "within 10 %"
ROW = re.compile(r"^\|(.+)\|\s*$")


def files_of(*folders: str) -> list[Path]:
    """Every file under the folders that exist (no byte code)."""
    return sorted(p for folder in folders if (ROOT / folder).is_dir() for p in (ROOT / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def counted(*folders: str) -> tuple[int, int]:
    """(files, lines) of the folders."""
    files = files_of(*folders)
    return len(files), sum(lines_of(p) for p in files)


def game_folders() -> dict[str, str]:
    """Registered game name -> its folder name (``simcore/games/<folder>``)."""
    from simcore.games import registry
    return {name: module.split(".")[2] for name, module in registry.GAMES.items()}


def game_code(folder: str) -> tuple[str, ...]:
    """Where a game's code lives: its folder (its players in ``players/`` there)."""
    return (f"simcore/games/{folder}",)


def number(text: str) -> int:
    return int(text.strip().replace(",", ""))


def table_rows(section: str) -> list[list[str]]:
    """The cells of each row of the first table under the page's heading ``section`` (header and rule dropped)."""
    text = PAGE.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in m.group(1).split("|")] for line in text.splitlines() if (m := ROW.match(line))]
    return [r for r in rows[2:]]


def close(stated: int, actual: int) -> bool:
    return abs(stated - actual) <= TOLERANCE * actual


def tiny_table() -> list[tuple[str, int]]:
    """(path, lines) of each row of the tiny race's table naming one file."""
    out = []
    for cells in table_rows("What a game needs"):
        m = re.fullmatch(r"`([^`]+)`", cells[0])
        if m:
            out.append((m.group(1), number(cells[1])))
    return out


def test_the_page_lists_every_file_of_the_tiny_race_with_its_lines():
    stated = dict(tiny_table())
    actual = {p.relative_to(ROOT).as_posix(): lines_of(p) for p in files_of(TINY, TINY_TESTS)}
    assert set(stated) == set(actual), f"files the page lists and the tree holds differ: {set(stated) ^ set(actual)}"
    off = {p: (stated[p], n) for p, n in actual.items() if not close(stated[p], n)}
    assert not off, f"(stated, counted) lines off by more than {TOLERANCE:.0%}: {off}"


def test_the_pages_totals_of_the_tiny_race_are_the_trees():
    text = PAGE.read_text(encoding="utf-8")
    m = re.search(r"\*\*(\d+) files and ([\d,]+) lines\*\*, and its rule tests \*\*(\d+) files and ([\d,]+) lines\*\*",
                  text)
    assert m, "the page states the tiny race's totals as '**N files and M lines**, and its rule tests **...**'"
    files, lines = counted(TINY)
    test_files, test_lines = counted(TINY_TESTS)
    assert int(m.group(1)) == files and close(number(m.group(2)), lines)
    assert int(m.group(3)) == test_files and close(number(m.group(4)), test_lines)


def test_the_page_counts_every_registered_game_within_its_tolerance():
    rows = {re.sub(r"[`]", "", cells[0]): cells for cells in table_rows("What a real game adds")}
    for name, folder in game_folders().items():
        assert name in rows, f"docs/add-a-game.md counts no '{name}'"
        cells = rows[name]
        files, lines = counted(*game_code(folder))
        test_files, test_lines = counted(f"tests/{folder}")
        stated = [number(c) for c in cells[1:5]]
        for what, s, a in zip(("files", "lines", "test files", "test lines"), stated,
                              (files, lines, test_files, test_lines)):
            assert close(s, a), f"{name}: the page says {s} {what}, the tree holds {a}"


def test_the_counts_see_a_real_game():
    # guards the counting: a wrong folder would count nothing and every figure of nothing would be "close"
    assert counted(*game_code("last_command"))[1] > 5000 and counted(TINY)[0] >= 10


# ---- the steps, run in a copy of the repository

def copy_steps() -> list[str]:
    """The shell lines of the page's block under "Copy the tiny race"."""
    text = PAGE.read_text(encoding="utf-8").split("## Copy the tiny race\n", 1)[1]
    block = text.split("```bash\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_the_pages_steps_make_a_game_that_every_command_can_play(tmp_path):
    repo = tmp_path / "repo"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("simcore", "strategies", "reports", TINY, TINY_TESTS, "examples"):
        shutil.copytree(ROOT / folder, repo / folder, ignore=ignore)
    for file in ("cli.py", "api.py", "tests/__init__.py", "tests/conftest.py", "pyproject.toml"):
        if (ROOT / file).exists():
            shutil.copy(ROOT / file, repo / file)
    steps = copy_steps()
    assert steps[0].startswith("cp -r tests/tiny_game simcore/games/")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "COMMANDSIM_"))}
    env["COMMANDSIM_CACHE_DIR"] = str(tmp_path / "cache")
    script = "\n".join(steps).replace("python3 ", f"{sys.executable} ")
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=repo, capture_output=True, text=True,
                          timeout=900, env=env)
    assert done.returncode == 0, done.stderr
    # the copy is a game of its own: named by its folder, cached in simcore/games' way, registered in one line
    jit = (repo / "simcore/games/dice_race/jit.py").read_text()
    assert 'game_decorators("dice_race")' in jit and "tiny_game" not in jit
    registry = (repo / "simcore/games/registry.py").read_text()
    assert registry.count('register("dice-race", "simcore.games.dice_race.contract")') == 1
    assert re.search(r"\d+ passed", done.stdout), done.stdout          # its rule tests ran, on the new game's engine
    assert "result:" in done.stdout, done.stdout                        # its replay


def main() -> None:
    for p in files_of(TINY, TINY_TESTS):
        print(f"| `{p.relative_to(ROOT).as_posix()}` | {lines_of(p)} |")
    print("tiny race:", counted(TINY), "its rule tests:", counted(TINY_TESTS))
    for name, folder in game_folders().items():
        files, lines = counted(*game_code(folder))
        test_files, test_lines = counted(f"tests/{folder}")
        print(f"| `{name}` | {files} | {lines:,} | {test_files} | {test_lines:,} |")


if __name__ == "__main__":
    main()
