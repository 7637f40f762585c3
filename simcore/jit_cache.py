"""Where numba keeps compiled code: a per-user folder keyed by a hash of the engine's sources.

numba's own cache checks only the timestamp of the file that defines a function, not of
the functions it calls in other files; keying the folder by every jitted source file means
a change anywhere in the engine or policies can never run stale machine code.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
# everything the jitted code is built from (the engine reads tables and opcodes as constants), every
# game's engine and policies included: numba's own check sees only the defining file
_JITTED = ("simcore/engine/*.py", "simcore/opcodes.py", "simcore/tables.py", "strategies/*.py",
           "simcore/games/*/*.py", "strategies/*/*.py")


def source_hash() -> str:
    h = hashlib.sha256()
    for pattern in _JITTED:
        for path in sorted(_ROOT.glob(pattern)):
            h.update(path.relative_to(_ROOT).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def configure() -> Path:
    base = os.environ.get("COMMANDSIM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "commandsim")
    path = Path(base) / "numba" / source_hash()
    os.environ["NUMBA_CACHE_DIR"] = str(path)
    try:
        import numba.core.config as numba_config
        numba_config.CACHE_DIR = str(path)
    except ImportError:  # numba missing: the import of the engine will say so
        pass
    return path
