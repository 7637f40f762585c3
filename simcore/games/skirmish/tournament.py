"""Tournament entries of the skirmish game, and how one pair of them is played (a
``reports.tournament.PairPlayer``): an entry is a skirmish strategy (a built-in name or a .toml
file). Each pair plays ``games / 4`` seeds four times, each entry deploying first and, when the two
forces differ, each entry with each force."""
from __future__ import annotations

from dataclasses import dataclass

from reports.tournament import count_both_ways
from simcore.errors import CommandsimError
from strategies.skirmish.library import load_spec

from .data import compile_sets
from .setup import DEFAULT_MAX_TURNS, Matchup
from .simulate import play_games


def check_entry(entry: str) -> str:
    """Raises ``CommandsimError`` naming the entry when it is no skirmish strategy."""
    if entry.lower().startswith("ai:"):
        raise CommandsimError(f"entry '{entry}': the skirmish has no rulebook A.I.; entries are strategies")
    load_spec(entry)
    return entry


def check_games(games: int) -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"games per pair must be a multiple of 4 (each seed with both seat orders and "
                              f"both force assignments), got {games}")
    return games


@dataclass
class SkirmishPairs:
    """The first entry's (wins, losses, draws) against the second with ``forces`` and ``command_sets``
    (seat 0's first)."""
    forces: tuple[str, str]
    command_sets: tuple[str, str]
    data: object            # the SkirmishData of load_data(--cards): tables compile per seat order of the sets
    max_turns: int = DEFAULT_MAX_TURNS
    threads: int | None = None

    def __call__(self, a: str, b: str, games: int, seed: int) -> tuple[int, int, int]:
        check_games(games)
        sides = ((self.forces, self.command_sets), (self.forces[::-1], self.command_sets[::-1]))

        def play_side(side, a_first, seeds, seed):
            (force_a, force_b), (set_a, set_b) = side
            order = ((force_a, force_b), (set_a, set_b)) if a_first else ((force_b, force_a), (set_b, set_a))
            m = Matchup(order[0], order[1], max_turns=self.max_turns)
            tables = compile_sets(self.data, order[1])
            rec = play_games(seeds, seed, m, (a, b) if a_first else (b, a), tables, self.threads)
            return rec.games["winner"].astype(str)

        return count_both_ways(play_side, a, b, games // 4, seed, sides)
