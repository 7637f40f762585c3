"""The split's contracts (simcore/README.md): each game's numba cache is keyed by exactly its own jitted
sources and the core's, and the core imports no game."""
import ast
from pathlib import Path

import simcore
from simcore import jit_cache

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = ("simcore.games.last_command", "simcore.games.star_realms", "strategies.last_command",
                 "strategies.star_realms")


def test_jit_cache_each_game_key_covers_its_own_sources_and_the_cores(tmp_path, monkeypatch):
    monkeypatch.setattr(jit_cache, "_ROOT", tmp_path)
    files = ("simcore/jit.py", "simcore/games/last_command/game.py", "strategies/last_command/policy.py",
             "simcore/games/star_realms/rules.py", "strategies/star_realms/policy.py")
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")

    def keys():
        return jit_cache.game_cache_dir("last_command"), jit_cache.game_cache_dir("star_realms")

    for rel, moves in (("simcore/games/last_command/game.py", (True, False)),
                       ("strategies/last_command/policy.py", (True, False)),
                       ("simcore/games/star_realms/rules.py", (False, True)),
                       ("strategies/star_realms/policy.py", (False, True)),
                       ("simcore/jit.py", (True, True))):
        before = keys()
        (tmp_path / rel).write_text((tmp_path / rel).read_text() + "y = 2\n")
        after = keys()
        assert (before[0] != after[0], before[1] != after[1]) == moves, rel


def test_jit_cache_the_last_command_runs_in_its_own_game_folder():
    assert simcore.CACHE_DIR == jit_cache.game_cache_dir("last_command")


def test_layout_the_core_imports_no_game():
    core = sorted(ROOT.glob("simcore/*.py")) + [ROOT / "simcore/games/registry.py"]
    for path in core:
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith(GAME_PACKAGES), f"{path.relative_to(ROOT)} imports {name}"
