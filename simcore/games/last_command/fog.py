"""Fog of War files: the starting hands and extra starting cards players agree on before a game
(rulebook, Gameplay Variants: "Build your own starting hands, draw cards blind, or do a little bit
of both! You can also agree to start with more than the standard 3 cards per set").

A file gives one section per seat or per faction::

    [first]                      # the seat that moves first (or [federation] / [sunder])
    hand = ["Cadet Fitz", "Nuclear Reactor"]   # chosen starting cards
    extra = ["Engineer Ensign"]  # more starting cards (Market cards leave the Market)
    draw = 2                     # cards then drawn blind (default: 3 minus the chosen ones)
    [second]
    extra = ["Tri Laser"]

Seat sections follow the seat whichever faction sits there; faction sections follow the faction
whichever seat it takes, so a sweep that swaps seats plays the start the file describes.  A file
holds seat sections or faction sections, not both.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from simcore.user_files import InputFileError, read_toml
from .tables import CardTables, FACTIONS

from .setup import FogOfWar, Matchup, MatchupError, build_setup

SEATS = ("first", "second")
FIELDS = ("hand", "extra", "draw")


@dataclass(frozen=True)
class FogFile:
    """A Fog of War file, read and checked for its shape; ``apply`` sets a matchup up from it."""
    path: Path
    seats: dict        # "first" / "second" -> FogOfWar
    factions: dict     # faction -> FogOfWar

    @property
    def name(self) -> str:
        """What the ``variant`` column calls games set up from this file (after ``+fog:``)."""
        return self.path.name

    def apply(self, matchup: Matchup) -> Matchup:
        """``matchup`` with this file's starts for its seats, and the file's name in its variant."""
        if self.seats:
            fog = (self.seats.get("first"), self.seats.get("second"))
        else:
            fog = (self.factions.get(matchup.factions[0]), self.factions.get(matchup.factions[1]))
        return replace(matchup, fog=fog, fog_name=self.name)

    def check(self, tables: CardTables, matchups) -> None:
        """Set up every matchup once, so that a card the file cannot have (unknown, gone from the
        Market, another faction's) is reported before any game is played."""
        for m in matchups:
            try:
                m.validate()
                build_setup(tables, m)
            except MatchupError as exc:
                text = str(exc)
                raise MatchupError(text if text.startswith(str(self.path)) else f"{self.path}: {text}") from None


def read_fog(path) -> FogFile:
    """Read a Fog of War file; ``MatchupError`` names the file, section and field of a mistake."""
    path = Path(path)
    try:   # the core's reader: a regular file (no FIFO waited on, no link loop), bounded before parsing
        data = read_toml(path, "Fog of War file", str(path))
    except InputFileError as exc:
        raise MatchupError(str(exc)) from None
    known = SEATS + tuple(FACTIONS)
    unknown = [k for k in data if k not in known]
    if unknown:
        raise MatchupError(f"{path}: unknown section(s) {', '.join(sorted(unknown))} (expected {', '.join(known)})")
    if not data:
        raise MatchupError(f"{path}: no sections: expected [first] / [second] or [{'] / ['.join(FACTIONS)}]")
    if any(k in SEATS for k in data) and any(k in FACTIONS for k in data):
        raise MatchupError(f"{path}: sections by seat ({', '.join(k for k in data if k in SEATS)}) and by faction "
                           f"({', '.join(k for k in data if k in FACTIONS)}) mixed: use one or the other")
    fogs = {section: _section(path, section, d) for section, d in data.items()}
    return FogFile(path, {k: v for k, v in fogs.items() if k in SEATS},
                   {k: v for k, v in fogs.items() if k in FACTIONS})


def _section(path: Path, section: str, d) -> FogOfWar:
    where = f"{path}: section '{section}'"
    if not isinstance(d, dict):
        raise MatchupError(f"{where}: expected a table [{section}] with fields {', '.join(FIELDS)}")
    unknown = [k for k in d if k not in FIELDS]
    if unknown:
        raise MatchupError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} (expected {', '.join(FIELDS)})")
    for key in ("hand", "extra"):
        value = d.get(key, [])
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise MatchupError(f"{where}, field '{key}': expected a list of card names, got {value!r}")
    draw = d.get("draw")
    if draw is not None and (not isinstance(draw, int) or isinstance(draw, bool) or draw < 0):
        raise MatchupError(f"{where}, field 'draw': expected a whole number >= 0, got {draw!r}")
    return FogOfWar(tuple(d.get("hand", [])), tuple(d.get("extra", [])), draw, where)
