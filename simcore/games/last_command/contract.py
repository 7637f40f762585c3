"""The Last Command behind the game contract (``simcore.game.Game``): what every command needs of it.

Its own options: Solo Mode's difficulties (``sweep --difficulties``, ``replay --difficulty``), Fog of War
starts (``sweep --fog``, ``replay --fog``, ``compare --fog-a/--fog-b``) and the rulebook's component list
(``cards validate --component-list``). Its tournament entries include the rulebook's Solo A.I.
(``ai:LEVEL``). Nothing jitted is imported here at module level.
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from simcore.bounds import EFFECTS_PER_PLAY, PLAYS_PER_TURN, TURN_CAP, Bound
from simcore.card_files import card_paths
from simcore.errors import CommandsimError
from simcore.game import (Alias, Cell, CompareSpec, Game, GameDefaults, GameInfo, Noun, Option, OptionError, Order,
                          Question, ReplaySpec, Setting, Standing, SweepQuestion, SweepSpec, card_settings,
                          check_one_of)

from .bounds import MAX_EFFECTS_PER_PLAY, MAX_PLAYS_PER_TURN
from .setup import DEFAULT_MAX_TURNS, DIFFICULTIES, MAX_TURNS_LIMIT, MODES, Matchup, mirror_problem
from .tables import FACTIONS, START_SETS

INFO = GameInfo(
    "last-command", "The Last Command", Noun("faction", "factions"), Noun("variant", "variants"), tuple(FACTIONS),
    MODES, tuple(START_SETS), "balanced", DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT,
    first_player="the first player starts with 5 Credits, the second with 6",
    sweep_questions=(
        SweepQuestion(("federation", "sunder"), ("asymmetrical", "standard"),
                      "asymmetrical Federation against standard Sunder: the imbalance the variant creates"),
        SweepQuestion(("federation", "sunder"), ("standard", "asymmetrical"),
                      "standard Federation against asymmetrical Sunder")),
    summary="the deckbuilding duel of two Command ships (rulebook: Federation Remnant and the Sunder), with "
            "Solo Mode against the rulebook's A.I.",
    one_seat_modes=("solo",),
    bounds=(Bound(PLAYS_PER_TURN, MAX_PLAYS_PER_TURN, "cards put into play in one player-turn (System and Crew, free "
                  "plays included), the player's or the Solo A.I.'s"),
            Bound(EFFECTS_PER_PLAY, MAX_EFFECTS_PER_PLAY, "effect rows resolved by one card put into play (its main "
                  "and covering Abilities, a Corsair's copy) or by one Bonus earned"),
            Bound(TURN_CAP, None, f"player-turns: --max-turns (default {DEFAULT_MAX_TURNS}, at most "
                  f"{MAX_TURNS_LIMIT:,})")),
    standing=Standing("Hull", "each ship's Hull Integrity (20 at the start; 0 destroys the ship)",
                      "round: both players' turns"))

_FOG_HELP = ("a Fog of War TOML (sections [first]/[second] or [federation]/[sunder]: hand, extra, draw)")
OPTIONS = {
    "sweep": (Option("--difficulties", "difficulties", "text", "Solo Mode only: comma list of easy, medium, hard, "
                     "insane [default: all four].", metavar="LIST"),
              Option("--fog", "fog_paths", "paths", f"Every cell is also played set up from {_FOG_HELP}, as the "
                     "variant '<variant>+fog:<file name>'. Repeat for more files.", metavar="PATH")),
    "replay": (Option("--fog", "fog_path", "path", f"Set the game up from {_FOG_HELP}.", metavar="PATH"),
               Option("--difficulty", "difficulty", "choice", "Solo Mode difficulty [default: easy in solo mode].",
                      choices=tuple(DIFFICULTIES))),
    "compare": (Option("--fog-a", "fog_a", "path", f"Set A's games up from {_FOG_HELP}.", metavar="PATH"),
                Option("--fog-b", "fog_b", "path", f"Set B's games up from {_FOG_HELP} [default: none].",
                       metavar="PATH")),
    "advise": (Option("--ladder", "ladder", "text", "Instead of --target: the solo difficulty ladder, the player's "
                      "win rate at Easy, Medium, Hard and Insane in percent (e.g. 65,55,45,35), each faction as the "
                      "player.", metavar="E,M,H,I"),
               Option("--variant", "variant", "text", "With --ladder: the starting-card variant of the player and "
                      "the A.I. [default: standard].", metavar="NAME")),
    "validate": (Option("--component-list", "component_list", "flag", "Also check names and counts against the "
                        "rulebook's component list (for a complete set)."),),
}


SOLO_HELP = """Play against the rulebook's Solo Mode A.I. at each difficulty.

    Prints and writes the player's win rate per faction x variant x difficulty with
    n, wins, losses, draws, a 95% Wilson interval and the mean game length. It is
    `sweep --mode solo`: "Solo Mode begins with the player's turn first", so there
    is no seat swap and the rows are the player's.

    \b
    Examples:
      commandsim solo
      commandsim solo --difficulties easy,insane --games 20000 --strategy aggro
      commandsim replay --mode solo --difficulty hard --seed 7
    """


class LastCommand(GameDefaults):
    info = INFO
    module = __name__
    # Solo Mode's opponent is the rulebook's A.I. with the standard starting cards: no opponent strategy and
    # no mixed variants to offer
    aliases = (Alias("solo", "sweep", {"modes": "solo"}, {"games": 4000, "out_path": Path("out/solo.csv")},
                     SOLO_HELP, omit=("opponent_strategy", "mixed_variants")),)
    target_example = "first player = 50%"
    target_forms = ("'<faction> [variant] vs <faction> [variant] = <percent>%' (the first faction's score, both "
                    "seats; e.g. 'federation asymmetrical vs sunder standard = 50%') or 'first player [variant] = "
                    "<percent>%'")

    def fixed_seats_note(self) -> str:
        return "Solo Mode: the player always moves first; rows are the player's."

    def options(self, command: str):
        return OPTIONS.get(command, ())

    # ---------------------------------------------------------------- cards
    def _card_list(self, cards=()):
        from .cardset import load_card_list, read_cards
        from .cardset.loader import merge_cards
        cards = card_paths(cards)
        if not cards:
            return load_card_list()
        merged = load_card_list(overrides=cards[0])
        for path in cards[1:]:
            merged = merge_cards(merged, read_cards(path, merged))
        return merged

    def load_tables(self, cards=()):
        from .cardset import compile_cards
        return compile_cards(self._card_list(cards))

    def card_entries(self, cards=()):
        from simcore.card_overrides import Entry
        from .cardset.patch import DOTTED
        return {card.key: Entry("[[card]]", card.raw, DOTTED, ("name", "start_set"))
                for card in self._card_list(cards)}

    def card_info(self, tables) -> pd.DataFrame:
        return pd.DataFrame({"card": tables.names, "kind": [c.kind for c in tables.catalog],
                             "credit_cost": [c.credit_cost for c in tables.catalog],
                             "power_cost": [c.power_cost for c in tables.catalog]})

    def buyable(self, tables):
        """Cards that can be bought: neutral (Market) Systems and Crew."""
        from .tables import C_FACTION, C_KIND, FACTION_NONE, KIND_MALFUNCTION
        return (tables.cards[:, C_FACTION] == FACTION_NONE) & (tables.cards[:, C_KIND] != KIND_MALFUNCTION)

    def cards_listing(self, cards, fmt: str):
        from .cardset import load_card_list
        from .cardset import describe
        from simcore.game import Listing
        deck = load_card_list(overrides=cards)
        rows = [describe.list_row(card) for card in deck]
        if fmt == "csv":
            return Listing(describe.LIST_COLUMNS, [tuple(r.get(c) for c in describe.LIST_COLUMNS) for r in rows])
        header = ("CARD", "KIND", "SYSTEM/EXPERTISE", "RANK", "FACTION", "SET", "COPIES", "CREDITS", "POWER",
                  "ESTIMATED")
        table = [(r["key"], r["kind"], r["system"] or r["expertise"], r["rank"], r["faction"], r["start_set"],
                  r["count"], r["credit_cost"], r["power_cost"], r["estimated_fields"].replace(";", ", "))
                 for r in rows]
        return Listing(header, table, ["", f"{len(deck)} card types, {sum(c.count for c in deck)} cards."])

    def card_lines(self, name: str, cards) -> list[str]:
        from .cardset import find_cards, load_card_list
        from .cardset.describe import card_lines
        lines: list[str] = []
        for i, card in enumerate(find_cards(load_card_list(overrides=cards), name)):
            lines += ([""] if i else []) + card_lines(card)
        return lines

    def validate_cards(self, path: Path, extras: dict) -> list[str]:
        from .cardset import check_component_list, compile_cards, load_card_list, read_cards
        from .cardset.capacity import game_size
        from simcore.card_files import skipped_lines
        from .cardset.loader import display_path, merge_cards
        from .cardset.retrigger import retrigger_warnings
        from .layout import CAP
        from .setup import check_every_setup
        shipped = load_card_list()
        cards = read_cards(path, shipped)
        merged = merge_cards(shipped, cards)
        check_every_setup(compile_cards(merged))
        if extras.get("component_list"):
            check_component_list(cards, where=display_path(path))
        estimates = sum(len(card.estimated) for card in cards)
        copies = sum(card.count for card in cards)
        lines = [f"OK: {display_path(path)}: {len(cards)} card types ({copies} cards), {estimates} estimated fields; "
                 f"with the shipped cards a game holds up to {game_size(merged).total} cards (limit {CAP})."]
        return lines + retrigger_warnings(merged) + skipped_lines(Path(path))

    def audit_listing(self, cards, fmt: str):
        from simcore.game import Listing
        from .cardset import load_card_list
        from .cardset.describe import estimated_fields
        groups = estimated_fields(load_card_list(overrides=cards))
        if fmt == "csv":
            return Listing(("key", "field", "value", "source"),
                           [(card.key, f, v, card.source) for card, fields in groups for f, v in fields])
        lines = []
        for card, fields in groups:
            lines.append(f"{card.key}  ({card.source})")
            width = max(len(f) for f, _ in fields)
            lines += [f"  {f.ljust(width)}  {v}" for f, v in fields]
        n_fields = sum(len(fields) for _, fields in groups)
        return Listing(None, [], lines + ["", f"{n_fields} estimated fields on {len(groups)} cards."])

    # ---------------------------------------------------------------- strategies
    def strategy_listing(self):
        from simcore.game import Listing
        from .players.library import builtin_names, load_spec
        specs = [load_spec(name) for name in builtin_names()]
        rows = [(s.name, s.kind, s.bases[0] if s.bases else "", s.description) for s in specs]
        rows.append(("search:N", "search", "balanced", "balanced, searching its Market purchases and Crew "
                     "placements with N rollouts per decision (flat Monte Carlo; e.g. search:100); search:N:BASE "
                     "searches heuristic BASE (e.g. search:100:tuned)"))
        rows.append(("ismcts:N", "ismcts", "balanced", "balanced, searching the same decisions with a tree (ISMCTS) "
                     "of N iterations per decision, over the opponent's replies too (e.g. ismcts:100); "
                     "ismcts:N:BASE searches heuristic BASE"))
        return Listing(("STRATEGY", "KIND", "BASE", "DESCRIPTION"), rows)

    def strategy_lines(self, name: str):
        from simcore.game import Listing
        from .players.library import BUILTIN_DIR, load_spec
        from .players.param_info import PARAMS, SEARCH_ONLY
        spec = load_spec(name)
        where = "built-in" if spec.path is None or spec.path.parent == BUILTIN_DIR else spec.path
        lines = [f"{spec.name}  ({where})",
                 f"  kind: {spec.kind}" + (f"   based on: {' <- '.join(spec.bases)}" if spec.bases else "")]
        if spec.description:
            lines.append(f"  {spec.description}")
        if spec.kind == "random":
            return Listing(None, [], lines + ["  (no parameters: every choice is uniform among the legal ones)"])
        rows = []
        for pname, info in PARAMS.items():
            if pname in SEARCH_ONLY and spec.kind not in ("search", "ismcts"):
                continue
            value = float(spec.vector[info.index])
            text = str(int(round(value))) if info.flag else f"{value:g}"
            origin = "file" if pname in spec.set_here else (spec.bases[0] if spec.bases else "")
            rows.append((pname, text, origin, info.help))
        return Listing(("PARAMETER", "VALUE", "FROM", "MEANING"), rows, before=lines + [""])

    def check_strategy(self, name):
        from .players.library import load_params
        if not isinstance(name, str):
            from .players.library import strategy_name
            return strategy_name(name)
        return load_params(name)[0]

    def check_distinct(self, a: str, b: str) -> None:
        from .players.library import check_distinct
        check_distinct(a, b)

    def resolve_strategy(self, name):
        from .players.library import resolved
        return resolved(name)

    # ---------------------------------------------------------------- play
    def sweep_cells(self, spec: SweepSpec, tables) -> list[Cell]:
        from .fog import read_fog
        from .sweep_cells import DEFAULT_FACTIONS, DEFAULT_VARIANTS, check_cells, grid, question_cells
        fogs = []
        for path in spec.extras.get("fog_paths") or ():
            try:
                fogs.append(read_fog(path))
            except CommandsimError as exc:
                raise OptionError("--fog", str(exc)) from None
        mode = (spec.modes or ("duel",))
        if len(mode) != 1:
            raise OptionError("--mode", f"a sweep of {INFO.title} plays one mode, got {', '.join(mode)}")
        strategy = spec.strategy or INFO.default_strategy
        max_turns = spec.max_turns or DEFAULT_MAX_TURNS
        cells = grid(mode[0], spec.sides or DEFAULT_FACTIONS, spec.variants or DEFAULT_VARIANTS, strategy,
                     spec.opponent_strategy, spec.mixed_variants, spec.extras.get("difficulties"), fogs)
        if mode[0] == "duel" and spec.questions:
            cells = question_cells(spec.questions, strategy, spec.opponent_strategy or strategy, fogs, cells)
        check_cells(cells, tables, max_turns)
        return [c.cell(max_turns) for c in cells]

    def play(self, matchup, strategies, seed, first_game, n, tables, threads, keep_bought=True, restriction=None):
        import numpy as np

        from .simulate import play_games
        stats = np.zeros(3, np.int64)
        records = play_games(n, seed, matchup, strategies, tables, threads, first_game=first_game,
                             keep_bought=keep_bought, search_stats=stats, restriction=restriction)
        if stats.any():
            records.search = tuple(int(x) for x in stats)
        return records

    def bannable(self, tables) -> list[str]:
        """Restricted play bans or forces the Market's cards: its System cards and Crew."""
        from .simulate import bannable
        return bannable(tables)

    def start(self, matchup, strategies, seed, first_game, n, tables, pool, keep_bought=True, last=True):
        from .simulate import start_games
        return start_games(n, seed, matchup, strategies, tables, pool, first_game, keep_bought, last)

    # ---------------------------------------------------------------- paired comparisons
    def compare_question(self, spec: CompareSpec) -> Question:
        """With no setting option: "Do the asymmetrical starting cards make the match-up fairer or worse than
        the standard ones?" (A: both sides asymmetrical, as the rulebook's Asymmetrical Play; B: both standard),
        one row per faction. Else A and B of the subject differ in its variant, the cards or a Fog of War."""
        from .fog import read_fog
        subject, opponent = spec.sides or ("federation", "sunder")
        for f in (subject, opponent):
            check_one_of(f, FACTIONS, "faction", "--factions")
        problem = mirror_problem((subject, opponent))
        if problem:
            raise OptionError("--factions", problem)
        if spec.side_b is not None and spec.side_b != subject:
            raise OptionError("--faction-b", f"{INFO.title} compares settings of one faction: give --variant-a/-b, "
                                             f"--cards-b or --fog-a/-b")
        fog_a, fog_b = spec.extras.get("fog_a"), spec.extras.get("fog_b")
        headline = all(x is None for x in (spec.variant_a, spec.variant_b, spec.opponent_variant, spec.cards_b,
                                           fog_a, fog_b))
        if headline:
            (ta, ca, la), _ = card_settings(self, spec.cards, None)
            return Question(Setting(subject, "asymmetrical", ta, ca, la), Setting(subject, "standard", ta, ca, la),
                            opponent, "", same_variant=True, both_sides=True,
                            text="Asymmetrical vs standard starting cards (A: both sides asymmetrical, B: both "
                                 "standard), paired on the same seeds, seats swapped; the rows are the same games "
                                 "seen from each side.")
        variant_a = check_one_of(spec.variant_a or "standard", START_SETS, "variant", "--variant-a")
        variant_b = (variant_a if spec.variant_b is None
                     else check_one_of(spec.variant_b, START_SETS, "variant", "--variant-b"))
        opponent_variant = check_one_of(spec.opponent_variant or "standard", START_SETS, "variant",
                                        "--opponent-variant")
        fogs = []
        for option, path in (("--fog-a", fog_a), ("--fog-b", fog_b)):
            try:
                fogs.append(read_fog(path) if path is not None else None)
            except CommandsimError as exc:
                raise OptionError(option, str(exc)) from None
        (ta, ca, la), (tb, cb, lb) = card_settings(self, spec.cards, spec.cards_b)
        if spec.cards_b is None:
            same_fog = (fog_a is None and fog_b is None) or (fog_a is not None and fog_b is not None
                                                             and Path(fog_a).resolve() == Path(fog_b).resolve())
            if variant_a == variant_b and same_fog:
                raise CommandsimError(f"A and B are the same setting (variant {variant_a}, the same cards and Fog of "
                                      f"War): give a different variant, an edited card set or a Fog of War file "
                                      f"for B")
        a = Setting(subject, variant_a, ta, ca, la, fogs[0], _fog_label(fogs[0]))
        b = Setting(subject, variant_b, tb, cb, lb, fogs[1], _fog_label(fogs[1]))
        return Question(a, b, opponent, opponent_variant)

    def setting_orders(self, setting: Setting, opponent: str, opponent_variant: str, max_turns: int):
        first = Matchup((setting.side, opponent), (setting.variant, opponent_variant), max_turns)
        second = first.swapped()
        fog = setting.extras
        if fog is not None:   # its cards must exist and be free before any game is played
            first, second = fog.apply(first), fog.apply(second)
            fog.check(setting.tables, (first, second))
        for m in (first, second):
            m.validate()
        return tuple(Order(m, (), m.factions, (m.variant_label(0), m.variant_label(1))) for m in (first, second))

    # ---------------------------------------------------------------- replay
    def replay(self, seed: int, spec: ReplaySpec):
        from .fog import read_fog
        from simcore.game import Replay
        from .replay_log import json_lines, text_lines
        from .simulate import replay_game
        sides = spec.sides or ("federation", "sunder")
        variants = spec.variants or ("standard", "standard")
        mode = spec.mode or "duel"
        difficulty = spec.extras.get("difficulty")
        if difficulty is not None and mode != "solo":
            raise OptionError("--difficulty", "applies only with --mode solo")
        matchup = Matchup((sides[0], sides[1]), (variants[0], variants[1]), spec.max_turns or DEFAULT_MAX_TURNS, mode=mode,
                          difficulty=(difficulty or "easy") if mode == "solo" else None)
        matchup.validate()
        tables = self.load_tables([spec.cards] if spec.cards is not None else ())
        fog_path = spec.extras.get("fog_path")
        if fog_path is not None:
            fog = read_fog(fog_path)
            matchup = fog.apply(matchup)
            fog.check(tables, [matchup])
        a, b = spec.strategies
        a = a or INFO.default_strategy
        return Replay(replay_game(seed, matchup, (a, b or a), tables), text_lines, json_lines)


    # ---------------------------------------------------------------- optional hooks
    def tuning(self):
        from .players.tuning_space import last_command
        return last_command()

    def advisor(self, cards_path=None):
        from .advisor import last_command_cards
        return last_command_cards(cards_path)

    def finding_sides(self):
        from .skill import sides
        return sides()

    def tournament_pairs(self, matchup, tables, threads):
        """The rulebook's Solo A.I. enters as ``ai:LEVEL`` (``simcore.games.last_command.players.entries``)."""
        from .players import entries
        return entries.LastCommandPairs(matchup, tables, threads), entries.check_entry


def _fog_label(fog) -> str:
    return f"fog {fog.name}" if fog is not None else "no fog"


GAME: Game = LastCommand()
