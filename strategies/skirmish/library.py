"""Skirmish strategy files: a kind and parameters, compiled to a float row per seat.

    name = "my-plan"
    kind = "heuristic"            # or "random"
    base = "reserve"              # optional (default reserve): the parameters it starts from
    [params]
    w_damage = 2.5

Every mistake is a ``StrategyError`` naming the file and the field (exit code 2 in the CLI).
"""
from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path

import numpy as np

from strategies.last_command.library import StrategyError

from . import params as P

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
KINDS = {"random": P.KIND_RANDOM, "heuristic": P.KIND_HEURISTIC}
PARAMS = {name[2:].lower(): getattr(P, name) for name in dir(P) if name.startswith("P_") and name != "P_KIND"}
DEFAULT_BASE = "reserve"


def builtin_names() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def _resolve(name_or_path: str) -> Path:
    if name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path:
        if Path(name_or_path).is_file():
            return Path(name_or_path)
        raise StrategyError(f"{name_or_path}: no such strategy file")
    path = BUILTIN_DIR / f"{name_or_path}.toml"
    if path.exists():
        return path
    raise StrategyError(f"unknown skirmish strategy '{name_or_path}': expected one of "
                        f"{', '.join(builtin_names())} or a path to a .toml file")


def load_spec(name_or_path: str, _seen: tuple[str, ...] = ()) -> tuple[str, str, np.ndarray]:
    """(name, description, parameter vector) of a built-in name or a strategy file."""
    path = _resolve(name_or_path)
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
    if kind not in KINDS:
        raise StrategyError(f"{where}: field 'kind': expected one of {', '.join(KINDS)}, got {kind!r}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise StrategyError(f"{where}: field 'params': expected a table of parameters")
    vec = np.zeros(P.N_PARAMS)
    is_default = path.resolve() == (BUILTIN_DIR / f"{DEFAULT_BASE}.toml").resolve()
    if kind == "heuristic" and not is_default:
        vec[:] = load_spec(data.get("base", DEFAULT_BASE), _seen + (str(path.resolve()),))[2]
    elif kind == "random" and params:
        raise StrategyError(f"{where}: field 'params': a random strategy takes no parameters")
    vec[P.P_KIND] = KINDS[kind]
    for name, val in params.items():
        if name not in PARAMS:
            raise StrategyError(f"{where}: field 'params.{name}': unknown parameter "
                                f"(expected one of {', '.join(sorted(PARAMS))})")
        if isinstance(val, bool) or not isinstance(val, (int, float)) or not math.isfinite(val):
            raise StrategyError(f"{where}: field 'params.{name}': expected a finite number, got {val!r}")
        vec[PARAMS[name]] = float(val)
    if kind == "heuristic" and is_default and set(PARAMS) - set(params):
        raise StrategyError(f"{where}: field 'params.{sorted(set(PARAMS) - set(params))[0]}': the default "
                            f"strategy must set every parameter")
    return str(data.get("name", path.stem)), str(data.get("description", "")), vec


def resolve(strategy) -> tuple[str, np.ndarray]:
    """(name, vector) of a name, a path or a parameter vector (the tuner's)."""
    if isinstance(strategy, (str, os.PathLike)):
        name, _, vec = load_spec(os.fspath(strategy))
        return name, vec
    vec = np.asarray(strategy, float)
    if vec.shape != (P.N_PARAMS,) or not np.all(np.isfinite(vec)):
        raise StrategyError(f"a skirmish strategy vector must hold {P.N_PARAMS} finite numbers")
    return "vector", vec


def strategy_rows(strategies) -> tuple[tuple[str, str], np.ndarray]:
    """Names and float64[2, N_PARAMS]: each seat's parameters."""
    names, rows = [], []
    for s in strategies:
        name, vec = resolve(s)
        names.append(name)
        rows.append(vec)
    return tuple(names), np.stack(rows)
