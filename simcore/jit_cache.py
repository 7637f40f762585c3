"""Where numba keeps compiled code: a per-user folder keyed by a hash of the engine's sources.

numba's own cache checks only the timestamp of the file that defines a function, not of
the functions it calls in other files; keying the folder by every jitted source file means
a change anywhere in the engine or policies can never run stale machine code.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# the core's jitted sources, and the bound codes every engine reads as constants (simcore/bounds.py); each
# game's own (its engine reads its tables and opcodes as constants, so the whole game folder and its
# policies) are added by game_cache_dir
_JITTED = ("simcore/jit.py", "simcore/rng.py", "simcore/bounds.py")


def source_hash(patterns=_JITTED) -> str:
    h = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(_ROOT.glob(pattern)):
            h.update(path.relative_to(_ROOT).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def engine_hash() -> str:
    """The hash of every game's jitted sources and the core's: two processes with the same one play every
    game alike (``simcore.cluster`` requires it of its workers)."""
    return source_hash(_JITTED + ("simcore/games/*/*.py", "strategies/*/*.py"))


def _base() -> Path:
    return Path(os.environ.get("COMMANDSIM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "commandsim")) / "numba"


def game_cache_dir(game: str) -> Path:
    """The cache folder of one game's jitted code (``simcore/games/<game>``, ``strategies/<game>``), keyed by
    its sources and the core's: editing one game never invalidates another's cache, nor runs it stale."""
    return _base() / f"{game}-{source_hash(_JITTED + (f'simcore/games/{game}/*.py', f'strategies/{game}/*.py'))}"


def compiled(module: str) -> bool:
    """Whether the game whose contract is ``module`` finds its engine compiled in its cache folder (a game
    outside ``simcore/games`` keeps no cache here: True)."""
    parts = module.split(".")
    if parts[:2] != ["simcore", "games"] or len(parts) < 3:
        return True
    folder = game_cache_dir(parts[2])
    return folder.is_dir() and any(folder.rglob("*.nbi"))


# a game's cold compile, measured with COMMANDSIM_CACHE_DIR an empty folder on a loaded 2-core machine
# (docs/performance.md, "First run"); what a run says before the first game when its cache is cold
COLD_COMPILE = "1.5 to 2.5 minutes on a loaded 2-core machine"


def compile_notice(module: str, title: str) -> str | None:
    """The line to print on stderr before a run of the game whose contract is ``module`` when its
    engine must compile first (``compiled``), whatever the output is (a terminal, a log, CI, a
    notebook): else None."""
    if compiled(module):
        return None
    name = title if title.lower().startswith("the ") else f"the {title}"
    return f"Compiling {name} engine on first use ({COLD_COMPILE}; cached afterwards)..."


@contextlib.contextmanager
def cache_dir(path: Path):
    """numba's cache folder set to ``path`` while dispatchers are made (numba reads it when a function's
    cache is created, at decoration)."""
    import numba.core.config as numba_config
    saved = numba_config.CACHE_DIR
    numba_config.CACHE_DIR = str(path)
    try:
        yield
    finally:
        numba_config.CACHE_DIR = saved


def configure() -> Path:
    """numba's own cache folder: the core's jitted code (each game's is cached in its own, ``game_cache_dir``)."""
    path = _base() / f"core-{source_hash(_JITTED)}"
    os.environ["NUMBA_CACHE_DIR"] = str(path)
    try:
        import numba.core.config as numba_config
        numba_config.CACHE_DIR = str(path)
    except ImportError:  # numba missing: the import of the engine will say so
        pass
    return path
