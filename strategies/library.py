"""Strategies as data: TOML files naming a kind and parameters, compiled to a float row."""
from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from simcore.errors import CommandsimError
from simcore.tables import CardTables

from . import params as P
from .values import compile_row

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
KINDS = {"random": P.KIND_RANDOM, "heuristic": P.KIND_HEURISTIC}
PARAM_INDEX = {name[2:].lower(): getattr(P, name) for name in dir(P)
               if name.startswith("P_") and name != "P_KIND"}


class StrategyError(CommandsimError):
    pass


def builtin_names() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def _resolve(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix == ".toml" and path.exists():
        return path
    builtin = BUILTIN_DIR / f"{name_or_path}.toml"
    if builtin.exists():
        return builtin
    raise StrategyError(f"unknown strategy '{name_or_path}': expected one of {', '.join(builtin_names())} "
                        f"or a path to a .toml file")


def load_params(name_or_path: str) -> tuple[str, np.ndarray]:
    """(name, parameter vector) of a built-in strategy name or a strategy file."""
    path = _resolve(name_or_path)
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise StrategyError(f"{path}: malformed TOML: {exc}") from None
    kind = data.get("kind", "heuristic")
    if kind not in KINDS:
        raise StrategyError(f"{path}: field 'kind': expected one of {', '.join(KINDS)}, got {kind!r}")
    vec = np.zeros(P.N_PARAMS)
    vec[P.P_KIND] = KINDS[kind]
    base = {} if kind == "random" else tomllib.loads((BUILTIN_DIR / "balanced.toml").read_text())["params"]
    for key, val in {**base, **data.get("params", {})}.items():
        if key not in PARAM_INDEX:
            raise StrategyError(f"{path}: field 'params.{key}': unknown parameter "
                                f"(expected one of {', '.join(sorted(PARAM_INDEX))})")
        if not isinstance(val, (int, float)) or isinstance(val, bool):
            raise StrategyError(f"{path}: field 'params.{key}': expected a number, got {val!r}")
        vec[PARAM_INDEX[key]] = float(val)
    return str(data.get("name", path.stem)), vec


def strategy_rows(names: tuple[str, str], tables: CardTables) -> np.ndarray:
    """float64[2, N_PARAMS + n_types]: the compiled strategies of seat 0 and seat 1."""
    return np.stack([compile_row(load_params(n)[1], tables) for n in names])
