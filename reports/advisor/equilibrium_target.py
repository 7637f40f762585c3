"""An advisor target at equilibrium: ``"federation vs sunder at equilibrium = 50%"`` aims at the value of the
match-up when both sides play their best mix of strategies (``commandsim metagame``'s value), not at one
strategy's win rate.

The words ``at equilibrium`` before the ``=`` turn any one-component target a game parses (a match-up, the first
player) into one whose component carries each side's entries (``Mix``): on every seed, every entry of the
counted side plays every entry of the other in the component's games (the same matchups and seats), and the
matrix of their mean scores is solved again for every set of edits and every range of seeds it is measured on
(``reports.equilibrium``). A seed's score is then the equilibrium mixes' weighted score on that seed
(``metagame_stats.value_per_seed``): their mean is the value exactly, and two card sets on the same seeds give
paired per-seed values, so the advisor's screen, test, search and check read it as they read a win rate (the
mixes held at their estimate: the delta method's first order, as ``commandsim metagame``'s interval takes it).

The games counts of ``advise`` (``--screen-games`` ...) are then per cell: each seed costs every cell's games.
No strategy is re-tuned: the equilibrium already answers "and if players adapt?" among the entries given.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from simcore.game import OptionError

from simcore.advice import Component, Target, TargetError

AT_EQUILIBRIUM = re.compile(r"\s+at\s+equilibrium\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Mix:
    """Each side's entries: display names and the parameters the game's engine plays (the counted side's first)."""
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    row_params: tuple
    col_params: tuple

    @property
    def cells(self) -> int:
        return len(self.rows) * len(self.cols)

    def measure(self, comp: Component, play, tables, seed: int, first: int, seeds: int, threads,
                chunk: int) -> np.ndarray:
        """The core's ``Target.measure`` of a component at equilibrium (``measure`` below)."""
        return measure(comp, play, tables, seed, first, seeds, threads, chunk)


def split(text: str) -> tuple[str, bool]:
    """(the target's text without ``at equilibrium``, whether it was there)."""
    if text.count("=") != 1:
        return text, False
    left, right = text.split("=")
    stripped = AT_EQUILIBRIUM.sub("", left.rstrip())
    return (f"{stripped} ={right}", True) if stripped != left.rstrip() else (text, False)


def at_equilibrium(target: Target, card_set, game, entries: Sequence[str],
                   opponent_entries: Sequence[str] | None = None) -> Target:
    """``target`` (one component, as the game parsed it) at equilibrium over ``entries`` (the counted side's; the
    other side's are ``opponent_entries`` or the same); raises ``TargetError`` naming the option at fault."""
    if len(target.components) != 1:
        raise TargetError(f"--target: 'at equilibrium' applies to one match-up or the first player, got "
                          f"{len(target.components)} win rates")
    rows = _entries(card_set, game, entries, "--strategies")
    cols = _entries(card_set, game, entries if opponent_entries is None else opponent_entries,
                    "--strategies" if opponent_entries is None else "--opponent-strategies")
    mix = Mix(tuple(n for n, _ in rows), tuple(n for n, _ in cols), tuple(p for _, p in rows),
              tuple(p for _, p in cols))
    comp = target.components[0]
    label = f"{comp.label} at equilibrium"
    return dataclasses.replace(target, components=(dataclasses.replace(comp, label=label, mix=mix),),
                               text=f"{target.text} (at equilibrium)", tune_matchup=None,
                               recheck=_recheck(game.info, target.text, mix, target.recheck))


def _entries(card_set, game, names: Sequence[str], option: str) -> list[tuple[str, object]]:
    out: dict[str, object] = {}
    for name in names:
        name = str(name).strip()
        try:
            shown = game.check_strategy(name)
            params = card_set.strategy(name)
        except CommandsimError as exc:
            raise OptionError(option, str(exc).removeprefix("--strategy: ")) from None
        if shown in out:
            raise OptionError(option, f"'{name}' is named '{shown}' like another entry: every entry needs its own "
                                      f"name")
        out[shown] = params
    if len(out) < 2:
        raise OptionError(option, f"a target at equilibrium needs at least two entries a side, got {len(out)}")
    return list(out.items())


def _recheck(info, text: str, mix: Mix, fallback: str) -> str:
    """``commandsim metagame`` on the patch for a match-up written 'A [variant] vs B [variant]'; else the game's
    own re-check with a note."""
    words = text.split("=")[0].lower().split()
    strategies = f"--strategies {','.join(mix.rows)}" + (
        f" --opponent-strategies {','.join(mix.cols)}" if mix.cols != mix.rows else "")
    from simcore.games.registry import DEFAULT_GAME
    game = "" if info.name == DEFAULT_GAME else f"--game {info.name} "
    if words.count("vs") == 1 and 1 <= words.index("vs") <= 2 and 1 <= len(words) - words.index("vs") - 1 <= 2:
        at = words.index("vs")
        a, b = words[:at], words[at + 1:]
        variants = ""
        if len(a) == 2 or len(b) == 2:
            first = info.variants[0] if info.variants else ""
            variants = f" --variants {a[1] if len(a) == 2 else first},{b[1] if len(b) == 2 else first}"
        return f"commandsim metagame {game}--cards PATCH {info.side.flag} {a[0]},{b[0]}{variants} {strategies}"
    return f"{fallback}   (at equilibrium: its mixes over {strategies})"


def measure(comp: Component, play, tables, seed: int, first: int, seeds: int, threads, chunk: int) -> np.ndarray:
    """float[seeds]: each seed's score at the equilibrium of this card set on these seeds (see the module
    text). ``play`` is the game's ``play_games``."""
    from reports import equilibrium as eq
    from reports.metagame_stats import value_per_seed
    from simcore.records import seat_scores

    mix = comp.mix
    P = np.zeros((len(mix.rows), len(mix.cols), seeds))
    for i, s in enumerate(mix.row_params):
        for j, t in enumerate(mix.col_params):
            for matchup, seat in comp.games:       # the counted side sits at ``seat``
                pair = (s, t) if seat == 0 else (t, s)
                for start in range(0, seeds, chunk):
                    n = min(chunk, seeds - start)
                    rec = play(n, seed, matchup, pair, tables, threads, first_game=first + start, keep_bought=False)
                    P[i, j, start:start + n] += seat_scores(rec.winner, seat)
    P /= len(comp.games)
    return value_per_seed(P, eq.solve(P.mean(axis=2)))
