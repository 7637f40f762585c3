"""Restricted play (``commandsim impact``, ``advise``'s impact targets): what a seat may not take, or must.

Its own file, below the game contract and the advisor's types, which both use it."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import CommandsimError


@dataclass(frozen=True)
class Restriction:
    """Restricted play (``commandsim impact``): per seat (seat 0 moves first), the cards that seat never buys or
    chooses (``banned``) and the cards it buys whenever it can (``forced``), by the names the game's
    ``bannable`` hook lists. Everything else plays as its strategy says; the rules do not change. The game
    hands it to its engine as data beside the strategy rows (numbers per card type; an empty restriction
    plays byte for byte as no restriction)."""
    banned: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    forced: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @classmethod
    def seat(cls, seat: int, banned: Sequence[str] = (), forced: Sequence[str] = ()) -> "Restriction":
        """``banned`` / ``forced`` for ``seat`` alone."""
        b: list[tuple[str, ...]] = [(), ()]
        f: list[tuple[str, ...]] = [(), ()]
        b[seat], f[seat] = tuple(banned), tuple(forced)
        return cls((b[0], b[1]), (f[0], f[1]))

    def __bool__(self) -> bool:
        return any(self.banned) or any(self.forced)

    def codes(self, names: Sequence[str], bannable: Sequence[str]) -> list[dict[int, str]]:
        """Per seat, {index in ``names``: "ban" | "force"} (the game's card-type order); ``CommandsimError``
        for a name that is not one of ``bannable``."""
        index = {n: i for i, n in enumerate(names)}
        allowed = set(bannable)
        out: list[dict[int, str]] = [{}, {}]
        for kind, per_seat in (("ban", self.banned), ("force", self.forced)):
            for p, cards in enumerate(per_seat):
                for name in cards:
                    if name not in allowed or name not in index:
                        raise CommandsimError(f"card '{name}' cannot be restricted: expected one of the cards a "
                                              f"player acquires or chooses ({', '.join(bannable)})")
                    out[p][index[name]] = kind
        return out
