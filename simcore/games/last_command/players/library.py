"""Strategies as data: TOML files naming a kind and parameters, compiled to a float row.

A strategy file::

    name = "my-aggro"                  # optional (default: the file's stem)
    description = "Rushes Damage."     # optional
    kind = "heuristic"                 # "heuristic" (default), "random", "search" or "ismcts"
    base = "aggro"                     # optional: the built-in or file whose parameters it starts from
                                       # (default: balanced)
    [params]
    w_damage = 2.5                     # any parameter of `commandsim strategies show balanced`
    rollouts = 100                     # kinds "search" and "ismcts" only, and required there: rollouts
                                       # (ismcts: tree iterations) per decision

A search strategy plays its base heuristic except at the searched decisions
(``simcore.games.last_command.search``). The name ``search:N`` is the built-in search player:
balanced with N rollouts per decision. Kind "ismcts" and ``ismcts:N`` are the tree search player
(``simcore.games.last_command.tree_search``): the same decisions, N tree iterations each.

Every mistake is a ``StrategyError`` naming the file and the field.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.errors import StrategyError
from simcore.names import unknown
from simcore.user_files import display_path
from ..tables import CardTables

from . import params as P
from simcore.ismcts import parse_ismcts
from simcore.search import MAX_ROLLOUTS, parse_search

from .param_info import PARAMS, SEARCH_ONLY
from simcore.strategy_files import read_strategy_path, read_strategy_toml, unknown_strategy
from .values import compile_row

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
KINDS = {"random": P.KIND_RANDOM, "heuristic": P.KIND_HEURISTIC, "search": P.KIND_SEARCH, "ismcts": P.KIND_ISMCTS}
SEARCH_KINDS = ("search", "ismcts")              # the kinds that search (and take the SEARCH_ONLY fields)
SEARCHING = (P.KIND_SEARCH, P.KIND_ISMCTS)
B_TREE = 2          # engine_budgets(...)[B_TREE + p]: 1 when seat p's search is the tree search
KIND_NAMES = {v: k for k, v in KINDS.items()}
PARAM_INDEX = {name: info.index for name, info in PARAMS.items()}
TOP_FIELDS = ("name", "description", "kind", "base", "params")
DEFAULT_BASE = "balanced"
VECTOR_NAME = "vector"     # display name of a strategy given as a bare parameter vector


@dataclass
class StrategySpec:
    """A loaded strategy: its parameter vector and where each value came from."""
    name: str
    kind: str
    description: str
    path: Path | None
    vector: np.ndarray                      # float64[N_PARAMS]
    set_here: tuple[str, ...] = ()          # parameters the file itself sets
    base: str | None = None
    bases: tuple[str, ...] = field(default_factory=tuple)


def builtin_names() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def _looks_like_path(name_or_path: str) -> bool:
    return name_or_path.endswith(".toml") or os.sep in name_or_path or "/" in name_or_path


def _resolve(name_or_path: str) -> Path:
    if _looks_like_path(name_or_path):
        return read_strategy_path(name_or_path)
    builtin = BUILTIN_DIR / f"{name_or_path}.toml"
    if builtin.exists():
        return builtin
    raise StrategyError(unknown_strategy("strategy", name_or_path, builtin_names(), True, True))


def _display(path: Path) -> str:
    return display_path(Path(path))


def search_spec(name: str, rollouts: int, base_name: str | None = None, kind: str = "search") -> StrategySpec:
    """The built-in search player ``search:N`` (balanced) or ``search:N:BASE`` (strategy BASE),
    searching with N rollouts per decision; kind "ismcts": the tree search player ``ismcts:N[:BASE]``,
    N tree iterations per decision."""
    base_name = base_name or DEFAULT_BASE
    base = load_spec(base_name)
    if base.kind != "heuristic":
        raise StrategyError(f"strategy '{name}': a search player searches a heuristic, and {base_name} is not one")
    vec = base.vector.copy()
    vec[P.P_KIND] = KINDS[kind]
    vec[P.P_ROLLOUTS] = rollouts
    how = f"{rollouts:,} rollouts per decision" if kind == "search" else \
        f"a tree (ISMCTS) of {rollouts:,} iterations per decision"
    return StrategySpec(name, kind, f"{base_name}, searching its Market purchases and Crew placements with {how}",
                        None, vec, ("rollouts",), base_name, (base.name,) + base.bases)


def load_spec(name_or_path: str, _seen: tuple[str, ...] = ()) -> StrategySpec:
    """The strategy of a built-in name, a ``search:N`` or ``ismcts:N`` name or a strategy file, with its
    parameters resolved."""
    searched = parse_search(name_or_path)
    if searched is not None:
        return search_spec(name_or_path, *searched)
    tree = parse_ismcts(name_or_path)
    if tree is not None:
        return search_spec(name_or_path, *tree, kind="ismcts")
    path = _resolve(name_or_path)
    where = display_path(Path(name_or_path)) if _looks_like_path(name_or_path) else _display(path)
    key = str(path.resolve())
    if key in _seen:
        raise StrategyError(f"{where}: field 'base': strategies that start from each other "
                            f"({' -> '.join(Path(s).stem for s in _seen + (key,))})")
    data = read_strategy_toml(path, where)
    unknown = sorted(set(data) - set(TOP_FIELDS))
    if unknown:
        raise StrategyError(f"{where}: field '{unknown[0]}': unknown field (expected {', '.join(TOP_FIELDS)}; "
                            f"parameters go in the [params] table)")
    for text_field in ("name", "description", "kind", "base"):
        if text_field in data and not isinstance(data[text_field], str):
            raise StrategyError(f"{where}: field '{text_field}': expected a string, got {data[text_field]!r}")
    kind = data.get("kind", "heuristic")
    if kind not in KINDS:
        raise StrategyError(f"{where}: field 'kind': expected one of {', '.join(KINDS)}, got {kind!r}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise StrategyError(f"{where}: field 'params': expected a table of parameters, got {params!r}")
    base = data.get("base")
    vec = np.zeros(P.N_PARAMS)
    bases: tuple[str, ...] = ()
    if kind != "random":
        start = base if base is not None else (None if path == BUILTIN_DIR / f"{DEFAULT_BASE}.toml"
                                                else DEFAULT_BASE)
        if start is not None:
            try:
                parent = load_spec(start, _seen + (key,))
            except StrategyError as exc:
                if base is None:
                    raise
                raise StrategyError(f"{where}: field 'base': {exc}") from None
            if parent.kind != "heuristic":
                raise StrategyError(f"{where}: field 'base': '{start}' is a {parent.kind} strategy, "
                                    f"expected a heuristic one")
            vec[:] = parent.vector
            vec[P.P_ROLLOUTS] = 0
            bases = (parent.name,) + parent.bases
    elif params:
        raise StrategyError(f"{where}: field 'params': a random strategy takes no parameters")
    vec[P.P_KIND] = KINDS[kind]
    for name, val in params.items():
        if name not in PARAMS:
            raise StrategyError(f"{where}: field 'params.{name}': unknown parameter "
                                f"(expected one of {', '.join(sorted(PARAMS))})")
        if not isinstance(val, (int, float)) or isinstance(val, bool):
            raise StrategyError(f"{where}: field 'params.{name}': expected a number, got {val!r}")
        lo, hi = PARAMS[name].valid
        if not math.isfinite(val) or not lo <= val <= hi:
            raise StrategyError(f"{where}: field 'params.{name}': expected a finite number in "
                                f"[{lo:g}, {hi:g}], got {val!r}")
        if name in SEARCH_ONLY and kind not in SEARCH_KINDS:
            raise StrategyError(f"{where}: field 'params.{name}': only a search strategy (kind = \"search\" or "
                                f"\"ismcts\") takes it")
        if name == "rollouts" and val != int(val):
            raise StrategyError(f"{where}: field 'params.rollouts': expected a whole number, got {val!r}")
        vec[PARAM_INDEX[name]] = float(val)
    if kind in SEARCH_KINDS and "rollouts" not in params:
        raise StrategyError(f"{where}: field 'params.rollouts': a search strategy must say how many rollouts "
                            f"(ismcts: tree iterations) per decision it spends (1 to {MAX_ROLLOUTS:,})")
    if kind == "heuristic" and path == BUILTIN_DIR / f"{DEFAULT_BASE}.toml":
        missing = sorted(set(PARAMS) - set(params) - set(SEARCH_ONLY))
        if missing:
            raise StrategyError(f"{where}: field 'params.{missing[0]}': the default strategy must set every "
                                f"parameter")
    return StrategySpec(_label(str(data.get("name", path.stem)), path, where), kind, str(data.get("description", "")),
                        path, vec, tuple(params), base, bases)


def _label(name: str, path: Path, where: str) -> str:
    """The name results are labelled with: a file's own name, except that a file named like a
    built-in (as ``tune --name balanced`` writes) says which file it is, so that its games are
    never counted in the built-in's rows."""
    if path.resolve().parent != BUILTIN_DIR and name.casefold() in {n.casefold() for n in builtin_names()}:
        return f"{name} ({where})"
    return name


def check_distinct(a: str, b: str) -> None:
    """Raises when strategies ``a`` and ``b`` (names or files) are different strategies under one
    name: tables would merge their games into one row."""
    spec_a, spec_b = load_spec(a), load_spec(b)
    if spec_a.path is None or spec_b.path is None:   # search:N: a name of its own, never a file's
        if spec_a.name == spec_b.name and (spec_a.path is None) != (spec_b.path is None):
            named = spec_a if spec_a.path is not None else spec_b
            raise StrategyError(f"{_display(named.path)} is named '{named.name}' like a built-in search player: "
                                f"give it another 'name' so that their results stay apart")
        return
    if spec_a.name == spec_b.name and spec_a.path.resolve() != spec_b.path.resolve():
        raise StrategyError(f"{_display(spec_b.path)} and {_display(spec_a.path)} are both named "
                            f"'{spec_a.name}': give one another 'name' so that their results stay apart")


def load_params(name_or_path: str) -> tuple[str, np.ndarray]:
    """(name, parameter vector) of a built-in strategy name or a strategy file."""
    spec = load_spec(name_or_path)
    return spec.name, spec.vector


def check_vector(vec) -> np.ndarray:
    """A parameter vector given directly (e.g. by the tuner), checked for shape and kind."""
    arr = np.asarray(vec, dtype=float)
    if arr.shape != (P.N_PARAMS,):
        raise StrategyError(f"a strategy vector must have {P.N_PARAMS} parameters, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise StrategyError("a strategy vector must hold finite numbers")
    if int(arr[P.P_KIND]) not in KIND_NAMES:
        raise StrategyError(f"a strategy vector's kind must be one of {sorted(KIND_NAMES)}, got {arr[P.P_KIND]}")
    if int(arr[P.P_KIND]) in SEARCHING and not 1 <= arr[P.P_ROLLOUTS] <= MAX_ROLLOUTS:
        raise StrategyError(f"a search strategy vector must have 1 to {MAX_ROLLOUTS:,} rollouts, "
                            f"got {arr[P.P_ROLLOUTS]}")
    return arr


@dataclass(frozen=True, eq=False)
class Resolved:
    """A strategy already read: its name and parameter vector.  Chunks of games carry strategies
    this way to other processes and machines, where a strategy file may not exist."""
    name: str
    vector: np.ndarray


def resolved(strategy) -> Resolved:
    return Resolved(*resolve(strategy))


def resolve(strategy) -> tuple[str, np.ndarray]:
    """(name, parameter vector) of a strategy given as a name, a path, a ``Resolved`` or a parameter vector."""
    if isinstance(strategy, (str, os.PathLike)):
        return load_params(os.fspath(strategy))
    if isinstance(strategy, Resolved):
        return strategy.name, strategy.vector
    return VECTOR_NAME, check_vector(strategy)


def strategy_name(strategy) -> str:
    return resolve(strategy)[0]


def strategy_rows(names, tables: CardTables) -> np.ndarray:
    """float64[2, row length]: the compiled strategies of seat 0 and seat 1 (names, paths or vectors).
    A search strategy's row is its base heuristic's (kind heuristic): the jitted policy never sees
    the search kinds, whose budget travels beside the rows (``search_budgets``)."""
    rows = np.stack([compile_row(resolve(n)[1], tables) for n in names])
    for p in range(rows.shape[0]):
        if int(rows[p, P.P_KIND]) in SEARCHING:
            rows[p, P.P_KIND] = P.KIND_HEURISTIC
    return rows


def search_budgets(names) -> np.ndarray:
    """int64[2]: rollouts (kind ismcts: tree iterations) per searched decision of each seat's strategy
    (0: it does not search)."""
    vecs = [resolve(n)[1] for n in names]
    return np.array([int(v[P.P_ROLLOUTS]) if int(v[P.P_KIND]) in SEARCHING else 0 for v in vecs], np.int64)


def tree_seats(names) -> np.ndarray:
    """int64[2]: 1 for a seat whose strategy is a tree search player (kind ismcts), else 0."""
    return np.array([int(resolve(n)[1][P.P_KIND]) == P.KIND_ISMCTS for n in names], np.int64)


def engine_budgets(names) -> np.ndarray:
    """int64[4], what the engine is told of the search players: ``search_budgets`` then, from B_TREE,
    ``tree_seats``. One array, so that a batch carries its search players in one argument as before the
    tree search came, and a batch without a tree search player reads ``budgets[:2]`` as it did."""
    return np.concatenate([search_budgets(names), tree_seats(names)])


def without_search(budgets: np.ndarray, p: int) -> None:
    """Seat p of ``engine_budgets`` searches no more (solo mode: the Solo A.I. sits there, whatever
    strategy was named)."""
    budgets[p] = 0
    budgets[B_TREE + p] = 0


def has_tree(budgets) -> bool:
    """Whether a seat of ``budgets`` (``engine_budgets``) is a tree search player."""
    return budgets is not None and len(budgets) > B_TREE and bool(np.any(budgets[B_TREE:]))


def vector_from(values: dict[str, float], base: str | np.ndarray = DEFAULT_BASE) -> np.ndarray:
    """A heuristic parameter vector: ``base``'s, with the named parameters replaced."""
    vec = resolve(base)[1].copy()
    for name, val in values.items():
        if name not in PARAMS:
            raise StrategyError(unknown("parameter", name, sorted(PARAMS)))
        vec[PARAM_INDEX[name]] = float(val)
    return vec


def strategy_toml(name: str, vector: np.ndarray, description: str = "", comments: tuple[str, ...] = ()) -> str:
    """A strategy file setting every parameter of a heuristic vector (``load_params`` reads it back)."""
    vec = check_vector(vector)
    lines = [f"# {c}" for c in comments]
    lines += [f"name = {_toml_str(name)}", f"description = {_toml_str(description)}",
              f'kind = "{KIND_NAMES[int(vec[P.P_KIND])]}"']
    if int(vec[P.P_KIND]) != P.KIND_RANDOM:
        lines += ["", "[params]"]
        width = max(len(n) for n in PARAMS)
        for name, info in PARAMS.items():
            if name in SEARCH_ONLY and int(vec[P.P_KIND]) not in SEARCHING:
                continue
            val = float(vec[info.index])
            text = str(int(round(val))) if info.flag else repr(round(val, 6))
            lines.append(f"{name.ljust(width)} = {text:<10}  # {info.help}")
    return "\n".join(lines) + "\n"


def write_strategy(path: Path, name: str, vector: np.ndarray, description: str = "",
                   comments: tuple[str, ...] = ()) -> None:
    """Write a strategy file atomically (a temporary file renamed into place)."""
    from simcore.tuning_space import write_atomic
    write_atomic(path, strategy_toml(name, vector, description, comments))


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'
