"""A cold start says so (issue #32, item 9): whenever a game's engine must compile first, every command
that plays it says so on stderr with the expected time, whatever stderr is (a log, CI, a notebook: not
only a terminal) and with --quiet too."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from simcore import jit_cache
from simcore.errors import CommandsimError
from simcore.games import registry

GAMES = registry.names()


def stop(*args, **kwargs):
    raise CommandsimError("stopped by the test before the first game")


@pytest.fixture
def cold(monkeypatch):
    monkeypatch.setattr(jit_cache, "compiled", lambda module: False)


def notice(game: str) -> str:
    title = registry.get(game).info.title
    name = title if title.startswith("The ") else f"the {title}"   # "Compiling The Last Command engine"
    return f"Compiling {name} engine on first use ({jit_cache.COLD_COMPILE}; cached afterwards)..."


@pytest.mark.parametrize("game", GAMES)
def test_a_quiet_sweep_to_a_log_says_that_the_engine_compiles(game, cold, monkeypatch):
    import reports.sweep
    monkeypatch.setattr(reports.sweep, "play_sweep", stop)
    result = CliRunner().invoke(cli.main, ["sweep", "--game", game, "--games", "20", "-q"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == notice(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_says_that_the_engine_compiles(game, cold, monkeypatch):
    monkeypatch.setattr(cli, "stoppable", stop)
    result = CliRunner().invoke(cli.main, ["replay", "--game", game, "--seed", "1"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == notice(game)


def test_a_warm_cache_says_nothing_of_compiling(monkeypatch):
    monkeypatch.setattr(jit_cache, "compiled", lambda module: True)
    monkeypatch.setattr(cli, "stoppable", stop)
    result = CliRunner().invoke(cli.main, ["replay", "--seed", "1"])
    assert "Compiling" not in result.stderr


def test_the_notice_names_the_documented_figure():
    page = " ".join((jit_cache._ROOT / "docs" / "performance.md").read_text().split())
    assert jit_cache.COLD_COMPILE in page


# ---- the notice read from numba's own cache index: two install paths (two copies of the sources) sharing one
# cache folder.  A game of one jitted entry (it compiles in a second) stands for a real engine (minutes).

PROBE_GAME = {
    "__init__.py": "",
    "jit.py": ("from simcore.game_jit import game_decorators\n\n_D = game_decorators('jit_probe')\n"
               "hot, hot_entry = _D.hot, _D.hot_entry\n"),
    # its entry runs the core's block loop as every game's does (numba inlines it into the entry): a second run
    # that compiles nothing shows that the entry is still cached
    "batch.py": ("from simcore.block_loop import keep_nothing, play_games\n\nfrom .jit import hot, hot_entry\n\n\n"
                 "@hot\ndef play_one(seed, row):\n    row[0] = seed\n\n\n@hot_entry\ndef play_block(out):\n"
                 "    play_games(play_one, (), keep_nothing, (), False, 1, 0, 0, out.shape[0], out)\n"),
    # the tiny race's contract with a replay of its own: the probe's one entry is all that compiles (the tiny
    # race's engine would compile too, and announce itself, whether the probe's compile is announced or not)
    "contract.py": ("import dataclasses\n\nimport numpy as np\n\nfrom simcore.game import Replay\n"
                    "from tests.tiny_game.contract import INFO, TinyRace\n\n\n"
                    "class JitProbe(TinyRace):\n"
                    "    info = dataclasses.replace(INFO, name='jit-probe', title='Jit probe race')\n\n"
                    "    def replay(self, seed, spec):\n        from .batch import play_block\n"
                    "        play_block(np.zeros((4, 1), np.int64))\n"
                    "        return Replay(None, lambda r: ['result: first'], lambda r: ['{}'])\n\n\n"
                    "GAME = JitProbe()\n"),
}
PROBE_NOTICE = f"Compiling the Jit probe race engine on first use ({jit_cache.COLD_COMPILE}; cached afterwards)..."
# prints what the cache index says before the run, then replays one game of the probe game through the CLI
DRIVER = """
import sys
from simcore import jit_cache
from simcore.games import registry
registry.register('jit-probe', 'simcore.games.jit_probe.contract')
if sys.argv[1] == 'index-says-warm':    # only the compile event can tell
    jit_cache.compiled = lambda module: True
print('compiled:', jit_cache.compiled('simcore.games.jit_probe.contract'))
import cli
cli.main(['replay', '--game', 'jit-probe', '--seed', '1'], prog_name='commandsim', standalone_mode=False)
"""


def install(root, name: str):
    """A copy of the sources at ``root/name`` (an install path of its own), with the probe game in it."""
    import shutil

    src, dest = jit_cache._ROOT, root / name
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("simcore", "strategies", "reports"):
        shutil.copytree(src / folder, dest / folder, ignore=ignore)
    shutil.copytree(src / "tests" / "tiny_game", dest / "tests" / "tiny_game", ignore=ignore)
    (dest / "tests" / "__init__.py").write_text("")
    shutil.copy(src / "cli.py", dest / "cli.py")
    game = dest / "simcore" / "games" / "jit_probe"
    game.mkdir()
    for file, text in PROBE_GAME.items():
        (game / file).write_text(text)
    return dest


def first_run(path, cache, how: str = "as-is"):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    done = subprocess.run([sys.executable, "-c", DRIVER, how], cwd=path, capture_output=True, text=True,
                          timeout=600, env={**env, "COMMANDSIM_CACHE_DIR": str(cache)})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[0], PROBE_NOTICE in done.stderr.splitlines()


def test_a_second_install_path_of_the_same_sources_loads_what_the_first_compiled(tmp_path):
    cache = tmp_path / "cache"
    a, b = install(tmp_path, "venv-a"), install(tmp_path, "checkout-b")
    assert first_run(a, cache) == ("compiled: False", True)     # an empty cache
    assert first_run(a, cache) == ("compiled: True", False)     # compiled by the run before
    assert any(cache.rglob("*.nbi"))
    # the same sources at another path: filed by their path in the project, numba's index finds them
    assert first_run(b, cache) == ("compiled: True", False)
    # an edited source compiles too
    with open(a / "simcore" / "games" / "jit_probe" / "batch.py", "a") as f:
        f.write("# edited\n")
    assert first_run(a, cache) == ("compiled: False", True)


def test_a_compile_the_index_did_not_foretell_is_announced_when_it_starts(tmp_path):
    cache = tmp_path / "cache"
    a = install(tmp_path, "checkout")
    assert first_run(a, cache, "index-says-warm") == ("compiled: True", True)
    assert first_run(a, cache, "index-says-warm") == ("compiled: True", False)   # loaded: no compile event
