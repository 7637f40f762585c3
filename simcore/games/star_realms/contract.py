"""Star Realms (Core Set with the Alliance Command Deck) behind the game contract (``simcore.game.Game``).

Its sides are starting decks (``standard``, ``alliance``, the ``hydra`` team of Two Against One); the two
decks of a game decide its mode (``setup.mode_of``). It has one card set (the variant ``core``) and no
options of its own. Nothing jitted is imported here at module level.
"""
from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd

from simcore.bounds import EFFECTS_PER_PLAY, PLAYS_PER_TURN, TURN_CAP, Bound
from simcore.card_files import card_paths
from simcore.errors import CommandsimError
from simcore.game import (Cell, CompareSpec, Game, GameDefaults, GameInfo, Listing, Noun, OptionError, Order,
                          Question, ReplaySpec, Setting, Standing, SweepQuestion, SweepSpec, card_settings, check_one_of,
                          parse_list)
from simcore.names import unknown
from simcore.strategy_files import FileStrategies

from .bounds import MAX_EFFECTS_PER_PLAY, MAX_PLAYS_PER_TURN
from .setup import DEFAULT_MAX_TURNS, MODES

VARIANT = "core"
MAX_TURNS_LIMIT = 10_000
SIDES = ("standard", "alliance", "hydra")

INFO = GameInfo(
    "star-realms", "Star Realms (Core Set, Alliance Command Deck)", Noun("deck", "decks"),
    Noun("card set", "card sets"), SIDES, MODES, (VARIANT,), "balanced", DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT,
    sweep_modes=MODES,
    sweep_sides_help="Comma list of decks (standard, alliance, hydra): every pair of them (a mirror too) in the mode "
                     "the two decks play [default: each mode's own match-up].",
    first_player="the first player draws a starting hand of 3 cards, the second a full hand",
    sweep_questions=(SweepQuestion(("alliance", "standard"), (VARIANT, VARIANT),
                                   "the Alliance Command Deck against a standard start"),),
    summary="the deckbuilding duel with the Alliance Command Deck's modes: standard, Command Deck vs standard, "
            "Commander Duel and Two Against One",
    bounds=(Bound(PLAYS_PER_TURN, MAX_PLAYS_PER_TURN, "cards one player plays in a turn (a Two Against One "
                  "member: their part of the team's turn)"),
            Bound(EFFECTS_PER_PLAY, MAX_EFFECTS_PER_PLAY, "effect rows resolved by one card played and what it "
                  "sets off before the next (ally abilities, bases' primaries, scrap abilities, gambits)"),
            Bound(TURN_CAP, None, f"side-turns: --max-turns (default {DEFAULT_MAX_TURNS}, at most "
                  f"{MAX_TURNS_LIMIT:,})")),
    standing=Standing("Authority", "each side's Authority (a Two Against One team's shared total; 0 loses)",
                      "round: both sides' turns"))


class StarRealms(FileStrategies, GameDefaults):
    info = INFO
    module = __name__
    strategy_library = f"{__package__}.players.library"
    target_example = "alliance vs standard = 50%"
    target_forms = ("'<deck> vs <deck> = <percent>%' (e.g. 'alliance vs standard = 50%') or 'first player "
                    "[standard|alliance] = <percent>%'")

    def options(self, command: str):
        return ()

    # ---------------------------------------------------------------- cards
    def load_tables(self, cards=()):
        from .card_data import load_tables
        paths = card_paths(cards)
        return load_tables(overrides=paths or None)

    def card_info(self, tables) -> pd.DataFrame:
        return pd.DataFrame({"card": tables.names, "kind": [c.kind for c in tables.card_list],
                             "faction": ["|".join(c.faction) or "-" for c in tables.card_list],
                             "cost": [c.cost for c in tables.card_list]})

    def buyable(self, tables):
        """The cards a player can acquire: every card with a cost (the trade deck's, the Explorer)."""
        return [c.cost is not None for c in tables.card_list]

    def _cards(self, cards):
        from .card_data import load_card_list
        paths = card_paths([cards] if cards is not None else [])
        return load_card_list(overrides=paths or None)

    def card_entries(self, cards=()):
        from simcore.card_overrides import Entry
        from .card_data import load_card_list
        paths = card_paths(cards)
        deck, decks = load_card_list(overrides=paths or None)
        return {**{c.name: Entry("[[card]]", c.raw) for c in deck},
                **{f"deck {d.name}": Entry(f"[deck.{d.name}]", d.raw, identity=()) for d in decks.values()}}

    def cards_listing(self, cards, fmt: str) -> Listing:
        deck, _ = self._cards(cards)
        header = ("name", "faction", "kind", "cost", "defense", "count", "role", "estimated")
        rows = [(c.name, "|".join(c.faction) or "-", c.kind, "-" if c.cost is None else c.cost, c.defense or "-",
                 c.count, c.role, len(c.estimated)) for c in deck]
        if fmt == "csv":
            return Listing(header, rows)
        return Listing(tuple(h.upper() for h in header), rows,
                       ["", f"{len(deck)} card types, {sum(c.count for c in deck)} cards."])

    def card_lines(self, name: str, cards) -> list[str]:
        from .card_data import find_card
        from .rule_notes import rule_notes, section_notes
        deck, decks = self._cards(cards)
        c = find_card(deck, name)
        lines = [f"{c.name}  ({c.source})" + (f"  aliases: {', '.join(c.aliases)}" if c.aliases else "")]
        for f in ("faction", "kind", "role", "count", "cost", "defense", "ally_trigger", "hand_size", "authority",
                  "opponents"):
            v = getattr(c, f)
            if v not in (None, ()):
                lines.append(f"  {f:<12} {'|'.join(v) if isinstance(v, tuple) else v}  [{c.provenance(f)}]")
        for section, effects in c.effects.items():
            text = ", ".join(f"{op} {n}" + (f" OR {aop} {an}" if aop else "") for op, n, aop, an in effects)
            ruled = "; played as a rule below says" if section_notes(c, section) else ""
            lines.append(f"  {section:<12} {text}  [{c.provenance(section)}{ruled}]")
        in_decks = [d.name for d in decks.values() if c.name in d.cards]
        if in_decks:
            lines.append(f"  starting decks: {', '.join(in_decks)}")
        return lines + [f"  rule: {note}" for note in rule_notes(c)]

    def validate_cards(self, path: Path, extras: dict) -> list[str]:
        from .setup import build_setup, mode_matchups
        tables = self.load_tables([path])
        for mode in MODES:   # every check a game makes: each mode's setup must fit the engine's piles
            for m in mode_matchups(mode):
                build_setup(tables, m)
        from simcore.card_files import display_path, skipped_lines
        return ([f"OK: {display_path(Path(path))}: {len(tables.names)} card types, decks {', '.join(tables.decks)}, "
                 f"every mode set up."] + skipped_lines(Path(path)))

    def audit_listing(self, cards, fmt: str) -> Listing:
        from .rule_notes import rule_notes
        deck, decks = self._cards(cards)
        rows = [(c.name, f, "estimated") for c in deck for f in c.estimated]
        rows += [(f"deck {d.name}", f, "estimated") for d in decks.values() for f in d.estimated]
        # how the engine plays a card where that differs from, or reads, its text (``rule_notes``)
        rows += [(c.name, f"rule:{note.split(':', 1)[0]}", "rule") for c in deck for note in rule_notes(c)]
        if fmt == "csv":
            return Listing(("card", "field", "provenance"), rows)
        return Listing(None, [], [f"{card}: {f}  [{p}]" for card, f, p in rows]
                       + ["", f"{len(rows)} values not stated by the sources, or played by a rule."])

    # ---------------------------------------------------------------- play
    def _matchup(self, decks, tables, max_turns, option: str):
        from .setup import SRMatchup, build_setup, mode_of
        for d in decks:
            check_one_of(d, tuple(tables.decks), "deck", option)
        m = SRMatchup(tuple(decks), mode_of(tuple(decks), tables), max_turns)
        try:
            build_setup(tables, m)
        except CommandsimError as exc:
            raise OptionError(option, f"{decks[0]} against {decks[1]}: {exc}") from None
        return m

    def sweep_cells(self, spec: SweepSpec, tables) -> list[Cell]:
        """Without --decks: each mode's match-up (standard: the standard mirror; command-vs-standard: the
        Alliance deck against a standard start; commander-duel: the Alliance mirror; two-against-one: the
        Alliance deck against the Hydra team). With --decks: every pair of the decks (a mirror too), in the
        mode the two decks play, kept if that mode is among --mode."""
        from .setup import mode_matchups, mode_of
        if spec.variants not in (None, (VARIANT,)):
            raise OptionError("--variants", f"{INFO.title} has one card set, '{VARIANT}'")
        modes = parse_list(spec.modes, MODES, "mode", "--mode") if spec.modes is not None else MODES
        max_turns = spec.max_turns or DEFAULT_MAX_TURNS
        if spec.sides is None:
            pairs = [tuple(m.decks) for mode in modes for m in mode_matchups(mode)[:1]]
        else:
            decks = parse_list(spec.sides, tuple(tables.decks), "deck", "--decks")
            pairs = [p for p in itertools.combinations_with_replacement(decks, 2)
                     if not all(tables.decks[d].members == 2 for d in p) and mode_of(p, tables) in modes]
            if not pairs:
                raise OptionError("--decks", f"no pair of {', '.join(decks)} plays a mode of {', '.join(modes)}")
        asked = [tuple(q.sides) for q in spec.questions if tuple(q.sides) in pairs]
        pairs = asked + [p for p in pairs if p not in asked]      # the game's questions lead
        strategy = spec.strategy or INFO.default_strategy
        opponent = spec.opponent_strategy or strategy
        cells = []
        for a, b in pairs:
            assignments = [(a, b)] if strategy == opponent or a == b else [(a, b), (b, a)]
            for x, y in assignments:
                m = self._matchup((x, y), tables, max_turns, "--decks")
                cells.append(_cell(m, (strategy, opponent)))
        return cells

    def play(self, matchup, strategies, seed, first_game, n, tables, threads, keep_bought=True, restriction=None):
        from .simulate import play_games
        return play_games(n, seed, matchup, strategies, tables, threads, first_game=first_game,
                          keep_bought=keep_bought, restriction=restriction)

    def start(self, matchup, strategies, seed, first_game, n, tables, pool, keep_bought=True, last=True):
        from .simulate import start_games
        return start_games(n, seed, matchup, strategies, tables, pool, first_game, keep_bought, last)

    def bannable(self, tables) -> list[str]:
        """Restricted play bans or forces the trade row's cards, the Explorer and the gambits."""
        from .simulate import bannable
        return bannable(tables)

    def impact_sides(self):
        """``impact``'s subject against its opponent: the standard mirror (the gambits are the Alliance deck's:
        ``--side alliance`` measures them against a standard start)."""
        return (("standard", "standard"),)

    def can_take(self, tables, side, variant) -> list[str]:
        """Every deck buys from the trade row and takes Explorers; a gambit is dealt only to the deck that lists
        it (the Alliance deck's)."""
        own = set(tables.decks[side].gambits) if side in tables.decks else set()
        gambits = {c.name for c in tables.card_list if c.role == "gambit"}
        return [n for n in self.bannable(tables) if n not in gambits or n in own]

    # ---------------------------------------------------------------- paired comparisons
    def compare_question(self, spec: CompareSpec) -> Question:
        """With no setting option: "does the Alliance deck beat a standard start?" (A: the Alliance deck,
        B: a standard start, both against a standard start). ``--decks SUBJECT,OPPONENT`` names the decks
        (B: a standard start against the same opponent); ``--deck-b`` names B's deck; with ``--cards-b``
        B is the subject's deck with the edited cards."""
        if spec.variant_a or spec.variant_b or spec.opponent_variant:
            raise OptionError("--variant-a", f"{INFO.title} has one card set: compare decks (--decks, --deck-b) "
                                             f"or cards (--cards-b)")
        subject, opponent = spec.sides or ("alliance", "standard")
        (ta, ca, la), (tb, cb, lb) = card_settings(self, spec.cards, spec.cards_b)
        for d in (subject, opponent):
            check_one_of(d, tuple(ta.decks), "deck", "--decks")
        deck_b = spec.side_b or (subject if spec.cards_b is not None else "standard")
        check_one_of(deck_b, tuple(tb.decks), "deck", "--deck-b")
        if deck_b == subject and spec.cards_b is None:
            raise CommandsimError(f"A and B are the same setting ({subject} with the same cards): give --deck-b "
                                  f"another deck or --cards-b an edited card set")
        text = ("Does the Alliance deck beat a standard start? A: the Alliance deck, B: a standard start, both "
                "against a standard start, paired on the same seeds, seats swapped."
                if (subject, deck_b, opponent) == ("alliance", "standard", "standard") else "")
        return Question(Setting(subject, VARIANT, ta, ca, la), Setting(deck_b, VARIANT, tb, cb, lb), opponent, VARIANT,
                        text=text)

    def setting_orders(self, setting: Setting, opponent: str, opponent_variant: str, max_turns: int):
        first = self._matchup((setting.side, opponent), setting.tables, max_turns, "--decks")
        second = self._matchup((opponent, setting.side), setting.tables, max_turns, "--decks")
        return tuple(Order(m, (), tuple(m.decks), (VARIANT, VARIANT)) for m in (first, second))

    # ---------------------------------------------------------------- replay
    def replay(self, seed: int, spec: ReplaySpec):
        from simcore.game import Replay
        from .replay_log import json_lines, text_lines
        from .simulate import replay_game
        if spec.variants not in (None, (VARIANT, VARIANT)):
            raise OptionError("--variants", f"{INFO.title} has one card set, '{VARIANT}'")
        tables = self.load_tables([spec.cards] if spec.cards is not None else [])
        if spec.sides is None and spec.mode is not None:   # the mode's own match-up: its decks, first seating
            from .setup import mode_matchups
            if spec.mode not in MODES:
                raise OptionError("--mode", unknown("mode", spec.mode, MODES))
            decks = tuple(mode_matchups(spec.mode)[0].decks)
        else:
            decks = tuple(d.lower() for d in (spec.sides or ("standard", "standard")))
        m = self._matchup(decks, tables, spec.max_turns or DEFAULT_MAX_TURNS, "--decks")
        if spec.mode is not None and spec.mode != m.mode:
            raise OptionError("--mode", f"the decks {decks[0]} and {decks[1]} play the mode {m.mode}, not "
                                        f"{spec.mode}: the decks decide the mode (two-against-one: "
                                        f"--decks alliance,hydra)")
        a, b = spec.strategies
        a = a or INFO.default_strategy
        return Replay(replay_game(seed, m, (a, b or a), tables), text_lines, json_lines)

    # ---------------------------------------------------------------- optional hooks
    def tuning(self):
        from .players.tuning_space import star_realms
        return star_realms()

    def advisor(self, cards_path=None):
        from .advisor import star_realms_cards
        return star_realms_cards(cards_path)

    def finding_sides(self):
        from .skill import sides
        return sides()

    def rule_choices(self) -> list[str]:
        from .rule_notes import chosen_rules
        return chosen_rules()


def _cell(m, strategies) -> Cell:
    """Both seat orders of a match-up; one in a mirror with one strategy (its two orders are the same games)."""
    from .setup import SRMatchup
    decks = tuple(m.decks)
    swapped = SRMatchup(decks[::-1], m.mode, m.max_turns)
    orders = [Order(m, strategies, decks, (VARIANT, VARIANT))]
    if decks[0] != decks[1] or strategies[0] != strategies[1]:
        orders.append(Order(swapped, strategies[::-1], decks[::-1], (VARIANT, VARIANT)))
    label = f"{m.mode}: {decks[0]} ({strategies[0]}) vs {decks[1]} ({strategies[1]})"
    return Cell(m.mode, decks, (VARIANT, VARIANT), tuple(strategies), tuple(orders), label=label)


GAME: Game = StarRealms()
