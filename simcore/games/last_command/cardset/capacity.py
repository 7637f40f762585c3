"""Whether a card set fits the engine: its piles, its card tables and its effect table.

Every pile of a game (decks, discards, hand, Systems, Stationed Crew, the Market, the
Malfunction supply, the Scrap pile, the Solo A.I.'s Market deck) holds physical cards, and a
card is in exactly one pile at any time (``simcore.games.last_command.invariants`` checks this after every
phase). So no pile, and no list of decision candidates (distinct cards of one player, see
``simcore.games.last_command.players.policy``), can hold more cards than the game has: the Market System cards, the
Market Crew and the Malfunctions, plus two starting decks. The piles are ``CAP`` long, so a set
whose largest game exceeds ``CAP`` is refused before any game is played, naming the card that
took it over the limit.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from .. import tables as T
from .model import Card
from ..layout import CAP
from simcore.errors import CardDataError


def starting_deck(card: Card) -> list[tuple[str, str]]:
    """The (faction, variant) starting decks ``card`` belongs to; none for a Market card or a
    Malfunction. Starting Crew serve both variants (the asymmetrical set replaces only Systems)."""
    if card.faction is None:
        return []
    if card.kind == "crew":
        return [(card.faction, "standard"), (card.faction, "asymmetrical")]
    return [(card.faction, card.start_set)]


class GameSize:
    """The most physical cards one game of a card set can hold, built up card by card."""

    def __init__(self):
        self.shared = 0                                  # Market Systems, Market Crew, Malfunctions
        self.decks: dict[tuple[str, str], int] = defaultdict(int)

    def add(self, card: Card) -> None:
        decks = starting_deck(card)
        if not decks:
            self.shared += card.count
        for deck in decks:
            self.decks[deck] += card.count

    @property
    def largest_deck(self) -> int:
        return max(self.decks.values(), default=0)

    @property
    def total(self) -> int:
        # two starting decks: any two of them, a faction against itself included (replay allows it)
        return self.shared + 2 * self.largest_deck


def game_size(cards: Sequence[Card]) -> GameSize:
    size = GameSize()
    for card in cards:
        size.add(card)
    return size


def check_capacity(cards: Sequence[Card]) -> GameSize:
    """The set's ``GameSize``; raises ``CardDataError`` naming the card type beyond ``MAX_TYPES``, or
    the card with which a game could hold more than ``CAP`` cards: the starting cards are counted
    first, then the others in load order (an override keeps the place of the card it replaces, a
    new card comes last), so the message's figures hold the full starting decks."""
    if len(cards) > T.MAX_TYPES:
        card = cards[T.MAX_TYPES]
        raise CardDataError(card.source, card.name, None,
                            f"card type number {T.MAX_TYPES + 1} of the set: the engine holds at most "
                            f"{T.MAX_TYPES} card types (simcore/games/last_command/tables.py MAX_TYPES)")
    size = GameSize()
    for card in sorted(cards, key=lambda c: not starting_deck(c)):   # a stable sort keeps load order
        size.add(card)
        if size.total > CAP:
            raise CardDataError(card.source, card.name, "count",
                                f"with this card a game holds up to {size.total} cards (Market, Crew and "
                                f"Malfunctions {size.shared}, two starting decks of up to {size.largest_deck}); "
                                f"the engine's piles hold at most {CAP} cards (simcore/games/last_command/layout.py CAP): "
                                f"lower the counts or remove cards")
    return size


def check_effect_rows(card: Card, rows: int) -> None:
    """Raises naming ``card`` when the effect table has grown past ``MAX_EFF_ROWS`` with its effects."""
    if rows > T.MAX_EFF_ROWS:
        raise CardDataError(card.source, card.name, None,
                            f"with this card's effects the set compiles to {rows} effect rows: the engine holds "
                            f"at most {T.MAX_EFF_ROWS} (simcore/games/last_command/tables.py MAX_EFF_ROWS)")
