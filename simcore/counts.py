"""The one parser of every count a user types, on the command line (``--games 2000``), inside a name
(``search:100``, ``ismcts:50:tuned``, ``local:4``) or as a Python argument (``api.sweep(games=2000)``).

A count is ASCII digits only: Python's ``int()`` also takes ``'３'`` (full-width), ``'٣'`` (Arabic-Indic),
``'1_000'`` and surrounding spaces, and ``str.isdigit()`` says yes to ``'²'``, which ``int()`` then refuses
with a traceback. Here a count is ``[0-9]+`` (a leading ``-`` is read so that it is refused by its range,
not by its spelling), checked against its range, and every failure is one ``CountError`` naming what the
count is, what arrived and what was expected. The ranges themselves live in ``simcore.limits``.
"""
from __future__ import annotations

import numbers
import re

from .errors import CommandsimError

_INTEGER = re.compile(r"-?[0-9]+\Z")
_MAX_DIGITS = 40          # more than any range holds: refused by its length, before int() reads it


class CountError(CommandsimError):
    """A count that is not a whole number in ASCII digits, or out of its range. ``what`` names it (an
    option, an argument, a part of a name)."""

    def __init__(self, what: str, message: str):
        self.what = what
        super().__init__(f"{what}: {message}" if what else message)


def is_integer_text(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (a leading ``-`` allowed), nothing around it."""
    return bool(_INTEGER.match(text))


def spelling_problem(text: str) -> str:
    """What is wrong with ``text`` as a count, for a message: "expected a whole number in ASCII digits
    (0-9), got '²'"."""
    return f"expected a whole number in ASCII digits (0-9), got {text!r}"


def range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low:,} to {high:,}"
    if low is not None:
        return f"of at least {low:,}"
    return f"of at most {high:,}" if high is not None else ""


def parse_count(value, what: str = "", low: int | None = None, high: int | None = None) -> int:
    """``value`` (text in ASCII digits, or a Python ``int``; never a bool or a float) as an ``int`` within
    ``low .. high`` (None: unbounded on that side); ``CountError`` naming ``what`` otherwise."""
    expected = f"expected a whole number {range_text(low, high)}".rstrip()
    if isinstance(value, str):
        text = value
        if not is_integer_text(text):
            raise CountError(what, spelling_problem(value))
        if len(text.lstrip("-")) > _MAX_DIGITS:
            raise CountError(what, f"{expected}, got a number of {len(text.lstrip('-')):,} digits")
        n = int(text)
    elif isinstance(value, numbers.Integral) and not isinstance(value, bool):
        n = int(value)
    else:
        raise CountError(what, f"{expected}, got {value!r}")
    if (low is not None and n < low) or (high is not None and n > high):
        raise CountError(what, f"{expected}, got {n:,}")
    return n


def parse_prefixed(name: str, prefix: str, low: int | None, high: int | None,
                   refused: str) -> tuple[int, str | None] | None:
    """(N, the rest after ``N:`` or None) of a name ``<prefix>N`` or ``<prefix>N:REST`` (``search:100:tuned``,
    ``local:4``); None for a name without the prefix. Any other spelling of N, or N out of range, raises
    ``CountError(refused)``: the caller's one line, which says the form and N's range."""
    if not name.startswith(prefix):
        return None
    text, colon, rest = name[len(prefix):].partition(":")
    try:
        n = parse_count(text, "", low, high)
    except CountError:
        raise CountError("", refused) from None
    if colon and not rest:
        raise CountError("", refused)
    return n, rest or None
