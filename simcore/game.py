"""The game contract: what every command needs of a game, as data and functions.

The core, ``reports/``, ``strategies/tuning/`` and ``cli.py`` reach a game only through this contract: a
module registered with one line in ``simcore/games/registry.py`` (or, for a game that lives elsewhere,
``registry.register(module)`` at run time) whose ``GAME`` object implements ``Game`` below. Modelled on
OpenSpiel's ``GameType`` (a game declares its capabilities as data, ``pyspiel.register_game``) and
TabletopGames' ``GameType`` enum (one line per game naming its classes).

What a game declares (``GameInfo``): its name and title, what its sides and variants are called, its
sides, modes and variants, its default strategy, skill-ladder rungs and turn cap, and the options it
adds to a command (``Option``: shown only for that game). What it does (``Game``): load and check its
cards, list and resolve its strategies, expand a sweep's options into cells, play a chunk of seeds into the
engine's arrays (``simcore.records.Records``: int codes for the winner, turns, copies of each card bought),
name the cards restricted play may ban, set up the two sides of a paired comparison, and replay one game
with its log. What it may add (``GameDefaults``: each optional hook with its default, reached through
``hooks(game)``): commands of its own, a tuning space (``simcore.tuning_space``), a balance advisor
(``simcore.advice``), finding sides (``simcore.findings_sides``), tournament entries of its own
(``simcore.pair_results``), chunks queued on engine threads, and the rules it chose.

A game's contract module imports no jitted code at module level: ``commandsim games`` and ``--help``
read every game's ``GameInfo`` without compiling any engine.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

import pandas as pd

from .advice import CardSet
from .errors import CommandsimError
from .findings_sides import Sides
from .names import unknown
from .restriction import Restriction  # noqa: F401  (part of the contract's vocabulary)
from .tuning_space import TuneSpace


class OptionError(CommandsimError):
    """A user error that belongs to one option: the CLI names ``option`` in its usage error (exit 2)."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(message)


@dataclass(frozen=True)
class Noun:
    """What a game calls a thing: ``Noun("deck", "decks")``."""
    one: str
    many: str

    @property
    def flag(self) -> str:
        """The option a list of them is given by (``--decks``)."""
        return "--" + self.many.replace(" ", "-")


@dataclass(frozen=True)
class Option:
    """An option a game adds to one of the commands (``--fog`` of The Last Command's sweep).

    ``kind``: ``flag`` (on/off), ``text``, ``int``, ``path`` (one file), ``paths`` (repeatable) or
    ``choice`` (one of ``choices``). The value reaches the game as ``spec.extras[dest]``."""
    flag: str
    dest: str
    kind: str
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    low: int | None = None        # ``int``: its range
    high: int | None = None


@dataclass(frozen=True)
class SweepQuestion:
    """A match-up the game's sources ask about: side A with its variant against side B with its. A
    sweep given no match-up option plays it (``GameInfo.sweep_questions``) and its table leads with it.
    ``text``: the question as the sources ask it."""
    sides: tuple[str, str]
    variants: tuple[str, str]
    text: str = ""


@dataclass(frozen=True)
class Standing:
    """What a game's shape measures (``simcore.shape``): each side's standing, which its engine records after
    every round. ``name``: what the game calls it (Hull, Authority); ``text``: how it is counted, for a
    reader; ``round``: what one round of the records is (both players' turns)."""
    name: str
    text: str
    round: str = "round: each side's turn once"


@dataclass(frozen=True)
class GameInfo:
    """A game's capabilities as data.

    ``side`` / ``variant``: what the game calls its sides (faction, deck, force) and its variants (starting
    cards, command sets); ``sides``, ``modes``, ``variants``: their names, defaults first. ``sweep_sides``
    and ``sweep_variants``: what ``sweep`` plays when not told (None: every one); ``sweep_modes`` likewise
    (None: the first mode only). ``max_turns``: the turn cap
    of a game (a game still running then is a draw), ``max_turns_limit`` the largest cap accepted.
    ``rungs``: the skill ladder's default rungs, weakest first. ``turn``: what one of ``turns`` counts.
    ``first_player``: a sentence on what moving first means in this game's rules (reports quote it).
    ``sweep_questions``: the match-ups its sources ask about, which a sweep given no match-up option plays
    first (``SweepQuestion``). ``bounds``: the engine's bounds on one game (``simcore.bounds.Bound``: plays per
    turn, effects per play, turns per game), which ``docs/reliability.md`` lists. ``one_seat_modes``: the modes
    whose second seat the rules play (an opponent at a level, the cell's ``difficulty``), not a side: their cells
    count the first seat only (``Cell.seats == (0,)``) and have no seat swap; the reports read it, not a mode's
    name. ``standing``: the measure its engine records after every round (``Standing``; None: a game that
    records no shape)."""
    name: str
    title: str
    side: Noun
    variant: Noun
    sides: tuple[str, ...]
    modes: tuple[str, ...]
    variants: tuple[str, ...]
    default_strategy: str
    max_turns: int
    max_turns_limit: int
    rungs: tuple[str, ...] = ("random", "balanced", "tuned", "search:100:tuned", "search:1000:tuned")
    sweep_sides: tuple[str, ...] | None = None
    sweep_variants: tuple[str, ...] | None = None
    sweep_modes: tuple[str, ...] | None = None       # None: the first mode
    sweep_sides_help: str = ""                       # how a sweep pairs the sides, when not every pair
    turn: str = "player-turn"
    first_player: str = ""
    summary: str = ""
    sweep_questions: tuple[SweepQuestion, ...] = ()
    bounds: tuple = ()
    one_seat_modes: tuple[str, ...] = ()
    standing: Standing | None = None


@dataclass(frozen=True)
class Order:
    """One seat order of a cell: the game's matchup (opaque to the core; seat 0 moves first), the
    strategies in seat order, and the labels of the seats' sides and variants as records show them."""
    matchup: Any
    strategies: tuple[Any, ...]       # empty in a paired comparison's settings: compare gives them
    sides: tuple[str, str]
    variants: tuple[str, str]


@dataclass(frozen=True)
class Cell:
    """One match-up of a sweep: side A (``sides[0]`` with ``variants[0]`` and ``strategies[0]``) against
    side B, played in each of ``orders`` on the same seeds (both seat orders; one where the rules fix the
    seats, as Solo Mode's player always moves first). ``seats``: the seats whose side the aggregate
    counts (Solo Mode: the player's only). ``difficulty``: empty unless the mode has levels."""
    mode: str
    sides: tuple[str, str]
    variants: tuple[str, str]
    strategies: tuple[str, str]
    orders: tuple[Order, ...]
    difficulty: str = ""
    seats: tuple[int, ...] = (0, 1)
    label: str = ""


@dataclass(frozen=True)
class SweepSpec:
    """A sweep's options as the user gave them (None: the game's default). ``extras``: the game's own
    options (``Option.dest`` -> value). ``questions``: cells the game plays first, before its grid
    (``asked``: the game's own questions when no match-up option is given)."""
    sides: tuple[str, ...] | None = None
    variants: tuple[str, ...] | None = None
    modes: tuple[str, ...] | None = None
    strategy: str | None = None
    opponent_strategy: str | None = None
    mixed_variants: bool = False
    max_turns: int | None = None
    extras: dict = field(default_factory=dict)
    questions: tuple[SweepQuestion, ...] = ()


def asked(spec: SweepSpec, info: GameInfo) -> SweepSpec:
    """``spec`` with the game's own questions (``GameInfo.sweep_questions``) when it names no match-up
    (no sides, variants, modes or mixed variants): ``commandsim sweep`` with no options plays what the
    game's sources ask about, and its table leads with it."""
    import dataclasses
    if spec.sides is None and spec.variants is None and spec.modes is None and not spec.mixed_variants:
        return dataclasses.replace(spec, questions=info.sweep_questions)
    return spec


@dataclass(frozen=True)
class Setting:
    """One side of a paired comparison: the subject's side and variant, the card set of the whole game
    (``tables``; ``cards`` names it in full, ``card_label`` in a verdict) and the game's own choices
    (``extras``: e.g. a Fog of War file, with its ``label``)."""
    side: str
    variant: str
    tables: Any
    cards: str = "shipped"
    card_label: str = "shipped cards"
    extras: Any = None
    extras_label: str = ""


@dataclass(frozen=True)
class CompareSpec:
    """A comparison's options as the user gave them (None: not given)."""
    sides: tuple[str, str] | None = None     # subject, opponent
    side_b: str | None = None                # B's subject when it is not A's
    variant_a: str | None = None
    variant_b: str | None = None
    opponent_variant: str | None = None
    cards: Path | None = None
    cards_b: Path | None = None
    strategy: str | None = None
    opponent_strategy: str | None = None
    max_turns: int | None = None
    extras: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """A paired comparison to play: settings A and B of the subject against ``opponent`` (with
    ``opponent_variant``; ``same_variant``: the opponent plays the subject's variant of each setting).
    ``text``: the question as the designer asks it; ``both_sides``: also report the same games seen
    from the opponent (it is a subject too, as when A and B change both sides alike)."""
    a: Setting
    b: Setting
    opponent: str
    opponent_variant: str
    same_variant: bool = False
    text: str = ""
    both_sides: bool = False


@dataclass(frozen=True)
class ReplaySpec:
    """``replay``'s options: the two sides in seat order, their variants, strategies, mode, turn cap,
    cards and the game's own options."""
    sides: tuple[str, str] | None = None
    variants: tuple[str, str] | None = None
    strategies: tuple[str | None, str | None] = (None, None)
    mode: str | None = None
    max_turns: int | None = None
    cards: Path | None = None
    extras: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Replay:
    """One replayed game as ``replay`` prints it: the game's own replay (``game``: its ``result`` dict has
    ``winner``, first / second / draw, and ``turns``) and the game's two readings of its log."""
    game: Any
    text: Callable[[Any], list[str]]
    json: Callable[[Any], list[str]]

    @property
    def result(self) -> dict:
        return self.game.result

    def text_lines(self) -> list[str]:
        """The game turn by turn, as a reader follows it."""
        return self.text(self.game)

    def json_lines(self) -> list[str]:
        """One JSON object per event (JSON Lines)."""
        return self.json(self.game)

    def __str__(self) -> str:
        """The text view (``print(replay)`` in a notebook)."""
        return "\n".join(self.text_lines())


@runtime_checkable
class Game(Protocol):
    """What every game implements (``GAME`` in its contract module): exactly the members the commands use of
    every game. The optional hooks, with their defaults, are ``GameDefaults``'s; a caller reaches them through
    ``hooks(game)``. ``isinstance(game, Game)`` holds for every registered game (a conformance test), and mypy
    checks each contract module against this class (``pyproject.toml``'s ``[tool.mypy]``)."""
    info: GameInfo
    module: str                 # the contract module's name: how a cluster's worker finds the game

    # ---- options
    def options(self, command: str) -> Sequence[Option]:
        """The options this game adds to ``command`` (``sweep``, ``compare``, ``replay``, ...)."""
        ...

    # ---- cards
    def load_tables(self, cards: Sequence[Path] = ()) -> Any:
        """The compiled card tables (picklable: chunks carry them to a cluster's workers), the shipped
        cards with each of ``cards`` (TOML files or folders) merged over them in turn."""
        ...

    def card_info(self, tables: Any) -> pd.DataFrame:
        """One row per card type (``card`` and the game's cost columns), in table order: the per-card
        table's rows and the per-game records' bought columns."""
        ...

    def buyable(self, tables: Any) -> Sequence[bool]:
        """Per card type of ``card_info``, whether a player can acquire it (the sweep's card table)."""
        ...

    def card_entries(self, cards: Sequence[Path] = ()) -> dict:
        """Every entry played with ``cards`` merged over the shipped ones, by key, as a card file writes it
        (``simcore.card_overrides.Entry``): ``cards show --toml`` and what a card file changes."""
        ...

    def cards_listing(self, cards: Path | None, fmt: str) -> Listing:
        """``cards list`` (``fmt``: "table" or "csv"): one row per card."""
        ...

    def card_lines(self, name: str, cards: Path | None) -> list[str]:
        """``cards show NAME``: the card's fields with their provenance (stated / estimated / rule)."""
        ...

    def validate_cards(self, path: Path, extras: dict) -> list[str]:
        """``cards validate PATH``: every check a run makes, or ``CommandsimError``; lines to print."""
        ...

    def audit_listing(self, cards: Path | None, fmt: str) -> Listing:
        """``cards audit``: every value not stated by the game's sources, with its provenance."""
        ...

    # ---- strategies
    def strategy_listing(self) -> Listing:
        """``strategies list``: each built-in strategy (and the search players' names)."""
        ...

    def strategy_lines(self, name: str) -> Listing:
        """``strategies show NAME``: a built-in name or strategy file, with its parameters."""
        ...

    def check_strategy(self, name: Any) -> str:
        """The strategy's display name; ``CommandsimError`` naming the file or the unknown name."""
        ...

    def resolve_strategy(self, name: Any) -> Any:
        """The strategy as a picklable value that plays the same on a machine without its file."""
        ...

    # ---- play
    def sweep_cells(self, spec: SweepSpec, tables: Any) -> list[Cell]:
        """The cells of a sweep, in a fixed order; every option checked (``OptionError``)."""
        ...

    def play(self, matchup: Any, strategies: Any, seed: int, first_game: int, n: int, tables: Any,
             threads: int | None, keep_bought: bool = True, restriction: Restriction | None = None) -> Any:
        """Games ``first_game .. first_game + n - 1`` of base ``seed``: ``simcore.records.Records`` with
        ``winner`` and ``turns`` int arrays and ``bought`` int32[n, 2, n_types] (when ``keep_bought``).
        ``restriction``: restricted play (never given when ``bannable`` lists no card)."""
        ...

    def bannable(self, tables: Any) -> Sequence[str]:
        """The cards restricted play (``impact``) may ban: those a player acquires or chooses (empty: none)."""
        ...

    # ---- paired comparisons
    def compare_question(self, spec: CompareSpec) -> Question:
        """Settings A and B from ``compare``'s options (with none: the game's headline question)."""
        ...

    def setting_orders(self, setting: Setting, opponent: str, opponent_variant: str, max_turns: int) -> tuple:
        """(matchup with the subject first, matchup with it second) of one setting; checks them."""
        ...

    # ---- replay
    def replay(self, seed: int, spec: ReplaySpec) -> Replay:
        """The game with per-game seed ``seed`` and its log."""
        ...


@dataclass(frozen=True)
class Alias:
    """A command a game adds over one of the shared commands: ``commandsim solo`` is The Last Command's
    ``sweep --mode solo``. ``fixed``: options set for the user (and not offered); ``defaults``: options
    offered with other defaults; ``omit``: options of the command that do not apply to the alias (not
    offered rather than offered and refused)."""
    name: str
    command: str
    fixed: dict
    defaults: dict
    help: str
    omit: tuple[str, ...] = ()


@dataclass(frozen=True)
class Listing:
    """What a listing command prints: ``before`` lines, a table (``header`` None: no table) and ``after``
    lines. The CLI aligns the table or writes it as CSV."""
    header: tuple[str, ...] | None
    rows: list[tuple] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    before: list[str] = field(default_factory=list)


def missing_members(game: object) -> list[str]:
    """The members of ``Game`` that ``game`` lacks (none: ``isinstance(game, Game)``)."""
    members = [*Game.__annotations__, *(name for name, v in vars(Game).items()
                                         if callable(v) and not name.startswith("_"))]
    return sorted(name for name in members if not hasattr(game, name))


DEFAULT_TARGET_FORMS = "see the game's page in docs/games/"


class GameDefaults:
    """The contract's optional hooks, each with its default. A game's contract class derives from it and
    overrides the hooks it has; ``hooks(game)`` gives any game's hooks (its own, or these defaults for a
    contract class that does not derive from it)."""
    aliases: tuple[Alias, ...] = ()            # commands of its own over the shared ones (``Alias``)
    target_example: str = ""                   # an ``advise --target`` its advisor reads (tests, examples)
    target_forms: str = DEFAULT_TARGET_FORMS   # what ``advise --target`` takes, for its help

    @property
    def _game(self) -> Game:
        return cast(Game, self)   # a contract class that derives from this one is the game

    def fixed_seats_note(self) -> str:
        """What a sweep says under its table when the rules fix the seats (every cell one seat order)."""
        return "The rules fix the seats: the rows are the side that moves first."

    def check_distinct(self, a: str, b: str) -> None:
        """``CommandsimError`` when two strategies given under one display name would merge their games into
        one row of a table."""
        game = self._game
        if a != b and game.check_strategy(a) == game.check_strategy(b):
            raise CommandsimError(f"'{a}' and '{b}' are both named '{game.check_strategy(a)}': give one another "
                                  f"name so that their results stay apart")

    def forcible(self, tables: Any) -> Sequence[str]:
        """The cards restricted play may force (bought whenever affordable): the bannable ones."""
        return self._game.bannable(tables)

    def impact_sides(self) -> Sequence[tuple[str, str]]:
        """The (subject, opponent) pairs ``impact`` measures: the first two sides, each way."""
        sides = self._game.info.sides
        return ((sides[0], sides[1]), (sides[1], sides[0]))

    def can_take(self, tables: Any, side: str, variant: str) -> Sequence[str]:
        """The bannable cards ``side`` playing ``variant`` can ever acquire or choose (forbidding another changes
        none of its games: an ``advise`` impact target refuses it): by default every bannable card."""
        return self._game.bannable(tables)

    def tournament_pairs(self, matchup: Any, tables: Any, threads: int | None) -> tuple | None:
        """(pair player, entry check) of a game whose tournament entries are more than strategies (None: two
        entries meet in the game's paired head-to-head, ``reports.tournament.pair_player``)."""
        return None

    def start(self, matchup: Any, strategies: Any, seed: int, first_game: int, n: int, tables: Any, pool: Any,
              keep_bought: bool = True, last: bool = True) -> Callable[[], Any]:
        """``play``'s games queued on ``pool`` (``simcore.blocks.BlockPool``), the function returned waiting for
        their records (``last`` False: another chunk follows). The default plays them at once."""
        records = self._game.play(matchup, strategies, seed, first_game, n, tables, pool.threads,
                                  keep_bought=keep_bought)
        return lambda: records

    def tuning(self) -> TuneSpace | None:
        """The tuner's view of the game (``tune``, ``ladder``, ``tournament``); None: no tuner."""
        return None

    def advisor(self, cards_path: Path | None = None) -> CardSet | None:
        """The balance advisor's card set with ``cards_path`` merged in (``advise``); None: no advisor."""
        return None

    def finding_sides(self) -> Sides | None:
        """The sides of the designer's findings (``ladder --finding``); None: none."""
        return None

    def rule_choices(self) -> list[str]:
        """The rules the game chose where its sources leave a question open (``commandsim games``)."""
        return []


class _Defaults(GameDefaults):
    """The defaults of a game whose contract class does not derive from ``GameDefaults``."""

    def __init__(self, game: Game):
        self._own = game

    @property
    def _game(self) -> Game:
        return self._own


def hooks(game: Game) -> GameDefaults:
    """``game``'s optional hooks: its own (a contract class deriving from ``GameDefaults``), else the defaults."""
    return game if isinstance(game, GameDefaults) else _Defaults(game)


SHIPPED = "shipped"


def card_settings(game: "Game", cards: Path | None, cards_b: Path | None):
    """((tables, cards, label) of A, (tables, cards, label) of B): A the shipped cards with ``cards`` merged
    over them, B the same with ``cards_b`` merged on top (A's when None). ``cards`` names a set in full
    ("shipped + my_cards/a.toml"), ``label`` in a verdict ("cards a.toml")."""
    from .card_files import display_path
    a_paths = [cards] if cards is not None else []
    tables_a = game.load_tables(a_paths)
    name_a = SHIPPED if cards is None else f"{SHIPPED} + {display_path(Path(cards))}"
    short_a = "shipped cards" if cards is None else f"cards {Path(cards).name}"
    if cards_b is None:
        return (tables_a, name_a, short_a), (tables_a, name_a, short_a)
    tables_b = game.load_tables(a_paths + [cards_b])
    return (tables_a, name_a, short_a), (tables_b, f"{name_a} + {display_path(Path(cards_b))}",
                                         f"cards {Path(cards_b).name}")


def check_one_of(name: str, known: Collection[str], what: str, option: str) -> str:
    """``name`` lower-cased and stripped if it is one of ``known``; else an ``OptionError`` of ``option``."""
    value = str(name).strip().lower()
    if value not in known:
        raise OptionError(option, unknown(what, name, list(known)))
    return value


def parse_list(text: str | Sequence[str], known: Sequence[str], what: str, option: str,
               minimum: int = 1) -> tuple[str, ...]:
    """A comma list (or a sequence) of names, each one of ``known``: none empty, none twice, at least
    ``minimum``; an ``OptionError`` of ``option`` otherwise."""
    items = text.split(",") if isinstance(text, str) else list(text)
    out: list[str] = []
    for raw in items:
        if not str(raw).strip():
            raise OptionError(option, f"empty {what} name in {text!r}: expected a comma list of "
                                      f"{', '.join(known)}")
        name = check_one_of(raw, known, what, option)
        if name in out:
            raise OptionError(option, f"{what} '{name}' is given twice")
        out.append(name)
    if len(out) < minimum:
        raise OptionError(option, f"expected at least {minimum} {what} names, got {len(out)}")
    return tuple(out)


def seat_pair(text: str, known: Sequence[str], what: str, option: str) -> tuple[str, str]:
    """Two comma-separated names in seat order (one name means both seats)."""
    items = [x.strip().lower() for x in text.split(",")]
    if len(items) == 1:
        items = items * 2
    if len(items) != 2 or not all(items):
        raise OptionError(option, f"expected two {what} names separated by a comma (first,second), got {text!r}")
    first, second = (check_one_of(x, known, what, option) for x in items)
    return first, second


ChunkPlayer = Callable[..., Any]
