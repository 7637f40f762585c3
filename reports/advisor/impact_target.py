"""Targets on a card's impact by restricted play (``reports.impact``), in every game: ``"impact of Repair Bot at
most 3 points"``.

* ``impact of <card> [for <side>] <goal>``, the goal in points: ``at most 3 points``, ``at least 2``, ``2-6 points``
  (``-2 to 2 points``), ``4 points``; the card named as the game prints it (any case);
* optionally after a match-up and a colon (``"federation vs sunder: impact of Railgun at most 5 points"``, each side
  optionally followed by its variant): each side of it against the other; else the sides ``commandsim impact``
  measures (the game's ``impact_sides`` hook);
* ``for <side>``: that side's impact alone; else "both", the mean over the sides (``reports.impact``'s).

A card no player acquires or chooses, or one the side never takes (Star Realms' gambits without the Alliance deck,
a skirmish command outside the force's command set), is refused: its impact would be 0 by construction.

The component (``simcore.advice.Component``, measure ``IMPACT``) holds each subject side's two games (its seat first
and second: ``reports.impact.impact_pairs``' orders) and the card. ``Target.measure`` plays each game as it is
(shared with any other component that reads it) and with the subject's seat forbidden the card, and a seed's value
is the subject's score lost, in points, averaged over its games and sides: on the same seeds and strategy the very
number ``commandsim impact`` reads (``Impact.diffs``, x100). Its distance from the goal weighs as a win rate's
(``scale`` 100: a point of impact is a point of a win rate). The re-check is ``commandsim impact`` on the patch
with the same card, match-up and side.
"""
from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import Any

import numpy as np

from simcore.advice import IMPACT, Component, TargetError
from simcore.errors import CommandsimError
from simcore.game import Game, hooks
from simcore.games.registry import DEFAULT_GAME
from simcore.names import did_you_mean, unknown

IMPACT_FORMS = ("'impact of <card> [for <side>] at most 3 points' (or 'at least N', 'N-M points'), optionally after "
                "a match-up and a colon")
_NUMBER = r"[-+]?[0-9]+(?:\.[0-9]+)?"
_GOAL = (rf"(?:(?P<bound>at\s+most|at\s+least)\s+(?P<x>{_NUMBER})|(?P<lo>{_NUMBER})\s*(?:-|–|to)\s*(?P<hi>{_NUMBER})"
         rf"|=?\s*(?P<at>{_NUMBER}))\s*(?:points?|pts?)?")
_TARGET = re.compile(rf"impact\s+of\s+(?P<name>.+?)\s+{_GOAL}", re.IGNORECASE)


def is_impact(text: str) -> bool:
    """Whether a target's text (without its match-up) is an impact target."""
    return re.match(r"\s*impact\s+of\b", text, re.IGNORECASE) is not None


class ImpactTargets:
    """Reads a game's impact targets: against its cards as played (``--cards``: ``tables``, the game's own,
    loaded when the first impact target is read), its turn cap and ``strategy`` (named in the re-check when it is
    not the game's default)."""

    def __init__(self, game: Game, cards_path=None, max_turns: int | None = None, strategy: str | None = None):
        self.game, self.cards_path, self.strategy = game, cards_path, strategy
        self.max_turns = max_turns or game.info.max_turns
        self._tables: Any = None

    @property
    def tables(self):
        if self._tables is None:
            self._tables = self.game.load_tables([self.cards_path] if self.cards_path is not None else [])
        return self._tables

    def read(self, body: str, prefix: str, text: str) -> tuple[Component, str]:
        """(the component, its re-check command) of an impact target (``body``, ``IMPACT_FORMS``) over the match-up
        ``prefix`` ("" for none); ``text``: the target as given, for messages. Raises ``TargetError``."""
        from reports.impact import impact_pairs

        info = self.game.info
        m = _TARGET.fullmatch(body.strip())
        if m is None:
            raise TargetError(f"--target: expected {IMPACT_FORMS}, got '{text.strip()}'")
        card, side = self._card_and_side(m.group("name").strip(), text)
        low, high, goal = _goal(m, text)
        sides, variants = self._matchup(prefix, text) if prefix.strip() else (None, None)
        try:
            pairs = impact_pairs(self.game, self.tables, side, self.max_turns, sides, variants)
        except CommandsimError as exc:
            raise TargetError(f"--target: {exc} (in '{text.strip()}')") from None
        takes = [list(hooks(self.game).can_take(self.tables, p.subject, p.variant)) for p in pairs]
        able = [p.subject for p, own in zip(pairs, takes) if card in own]
        for pair, own in zip(pairs, takes):
            if card not in own:
                hint = f"; name the {info.side.one} that takes it: 'impact of {card} for {able[0]} ...'" if able else ""
                raise TargetError(f"--target: the {info.side.one} '{pair.subject}' ({pair.variant}) never takes "
                                  f"'{card}' in {info.title}, so banning it changes none of its games{hint}; expected "
                                  f"a card it takes{did_you_mean(card, own)} (in '{text.strip()}')")
        games = tuple((order.matchup, seat) for pair in pairs for seat, order in enumerate(pair.orders))
        comp = Component("", goal, games, IMPACT, low, high, 100.0, card=card)
        where = f" in {' vs '.join(_shown(s, v) for s, v in zip(sides, variants))}" if sides is not None else ""
        label = f"impact of {card}{f' for {side}' if side else ''}{where} {comp.goal_text()}"
        return Component(label, goal, games, IMPACT, low, high, 100.0, card=card), self._recheck(card, side, sides,
                                                                                                variants)

    def _card_and_side(self, name: str, text: str) -> tuple[str, str | None]:
        """The card as the game prints it and the side after ``for`` (None: both)."""
        info = self.game.info
        names = list(self.game.bannable(self.tables))
        by_key = {n.casefold(): n for n in names}
        if name.casefold() in by_key:
            return by_key[name.casefold()], None
        split = re.fullmatch(r"(?P<card>.+)\s+for\s+(?P<side>\S+)", name, re.IGNORECASE)
        if split is not None and split.group("card").strip().casefold() in by_key:
            side = split.group("side").lower()
            if side not in info.sides:
                raise TargetError("--target: " + unknown(info.side.one, split.group("side"), info.sides,
                                                         inside=f"in '{text.strip()}'"))
            return by_key[split.group("card").strip().casefold()], side
        typed = split.group("card").strip() if split is not None and split.group("side").lower() in info.sides \
            else name
        known = [n for n in names if typed.casefold().startswith(n.casefold() + " ")]
        if known:            # a card, then words that are no goal ("about 3 points")
            card = max(known, key=len)
            raise TargetError(f"--target: expected a goal in points after '{card}' ({IMPACT_FORMS}), got "
                              f"'{typed[len(card):].strip()}' in '{text.strip()}'")
        raise TargetError(f"--target: '{typed}' is not a card restricted play can ban in {info.title}: expected one of "
                          f"{', '.join(names)}{did_you_mean(typed, names)}")

    def _matchup(self, prefix: str, text: str) -> tuple[tuple[str, str], tuple[str, str]]:
        """(sides, variants) of a match-up 'A [variant] vs B [variant]' (a side's variant before or after it)."""
        info = self.game.info
        words = prefix.strip().lower().split()
        halves = (words[:words.index("vs")], words[words.index("vs") + 1:]) if words.count("vs") == 1 else ()
        if not halves or not all(1 <= len(h) <= 2 for h in halves):
            raise TargetError(f"--target: an impact target's match-up is '<{info.side.one}> [{info.variant.one}] vs "
                              f"<{info.side.one}> [{info.variant.one}]' before its colon, got '{prefix.strip()}' in "
                              f"'{text.strip()}'")
        sides, variants = [], []
        for half in halves:
            found = [w for w in half if w in info.sides]
            if not found:
                raise TargetError("--target: " + unknown(info.side.one, half[0], info.sides,
                                                         inside=f"in '{text.strip()}'"))
            rest = list(half)
            rest.remove(found[0])
            variant = rest[0] if rest else info.variants[0]
            if variant.partition(":")[0] not in info.variants:
                raise TargetError("--target: " + unknown(info.variant.one, variant, info.variants,
                                                         inside=f"in '{text.strip()}'"))
            sides.append(found[0])
            variants.append(variant)
        return (sides[0], sides[1]), (variants[0], variants[1])

    def _recheck(self, card: str, side: str | None, sides: Sequence[str] | None,
                 variants: Sequence[str] | None) -> str:
        """``commandsim impact`` on the patch, measuring this card for these sides."""
        info = self.game.info
        words = ["commandsim impact"] + ([f"--game {info.name}"] if info.name != DEFAULT_GAME else [])
        words += ["--cards PATCH", f"--cards-only {_quote(card)}"]
        if sides is not None:
            words.append(f"{info.side.flag} {','.join(sides)}")
            if variants is not None and tuple(variants) != (info.variants[0],) * 2:
                words.append(f"--variants {','.join(variants)}")
        if side is not None:
            words.append(f"--side {side}")
        if self.strategy is not None and str(self.strategy) != info.default_strategy:
            words.append(f"--strategy {_quote(str(self.strategy))}")
        return " ".join(words)


def _goal(m: re.Match, text: str) -> tuple[float, float, float]:
    """(low, high, goal) in points."""
    def points(x: str) -> float:
        v = float(x)
        if not -100 <= v <= 100:
            raise TargetError(f"--target: an impact lies between -100 and 100 points, got '{x}' in '{text.strip()}'")
        return v
    if m.group("bound") is not None:
        x = points(m.group("x"))
        return (x, np.inf, x) if m.group("bound").lower().endswith("least") else (-np.inf, x, x)
    if m.group("lo") is not None:
        low, high = points(m.group("lo")), points(m.group("hi"))
        if high < low:
            raise TargetError(f"--target: the range's low end must come first, got '{text.strip()}'")
        return low, high, (low + high) / 2
    x = points(m.group("at"))
    return x, x, x


def _shown(side: str, variant: str) -> str:
    return f"{side} {variant}"


def _quote(name: str) -> str:
    """A name as a shell reads it back: bare, in double quotes, or quoted by ``shlex``."""
    if re.fullmatch(r"[\w.,:/+=-]+", name):
        return name
    if not re.search(r"[\"$`\\!]", name):
        return f'"{name}"'
    return shlex.quote(name)
