"""Tournament entries of Star Realms, and how one pair of them is played (a ``reports.tournament.PairPlayer``).

An entry is a Star Realms strategy: a built-in name or a strategy .toml file (Star Realms has no rulebook
A.I. to enter). Each pair plays ``games / 4`` seeds four times: each entry moving first, and, when the two
decks differ, each entry on each deck; every pair plays the same seeds, so the matrix's cells are paired.
"""
from __future__ import annotations

from dataclasses import dataclass

from reports.tournament import count_both_ways
from simcore.errors import CommandsimError
from strategies.star_realms.library import load_spec

from .card_data import SRTables
from .setup import DEFAULT_MAX_TURNS, MODES, SRMatchup
from .simulate import play_games


def check_entry(entry: str) -> str:
    """Raises ``CommandsimError`` naming the entry when it is no Star Realms strategy."""
    if entry.lower().startswith("ai:"):
        raise CommandsimError(f"entry '{entry}': Star Realms has no rulebook A.I.; entries are strategies")
    load_spec(entry)        # StrategyError (a CommandsimError) names the file or the unknown name
    return entry


def check_games(games: int) -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"games per pair must be a multiple of 4 (each seed with both seat orders and "
                              f"both deck assignments), got {games}")
    return games


@dataclass
class StarRealmsPairs:
    """The first entry's (wins, losses, draws) against the second in a duel of ``decks``."""
    decks: tuple[str, str]
    tables: SRTables
    max_turns: int = DEFAULT_MAX_TURNS
    threads: int | None = None

    def __call__(self, a: str, b: str, games: int, seed: int) -> tuple[int, int, int]:
        check_games(games)

        def play_side(decks_ab, a_first, seeds, seed):
            deck_a, deck_b = decks_ab
            decks = (deck_a, deck_b) if a_first else (deck_b, deck_a)
            mode = MODES[sum(d != "standard" for d in decks)]
            rec = play_games(seeds, seed, SRMatchup(decks, mode, self.max_turns), (a, b) if a_first else (b, a),
                             self.tables, self.threads, keep_bought=False)
            return rec.games["winner"].astype(str)

        return count_both_ways(play_side, a, b, games // 4, seed, (self.decks, self.decks[::-1]))
