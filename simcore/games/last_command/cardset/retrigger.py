"""Cards that can re-trigger themselves: what ``cards validate`` warns of, naming the card.

A free play (``play_free``) is consumed as it is used, so a chain of free plays ends unless the cards it
plays grant free plays again and come back to the hand. Validation sees three ways a System card's one
play (its main Ability on any path through its ORs, with its covering Ability) can bring that about:

* it plays a card free and draws: with the decks empty a draw reshuffles the cards in play, itself too,
  into the deck, and the free play may play it again;
* it plays a card free and takes cards back to the hand (``take_own``, which never takes from its own
  System), and a card in another System takes it back in turn: one that also does both, or a Corsair
  (``copy``) that copies it and so does both from its own System (issue 46's fuzz0 with Keshran Corsair);
* it plays two cards free or more, and a card of another System takes cards back.

Such a game ends at the engine's bound of plays per turn, as a draw (``bounds.MAX_PLAYS_PER_TURN``). A
Malfunction's top Ability runs only simple effects (no draw, no free play), and a Crew card is never
played free nor taken back from play, so neither starts a chain on its own.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from ..bounds import MAX_PLAYS_PER_TURN
from .model import Card, Effect

RETURNS = ("take_own",)          # takes played cards (uncovered, other Systems) back to the hand


def _paths(effects: Iterable[Effect]) -> list[list[str]]:
    """The op names of each way an effect list can resolve (one option of every OR)."""
    paths: list[list[str]] = [[]]
    for e in effects:
        if e.op == "choice":
            options = [p for option in e.options for p in _paths(option)]
            paths = [a + b for a, b in product(paths, options)]
        else:
            paths = [a + [e.op] for a in paths]
    return paths


def play_paths(card: Card) -> list[list[str]]:
    """The op names one play of ``card`` can resolve: a main path, with a covering path when it covers."""
    main = _paths(card.main)
    return [m + c for m, c in product(main, _paths(card.covering))] if card.covering else main


def _has(card: Card, *ops: str, free_plays: int = 1) -> bool:
    """Some play of ``card`` resolves each of ``ops`` and at least ``free_plays`` play_free rows."""
    return any(p.count("play_free") >= free_plays and all(op in p for op in ops) for p in play_paths(card))


def retrigger_warnings(cards: list[Card]) -> list[str]:
    """One line per System card of the set that can re-trigger itself (module docstring), naming it and the
    card that closes the chain; empty for the shipped cards."""
    systems = [c for c in cards if c.kind == "system"]
    copiers = [c for c in systems if any(e.op == "copy" for e in c.main)]
    bound = (f"a game in which it does ends at the bound of {MAX_PLAYS_PER_TURN:,} plays per turn, as a draw "
             f"(docs/reliability.md)")
    lines = []
    for c in systems:
        if c in copiers:
            continue
        if _has(c, "draw"):
            lines.append(f"warning: card '{c.key}' ({c.source}) can re-trigger itself: one play of it draws and "
                         f"plays a card free, and with the decks empty a draw reshuffles it from play into the deck; "
                         f"{bound}.")
            continue
        others = [o for o in systems if o.system != c.system]
        partner = next((o for o in others if o in copiers or _has(o, *RETURNS)), None)
        if partner is not None and _has(c, *RETURNS):
            how = "copies it from another System" if partner in copiers else "does the same from another System"
            lines.append(f"warning: card '{c.key}' ({c.source}) can re-trigger itself: one play of it takes played "
                         f"cards back to the hand (take_own) and plays a card free, and '{partner.key}' {how}, so "
                         f"each can take the other back for ever; {bound}.")
            continue
        partner = next((o for o in others if any(r in p for p in play_paths(o) for r in RETURNS)), None)
        if partner is not None and _has(c, free_plays=2):
            lines.append(f"warning: card '{c.key}' ({c.source}) can re-trigger itself: one play of it plays two "
                         f"cards free, and '{partner.key}' (another System) takes played cards back to the hand; "
                         f"{bound}.")
    return lines
