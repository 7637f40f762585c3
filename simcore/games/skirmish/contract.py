"""The skirmish's command resolution (seed 003) behind the game contract (``simcore.game.Game``).

Its sides are forces (``line``, ``elite``, ``raiders``), its variants command sets, each optionally with
its Command Point budget (``full:3``: the set ``full`` with 3 Command Points a turn; without it, the
force's own). Its "cards" are its commands, unit profiles and forces (``cards/SCHEMA.md``); nothing is
bought, so its per-card tables are empty. Nothing jitted is imported here at module level.
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
from simcore.strategy_files import FileStrategies

from .bounds import MAX_EFFECTS_PER_COMMAND, MAX_ORDERS
from .setup import DEFAULT_MAX_TURNS, Matchup

MODE = "battle"
MAX_TURNS_LIMIT = 1_000
COMMAND_SHOWN = ("timing", "kind", "trigger", "trigger_target", "cost", "target", "reach", "eligibility",
                 "prevented_by", "effects", "restrictions", "status", "fails_entirely", "before_trigger",
                 "movement_first")

INFO = GameInfo(
    "skirmish", "Skirmish command resolution (seed 003: Command Points, one response window)", Noun("force", "forces"),
    Noun("command set", "command sets"), ("line", "elite", "raiders"), (MODE,),
    ("full", "no-covering-fire", "no-responses", "covering-fire-2cp"), "reserve", DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT,
    rungs=("random", "reserve", "spender", "tuned", "search:100:tuned", "search:1000:tuned"),
    turn="turn", first_player="the first force deploys first and gives the first command of each turn",
    sweep_questions=(SweepQuestion(("line", "line"), ("full", "no-covering-fire"),
                                   "the line with the full command set against a line without Covering Fire"),),
    summary="two forces on a range track, commands with their Command Point costs, checks, one response window "
            "and the seed's order of resolution",
    bounds=(Bound(PLAYS_PER_TURN, MAX_ORDERS, "commands one player gives in their own windows of a turn"),
            Bound(EFFECTS_PER_PLAY, MAX_EFFECTS_PER_COMMAND, "effect parts one command resolves: its own, its "
                  "response's and the melee check's"),
            Bound(TURN_CAP, None, f"turns: --max-turns (default {DEFAULT_MAX_TURNS}, at most {MAX_TURNS_LIMIT:,})",
                  "a rule, not a draw: the higher score (units destroyed + objective points) wins, equal scores "
                  "draw")),
    standing=Standing("surviving wounds", "the value of each force's surviving units: the wounds its units have "
                      "left (a destroyed unit counts 0)", "round: one battle turn, both forces' commands"))


class Skirmish(FileStrategies, GameDefaults):
    info = INFO
    module = __name__
    strategy_library = f"{__package__}.players.library"
    target_example = "line vs raiders = 50%"
    target_forms = ("'<force> [command set] vs <force> [command set] = <percent>%' (e.g. 'elite vs raiders = 50%') "
                    "or 'first player [force] [command set] = <percent>%'")

    def __init__(self):
        self._compiled: dict = {}

    def options(self, command: str):
        return ()

    # ---------------------------------------------------------------- cards (commands, units, forces)
    def load_tables(self, cards=()):
        """The skirmish's data (commands, units, forces, command sets): a battle's tables are compiled for its
        two command sets when it is played (``tables_for``)."""
        from .card_data import load_data
        paths = card_paths(cards)
        return load_data(paths or None)

    def tables_for(self, data, command_sets: tuple[str, str]):
        from .card_data import compile_sets
        key = (id(data), tuple(command_sets))
        hit = self._compiled.get(key)
        if hit is None or hit[0] is not data:
            if len(self._compiled) > 64:
                self._compiled.clear()
            hit = self._compiled[key] = (data, compile_sets(data, (command_sets[0], command_sets[1])))
        return hit[1]

    def card_info(self, tables) -> pd.DataFrame:
        return pd.DataFrame({"card": pd.Series([], dtype=object)})

    def buyable(self, tables):
        return []

    def card_entries(self, cards=()):
        from simcore.card_overrides import Entry
        data = self.load_tables(cards)
        sets = {f"set {s}": Entry(f"[set.{s}]", {"commands": list(cmds), **(
            {"cost": dict(data.set_costs[s])} if data.set_costs.get(s) else {})}, identity=())
            for s, cmds in data.sets.items()}
        return {**{c.name: Entry("[[command]]", c.raw) for c in data.commands},
                **{u.name: Entry("[[unit]]", u.raw) for u in data.units},
                **{f"force {f.name}": Entry(f"[force.{f.name}]", f.raw, identity=()) for f in data.forces.values()},
                **sets}

    def cards_listing(self, cards, fmt: str) -> Listing:
        data = self.load_tables([cards] if cards is not None else [])
        header = ("name", "entry", "timing", "cost", "trigger", "estimated")
        rows = [(c.name, "command", c.timing, c.cost, "|".join(c.trigger) or "-", len(c.estimated))
                for c in data.commands]
        rows += [(u.name, "unit", "-", "-", "-", len(u.estimated)) for u in data.units]
        rows += [(f.name, "force", "-", f.cp, "-", len(f.estimated)) for f in data.forces.values()]
        if fmt == "csv":
            return Listing(header, rows)
        return Listing(tuple(h.upper() for h in header), rows,
                       ["", f"{len(data.commands)} commands, {len(data.units)} units, {len(data.forces)} forces."])

    def card_lines(self, name: str, cards) -> list[str]:
        data = self.load_tables([cards] if cards is not None else [])
        for u in data.units:
            if u.name.casefold() == name.strip().casefold():
                return [f"{u.name}  (unit; {u.source})"] + [f"  {f:<14} {v}  [{u.provenance(f) or 'default'}]"
                                                            for f, v in u.profile.items()]
        c = data.command(name)
        lines = [f"{c.name}  (command; {c.source})"] + ([f"  {c.text}"] if c.text else [])
        for f in COMMAND_SHOWN:
            v = getattr(c, f)
            if f == "effects":
                v = ", ".join(f"{op} {n}" for op, n in v) or "none"
            elif isinstance(v, tuple):
                v = ", ".join(v) or "none"
            lines.append(f"  {f:<14} {v}  [{c.provenance(f) or 'default'}]")
        if c.resolution_order() != c.effects:
            lines.append(f"  {'resolves as':<14} {', '.join(f'{op} {n}' for op, n in c.resolution_order())}  "
                         f"(movement first)")
        in_sets = [s for s, cmds in data.sets.items() if c.name in cmds]
        return lines + [f"  command sets   {', '.join(in_sets) or 'none'}"]

    def validate_cards(self, path: Path, extras: dict) -> list[str]:
        from simcore.card_files import display_path, skipped_lines
        from .card_data import compile_sets
        from .free_commands import free_command_warnings
        data = self.load_tables([path])
        for a in data.sets:   # every pair of command sets a battle can play, as a run compiles it
            for b in data.sets:
                compile_sets(data, (a, b))
        return ([f"OK: {display_path(Path(path))}: {len(data.commands)} commands, {len(data.units)} units, forces "
                 f"{', '.join(data.forces)}, command sets {', '.join(data.sets)}."] + free_command_warnings(data)
                + skipped_lines(Path(path)))

    def audit_listing(self, cards, fmt: str) -> Listing:
        data = self.load_tables([cards] if cards is not None else [])
        rows = [(f"command {c.name}", f, "estimated") for c in data.commands for f in c.estimated]
        rows += [(f"unit {u.name}", f, "estimated") for u in data.units for f in u.estimated]
        rows += [(f"force {x.name}", f, "estimated") for x in data.forces.values() for f in x.estimated]
        if fmt == "csv":
            return Listing(("entry", "field", "provenance"), rows)
        return Listing(None, [], [f"{entry}: {f}  [{p}]" for entry, f, p in rows]
                       + ["", f"{len(rows)} values not stated by the seed."])

    # ---------------------------------------------------------------- play
    def _setting(self, text: str, data, option: str) -> tuple[str, int | None]:
        from .setup import parse_setting
        try:
            return parse_setting(text, data)
        except CommandsimError as exc:
            raise OptionError(option, str(exc)) from None

    def _forces(self, names, data, option: str) -> tuple[str, ...]:
        return parse_list(names, tuple(data.forces), "force", option)

    def _order(self, forces, settings, strategies, data, max_turns) -> Order:
        from .setup import build_setup
        from .simulate import matchup_labels
        m = Matchup(tuple(forces), tuple(s for s, _ in settings), tuple(cp for _, cp in settings), max_turns)
        tables = self.tables_for(data, m.command_sets)
        build_setup(tables, m)
        return Order(m, tuple(strategies), tuple(forces), matchup_labels(m, tables))

    def sweep_cells(self, spec: SweepSpec, tables) -> list[Cell]:
        """Each pair of forces (a mirror when one force is given), both sides on the same command set, every
        set; both seat orders, and both force-to-strategy assignments when the strategies differ."""
        data = tables
        if spec.modes not in (None, (MODE,)):
            raise OptionError("--mode", f"the skirmish has one mode, '{MODE}'")
        forces = self._forces(spec.sides, data, "--forces") if spec.sides is not None else tuple(data.forces)
        texts = spec.variants if spec.variants is not None else tuple(data.sets)
        if any(not str(t).strip() for t in texts):
            raise OptionError("--command-sets", f"empty command set name in {','.join(texts)}")
        settings = []
        for t in texts:
            setting = self._setting(t, data, "--command-sets")
            if setting in settings:
                raise OptionError("--command-sets", f"command set '{t.strip()}' is given twice")
            settings.append(setting)
        settings = [settings[i] for i in range(len(settings))]
        strategy = spec.strategy or INFO.default_strategy
        opponent = spec.opponent_strategy or strategy
        max_turns = spec.max_turns or DEFAULT_MAX_TURNS
        pairs = list(itertools.combinations(forces, 2) if strategy == opponent
                     else itertools.permutations(forces, 2)) or [(forces[0], forces[0])]
        if spec.mixed_variants:
            setting_pairs = list(itertools.product(settings, repeat=2))
        else:
            setting_pairs = [(s, s) for s in settings]
        asked = [((q.sides[0], q.sides[1]), (self._setting(q.variants[0], data, "--command-sets"),
                                             self._setting(q.variants[1], data, "--command-sets")))
                 for q in spec.questions]
        grid = [((a, b), (sa, sb)) for sa, sb in setting_pairs for a, b in pairs]
        cells = []
        for (a, b), (sa, sb) in asked + [g for g in grid if g not in asked]:     # the game's questions lead
            first = self._order((a, b), (sa, sb), (strategy, opponent), data, max_turns)
            orders = [first]
            if (a, sa) != (b, sb) or strategy != opponent:
                orders.append(self._order((b, a), (sb, sa), (opponent, strategy), data, max_turns))
            cells.append(Cell(MODE, (a, b), first.variants, (strategy, opponent), tuple(orders),
                              label=f"{a} {first.variants[0]} ({strategy}) vs {b} {first.variants[1]} "
                                    f"({opponent})"))
        return cells

    def play(self, matchup, strategies, seed, first_game, n, tables, threads, keep_bought=True, restriction=None):
        from .simulate import play_games
        return play_games(n, seed, matchup, strategies, self.tables_for(tables, matchup.command_sets), threads,
                          first_game=first_game, restriction=restriction)

    def start(self, matchup, strategies, seed, first_game, n, tables, pool, keep_bought=True, last=True):
        from .simulate import start_games
        return start_games(n, seed, matchup, strategies, self.tables_for(tables, matchup.command_sets), pool,
                           first_game=first_game, last=last)

    def bannable(self, tables) -> list[str]:
        """Restricted play bans the commands (a force never gives or declares a banned one)."""
        from .simulate import bannable
        return bannable(tables)

    def forcible(self, tables) -> list[str]:
        """Forced play gives a command whenever it is legal and affordable: in its own window when the five
        checks pass (its Command Points among them), a response whenever one may be declared; every command."""
        from .simulate import bannable
        return bannable(tables)

    def can_take(self, tables, side, variant) -> list[str]:
        """A force gives or declares only the commands of its command set (``variant``, optionally ``SET:CP``)."""
        from .setup import parse_setting
        from .simulate import bannable
        own = set(tables.sets[parse_setting(variant, tables)[0]])
        return [n for n in bannable(tables) if n in own]

    # ---------------------------------------------------------------- paired comparisons
    def compare_question(self, spec: CompareSpec) -> Question:
        """With no setting option: does the line do better with the full command set than without Covering
        Fire, against a line with the full set? A and B differ in the subject's command set (optionally with
        its Command Points, ``full:3``), in the data (``--cards-b``: both forces' commands, units and Command
        Points) or in the subject force (``--force-b``)."""
        subject, opponent = spec.sides or ("line", "line")
        (ta, ca, la), (tb, cb, lb) = card_settings(self, spec.cards, spec.cards_b)
        for f in (subject, opponent):
            check_one_of(f, tuple(ta.forces), "force", "--forces")
        side_b = spec.side_b or subject
        check_one_of(side_b, tuple(tb.forces), "force", "--force-b")
        a = spec.variant_a or "full"
        default_b = spec.variant_a is None and spec.cards_b is None and spec.side_b is None
        b = spec.variant_b or ("no-covering-fire" if default_b else a)
        self._setting(a, ta, "--command-set-a")
        self._setting(b, tb, "--command-set-b")
        opponent_set = spec.opponent_variant or "full"
        self._setting(opponent_set, ta, "--opponent-command-set")
        if (a, side_b, spec.cards_b) == (b, subject, None):
            raise CommandsimError(f"A and B are the same setting ({subject} with {a}): give another command set, "
                                  f"force or card set for B")
        text = ("Does the line do better with the full command set than without Covering Fire? A: full, B: "
                "no-covering-fire, both against a line with the full set, paired on the same seeds, seats swapped."
                if default_b and spec.sides is None else "")
        return Question(Setting(subject, a, ta, ca, la), Setting(side_b, b, tb, cb, lb), opponent, opponent_set,
                        text=text)

    def setting_orders(self, setting: Setting, opponent: str, opponent_variant: str, max_turns: int):
        data = setting.tables
        mine = self._setting(setting.variant, data, "--command-set-a")
        theirs = self._setting(opponent_variant, data, "--opponent-command-set")
        strategies = ((), ())
        return (self._order((setting.side, opponent), (mine, theirs), strategies, data, max_turns),
                self._order((opponent, setting.side), (theirs, mine), strategies, data, max_turns))

    # ---------------------------------------------------------------- replay
    def replay(self, seed: int, spec: ReplaySpec):
        from simcore.game import Replay
        from .replay_log import json_lines, text_lines
        from .simulate import replay_game
        if spec.mode not in (None, MODE):
            raise OptionError("--mode", f"the skirmish has one mode, '{MODE}'")
        data = self.load_tables([spec.cards] if spec.cards is not None else [])
        forces = tuple(f.lower() for f in (spec.sides or ("line", "line")))
        for f in forces:
            check_one_of(f, tuple(data.forces), "force", "--forces")
        settings = [self._setting(t, data, "--command-sets") for t in (spec.variants or ("full", "full"))]
        a, b = spec.strategies
        a = a or INFO.default_strategy
        order = self._order(forces, settings, (a, b or a), data, spec.max_turns or DEFAULT_MAX_TURNS)
        m = order.matchup
        return Replay(replay_game(seed, m, (a, b or a), self.tables_for(data, m.command_sets)), text_lines,
                      json_lines)

    # ---------------------------------------------------------------- optional hooks
    def tuning(self):
        from .players.tuning_space import skirmish
        return skirmish()

    def advisor(self, cards_path=None):
        from .advisor import skirmish_cards
        return skirmish_cards(cards_path)

    def finding_sides(self):
        from .skill import sides
        return sides()


GAME: Game = Skirmish()
