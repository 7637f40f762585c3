"""Every table a command prints goes through one helper (``reports.text_table``): numbers, intervals
and a matrix's '-' placeholders right-aligned, text left-aligned, no name cut short (issue 32)."""
from __future__ import annotations

from pathlib import Path

from reports.text_table import is_number, table_lines

ROOT = Path(__file__).resolve().parents[2]


def test_numbers_and_intervals_are_right_aligned_and_text_left_aligned():
    lines = table_lines(("RANK", "ENTRY", "GAMES", "SCORE", "STRENGTH", "95% CI"),
                        [(1, "search:1000:tuned", 12_000, "62.5%", "+0.255", "-0.460 - +0.971"),
                         (10, "b", 8, "7.5%", "-1.255", "-1.971 - +0.460")])
    assert lines == ["RANK  ENTRY              GAMES  SCORE  STRENGTH           95% CI",
                     "   1  search:1000:tuned  12000  62.5%    +0.255  -0.460 - +0.971",
                     "  10  b                      8   7.5%    -1.255  -1.971 - +0.460"]


def test_a_matrix_with_placeholders_keeps_its_scores_aligned_and_every_name_whole():
    names = ["reserve", "search:1000:tuned", "out/my_tuned_strategy.toml"]
    rows = [(a, *("-" if a == b else "50.0%" for b in names)) for a in names]
    lines = table_lines(("", *names), rows)
    assert all(name in lines[0] for name in names) and [line.split()[0] for line in lines[1:]] == names
    right = {len(line) for line in lines}
    assert len(right) == 1          # every row ends in the same column: the last column right-aligned


def test_what_reads_as_a_number():
    assert all(is_number(t) for t in ("1,234", "+0.255", "62.5%", "2.10x", "54.0% - 63.4%", "1420 - 1669", "-3"))
    assert not any(is_number(t) for t in ("federation", "search:100", "1 vs 2", "", "-"))


def test_no_other_table_printer_in_the_commands():
    """One helper: the CLI prints tables only through it (no hand-made padding of rows)."""
    text = (ROOT / "cli.py").read_text()
    assert text.count(".rjust(") == 0 and text.count(".ljust(") == 0
