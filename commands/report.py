"""``report``: an HTML report and PNG plots from the tables the other commands write
(``reports.inputs`` reads and checks them, ``reports.html_report`` builds the page)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reports.html_report import Report, build_report
from reports.inputs import read_results


def build(results: Sequence[Path], title: str) -> Report:
    """The report of ``results`` (files written by sweep, compare, tournament, ladder, advise, impact), not
    written: ``Report.html()`` is the page, ``images`` its plots, ``notes`` what it could not show."""
    return build_report(read_results(results), title)
