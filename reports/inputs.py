"""Reading results files back for a report: each file is recognised by its columns.

* an **aggregate** (``commandsim sweep --out``): ``reports.aggregate.AGGREGATE_COLUMNS``; its per-card
  table ``<stem>_cards.<ext>`` next to it is read too when present;
* a **per-card** table given on its own: ``reports.aggregate.CARD_COLUMNS``;
* **per-game** records (``sweep --per-game``): ``game, seed, winner, turns`` and the seat columns;
  only the columns a report needs are read, so large files stay cheap;
* a **comparison** (``commandsim compare --out``): ``reports.compare.COMPARE_COLUMNS``;
* an **advice** table (``commandsim advise --out``): ``reports.advisor.outputs.ADVICE_COLUMNS``;
* a **tournament matrix** (``commandsim tournament --out``): ``reports.tournament.MATRIX_COLUMNS``, and
  its **ratings** (``<stem>_ratings``, read too when next to it): ``reports.tournament.RATING_COLUMNS``.

``read_results(paths)`` returns them as DataFrames in a ``Results``; several files of one kind are
stacked, with a ``source`` column naming the file they came from (its stem).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore.errors import CommandsimError

from .advisor.outputs import ADVICE_COLUMNS
from .aggregate import AGGREGATE_COLUMNS, CARD_COLUMNS
from .compare import COMPARE_COLUMNS
from .files import table_format
from .tournament import MATRIX_COLUMNS, RATING_COLUMNS

PER_GAME_NEEDED = ("game", "seed", "first_faction", "second_faction", "first_variant", "second_variant",
                   "first_strategy", "second_strategy", "winner", "turns")
PER_GAME_OPTIONAL = ("mode", "difficulty")
TEXT_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                "opponent_strategy", "seat", "card", "kind", "verdict", "verdict_text", "label_a", "label_b",
                "cards_a", "cards_b", "winner", "first_faction", "second_faction", "first_variant",
                "second_variant", "first_strategy", "second_strategy", "entry", "opponent", "stopped", "stage",
                "edit", "field", "old_value", "new_value", "mark", "component")


class ResultsFileError(CommandsimError):
    pass


@dataclass
class Results:
    """The tables of one report; empty DataFrames for kinds not given.  ``cards`` has a ``source``
    column (the stem of the aggregate or card file) so card tables of several sweeps stay apart."""
    aggregate: pd.DataFrame = field(default_factory=pd.DataFrame)
    cards: pd.DataFrame = field(default_factory=pd.DataFrame)
    per_game: pd.DataFrame = field(default_factory=pd.DataFrame)
    compare: pd.DataFrame = field(default_factory=pd.DataFrame)
    tournament: pd.DataFrame = field(default_factory=pd.DataFrame)
    ratings: pd.DataFrame = field(default_factory=pd.DataFrame)
    advice: pd.DataFrame = field(default_factory=pd.DataFrame)
    files: list[tuple[str, str]] = field(default_factory=list)   # (path as given, kind)


def cards_path_of(aggregate_path: str | Path, part: str = "cards") -> Path:
    """Where ``commandsim sweep`` puts the per-card table of an aggregate: ``<stem>_cards<suffix>``
    (and ``tournament`` its ratings: ``part="ratings"``)."""
    p = Path(aggregate_path)
    return p.with_name(f"{p.stem}_{part}{p.suffix}")


def _columns(path: Path) -> list[str]:
    if table_format(path) == "parquet":
        import pyarrow.parquet as pq
        return list(pq.read_schema(path).names)
    return list(pd.read_csv(path, nrows=0).columns)


def _read(path: Path, columns: Sequence[str] | None = None) -> pd.DataFrame:
    if table_format(path) == "parquet":
        df = pd.read_parquet(path, columns=list(columns) if columns is not None else None)
    else:
        wanted = set(columns) if columns is not None else None
        df = pd.read_csv(path, usecols=(lambda c: c in wanted) if wanted is not None else None)
    for c in TEXT_COLUMNS:
        if c in df.columns:
            df[c] = df[c].astype(object).where(df[c].notna(), "").astype(str)   # an all-empty column reads as NaN
    return df


def kind_of(columns: Sequence[str]) -> str | None:
    """"aggregate", "cards", "per_game", "compare", "tournament", "ratings", "advice" or None, from a file's
    column names."""
    cols = set(columns)
    if set(ADVICE_COLUMNS) <= cols:
        return "advice"
    if set(MATRIX_COLUMNS) <= cols:
        return "tournament"
    if set(RATING_COLUMNS) <= cols:
        return "ratings"
    if set(AGGREGATE_COLUMNS) <= cols:
        return "aggregate"
    if set(COMPARE_COLUMNS) <= cols:
        return "compare"
    if set(CARD_COLUMNS) <= cols:
        return "cards"
    if set(PER_GAME_NEEDED) <= cols:
        return "per_game"
    return None


def read_results(paths: Sequence[str | Path]) -> Results:
    """Read and classify results files (CSV or Parquet); raises ``ResultsFileError`` naming the file
    for a missing, unreadable or unrecognised one, before anything is built."""
    if not paths:
        raise ResultsFileError("no results files given: expected an aggregate (commandsim sweep --out), "
                               "per-game records (sweep --per-game), a comparison (commandsim compare --out) or a "
                               "tournament (commandsim tournament --out)")
    parts: dict[str, list[pd.DataFrame]] = {kind: [] for kind in ("aggregate", "cards", "per_game", "compare",
                                                                  "tournament", "ratings", "advice")}
    out = Results()
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if path.resolve() in seen:
            continue
        seen.add(path.resolve())
        if not path.is_file():
            raise ResultsFileError(f"{path}: no such file")
        try:
            columns = _columns(path)
            kind = kind_of(columns)
            if kind is None:
                raise ResultsFileError(
                    f"{path}: not a results file: expected the columns of a sweep aggregate "
                    f"({', '.join(AGGREGATE_COLUMNS[:4])}, ...), a per-card table (card, times_bought, ...), "
                    f"per-game records (game, seed, winner, turns, ...), a comparison (label_a, diff, verdict, "
                    f"...), an advice table (stage, edit, effect, ...) or a tournament matrix or ratings (entry, opponent, score, ... / entry, strength, elo, "
                    f"...); got {', '.join(columns[:8]) or 'no columns'}")
            wanted = [c for c in (*PER_GAME_NEEDED, *PER_GAME_OPTIONAL) if c in columns] \
                if kind == "per_game" else None
            df = _read(path, wanted).assign(source=path.stem)
        except ResultsFileError:
            raise
        except (OSError, ValueError, ImportError) as exc:   # malformed CSV, broken Parquet, ...
            raise ResultsFileError(f"{path}: cannot read it: {exc}") from None
        parts[kind].append(df)
        out.files.append((str(path), kind))
        for owner, part in (("aggregate", "cards"), ("tournament", "ratings")):
            extra = cards_path_of(path, part)
            if kind == owner and extra.is_file() and extra.resolve() not in seen and kind_of(_columns(extra)) == part:
                seen.add(extra.resolve())
                parts[part].append(_read(extra).assign(source=path.stem))
                out.files.append((str(extra), part))
    for kind, frames in parts.items():
        if frames:
            setattr(out, kind, pd.concat(frames, ignore_index=True))
    return out
