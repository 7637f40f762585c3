"""The house's layering (docs/architecture.md), checked on the code: the core imports no game; ``reports/``,
``strategies/tuning/`` and ``cli.py`` import no game's modules (they reach a game only through the contract
and the registry); no game imports another; and each game's numba cache is keyed by exactly its own
jitted sources and the core's. Imports are resolved (``from .x import``, ``from .. import``) before they are
judged, and the games are the registry's, so a new game is checked the moment it registers."""
import ast
from pathlib import Path

import pytest

import simcore
from simcore import jit_cache
from simcore.games import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted({module.split(".")[2] for module in registry.GAMES.values() if module.startswith("simcore.games.")})


def _module_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports, relative imports resolved to absolute names."""
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base)
                target = f"{prefix}.{node.module}" if node.module else prefix
            else:
                target = node.module or ""
            out.append(target)
            out += [f"{target}.{a.name}" for a in node.names]   # ``from pkg import module``
    return out


def game_of(name: str) -> str | None:
    """The game a module name belongs to (its folder under simcore/games/), or None."""
    parts = name.split(".")
    if parts[:2] == ["simcore", "games"] and len(parts) > 2 and parts[2] in GAMES:
        return parts[2]
    return None


def _files(*patterns: str) -> list[Path]:
    return sorted(p for pattern in patterns for p in ROOT.glob(pattern))


SHARED = _files("simcore/*.py", "simcore/games/registry.py", "simcore/games/__init__.py", "reports/**/*.py",
                "strategies/*.py", "strategies/tuning/*.py", "cli.py", "api.py")


def test_layout_the_registry_names_every_game_folder():
    folders = sorted(p.name for p in (ROOT / "simcore/games").iterdir() if (p / "contract.py").is_file())
    assert folders == GAMES
    assert len(GAMES) >= 3


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_layout_shared_code_imports_no_game(path):
    crossing = [name for name in imports(path) if game_of(name)]
    assert not crossing, f"{path.relative_to(ROOT)} imports {crossing}"


@pytest.mark.parametrize("game", GAMES)
def test_layout_no_game_imports_another(game):
    own = _files(f"simcore/games/{game}/**/*.py")
    assert own
    for path in own:
        others = [name for name in imports(path) if game_of(name) not in (None, game)]
        assert not others, f"{path.relative_to(ROOT)} imports {others}"


def test_layout_the_commands_floor_imports_run_one_way():
    """simcore <- games <- strategies / reports <- cli <- api: nothing of the library (``reports.commands``, the
    commands' checks and play, included) imports the command line or the API; nothing of the library but the
    commands themselves imports ``reports.commands`` (they sit on top of reports: only ``cli.py`` and
    ``api.py`` call them); and the command line does not import the API (the API reads the command line's
    options: it sits above it)."""
    def top(name: str) -> str:
        return name.split(".")[0]
    library = _files("simcore/**/*.py", "strategies/**/*.py", "reports/**/*.py")
    commands = set(_files("reports/commands/*.py"))
    assert commands, "reports/commands/ holds the commands' plans"
    for path in library:
        up = [n for n in imports(path) if top(n) in ("cli", "api")]
        assert not up, f"{path.relative_to(ROOT)} imports {up}"
        if path not in commands:
            up = [n for n in imports(path) if n == "reports.commands" or n.startswith("reports.commands.")]
            assert not up, f"{path.relative_to(ROOT)} imports {up}"
    assert not [n for n in imports(ROOT / "cli.py") if top(n) == "api"]
    assert {n for n in imports(ROOT / "api.py") if top(n) == "cli"}, "api.py reads the command line's options"


def test_layout_the_import_reader_resolves_relative_imports(tmp_path, monkeypatch):
    """The check itself: ``from ..star_realms import x`` inside a game is another game's import."""
    path = ROOT / "simcore/games/last_command/_probe_layout.py"
    path.write_text("from ..star_realms import setup\nfrom . import layout\n")
    try:
        names = imports(path)
    finally:
        path.unlink()
    assert "simcore.games.star_realms" in names and game_of("simcore.games.star_realms.setup") == "star_realms"
    assert "simcore.games.last_command.layout" in names


def test_jit_cache_each_game_key_covers_its_own_sources_and_the_cores(tmp_path, monkeypatch):
    monkeypatch.setattr(jit_cache, "_ROOT", tmp_path)
    files = ["simcore/jit.py"] + [f"simcore/games/{g}/rules.py" for g in GAMES] + \
            [f"simcore/games/{g}/players/policy.py" for g in GAMES]
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")

    def keys():
        return [jit_cache.game_cache_dir(g) for g in GAMES]

    for rel in files:
        before = keys()
        (tmp_path / rel).write_text((tmp_path / rel).read_text() + "y = 2\n")
        moved = [a != b for a, b in zip(before, keys())]
        expected = [True] * len(GAMES) if rel == "simcore/jit.py" else [f"/{g}/" in f"/{rel}" for g in GAMES]
        assert moved == expected, rel


def test_jit_cache_the_core_keeps_no_game_in_numbas_own_folder():
    assert not any(f"{g}-" in str(simcore.CACHE_DIR) for g in GAMES)
