"""Strategy files of any game whose strategies are one float row of named parameters: a kind
("heuristic" or "random"), a base strategy it starts from, and parameters. A game's
``strategies/<game>/library.py`` makes one ``StrategyFiles`` over its ``builtin/`` folder and its
``params`` module (``N_PARAMS``, ``P_KIND``, ``KIND_*`` and one ``P_<NAME>`` per parameter).

Every mistake is a ``StrategyError`` naming the file and the field (exit code 2 in the CLI).
"""
from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path

import numpy as np

from simcore.errors import StrategyError


class StrategyFiles:
    def __init__(self, game: str, builtin_dir: Path, params_module, default_base: str):
        self.game, self.builtin_dir, self.P, self.default_base = game, Path(builtin_dir), params_module, default_base
        P = params_module
        self.kinds = {"random": P.KIND_RANDOM, "heuristic": P.KIND_HEURISTIC}
        self.params = {name[2:].lower(): getattr(P, name) for name in dir(P)
                       if name.startswith("P_") and name != "P_KIND"}

    def builtin_names(self) -> list[str]:
        return sorted(p.stem for p in self.builtin_dir.glob("*.toml"))


    def path_of(self, name_or_path: str) -> Path:
        if name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path:
            if Path(name_or_path).is_file():
                return Path(name_or_path)
            raise StrategyError(f"{name_or_path}: no such strategy file")
        path = self.builtin_dir / f"{name_or_path}.toml"
        if path.exists():
            return path
        raise StrategyError(f"unknown {self.game} strategy '{name_or_path}': expected one of "
                            f"{', '.join(self.builtin_names())} or a path to a .toml file")


    def load_spec(self, name_or_path: str, _seen: tuple[str, ...] = ()) -> tuple[str, str, np.ndarray]:
        """(name, description, parameter vector) of a built-in name or a strategy file."""
        path = self.path_of(name_or_path)
        where = str(path)
        if str(path.resolve()) in _seen:
            raise StrategyError(f"{where}: field 'base': strategies that start from each other")
        try:
            data = tomllib.loads(path.read_text())
        except tomllib.TOMLDecodeError as exc:
            raise StrategyError(f"{where}: malformed TOML: {exc}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise StrategyError(f"{where}: cannot read the strategy file: {exc}") from None
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
        if kind == "heuristic" and not is_default:
            vec[:] = self.load_spec(data.get("base", self.default_base), _seen + (str(path.resolve()),))[2]
        elif kind == "random" and params:
            raise StrategyError(f"{where}: field 'params': a random strategy takes no parameters")
        vec[self.P.P_KIND] = self.kinds[kind]
        for name, val in params.items():
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
        vec = np.asarray(strategy, float)
        if vec.shape != (self.P.N_PARAMS,) or not np.all(np.isfinite(vec)):
            raise StrategyError(f"a {self.game} strategy vector must hold {self.P.N_PARAMS} finite numbers")
        return "vector", vec

    def listing(self) -> list[tuple[str, str]]:
        """(name, description) of every built-in strategy (``strategies list``)."""
        return [(name, self.load_spec(name)[1]) for name in self.builtin_names()]

    def show(self, name: str) -> tuple[str, str, list[tuple[str, float]]]:
        """(name, description, every parameter with its value, in row order) (``strategies show``)."""
        shown, description, vec = self.load_spec(name)
        return shown, description, [(p, float(vec[i])) for p, i in sorted(self.params.items(), key=lambda kv: kv[1])]
