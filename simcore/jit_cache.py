"""Where numba keeps compiled code: a per-user folder keyed by a hash of the engine's sources.

numba's own cache checks only the file that defines a function, not the functions it calls in
other files; keying the folder by every jitted source file means a change anywhere in the engine
or policies can never run stale machine code.  Inside that folder the project's functions are
filed by their path in the project (``ProjectLocator``), not by the folder they were installed
in, so a new virtual environment or a second checkout of the same sources loads what another
compiled instead of compiling for a minute or two again.
"""
from __future__ import annotations

import contextlib
import hashlib
import os

try:
    import fcntl
except ImportError:     # Windows: numba's cache as it is (one process at a time is safe)
    fcntl = None  # type: ignore[assignment]
from collections.abc import Callable
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# the core's jitted sources (the block loop, the shape, the card counters, the event log and the search players'
# rollouts and tree are inlined into every game's engine: a stale copy of any of them would run unseen), the bound
# codes every engine reads as constants (simcore/bounds.py) and the format compiled code is cached in
# (simcore/jit_unbuilt.py: bitcode or machine code; a cache of another format must not load); each game's own (its
# engine reads its tables and opcodes as constants, so the whole game folder and its players) are added by
# game_cache_dir
_JITTED = ("simcore/jit.py", "simcore/jit_unbuilt.py", "simcore/rng.py", "simcore/bounds.py", "simcore/block_loop.py",
           "simcore/shape.py", "simcore/bits.py",
           "simcore/play_counts.py", "simcore/event_log.py", "simcore/search.py", "simcore/ismcts.py")

# every game's entry functions (``hot_entry``: what Python calls to play games), as ``simcore.game_jit`` makes
# them: ``compiled`` reads numba's cache index of a game's entries.  Here, not in ``game_jit`` (which
# imports this module for its folders), so that the two files do not import each other.
ENTRIES: list = []


def source_hash(patterns=_JITTED) -> str:
    h = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(_ROOT.glob(pattern)):
            h.update(path.relative_to(_ROOT).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _install_locator() -> None:
    """numba's locator for ``NUMBA_CACHE_DIR``, with a function of this project filed under its folder's path
    in the project (``simcore_games_last_command``) where numba files it under a hash of the absolute folder.
    Safe to share across install paths: numba still checks, per function, a hash of its source file's bytes
    and of its bytecode (the index's stamp and key), and the folder above is keyed by every jitted source."""
    from numba.core.caching import CacheImpl, UserProvidedCacheLocator

    class ProjectLocator(UserProvidedCacheLocator):
        @classmethod
        def get_suitable_cache_subpath(cls, py_file):
            return "_".join(Path(py_file).resolve().parent.relative_to(_ROOT).parts) or "root"

        @classmethod
        def from_function(cls, py_func, py_file):
            if not Path(py_file).resolve().is_relative_to(_ROOT):
                return None     # not ours: numba's own locators decide
            return super().from_function(py_func, py_file)

    locators = CacheImpl._locator_classes
    if not any(k.__name__ == "ProjectLocator" for k in locators):
        locators.insert(0, ProjectLocator)


@contextlib.contextmanager
def file_lock(path: str, exclusive: bool = True):
    """An advisory lock held across processes (``flock`` on the file ``path``, made if missing); none without
    ``fcntl``."""
    if fcntl is None:
        yield
        return
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _folder_lock(folder: str, exclusive: bool):
    """An advisory lock on one cache folder, held across processes (on a file in it)."""
    return file_lock(os.path.join(folder, ".lock"), exclusive)


def _lock_cache_files() -> None:
    """numba's cache index and data files read and written under a lock on their folder.

    numba saves a new version of a function by reading the folder's index, taking the first data
    file number the index does not list, then writing the index and the file; it loads by reading
    the index, then the file it names.  Two processes compiling two versions of one function at
    once (two test workers, two runs, a cluster's workers on one machine; the core's functions are
    compiled once per game) both took number 1: the index kept one key, the file the other's code,
    and a later load of that key linked machine code of another signature (an abort in LLVM, or
    worse, a run that plays on).  A save holds the folder exclusively, a load shares it."""
    from numba.core.caching import IndexDataCacheFile

    if getattr(IndexDataCacheFile, "_commandsim_locked", False):
        return
    save, load = IndexDataCacheFile.save, IndexDataCacheFile.load

    def locked_save(self, key, data):
        with _folder_lock(self._cache_path, exclusive=True):
            return save(self, key, data)

    def locked_load(self, key):
        with _folder_lock(self._cache_path, exclusive=False):
            return load(self, key)

    IndexDataCacheFile.save, IndexDataCacheFile.load = locked_save, locked_load
    IndexDataCacheFile._commandsim_locked = True


def engine_hash() -> str:
    """The hash of every game's jitted sources and the core's: two processes with the same one play every
    game alike (``simcore.cluster`` requires it of its workers)."""
    return source_hash(_JITTED + ("simcore/games/*/*.py", "simcore/games/*/players/*.py"))


def _base() -> Path:
    return Path(os.environ.get("COMMANDSIM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "commandsim")) / "numba"


def game_cache_dir(game: str, folder: str | None = None) -> Path:
    """The cache folder of one game's jitted code (``simcore/games/<game>``, its players in ``players/``; or
    ``folder``, relative to the repository, for a game that lives elsewhere, as the tests' tiny race), keyed by
    its sources and the core's: editing one game never invalidates another's cache, nor runs it stale."""
    folder = folder or f"simcore/games/{game}"
    own = (f"{folder}/*.py", f"{folder}/players/*.py")
    return _base() / f"{game}-{source_hash(_JITTED + own)}"


def compiled(module: str) -> bool:
    """Whether the game whose contract is ``module`` finds its engine compiled, as numba itself will look
    for it: in numba's cache index of the game's entries (``ENTRIES``, the functions Python calls to play),
    which numba keys by the source file's bytes (an edited file compiles), numba's version and this machine,
    and which this project files by the source's path in the project (a second checkout or a new virtual
    environment of the same sources finds what another compiled).  A folder that holds files for other
    sources says nothing.  True when one entry holds a
    version this process can load: the entries a run needs beyond it (a search player's, another
    signature) announce their own compile when it starts (``announcing``).  A game outside
    ``simcore/games`` (the tests' tiny race, which compiles in seconds) is not looked up: True."""
    parts = module.split(".")
    if parts[:2] != ["simcore", "games"] or len(parts) < 3:
        return True
    entries = game_entries(parts[2])
    if not entries:       # no jitted entry (NUMBA_DISABLE_JIT, or a game in plain Python)
        return True
    return any(cached_versions(d) for d in entries)


def game_entries(game: str) -> list:
    """The entry functions (``hot_entry``) of game folder ``game`` (``simcore/games/<game>``, its policies in
    its ``players/``): the modules that define one are imported (which compiles nothing)."""
    import importlib

    package = f"simcore.games.{game}"
    for path in sorted(_ROOT.joinpath(*package.split(".")).rglob("*.py")):
        if "hot_entry" in path.read_text(encoding="utf-8"):
            importlib.import_module(".".join(path.relative_to(_ROOT).with_suffix("").parts))
    return [d for d in ENTRIES if d.py_func.__module__.startswith(package + ".")]


def cached_versions(dispatcher) -> int:
    """How many versions of ``dispatcher`` numba's cache index holds for its source as it is now, this
    numba and this machine: what numba would load instead of compiling (0: it compiles)."""
    cache = getattr(dispatcher, "_cache", None)
    try:
        index = cache._cache_file._load_index()   # {} when missing, of another numba, or of another source
        wanted = cache._index_key(None, dispatcher.targetctx.codegen())[1:]
    except AttributeError:   # a numba whose cache is laid out otherwise, or caching off: count as compiling
        return 0
    return sum(1 for key in index if tuple(key[1:]) == wanted)


# a game's cold compile, measured with COMMANDSIM_CACHE_DIR an empty folder on a quiet 2-core machine
# (docs/performance.md, "The first run compiles"); what a run says before the first game when its cache is cold
COLD_COMPILE = "15 to 30 s on a quiet 2-core machine, 1 to 2 minutes with a search player; longer under load"


def compile_notice(module: str, title: str) -> str | None:
    """The line to print on stderr before a run of the game whose contract is ``module`` when its
    engine must compile first (``compiled``), whatever the output is (a terminal, a log, CI, a
    notebook): else None."""
    if compiled(module):
        return None
    return notice_text(title)


def notice_text(title: str) -> str:
    name = title if title.lower().startswith("the ") else f"the {title}"
    return f"Compiling {name} engine on first use ({COLD_COMPILE}; cached afterwards)..."


@contextlib.contextmanager
def announcing(say: Callable[[], None]):
    """While inside, ``say()`` is called when numba starts a compile: a version its cache index did not
    hold (a search player's entry, another signature, a cache that ``compiled`` could not read), so
    that no compile goes unannounced.  ``say`` runs on the thread that compiles."""
    from numba.core import event

    class Listener(event.Listener):
        def on_start(self, ev):
            say()

        def on_end(self, ev):
            pass

    with event.install_listener("numba:compile", Listener()):
        yield


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
        _install_locator()
        _lock_cache_files()
    except ImportError:  # numba missing: the import of the engine will say so
        pass
    return path
