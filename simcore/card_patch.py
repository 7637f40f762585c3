"""Card patch files, game-agnostic: edited entries written back as TOML tables that a game's ``--cards``
accepts (``[[card]]`` for The Last Command and Star Realms; ``[[command]]``, ``[[unit]]`` and
``[force.NAME]`` for the skirmish).

A patch holds each edited entry whole (an override replaces a shipped entry by name, field for field),
with comments saying which values changed.  Python reads TOML but does not write it, and the tables
hold only strings, integers, booleans, lists and small tables, so the writer is this short.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)   # JSON string escapes are valid TOML basic strings
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as a card value")


def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def entry_toml(header: str, table: dict, dotted: tuple[str, ...] = ()) -> str:
    """One table under ``header`` (``[[card]]``, ``[force.line]``); the keys in ``dotted`` holding small
    tables are written as dotted keys (``bonus.tactician = [...]``), as hand-written files do."""
    lines = [header]
    for key, value in table.items():
        if key in dotted and isinstance(value, dict):
            lines += [f"{toml_key(key)}.{toml_key(k)} = {toml_value(v)}" for k, v in value.items()]
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def patch_text(entries: Iterable[tuple[str, str]], header: Iterable[str] = (),
               notes: dict[str, list[str]] | None = None) -> str:
    """The patch file: ``header`` comment lines, then each entry, given as (its key, its TOML text from
    ``entry_toml``) with ``notes[key]`` as comment lines above it (e.g. what changed)."""
    out = [f"# {line}" if line else "#" for line in header]
    for key, text in entries:
        out.append("")
        out += [f"# {line}" for line in (notes or {}).get(key, [])]
        out.append(text.rstrip("\n"))
    return "\n".join(out).lstrip("\n") + "\n"
