"""Names a user types (strategies, factions, decks, forces, modes, variants, difficulties, cards, games):
one message for a name that is none of the known ones, which lists them and suggests the closest.

"Did you mean" takes the known names that are close in spelling (``difflib``, case-insensitive) or that
begin with what was typed (``fed`` -> ``federation``), at most three, the closest first.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence


def closest(name: str, known: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The known names closest to ``name`` (case-insensitive), the closest first; those it begins first."""
    known = [str(k) for k in dict.fromkeys(known)]
    typed = str(name).strip().casefold()
    if not typed:
        return []
    folded = {k.casefold(): k for k in known}
    prefixed = [k for k in known if k.casefold().startswith(typed) and k.casefold() != typed]
    close = [folded[c] for c in difflib.get_close_matches(typed, list(folded), n=n, cutoff=cutoff)]
    return list(dict.fromkeys([*prefixed[:n], *close]))[:n]


def did_you_mean(name: str, known: Iterable[str], n: int = 3) -> str:
    """`` (did you mean 'x'?)`` for the closest known names, or ``''``."""
    found = closest(name, known, n)
    return f" (did you mean {' or '.join(repr_name(k) for k in found)}?)" if found else ""


def repr_name(name: str) -> str:
    return f"'{name}'"


def unknown(what: str, name: str, known: Sequence[str], shown: Sequence[str] | None = None, tail: str = "",
            inside: str = "") -> str:
    """"unknown faction 'sundr': expected one of sunder, federation (did you mean 'sunder'?)". ``shown``: the
    forms listed when they are not only the names (``search:N``); ``tail``: what else is accepted;
    ``inside``: what the name was part of ("in side 'sundr:standard'")."""
    listed = ", ".join(shown if shown is not None else known)
    more = f" {tail}" if tail else ""
    where = f" {inside}" if inside else ""
    return f"unknown {what} '{str(name).strip()}'{where}: expected one of {listed}{more}{did_you_mean(name, known)}"
