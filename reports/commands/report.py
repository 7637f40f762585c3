"""``report``: an HTML report and PNG plots from the tables the other commands write
(``reports.inputs`` reads and checks them, ``reports.html_report`` builds the page)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reports.html_report import Report, build_report
from reports.inputs import read_results


@dataclass
class ReportPlan:
    data: object          # ``reports.inputs.read_results``' tables; ``data.paths``: every file read
    title: str | None

    @property
    def paths(self) -> list[Path]:
        """Every file the report reads: the files given and those read beside them (a ``<stem>_cards`` table)."""
        return list(self.data.paths)

    def play(self) -> Report:
        """The report, not written: ``Report.html()`` is the page, ``images`` its plots, ``notes`` what it could
        not show."""
        return build_report(self.data, self.title)


def plan(results: Sequence[Path], title: str | None = None) -> ReportPlan:
    """``results`` (files written by sweep, compare, tournament, ladder, advise, impact) read and checked."""
    return ReportPlan(read_results(results), title)


def build(results: Sequence[Path], title: str | None = None) -> Report:
    """The report of ``results``, not written (``ReportPlan.play``)."""
    return plan(results, title).play()
