"""Star Realms for the balance advisor (``commandsim advise --game star-realms``): its card set, edit
space (``edits.py``) and targets.

Targets (a component's score per seed, as in ``simcore.advice``):

* ``"alliance vs standard = 50%"``: the Alliance Command Deck's score against a standard start, each
  seed played with the Alliance first and second (``command-vs-standard``);
* ``"first player = 50%"``: the first seat's score in the standard mirror (``first player alliance``:
  in the Alliance mirror, ``commander-duel``), one game per seed.

The proposal is re-checked with a strategy re-tuned on the edited cards (``reports.advisor.advise.retune``, through
``tune --game star-realms``): in the match-up target's duel (``alliance,standard``, both deck
assignments) or in the first-player target's mirror.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from simcore.advice import CardSet, Component, Target, TargetError, percent
from simcore.card_patch import entry_toml, patch_text

from .card_data import find_card, load_card_list
from .edits import apply_edits, edited_tables, single_edits
from .setup import DEFAULT_MAX_TURNS, SRMatchup
from .simulate import play_games

DECKS = ("alliance", "standard")
MIRROR_MODE = {"standard": "standard", "alliance": "commander-duel"}
TARGET_FORMS = ("'alliance vs standard = <percent>%' (the Alliance deck against a standard start) or "
                "'first player [standard|alliance] = <percent>%'")
RECHECK = "commandsim sweep --game star-realms --cards PATCH"


def parse_target(text: str, max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """A Star Realms target from its text (``TARGET_FORMS``); raises ``TargetError``."""
    if text.count("=") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    left, right = text.split("=")
    goal = percent(right, "--target")
    words = re.sub(r"[-\s]+", " ", left.strip().lower()).split()
    if words[:2] == ["first", "player"]:
        rest = [w for w in words[2:] if w != "advantage"]
        if len(rest) > 1 or (rest and rest[0] not in MIRROR_MODE):
            raise TargetError(f"--target: the first-player target takes at most a deck ({', '.join(DECKS)}), "
                              f"got '{text}'")
        deck = rest[0] if rest else "standard"
        mirror = SRMatchup((deck, deck), MIRROR_MODE[deck], max_turns)
        comp = Component(f"first player ({deck} mirror)", goal, ((mirror, 0),))
        return Target((comp,), text.strip(), ((deck, deck), max_turns),
                      f"{RECHECK}   (the {MIRROR_MODE[deck]} rows, seat first)", play_games)
    if words not in (["alliance", "vs", "standard"], ["standard", "vs", "alliance"]):
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    subject, opponent = words[0], words[2]
    mode = "command-vs-standard"
    first = SRMatchup((subject, opponent), mode, max_turns)
    second = SRMatchup((opponent, subject), mode, max_turns)
    comp = Component(f"{subject} vs {opponent}", goal, ((first, 0), (second, 1)))
    # the tuner's matchup (its tuning space's ``_sr_matchup``): both deck assignments are played
    return Target((comp,), text.strip(), ((subject, opponent), max_turns),
                  f"{RECHECK}   (the {mode} rows, deck {subject})", play_games)


@dataclass
class StarRealmsCards(CardSet):
    decks: dict = field(default_factory=dict)
    game: str = "star-realms"
    strategy_library = "simcore.games.star_realms.players.library"

    def edits(self, allow_stated, only):
        return single_edits(self.cards, allow_stated=allow_stated, only=only)

    def tables(self, edits=()):
        return edited_tables(self.cards, self.decks, edits)

    def patch(self, edits, header, notes):
        edited = apply_edits(self.cards, edits)
        return patch_text(((c.key, entry_toml("[[card]]", c.raw)) for c, o in zip(edited, self.cards) if c is not o),
                          header, notes)

    def keys(self, names):
        return tuple(find_card(self.cards, n).name for n in names)

    def target(self, text, max_turns):
        return parse_target(text, max_turns or DEFAULT_MAX_TURNS)


def star_realms_cards(cards_path: Path | None = None) -> StarRealmsCards:
    """The registry's advisor hook: the shipped cards and decks with ``--cards`` merged in."""
    cards, decks = load_card_list(overrides=cards_path)
    return StarRealmsCards(cards, decks=decks)
