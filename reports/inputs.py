"""Reading results files back for a report: each file is recognised by its columns.

* an **aggregate** (``commandsim sweep --out``): ``reports.aggregate.AGGREGATE_COLUMNS``; its per-card
  table ``<stem>_cards.<ext>`` next to it is read too when present;
* a **per-card** table given on its own: ``reports.aggregate.CARD_COLUMNS``;
* **per-game** records (``sweep --per-game``): ``game, seed, winner, turns`` and the seat columns;
  read in batches and reduced as they are read (``reports.per_game_scan``), so a report's memory
  stays flat however many games the files hold;
* a **comparison** (``commandsim compare --out``): ``reports.compare.COMPARE_COLUMNS``;
* an **advice** table (``commandsim advise --out``): ``reports.advisor.outputs.ADVICE_COLUMNS``;
* a **skill ladder** (``commandsim ladder --out``): ``reports.ladder.LADDER_COLUMNS``, and a **finding
  against skill** (``ladder --finding``): ``reports.skill_finding.SKILL_COLUMNS``;
* a **card impact** table (``commandsim impact --out``): ``reports.impact.IMPACT_COLUMNS``;
* a **tournament matrix** (``commandsim tournament --out``): ``reports.tournament.MATRIX_COLUMNS``, and
  its **ratings** (``<stem>_ratings``, read too when next to it): ``reports.tournament.RATING_COLUMNS``;
* the **shape** of a sweep's games (``<stem>_shape``, ``_tempo``, ``_decisive``, ``_plays``, read too when next to
  its aggregate: ``reports.shape_tables``) and what a comparison **moved** (``<stem>_moved`` next to it:
  ``reports.moved.MOVED_COLUMNS``); each may also be given on its own;
* a **metagame** (``commandsim metagame --out``): its matrix (``reports.metagame.MATRIX_COLUMNS``), and its
  **mixes** and **value** (``<stem>_mixes``, ``<stem>_value``, read too when next to it: ``MIX_COLUMNS``,
  ``VALUE_COLUMNS``).

``read_results(paths)`` returns them as DataFrames in a ``Results``; several files of one kind are
stacked, with a ``source`` column naming the file they came from (its stem). Every table's numbers
are checked (``reports.input_schema``) before anything is built.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore import user_files
from simcore.user_files import MAX_TABLE_BYTES

from .advisor.outputs import ADVICE_COLUMNS
from .aggregate import AGGREGATE_COLUMNS, CARD_COLUMNS
from .compare import COMPARE_COLUMNS
from .files import table_format
from .impact import IMPACT_COLUMNS
from .input_consistency import check_consistency
from .input_schema import ResultsFileError, check_table
from .ladder import LADDER_COLUMNS
from .metagame import MATRIX_COLUMNS as METAGAME_COLUMNS, MIX_COLUMNS, VALUE_COLUMNS
from .per_game_scan import PerGameSummary, scan_per_game
from .skill_finding import SKILL_COLUMNS
from .tournament import MATRIX_COLUMNS, RATING_COLUMNS

# the companions of an aggregate (its shape tables, ``reports.shape_tables``) and of a comparison (what it moved),
# each known by a few of its columns
SHAPE_KINDS = {"shape": ("standing", "mean_rounds", "comeback_rate"), "tempo": ("side", "seat", "round", "mean_lead"),
               "decisive": ("decisive_round", "share", "games"),
               "plays": ("faction", "card", "times_played", "games_played", "win_rate_when_played"),
               "moved": ("kind", "measure", "card", "diff", "p_holm", "clear")}
COMPANIONS = {"aggregate": ("shape", "tempo", "decisive", "plays"), "compare": ("moved",)}

PER_GAME_NEEDED = ("game", "seed", "first_faction", "second_faction", "first_variant", "second_variant",
                   "first_strategy", "second_strategy", "winner", "turns")
TEXT_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                "opponent_strategy", "seat", "card", "kind", "verdict", "verdict_text", "label_a", "label_b",
                "cards_a", "cards_b", "winner", "first_faction", "second_faction", "first_variant",
                "second_variant", "first_strategy", "second_strategy", "entry", "opponent", "stopped", "stage",
                "edit", "field", "old_value", "new_value", "mark", "component", "rung", "below", "factions",
                "variants", "finding", "subject", "side_a", "side_b", "across_rungs", "across_rungs_text", "part",
                "side", "opponent_side", "saddle", "cycles")
# a metagame's files: the matrix, and the two written next to it (``<stem>_mixes``, ``<stem>_value``)
METAGAME_PARTS = {"metagame_mixes": "mixes", "metagame_value": "value"}


@dataclass
class Results:
    """The tables of one report; empty DataFrames for kinds not given.  ``cards`` has a ``source``
    column (the stem of the aggregate or card file) so card tables of several sweeps stay apart."""
    aggregate: pd.DataFrame = field(default_factory=pd.DataFrame)
    cards: pd.DataFrame = field(default_factory=pd.DataFrame)
    per_game: PerGameSummary = field(default_factory=PerGameSummary)
    compare: pd.DataFrame = field(default_factory=pd.DataFrame)
    tournament: pd.DataFrame = field(default_factory=pd.DataFrame)
    ratings: pd.DataFrame = field(default_factory=pd.DataFrame)
    advice: pd.DataFrame = field(default_factory=pd.DataFrame)
    ladder: pd.DataFrame = field(default_factory=pd.DataFrame)    # ``commandsim ladder``
    skill: pd.DataFrame = field(default_factory=pd.DataFrame)     # ``commandsim ladder --finding``
    impact: pd.DataFrame = field(default_factory=pd.DataFrame)    # ``commandsim impact``
    shape: pd.DataFrame = field(default_factory=pd.DataFrame)     # a sweep's ``<stem>_shape``
    tempo: pd.DataFrame = field(default_factory=pd.DataFrame)     # ... ``<stem>_tempo``
    decisive: pd.DataFrame = field(default_factory=pd.DataFrame)  # ... ``<stem>_decisive``
    plays: pd.DataFrame = field(default_factory=pd.DataFrame)     # ... ``<stem>_plays``
    moved: pd.DataFrame = field(default_factory=pd.DataFrame)     # a comparison's ``<stem>_moved``
    metagame: pd.DataFrame = field(default_factory=pd.DataFrame)  # ``commandsim metagame``: the matrix
    metagame_mixes: pd.DataFrame = field(default_factory=pd.DataFrame)
    metagame_value: pd.DataFrame = field(default_factory=pd.DataFrame)
    files: list[tuple[str, str]] = field(default_factory=list)   # (path as given, kind)
    paths: list[Path] = field(default_factory=list)              # the real path of each file read


def cards_path_of(aggregate_path: str | Path, part: str = "cards") -> Path:
    """Where ``commandsim sweep`` puts the per-card table of an aggregate: ``<stem>_cards<suffix>``
    (and ``tournament`` its ratings: ``part="ratings"``)."""
    p = Path(aggregate_path)
    return p.with_name(f"{p.stem}_{part}{p.suffix}")


HEADER_BYTES = 1 << 20     # a CSV's header line is read on its own first: a file of one endless line is refused


def _columns(path: Path) -> list[str]:
    if table_format(path) == "parquet":
        import pyarrow.parquet as pq
        return list(pq.read_schema(path).names)
    try:
        head = user_files.read_head(path, HEADER_BYTES, str(path))
    except user_files.InputFileError as exc:
        raise ValueError(exc.message) from None
    if b"\n" not in head and len(head) == HEADER_BYTES:
        raise ValueError(f"no end of the header line in its first {HEADER_BYTES // (1 << 20)} MiB")
    return list(pd.read_csv(io.BytesIO(head.split(b"\n", 1)[0] + b"\n"), nrows=0).columns)


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


@dataclass(frozen=True)
class Input:
    """One results file: as the user typed it (``shown``) and its real path, read by the core's reader
    (``simcore.user_files``: a regular file, links resolved once)."""
    shown: str
    real: Path

    @classmethod
    def of(cls, path: str | Path, role: str = "") -> "Input":
        try:
            real = user_files.resolved(Path(path), "results file")
        except user_files.InputFileError as exc:
            raise ResultsFileError(f"{path}{f' ({role})' if role else ''}: {exc.message}") from None
        return cls(str(path), real)


def _read_columns(path: Input, what: str = "") -> list[str]:
    try:
        return _columns(path.real)
    except (OSError, ValueError, ImportError) as exc:   # empty, binary, broken Parquet, ...
        role = f" ({what})" if what else ""
        raise ResultsFileError(f"{path.shown}{role}: cannot read it: {_reason(exc)}") from None


def _read_checked(path: Input, kind: str, columns: Sequence[str] | None = None,
                  allow_empty: bool = False) -> pd.DataFrame:
    size = path.real.stat().st_size
    if size > MAX_TABLE_BYTES:   # per-game records stream; every other table is read whole
        raise ResultsFileError(f"{path.shown}: {size // (1 << 20):,} MiB, more than the "
                               f"{MAX_TABLE_BYTES // (1 << 20):,} MiB a results table read whole may hold")
    try:
        df = _read(path.real, columns)
    except (OSError, ValueError, ImportError) as exc:
        raise ResultsFileError(f"{path.shown}: cannot read it: {_reason(exc)}") from None
    fmt = table_format(path.real)
    table = check_table(df, kind, path.shown, fmt, allow_empty=allow_empty)
    if kind != "per_game":   # per-game records have no rates; every other table's numbers must agree
        check_consistency(table, kind, path.shown, fmt)
    return table


def _reason(exc: BaseException) -> str:
    """The first line of a reader's message (pandas' and pyarrow's can run to several)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def kind_of(columns: Sequence[str]) -> str | None:
    """"aggregate", "cards", "per_game", "compare", "tournament", "ratings", "advice", "ladder", "skill",
    "impact", "metagame", "metagame_mixes", "metagame_value" or None, from a file's column names."""
    cols = set(columns)
    for kind, needed in SHAPE_KINDS.items():
        if set(needed) <= cols and "winner" not in cols:
            return kind
    if set(METAGAME_COLUMNS) <= cols:
        return "metagame"
    if set(MIX_COLUMNS) <= cols:
        return "metagame_mixes"
    if set(VALUE_COLUMNS) <= cols:
        return "metagame_value"
    if set(IMPACT_COLUMNS) <= cols:
        return "impact"
    if set(LADDER_COLUMNS) <= cols:
        return "ladder"
    if set(SKILL_COLUMNS) <= cols:
        return "skill"
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
    parts: dict[str, list[pd.DataFrame]] = {kind: [] for kind in ("aggregate", "cards", "compare",
                                                                  "tournament", "ratings", "advice", "ladder", "skill",
                                                                  "impact", "metagame", "metagame_mixes",
                                                                  "metagame_value", *SHAPE_KINDS)}
    out = Results()
    seen: set[Path] = set()
    for raw in paths:
        path = Input.of(raw)
        if path.real in seen:
            continue
        seen.add(path.real)
        columns = _read_columns(path)
        kind = kind_of(columns)
        if kind is None:
            raise ResultsFileError(
                f"{path.shown}: not a results file: expected the columns of a sweep aggregate "
                f"({', '.join(AGGREGATE_COLUMNS[:4])}, ...), a per-card table (card, times_bought, ...), "
                f"per-game records (game, seed, winner, turns, ...), a comparison (label_a, diff, verdict, "
                f"...), an advice table (stage, edit, effect, ...), a skill ladder (rung, below, score, ...), a finding "
                f"against skill (finding, rung, score, ...), a card impact table (card, measure, impact, ...), a "
                f"metagame's matrix, mixes or value (part, strategy, weight, value, ...) or a tournament matrix or "
                f"ratings (entry, "
                f"opponent, score, ... / entry, strength, elo, "
                f"...); got {', '.join(columns[:8]) or 'no columns'}")
        stem = Path(path.shown).stem
        if kind in METAGAME_PARTS:     # given on its own: it belongs with the matrix of its stem
            stem = stem.removesuffix(f"_{METAGAME_PARTS[kind]}")
        if kind == "per_game":
            out.per_game = out.per_game.add(scan_per_game(path.real, table_format(path.real), stem, columns,
                                                          TEXT_COLUMNS, shown=path.shown))
        else:
            parts[kind].append(_read_checked(path, kind).assign(source=stem))
        out.files.append((path.shown, kind))
        out.paths.append(path.real)
        if kind == "aggregate":
            cards = cards_path_of(path.shown)
            if user_files.not_a_file(cards) is None and Input.of(cards).real not in seen:
                # the sweep wrote it: damaged, it is an error; another results table, it is not ours
                role = f"the per-card table of {path.shown}"
                cards = Input.of(cards, role)
                cards_kind = kind_of(_read_columns(cards, role))
                if cards_kind is None:
                    raise ResultsFileError(f"{cards.shown} ({role}): not a per-card table: expected the columns "
                                           f"{', '.join(CARD_COLUMNS[:4])}, ...")
                if cards_kind == "cards":   # empty in a game where nothing is bought (the skirmish)
                    seen.add(cards.real)
                    table = _read_checked(cards, "cards", allow_empty=True)
                    if len(table):
                        parts["cards"].append(table.assign(source=stem))
                    out.files.append((cards.shown, "cards"))
                    out.paths.append(cards.real)
        for tag in COMPANIONS.get(kind, ()):
            companion = cards_path_of(path.shown, tag)
            if user_files.not_a_file(companion) is None:
                role = f"the {tag} table of {path.shown}"
                companion = Input.of(companion, role)
                if companion.real not in seen and kind_of(_read_columns(companion, role)) == tag:
                    seen.add(companion.real)
                    table = _read_checked(companion, tag, allow_empty=True)
                    if len(table):
                        parts[tag].append(table.assign(source=stem))
                    out.files.append((companion.shown, tag))
                    out.paths.append(companion.real)
        if kind == "tournament":
            ratings = cards_path_of(path.shown, "ratings")
            if user_files.not_a_file(ratings) is None:
                ratings = Input.of(ratings, f"the ratings of {path.shown}")
                if ratings.real not in seen and kind_of(_read_columns(ratings)) == "ratings":
                    seen.add(ratings.real)
                    parts["ratings"].append(_read_checked(ratings, "ratings").assign(source=stem))
                    out.files.append((ratings.shown, "ratings"))
                    out.paths.append(ratings.real)
        if kind == "metagame":
            for part_kind, part in METAGAME_PARTS.items():
                sibling = cards_path_of(path.shown, part)
                if user_files.not_a_file(sibling) is None:
                    sibling = Input.of(sibling, f"the {part} of {path.shown}")
                    if sibling.real not in seen and kind_of(_read_columns(sibling)) == part_kind:
                        seen.add(sibling.real)
                        parts[part_kind].append(_read_checked(sibling, part_kind).assign(source=stem))
                        out.files.append((sibling.shown, part_kind))
                        out.paths.append(sibling.real)
    for kind, frames in parts.items():
        if frames:
            setattr(out, kind, pd.concat(frames, ignore_index=True))
    if not out.compare.empty:     # a comparison written before the verdict's word changed, in today's words
        from .verdict_words import upgraded, upgraded_text
        cmp = out.compare
        cmp["verdict_text"] = [upgraded_text(t, b) for t, b in zip(cmp["verdict_text"], cmp["band"])]
        cmp["verdict"] = cmp["verdict"].map(upgraded)
    return out
