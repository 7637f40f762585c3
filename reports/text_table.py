"""Tables as aligned text lines, the one way every command prints a table (``cli._echo_table``).

A column whose cells are all numbers is right-aligned, its header too, so digits line up: a number may
carry thousands commas, a sign, a % or an x ("1,234", "+0.255", "62.5%", "2.10x"), and an interval of
two numbers ("54.0% - 63.4%") counts as one. Empty cells and placeholders ("-", "—": a pair that did
not meet) do not make a column text. Every other column is left-aligned.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

PLACEHOLDERS = ("", "-", "—")
_NUMBER = r"[+-]?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?\s*[%x]?|[+-]?inf|nan"
_CELL = re.compile(rf"^(?:{_NUMBER})(?:\s+[-–]\s+(?:{_NUMBER}))?$", re.IGNORECASE)
GAP = "  "


def is_number(text: str) -> bool:
    """Whether a cell reads as a number or an interval of two numbers."""
    return bool(_CELL.match(text.strip()))


def table_lines(header: Sequence, rows: Sequence[Sequence]) -> list[str]:
    """The header and rows as aligned lines (no trailing spaces); ``None`` cells are empty."""
    cells = [[("" if v is None else str(v)) for v in row] for row in [header, *rows]]
    width = len(header)
    widths = [max(len(row[i]) for row in cells) for i in range(width)]
    numeric = []
    for i in range(width):
        values = [row[i] for row in cells[1:] if row[i].strip() not in PLACEHOLDERS]
        numeric.append(bool(values) and all(is_number(v) for v in values))
    return [GAP.join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(row, widths, numeric)).rstrip()
            for row in cells]
