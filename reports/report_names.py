"""What a report calls things: its games, their modes, their sides, and the question each section answers, in each
game's own words (``GameInfo``: its title, its ``side`` and ``variant`` nouns, its modes and variants).

* ``short_title``: "Star Realms" of "Star Realms (Core Set, Alliance Command Deck)";
* ``mode_text``: "two-against-one mode";
* ``where``: "Star Realms, two-against-one mode" (a section's or a finding's context);
* ``heading``: "Win rates (Star Realms, two-against-one mode): how often does each deck win?";
* ``side_label``: "federation asymmetrical", "alliance" (a game of one variant: no "core" on every side),
  "line full:4 playing spender" (the strategy named only when a table holds several);
* ``report_title``: the page's title from what it holds ("Star Realms balance report: ...").
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from . import report_games as rg


@dataclass(frozen=True)
class Names:
    """One game's words, or neutral ones when the game is not known (``game`` None)."""
    game: str | None
    title: str
    side: str            # "deck"
    sides: str           # "decks"
    variant: str         # "card set"
    one_variant: bool    # the game has a single variant: a label leaves it out

    def mode_text(self, mode) -> str:
        return f"{mode} mode" if _has(mode) else ""

    def where(self, mode=None, source: str = "") -> str:
        """"Star Realms, two-against-one mode" (and the file when given)."""
        parts = [p for p in (self.title, self.mode_text(mode), source and f"file {source}") if p]
        return ", ".join(parts)

    def heading(self, topic: str, question: str = "", mode=None, source: str = "") -> str:
        where = self.where(mode, source)
        return f"{topic}{f' ({where})' if where else ''}{f': {question}' if question else ''}"


def _has(x) -> bool:
    return x is not None and not (not isinstance(x, str) and pd.isna(x)) and str(x).strip() != ""


def short_title(title: str) -> str:
    """A game's title without its parenthesis: "Star Realms"."""
    return title.split(" (")[0].strip()


def names_of(game: str | None) -> Names:
    if game is None:
        return Names(None, "", "side", "sides", "variant", False)
    info = rg.game_info(game)
    return Names(game, short_title(info.title), info.side.one, info.side.many, info.variant.one,
                 len(info.variants) == 1)


def side_label(side, variant, strategy, names: Names, show_strategy: bool = False) -> str:
    """A side as a report names it: "federation asymmetrical", "alliance" (a game of one variant), with
    "playing <strategy>" when the table holds several strategies (the word is the strategy's name, never a
    verdict's)."""
    text = str(side) if names.one_variant or not _has(variant) else f"{side} {variant}"
    return text + (f" playing {strategy}" if show_strategy else "")


def pair_label(a: tuple, b: tuple, names: Names, show_strategy: bool = False) -> str:
    """Two sides, each (side, variant, strategy): "federation asymmetrical vs sunder standard"; "elite vs line, both
    full:4" when they play one variant; "alliance vs hydra" in a game of one variant."""
    if not names.one_variant and _has(a[1]) and a[1] == b[1]:
        return (f"{side_label(a[0], None, a[2], names, show_strategy)} vs "
                f"{side_label(b[0], None, b[2], names, show_strategy)}, both {a[1]}")
    return f"{side_label(*a, names, show_strategy)} vs {side_label(*b, names, show_strategy)}"


def several_strategies(table: pd.DataFrame) -> bool:
    """Whether the sides of ``table`` play more than one strategy (an A.I. level's engine name, the opponent of
    a row against a difficulty, is not one of them)."""
    if "strategy" not in table.columns or table.empty:
        return False
    names = list(table["strategy"])
    if "opponent_strategy" in table.columns:
        levels = (table["difficulty"].fillna("").astype(str).str.strip() != "" if "difficulty" in table.columns
                  else pd.Series(False, index=table.index))
        names += list(table.loc[~levels, "opponent_strategy"])
    return len(set(map(str, names))) > 1


def modes_of(table: pd.DataFrame) -> list[str]:
    """The table's modes in the order it gives them ("" when it has no mode column)."""
    if "mode" not in table.columns or table.empty:
        return [""]
    return [str(m) for m in dict.fromkeys(table["mode"].astype(str))]


def report_title(games: dict, parts: list[str], modes: dict[str, list[str]]) -> str:
    """"Star Realms balance report: match-ups and first-player advantage (standard and two-against-one modes)":
    the games the files are of, and what they answer. ``parts``: the questions, in the order of the sections;
    ``modes``: game -> the modes its sweeps played."""
    known = [g for g in dict.fromkeys(games.values()) if g is not None]
    head = " and ".join(short_title(rg.game_info(g).title) for g in known) or "commandsim"
    what = "; ".join(parts)
    per_game = {g: [m for m in modes.get(g, []) if m] for g in known}
    per_game = {g: ms for g, ms in per_game.items() if ms}
    if per_game and parts:
        said = [f"{_and(ms)} mode{'' if len(ms) == 1 else 's'}" for ms in per_game.values()]
        if len(known) > 1:     # whose modes they are
            said = [f"{short_title(rg.game_info(g).title)}: {s}" for g, s in zip(per_game, said)]
        what += f" ({'; '.join(said)})"
    return f"{head} balance report" + (f": {what}" if what else "")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
