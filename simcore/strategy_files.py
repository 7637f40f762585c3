"""Strategy files of any game whose strategies are one float row of named parameters: a kind
("heuristic" or "random"), a base strategy it starts from, and parameters. A game's
``strategies/<game>/library.py`` makes one ``StrategyFiles`` over its ``builtin/`` folder and its
``params`` module (``N_PARAMS``, ``P_KIND``, ``KIND_*`` and one ``P_<NAME>`` per parameter).

A game whose params module defines ``KIND_SEARCH`` and ``P_ROLLOUTS`` also has search players
(``simcore.search``): the name ``search:N`` is its default strategy searching N rollouts per decision,
and a file may say ``kind = "search"``, ``base = "<heuristic>"`` and ``[params] rollouts = N`` (plus any
of the heuristic's parameters). ``rollouts`` is a search strategy's own: it is not among ``params``
(the tuner's parameters) and a heuristic cannot set it. A game whose params module also defines
``KIND_ISMCTS`` has the tree search player (``simcore.ismcts``) the same way: ``ismcts:N[:BASE]``, or
``kind = "ismcts"`` with ``rollouts = N`` (each of its iterations ends in one rollout).

Every mistake is a ``StrategyError`` naming the file and the field (exit code 2 in the CLI).
"""
from __future__ import annotations

import importlib
import math
import os
from pathlib import Path
from typing import NamedTuple

import numpy as np

from . import user_files
from .errors import StrategyError
from .game import Listing
from .ismcts import ISMCTS_PREFIX, parse_ismcts
from .search import MAX_ROLLOUTS, parse_search

ROLLOUTS = "rollouts"


def strategy_file_of(name: str) -> Path | None:
    """The strategy file a strategy name reads, if any: the name itself when it is a path (``my.toml``,
    ``out/tuned.toml``), or the base of a search player (``search:100:out/tuned.toml``); None for a
    built-in name. What ``check_targets`` compares a command's outputs with."""
    for prefix in ("search:", "ismcts:"):
        if name.startswith(prefix):
            name = name[len(prefix):].partition(":")[2]
    return Path(name) if name and (name.endswith(".toml") or "/" in name or os.sep in name) else None


def read_strategy_path(name: str) -> Path:
    """The file a strategy name that is a path names, checked by the core's reader (``simcore.user_files``:
    a regular file, links resolved once); ``StrategyError`` naming it otherwise."""
    try:
        return user_files.resolved(Path(name), "strategy file")
    except user_files.InputFileError as exc:
        raise StrategyError(str(exc)) from None


def read_strategy_toml(path: Path, shown: str | None = None) -> dict:
    """The table of a strategy file, read by the core's reader (bounded in size and depth before parsing);
    ``shown``: the path as the user typed it."""
    try:
        return user_files.read_toml(path, "strategy file", shown)
    except user_files.InputFileError as exc:
        raise StrategyError(str(exc)) from None


def unknown_strategy(what: str, name: str, builtins, searches: bool = False, tree: bool = False) -> str:
    """The message for a strategy name that is no built-in, no search player and no file: the names it
    could be, the closest first."""
    from simcore.names import unknown
    forms = [*builtins, *(["search:N"] if searches else []), *(["ismcts:N"] if tree else [])]
    return unknown(what, name, list(builtins), shown=forms, tail="or a path to a .toml file")


class Resolved(NamedTuple):
    """A strategy already read: its name and parameter vector. Chunks of games carry strategies this way
    to other processes and machines, where a strategy file may not exist."""
    name: str
    vector: np.ndarray


class StrategyFiles:
    def __init__(self, game: str, builtin_dir: Path, params_module, default_base: str):
        self.game, self.builtin_dir, self.P, self.default_base = game, Path(builtin_dir), params_module, default_base
        P = params_module
        self.kinds = {"random": P.KIND_RANDOM, "heuristic": P.KIND_HEURISTIC}
        self.searches = hasattr(P, "KIND_SEARCH") and hasattr(P, "P_ROLLOUTS")
        if self.searches:
            self.kinds["search"] = P.KIND_SEARCH
        self.tree_searches = self.searches and hasattr(P, "KIND_ISMCTS")
        if self.tree_searches:
            self.kinds["ismcts"] = P.KIND_ISMCTS
        self.search_kinds = {self.kinds[k] for k in ("search", "ismcts") if k in self.kinds}
        self.params = {name[2:].lower(): getattr(P, name) for name in dir(P)
                       if name.startswith("P_") and name not in ("P_KIND", "P_ROLLOUTS")}

    def builtin_names(self) -> list[str]:
        return sorted(p.stem for p in self.builtin_dir.glob("*.toml"))


    def path_of(self, name_or_path: str) -> Path:
        if name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path:
            return read_strategy_path(name_or_path)
        path = self.builtin_dir / f"{name_or_path}.toml"
        if path.exists():
            return path
        raise StrategyError(unknown_strategy(f"{self.game} strategy", name_or_path, self.builtin_names(), self.searches,
                                             self.tree_searches))


    def search_spec(self, name: str) -> tuple[str, str, np.ndarray] | None:
        """``search:N``: the default strategy searching N rollouts per decision; ``search:N:BASE``:
        strategy BASE searching; ``ismcts:N[:BASE]`` the same with the tree search (None for other names)."""
        if name.startswith("search:"):
            if not self.searches:
                raise StrategyError(f"strategy '{name}': {self.game} has no search player")
            (rollouts, base), kind, how = parse_search(name), self.P.KIND_SEARCH, "rollouts per decision"
        elif name.startswith(ISMCTS_PREFIX):
            if not self.tree_searches:
                raise StrategyError(f"strategy '{name}': {self.game} has no tree search player")
            (rollouts, base), kind = parse_ismcts(name), self.P.KIND_ISMCTS
            how = "tree iterations (ISMCTS) per decision"
        else:
            return None
        base = base or self.default_base
        vec = self.load_spec(base)[2]
        if vec[self.P.P_KIND] != self.P.KIND_HEURISTIC:
            raise StrategyError(f"strategy '{name}': a search player searches a heuristic, and {base} is not one")
        vec[self.P.P_KIND] = kind
        vec[self.P.P_ROLLOUTS] = rollouts
        return name, f"{base}, searching {rollouts:,} {how}", vec

    def load_spec(self, name_or_path: str, _seen: tuple[str, ...] = ()) -> tuple[str, str, np.ndarray]:
        """(name, description, parameter vector) of a built-in name, ``search:N`` or a strategy file."""
        searched = self.search_spec(name_or_path)
        if searched is not None:
            return searched
        path = self.path_of(name_or_path)
        where = user_files.display_path(Path(name_or_path)) if path != self.builtin_dir / f"{name_or_path}.toml" \
            else str(path)
        if str(path.resolve()) in _seen:
            raise StrategyError(f"{where}: field 'base': strategies that start from each other")
        data = read_strategy_toml(path, where)
        for key in data:
            if key not in ("name", "description", "kind", "base", "params"):
                raise StrategyError(f"{where}: field '{key}': unknown field")
        kind = data.get("kind", "heuristic")
        if kind not in self.kinds:
            raise StrategyError(f"{where}: field 'kind': expected one of {', '.join(self.kinds)}, got {kind!r}")
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise StrategyError(f"{where}: field 'params': expected a table of parameters")
        vec = np.zeros(self.P.N_PARAMS)
        is_default = path.resolve() == (self.builtin_dir / f"{self.default_base}.toml").resolve()
        if kind != "random" and not is_default:
            vec[:] = self.load_spec(data.get("base", self.default_base), _seen + (str(path.resolve()),))[2]
            if kind in ("search", "ismcts") and vec[self.P.P_KIND] != self.P.KIND_HEURISTIC:
                raise StrategyError(f"{where}: field 'base': a search strategy starts from a heuristic (its "
                                    f"rollouts and its own choice at each decision), got {data.get('base')!r}")
        elif kind == "random" and params:
            raise StrategyError(f"{where}: field 'params': a random strategy takes no parameters")
        vec[self.P.P_KIND] = self.kinds[kind]
        if self.searches:
            vec[self.P.P_ROLLOUTS] = 0          # a heuristic starting from a search strategy does not search
        if kind in ("search", "ismcts"):
            n = params.get(ROLLOUTS)
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ROLLOUTS:
                raise StrategyError(f"{where}: field 'params.{ROLLOUTS}': a search strategy needs its rollouts "
                                    f"per decision, an integer 1 to {MAX_ROLLOUTS:,}, got {n!r}")
            vec[self.P.P_ROLLOUTS] = n
        for name, val in params.items():
            if name == ROLLOUTS and kind in ("search", "ismcts"):
                continue
            if name == ROLLOUTS and self.searches:
                raise StrategyError(f"{where}: field 'params.{ROLLOUTS}': only a search strategy "
                                    f"(kind = \"search\" or \"ismcts\") has rollouts")
            if name not in self.params:
                raise StrategyError(f"{where}: field 'params.{name}': unknown parameter "
                                    f"(expected one of {', '.join(sorted(self.params))})")
            if isinstance(val, bool) or not isinstance(val, (int, float)) or not math.isfinite(val):
                raise StrategyError(f"{where}: field 'params.{name}': expected a finite number, got {val!r}")
            vec[self.params[name]] = float(val)
        if kind == "heuristic" and is_default and set(self.params) - set(params):
            raise StrategyError(f"{where}: field 'params.{sorted(set(self.params) - set(params))[0]}': the default "
                                f"strategy must set every parameter")
        return str(data.get("name", path.stem)), str(data.get("description", "")), vec


    def resolve(self, strategy) -> tuple[str, np.ndarray]:
        """(name, vector) of a name, a path or a parameter vector (the tuner's)."""
        if isinstance(strategy, (str, os.PathLike)):
            name, _, vec = self.load_spec(os.fspath(strategy))
            return name, vec
        if isinstance(strategy, Resolved):
            return strategy.name, strategy.vector
        vec = np.asarray(strategy, float)
        if vec.shape != (self.P.N_PARAMS,) or not np.all(np.isfinite(vec)):
            raise StrategyError(f"a {self.game} strategy vector must hold {self.P.N_PARAMS} finite numbers")
        return "vector", vec

    def resolved(self, strategy) -> Resolved:
        return Resolved(*self.resolve(strategy))

    def listing(self) -> list[tuple[str, str]]:
        """(name, description) of every built-in strategy (``strategies list``), and ``search:N``."""
        rows = [(name, self.load_spec(name)[1]) for name in self.builtin_names()]
        if self.searches:
            rows.append(("search:N", f"{self.default_base} everywhere but the decisions that matter, where it "
                                     f"plays each option out N times in all (Monte Carlo) and takes the best; "
                                     f"search:N:BASE searches heuristic BASE (e.g. search:100:tuned)"))
        if self.tree_searches:
            rows.append(("ismcts:N", f"{self.default_base} everywhere but the same decisions, where it grows one "
                                     f"search tree over N deals of what it cannot see, both sides' moves in it "
                                     f"(information-set MCTS); ismcts:N:BASE searches heuristic BASE"))
        return rows

    def show(self, name: str) -> tuple[str, str, list[tuple[str, float]]]:
        """(name, description, every parameter with its value, in row order) (``strategies show``); a
        search strategy's rollouts first."""
        shown, description, vec = self.load_spec(name)
        rows = [(p, float(vec[i])) for p, i in sorted(self.params.items(), key=lambda kv: kv[1])]
        if self.searches and vec[self.P.P_KIND] in self.search_kinds:
            rows.insert(0, (ROLLOUTS, float(vec[self.P.P_ROLLOUTS])))
        return shown, description, rows


class FileStrategies:
    """The strategy members of a game contract (``simcore.game.Game``) whose strategies are files read by one
    ``StrategyFiles``: ``strategies list`` and ``show``, and checking and resolving a name. The contract class
    derives from it and names the module that holds its ``FILES`` (``strategy_library``), imported when first
    asked: reading a contract compiles nothing."""
    strategy_library: str = ""

    def _strategy_files(self) -> StrategyFiles:
        return importlib.import_module(self.strategy_library).FILES

    def strategy_listing(self) -> Listing:
        return Listing(("STRATEGY", "DESCRIPTION"), self._strategy_files().listing())

    def strategy_lines(self, name: str) -> Listing:
        shown, description, params = self._strategy_files().show(name)
        return Listing(("PARAMETER", "VALUE"), [(p, f"{v:g}") for p, v in params], before=[f"{shown}: {description}"])

    def check_strategy(self, name) -> str:
        return self._strategy_files().resolve(name)[0]

    def resolve_strategy(self, name) -> Resolved:
        return self._strategy_files().resolved(name)
