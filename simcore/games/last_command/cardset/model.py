"""Validated card data: what the loader hands to the compiler and the CLI."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Effect:
    """One validated effect: op name, its arguments in registry order, CHOICE options."""
    op: str
    args: tuple[tuple[str, int | str], ...] = ()
    options: tuple[tuple["Effect", ...], ...] = ()


@dataclass(frozen=True, eq=False)
class Card:
    """One validated card type, with defaults filled in."""
    key: str
    name: str
    kind: str
    count: int
    source: str                              # the file, as shown in messages
    system: str | None = None
    expertise: str | None = None
    rank: str | None = None
    faction: str | None = None
    start_set: str | None = None
    credit_cost: int = 0
    power_cost: int = 0
    requirement: dict | None = None          # {"req": ..., "n": ...} / {"req": ..., "expertise": ...}
    main: tuple[Effect, ...] = ()
    covering: tuple[Effect, ...] = ()
    ongoing: tuple[Effect, ...] = ()
    bonus: dict = field(default_factory=dict)        # expertise -> tuple[Effect, ...]
    bonus_mode: dict = field(default_factory=dict)   # expertise -> "once" | "per_crew"
    malfunction: dict | None = None          # {"replacement_draw": bool, "returns": str}
    text: str = ""
    ability: str | None = None
    estimated: tuple[str, ...] = ()
    stated: tuple[str, ...] = ()
    raw: dict = field(default_factory=dict)  # the TOML table as written

    @property
    def is_starting(self) -> bool:
        return self.start_set is not None


def card_key(name: str, start_set: str | None) -> str:
    """Asymmetrical starting cards share names with standard ones, so their key says so."""
    return f"{name} (asymmetrical)" if start_set == "asymmetrical" else name
