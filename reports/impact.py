"""Card impact by restricted play, in every game: what a card is worth to the player who may take it.

The buyers' win rate (``sweep_cards.csv``: the win rate of the players who bought a card) mixes a card's
strength with the situation of the player who buys it: a player who is ahead has more to spend and buys
more of the expensive cards, so a mediocre expensive card looks strong and a cheap card that wins games
looks weak.  Restricted play (Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play",
AIIDE 2012) asks the causal question instead: play the same seeds with one side forbidden the card (it never
buys or chooses it; everything else is its strategy) against the unrestricted opponent, seats swapped, and
measure how much the side's score drops.  With ``measure="force"`` the side instead buys the card whenever
it can afford it: whether the card is worth rushing.

**Effect.**  For subject side S, seed i: ``u_i`` and ``r_i`` are S's score on the seed (the mean of its two
games, moving first and second; win 1, draw 1/2, loss 0) unrestricted and restricted.  The card's impact
is ``mean(u_i - r_i)`` (positive: banning the card costs S that much of its score; forced play: ``r_i - u_i``,
what rushing the card gains), with the paired t
interval over the seeds (``reports.stats.paired_difference``).  "both" is the mean over the subject sides
of each seed's difference (the same seeds serve every side).  The unrestricted games are played once and
shared by every card.

**Spending the games** (``reports.impact_stats``, which holds the rule).  Every card is first *screened* on
``screen`` seeds; a card whose screen p-value is below ``SCREEN_P`` is *promising* and tested
group-sequentially on fresh seeds (the screen's seeds are not reused, so picking the promising cards does not
bias their test): rounds of ``screen`` seeds up to the cap, looked at after each round with the repeated
confidence intervals of ``reports.sequential`` (Pocock-type spending, no look before
``reports.stats.MIN_VERDICT_SEEDS`` seeds) and a sequential Holm step-down over the promising cards (Bartroff &
Lai 2010: with j cards already shown, the others are tested at level alpha / (m - j)), so the whole table's
chance of one false "shown" stays at ``alpha`` however many cards it holds.  A card stops when its effect is
shown, or when its interval lies inside +-``band`` (worthless at this strategy), or at the cap.  A tested card's
interval is from its confirmation seeds only, at the critical value the test used when it stopped.

**Verdicts**: ``shown`` (the impact is not zero, Holm-corrected), ``worthless`` (the interval lies inside
+-band), ``unclear`` (the cap was reached before either), ``screened`` (the screen saw nothing worth
testing: its estimate is the screen's, with an interval and p-value conditional on that selection; it is never
called worthless, since the seeds that would say so are those that passed it over).  A card's verdict is read
off "both" (the test above); each side's row has its own, read off that row's interval, p-value and band
(``impact_stats.side_verdict``).  ``p_value`` is Holm-adjusted within its family (``reports.impact_stats``).
When the sides pull opposite ways (one side's interval clear above 0, another's clear below: ``split_cards``) the
"both" mean averages opposite effects into a small number, so it is never shown without them.

Same seeds give the same table on any thread count, chunking or cluster (``runner``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
import dataclasses
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as sps

from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.names import did_you_mean, unknown
from simcore.game import Game, OptionError, Restriction, Setting, hooks
from simcore.games import registry
from simcore.records import seat_scores

from .compare import DEFAULT_BAND, check_band
from .impact_stats import BOTH, SCREEN_P, _mean_se, judge_cards, side_verdict  # noqa: F401  (SCREEN_P: the screen's)
from .sequential import ALPHA, look_critical_values
from .stats import wilson_interval

DEFAULT_GAMES = 4000          # the cap: games per card and side (half of them seeds, each played twice)
MEASURES = ("ban", "force")
VERDICTS = ("shown", "worthless", "unclear", "screened")
IMPACT_COLUMNS = ("rank", "card", "measure", "side", "impact", "ci_low", "ci_high", "se", "n", "seeds", "p_value",
                  "verdict", "buyers", "buyers_win_rate", "buyers_ci_low", "buyers_ci_high", "strategy",
                  "opponent_strategy", "seed")

Progress = Callable[[int, int], None]


# ---- the sides a card is measured for

@dataclass(frozen=True)
class Pair:
    """One subject side on its variant against its opponent (variants: the game's first unless a match-up names
    them), and the two seat orders."""
    subject: str
    opponent: str
    variant: str
    orders: tuple            # (subject first, subject second): ``Game.setting_orders``
    opponent_variant: str = ""


def impact_pairs(game: Game, tables, side: str | None, max_turns: int, sides: Sequence[str] | None = None,
                 variants: Sequence[str] | None = None) -> list[Pair]:
    """The subject sides: ``side`` alone, else the game's ``impact_sides`` hook ((subject, opponent) pairs; by
    default each of the game's first two sides against the other). ``sides`` (A, B): the match-up instead, A
    against B and B against A (one pair when the two are the same side on the same variant); ``variants``: each
    side's variant in ``sides``' order (one: every side's; default the game's first)."""
    info = game.info
    names = [_side_name(game, s) for s in sides] if sides is not None else None
    if names is not None and len(names) != 2:
        raise OptionError(info.side.flag, f"expected two {info.side.many} (A,B), got {len(names)}")
    shown = [str(v).strip().lower() for v in variants] if variants is not None else [info.variants[0]]
    if not 1 <= len(shown) <= 2 or (len(shown) == 2 and names is None):
        raise OptionError("--variants", f"expected one {info.variant.one}" + (
            f" or two (one per {info.side.one} of {info.side.flag})" if names is not None else
            f" (two need {info.side.flag} A,B)") + f", got {len(shown)}")
    for v in shown:
        if v.partition(":")[0] not in info.variants:
            raise OptionError("--variants", unknown(info.variant.one, v, info.variants))
    v_a, v_b = shown[0], shown[-1]
    if names is None:
        found = [(s, v_a, o, v_a) for s, o in hooks(game).impact_sides()]
    else:
        a, b = names
        found = [(a, v_a, b, v_b)] + ([(b, v_b, a, v_a)] if (a, v_a) != (b, v_b) else [])
    if side is not None:
        key = _side_name(game, side)
        mine = [p for p in found if p[0] == key]
        if not mine and names is not None:
            raise OptionError("--side", f"'{key}' is not a {info.side.one} of the match-up {' vs '.join(names)}")
        found = mine or [(key, v_a, *(found[0][2:] if found[0][2] != key else found[0][:2]))]
    out = []
    for subject, variant, opponent, opponent_variant in found:
        orders = game.setting_orders(Setting(subject, variant, tables), opponent, opponent_variant, max_turns)
        out.append(Pair(subject, opponent, variant, tuple(orders), opponent_variant))
    return out


def _side_name(game: Game, side: str) -> str:
    key = str(side).strip().lower()
    if key not in game.info.sides:
        raise CommandsimError(unknown(game.info.side.one, side, game.info.sides))
    return key


def bannable_cards(game: Game, tables, cards_only: Sequence[str] | str | None = None) -> list[str]:
    """The cards ``impact`` measures: the game's ``bannable`` hook's, or ``cards_only`` of them (a comma list;
    names matched without case)."""
    names = list(game.bannable(tables))
    if not names:
        raise CommandsimError(f"{game.info.title} has no bannable cards: a player acquires or chooses no card "
                              f"that restricted play could forbid")
    if cards_only is None:
        return names
    items = cards_only.split(",") if isinstance(cards_only, str) else list(cards_only)
    by_key = {n.casefold(): n for n in names}
    out = []
    for raw in items:
        key = str(raw).strip().casefold()
        if key not in by_key:
            raise CommandsimError(f"--cards-only: '{str(raw).strip()}' is not a card restricted play can ban in "
                                  f"{game.info.title}: expected one of {', '.join(names)}{did_you_mean(raw, names)}")
        if by_key[key] not in out:
            out.append(by_key[key])
    return out


# ---- chunks

@dataclass(frozen=True, eq=False)
class ImpactChunk:
    """Seeds ``first_game .. first_game + n - 1`` of pair ``pair`` with its subject in seat ``seat`` (0 first),
    restricted by ``restriction`` (None: the unrestricted game, whose buys are counted for ``cards``)."""
    game: str
    pair: int
    seat: int
    matchup: object
    strategies: tuple
    seed: int
    first_game: int
    n: int
    restriction: Restriction | None = None
    cards: tuple[str, ...] = ()


def play_chunk(chunk: ImpactChunk, tables, threads: int | None = None):
    """(2 x the subject's score per seed as int8, buys): ``buys`` (unrestricted chunks with ``cards`` only; else
    None) is int64[2, n_cards]: games in which a seat bought each card at least once, and 2 x those seats'
    scores summed (both seats)."""
    game = registry.load(chunk.game)
    baseline = chunk.restriction is None
    extra = {} if baseline else {"restriction": chunk.restriction}   # a game is never given an empty one
    rec = game.play(chunk.matchup, chunk.strategies, chunk.seed, chunk.first_game, chunk.n, tables, threads,
                    keep_bought=baseline and bool(chunk.cards), **extra)
    points = (2 * seat_scores(rec.winner, chunk.seat)).astype(np.int8)
    if not chunk.cards:
        return points, None
    buys = np.zeros((2, len(chunk.cards)), np.int64)
    bought = rec.bought
    if bought is not None and bought.size and chunk.cards:
        index = {n: i for i, n in enumerate(rec.card_names)}
        cols = [index.get(c, -1) for c in chunk.cards]
        for s in range(2):
            scores = 2 * seat_scores(rec.winner, s)
            for j, col in enumerate(cols):
                if col >= 0:
                    has = bought[:, s, col] > 0
                    buys[0, j] += int(has.sum())
                    buys[1, j] += int(scores[has].sum())
    return points, buys


# ---- the run

@dataclass
class Impact:
    """``table``: one row per card, measure and side (``IMPACT_COLUMNS``), ranked by the "both" impact;
    ``diffs``: {(card, measure, side): per-seed differences u - r}, the seeds each verdict read."""
    table: pd.DataFrame
    diffs: dict
    game: str = ""
    not_taken: list = dataclasses.field(default_factory=list)   # cards no subject side can take: not measured

    def both(self) -> pd.DataFrame:
        return self.table[self.table["side"] == BOTH].reset_index(drop=True)


class _Plays:
    """Plays seed ranges of the unrestricted game and of restricted ones, folding chunks in seed order."""

    def __init__(self, game: Game, pairs: list[Pair], strategies: tuple, seed: int, tables, runner, chunk_size: int,
                 cards: list[str], progress: Progress | None, total: int):
        self.game, self.pairs, self.strategies, self.seed = game, pairs, strategies, seed
        self.tables, self.runner, self.chunk_size, self.cards = tables, runner, chunk_size, cards
        self.progress, self.done, self.total = progress, 0, total
        self.base: dict[int, np.ndarray] = {}            # pair -> 2 x score summed over both seats, per seed
        self.buys = np.zeros((2, len(cards)), np.int64)

    def _chunks(self, lo: int, hi: int, restriction_of) -> list[ImpactChunk]:
        chunks = []
        seen = set()     # the unrestricted game of one seating is counted once for the buyers (a mirror's two
        for k, pair in enumerate(self.pairs):     # orders, or two sides' pairs, may hold the very same games)
            for seat, order in enumerate(pair.orders):
                strategies = self.strategies if seat == 0 else self.strategies[::-1]
                restriction = restriction_of(seat)
                same = repr((order.matchup, strategies))
                counted = restriction is None and same not in seen
                seen.add(same)
                for start in range(lo, hi, self.chunk_size):
                    chunks.append(ImpactChunk(self.game.module, k, seat, order.matchup, strategies, self.seed, start,
                                              min(self.chunk_size, hi - start), restriction,
                                              tuple(self.cards) if counted else ()))
        return chunks

    def run(self, jobs: list[tuple[object, int, int]]) -> dict:
        """``jobs``: (key, lo, hi) with key None for the unrestricted game or (card, measure). Returns
        {key: {pair: int16 per seed (2 x score, both seats summed)}} for seeds lo .. hi - 1."""
        chunks, owners = [], []
        for key, lo, hi in jobs:
            if key is None:
                make = lambda seat: None  # noqa: E731
            else:
                card, measure = key
                make = (lambda seat, c=card, m=measure:
                        Restriction.seat(seat, banned=(c,) if m == "ban" else (), forced=(c,) if m == "force" else ()))
            for chunk in self._chunks(lo, hi, make):
                chunks.append(chunk)
                owners.append((key, lo, hi))
        out: dict = {}
        for chunk, owner, (points, buys) in zip(chunks, owners, self.runner.map(play_chunk, chunks, self.tables)):
            key, lo, hi = owner
            per_pair = out.setdefault(key, {}).setdefault(chunk.pair, np.zeros(hi - lo, np.int16))
            at = chunk.first_game - lo
            per_pair[at:at + chunk.n] += points
            if buys is not None:
                self.buys += buys
            self.done += chunk.n
            if self.progress is not None:
                self.progress(self.done, self.total)
        return out


def run_impact(game: Game | str, cards_only=None, strategy: str | None = None, opponent_strategy: str | None = None,
               side: str | None = None, games: int = DEFAULT_GAMES, seed: int = 1, threads: int | None = None,
               max_turns: int | None = None, cards: Path | None = None, measures: Sequence[str] = ("ban",),
               screen: int | None = None, alpha: float = ALPHA, band: float = DEFAULT_BAND,
               progress: Progress | None = None, *, chunk_size: int = 2000, runner=None,
               estimate: Callable | None = None, sides: Sequence[str] | None = None,
               variants: Sequence[str] | None = None) -> Impact:
    """Each card's impact (see the module text) for the game's subject sides (``side``: one of them; ``sides``,
    ``variants``: a match-up's instead, ``impact_pairs``): screened on
    ``screen`` seeds (default: an eighth of the cap, at least 50), the promising ones tested group-sequentially
    up to ``games`` games per card and side.  ``measures``: ``ban`` and/or ``force``.  ``estimate``, if given,
    is called with the run's ``reports.estimate.Estimate`` once the screen's first seeds (a pilot of a few
    seconds: ``estimate_impact``) are played; the results do not change."""
    game = registry.get(game) if isinstance(game, str) else game
    strategy = strategy or game.info.default_strategy
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    for s in {strategy, opponent_strategy}:
        game.check_strategy(s)
    max_turns = max_turns or game.info.max_turns
    check_band(band)
    if not 0 < alpha < 1:
        raise CommandsimError(f"alpha must lie between 0 and 1, got {alpha}")
    if games < 4 or games % 2:
        raise CommandsimError(f"--games must be an even number of at least 4 (each seed is played in both seats), "
                              f"got {games}")
    measures = tuple(dict.fromkeys(m.strip().lower() for m in measures))
    for m in measures:
        if m not in MEASURES:
            raise CommandsimError(unknown("measure", m, MEASURES))
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    cap = games // 2
    screen = min(cap, max(50, cap // 8)) if screen is None else int(screen)
    if not 2 <= screen <= cap:
        raise CommandsimError(f"the screen must play between 2 and {cap} seeds, got {screen}")
    tables = game.load_tables([cards] if cards is not None else [])
    names = bannable_cards(game, tables, cards_only)
    if "force" in measures:
        missing = [n for n in names if n not in set(hooks(game).forcible(tables))]
        if missing:
            raise CommandsimError(f"--forced: {game.info.title} has no forced play of {', '.join(missing)} (a "
                                  f"player buys no such card whenever it can afford it)")
    pairs = impact_pairs(game, tables, side, max_turns, sides, variants)
    names, not_taken = takeable_cards(game, tables, names, pairs, cards_only is not None)
    resolved = (game.resolve_strategy(strategy), game.resolve_strategy(opponent_strategy))
    keys = [(c, m) for m in measures for c in names]
    total = 2 * len(pairs) * (len(keys) + 1) * cap
    plays = _Plays(game, pairs, resolved, seed, tables, LocalRunner(threads) if runner is None else runner,
                   max(1, int(chunk_size)), names, progress, total)

    pilot: dict = {}          # the screen's first seeds, played as the estimate's pilot when one is asked

    def screen_range(lo: int, hi: int) -> dict:
        return plays.run([(None, lo, hi)] + [(k, lo, hi) for k in keys])

    if estimate is not None:
        speed = _probe_speed(game, pairs[0], resolved, seed, tables, threads, names[0], chunk_size)
        res, at, est = estimate_impact(screen_range, keys, len(pairs), screen, cap, alpha, band, chunk_size, speed)
        estimate(est)
        pilot.update(res=res, at=at)

    def source(lo: int, hi: int, wanted: list) -> dict:
        if lo == 0 and pilot and hi >= pilot["at"]:     # the screen: the pilot's seeds are not played again
            res = pilot.pop("res")
            if hi > pilot["at"]:
                res = _merge([res, screen_range(pilot["at"], hi)], keys, len(pairs))
            pilot.clear()
        else:
            res = plays.run([(None, lo, hi)] + [(k, lo, hi) for k in wanted])
        base = {p: res[None][p].astype(np.int32) for p in range(len(pairs))}     # 4 x score per seed, both seats
        return {k: _diffs(base, res[k], len(pairs), k[1]) for k in wanted}

    judged = judge_cards(source, keys, cap, screen, alpha, band)
    table = _table(game, keys, pairs, judged, plays.buys, names, strategy, opponent_strategy, seed, band, alpha)
    return Impact(table,
                  {(k[0], k[1], s): v for k in keys for s, v in judged.cards[k].diffs.items()}, game.info.name,
                  not_taken)


def takeable_cards(game: Game, tables, names: list[str], pairs: Sequence[Pair], named: bool
                   ) -> tuple[list[str], list[str]]:
    """(the cards of ``names`` some subject side of ``pairs`` can take, the others): forbidding a card its side
    can never acquire or choose (a Star Realms gambit to a standard deck) changes none of its games, and its
    measured impact of 0 would read as "worthless" rather than "not this side's". Cards the user ``named``
    (``--cards-only``) that no subject can take are refused, naming who can."""
    can = hooks(game).can_take
    taken = set().union(*(set(can(tables, p.subject, p.variant)) for p in pairs))
    kept, left = [n for n in names if n in taken], [n for n in names if n not in taken]
    if named and left:
        takers = [s for s in game.info.sides if any(n in set(can(tables, s, v)) for n in left for v in
                                                     game.info.variants)]
        subjects = ", ".join(dict.fromkeys(p.subject for p in pairs))
        raise OptionError("--cards-only", f"{', '.join(left)}: no {game.info.side.one} measured ({subjects}) can "
                                          f"ever take {'it' if len(left) == 1 else 'them'}"
                          + (f"; {' or '.join(f'--side {t}' for t in takers)} measures "
                             f"{'it' if len(left) == 1 else 'them'}" if takers else ""))
    if not kept:
        raise CommandsimError(f"no card restricted play can ban is ever taken by the {game.info.side.many} "
                              f"measured ({', '.join(dict.fromkeys(p.subject for p in pairs))})")
    return kept, left


def _probe_speed(game: Game, pair: Pair, strategies: tuple, seed: int, tables, threads: int | None, card: str,
                 chunk_size: int):
    """The speed of an engine call of restricted play (``reports.estimate.probe``: the first pair, its subject
    first, ``card`` banned, on seeds the run does not play)."""
    from .estimate import probe, probe_seed

    restriction = Restriction.seat(0, banned=(card,))
    order = pair.orders[0]
    return probe(lambda n: play_chunk(ImpactChunk(game.module, 0, 0, order.matchup, strategies, probe_seed(seed), 0, n,
                                                  restriction), tables, threads), 1, chunk_size).speed


def estimate_impact(screen_range: Callable[[int, int], dict], keys: list, n_pairs: int, screen: int, cap: int,
                    alpha: float, band: float, chunk_size: int, speed):
    """(the results of the screen's first seeds, how many, the run's ``reports.estimate.Estimate``): the screen's
    first seeds (``screen_range(lo, hi)``: seeds lo .. hi - 1 of every card and of the unrestricted game) are a
    pilot of a few seconds at ``speed`` (``reports.estimate.pilot``), whose per-card differences give the
    expected length of the test (``reports.expected_stops.sequential_test_seeds``).  The caller plays the rest
    of the screen."""
    import time

    from .estimate import Estimate, Part, calls_of
    from .estimate import pilot as play_pilot
    from .expected_stops import sequential_test_seeds

    calls = (len(keys) + 1) * n_pairs * 2       # engine calls of a seed range: every card and the base, both seats
    played = play_pilot(screen_range, screen, calls, 1, speed)
    pilot, at = played.result, played.seeds
    base = {p: pilot[None][p].astype(np.int32) for p in range(n_pairs)}
    diffs = [_diffs(base, pilot[k], n_pairs, k[1])[BOTH] for k in keys]

    def cost(seeds: int, sets: float) -> float:   # ``sets`` restricted or unrestricted games, each pair and seat
        return speed.seconds(sets * n_pairs * 2 * seeds, sets * n_pairs * 2 * calls_of(seeds, chunk_size))

    # from now on: the rest of the screen, then the test
    parts_out = [Part("screen", cost(screen - at, len(keys) + 1), float(calls * (screen - at)))]
    left = cap - screen
    if left >= 2:
        round_seeds = min(screen, left)
        promising = max(1, sum(_p_value(*_mean_se(d)) < SCREEN_P for d in diffs))
        began = time.perf_counter()
        critical = look_critical_values(round_seeds, left, alpha / promising)
        per_level = time.perf_counter() - began   # the test computes the looks' values at m levels (Holm)
        active, any_active = sequential_test_seeds(diffs, at, screen, cap, SCREEN_P, critical, band, _p_value)
        sizes = [min(round_seeds, left - k * round_seeds) for k in range(len(critical))]
        sets = [a + b for a, b in zip(active, any_active)]      # the tested cards and the base, per look
        levels = active[0] if len(active) else 0.0
        parts_out.append(Part("sequential test", sum(cost(n, k) for n, k in zip(sizes, sets)) + levels * per_level,
                              sum(k * n_pairs * 2 * n for n, k in zip(sizes, sets)),
                              sum(cost(n, len(keys) + 1) for n in sizes) + len(keys) * per_level, float(calls * left)))
    return pilot, at, Estimate(parts_out, f"the test's length from a pilot of the screen's first {at:,} seeds")


def _p_value(mean: float, se: float) -> float:
    """The screen's two-sided p-value at the normal approximation: the estimate's model of which cards the
    screen passes (the run itself uses ``impact_stats``' t test)."""
    if not np.isfinite(se) or not np.isfinite(mean):
        return 1.0
    if se == 0:
        return 0.0 if mean != 0 else 1.0
    return float(2.0 * sps.norm.sf(abs(mean / se)))


def _merge(parts: list[dict], keys: list, n_pairs: int) -> dict:
    """Results of consecutive seed ranges (``_Plays.run``) as one."""
    return {key: {p: np.concatenate([part[key][p] for part in parts]) for p in range(n_pairs)}
            for key in [None, *keys]}


def _diffs(base: dict, restricted: dict, n_pairs: int, measure: str) -> dict:
    """Per-seed impact (scores: the mean of the seed's two games) per subject side, and "both": u - r of a ban
    (what the card is worth), r - u of forced play (what rushing it gains)."""
    sign = 1 if measure == "ban" else -1
    out = {p: sign * (base[p] - restricted[p].astype(np.int32)) / 4.0 for p in range(n_pairs)}
    out[BOTH] = np.mean([out[p] for p in range(n_pairs)], axis=0)
    return out


def _table(game, keys, pairs, judged, buys, names, strategy, opponent_strategy, seed, band=DEFAULT_BAND,
           alpha=ALPHA):
    rows = []
    sides = [(p, pairs[p].subject) for p in range(len(pairs))] + [(BOTH, BOTH)]
    for card, measure in keys:
        j = names.index(card)
        n_buy, pts = int(buys[0, j]), int(buys[1, j])
        wins = pts / 2.0
        b_lo, b_hi = wilson_interval(wins, n_buy) if n_buy else (float("nan"), float("nan"))
        for where, label in sides:
            mean, lo, hi, se, seeds, _, p_holm = judged.rows[((card, measure), where)]
            result = judged.cards[(card, measure)]
            verdict = result.verdict if where == BOTH else side_verdict(result.family, lo, hi, p_holm, seeds, band,
                                                                        alpha)
            rows.append({"card": card, "measure": measure, "side": label,
                         "impact": mean, "ci_low": lo, "ci_high": hi, "se": se, "n": 2 * seeds,
                         "seeds": seeds, "p_value": p_holm, "verdict": verdict,
                         "buyers": n_buy, "buyers_win_rate": wins / n_buy if n_buy else float("nan"),
                         "buyers_ci_low": b_lo, "buyers_ci_high": b_hi,
                         "strategy": game.check_strategy(strategy),
                         "opponent_strategy": game.check_strategy(opponent_strategy), "seed": seed})
    table = pd.DataFrame(rows)
    both = table[table["side"] == BOTH]
    order = {}
    for measure in dict.fromkeys(k[1] for k in keys):
        ranked = both[both["measure"] == measure].sort_values("impact", ascending=False, kind="stable")
        order.update({(c, measure): i + 1 for i, c in enumerate(ranked["card"])})
    table["rank"] = [order[(c, m)] for c, m in zip(table["card"], table["measure"])]
    side_order = {label: i for i, (_, label) in enumerate(sides)}
    table = table.sort_values(["measure", "rank", "side"], key=lambda col: col.map(side_order) if col.name == "side"
                              else (col.map({m: i for i, m in enumerate(MEASURES)}) if col.name == "measure" else col),
                              kind="stable").reset_index(drop=True)
    return table[list(IMPACT_COLUMNS)]


# ---- at skill: the impact at each rung of a ladder

def impact_at_rungs(game: Game | str, card: str, rungs: Sequence[str], games: int = 2000, seed: int = 1,
                    threads: int | None = None, *, progress: Progress | None = None, runner=None) -> pd.DataFrame:
    """``ladder --finding impact --card NAME``: the card's impact (a ban, both sides, every seed: no screen) with
    both sides playing each rung in turn on the same seeds, weakest rung first, and what happens across the rungs
    (``reports.skill_finding.across_rungs``: a sign change, a size change, stable or unclear). A card that only
    weak players misuse is not a balance problem. ``sides``: each side's impact at a rung where they pull opposite
    ways ("" elsewhere: ``split_cards``)."""
    from .skill_finding import across_rungs
    game = registry.get(game) if isinstance(game, str) else game
    rows = []
    for level, rung in enumerate(rungs):
        result = run_impact(game, [card], rung, None, None, games, seed, threads, screen=games // 2,
                            progress=progress, runner=runner)
        r = result.both().iloc[0]
        split = split_cards(result.table)
        rows.append({"rung": rung, "level": level, **{c: r[c] for c in IMPACT_COLUMNS},
                     "sides": "; ".join(sides_text(part) for part in split.values())})
    table = pd.DataFrame(rows)
    centred = table.assign(score=0.5 + table["impact"], ci_low=0.5 + table["ci_low"], ci_high=0.5 + table["ci_high"],
                           effect=table["impact"])
    code, text = across_rungs(centred, card, f"banning {card}")
    return table.assign(game=game.info.name, finding="impact", across_rungs=code, across_rungs_text=text)


def estimate_impact_at_rungs(game: Game | str, card: str, rungs: Sequence[str], games: int = 2000, seed: int = 1,
                             threads: int | None = None, chunk_size: int = 2000):
    """``impact_at_rungs``' expected time (``reports.estimate.Estimate``, a part per rung): each rung's speed of
    restricted play (``_probe_speed``) priced over its games (no screen, no test: every seed, the card and the
    unrestricted game, each pair and seat)."""
    from .estimate import Estimate, Part, calls_of

    game = registry.get(game) if isinstance(game, str) else game
    tables = game.load_tables([])
    pairs = impact_pairs(game, tables, None, game.info.max_turns)
    seeds = games // 2
    calls = 2 * len(pairs) * 2
    parts = []
    for rung in rungs:
        strategies = (game.resolve_strategy(rung), game.resolve_strategy(rung))
        speed = _probe_speed(game, pairs[0], strategies, seed, tables, threads, card, chunk_size)
        parts.append(Part(rung, speed.seconds(calls * seeds, calls * calls_of(seeds, chunk_size)), calls * seeds))
    return Estimate(parts, "speed measured on probe games of each rung")


# ---- sides that pull opposite ways

def split_cards(table: pd.DataFrame) -> dict[tuple[str, str], pd.DataFrame]:
    """{(card, measure): its side rows} of the cards whose sides pull opposite ways: one side's interval lies
    wholly above 0 and another's wholly below (rows of ``IMPACT_COLUMNS``, any number of cards). Their "both"
    mean averages opposite effects (Shoot: +25.9 for one force, -21.6 for the other, "both" +2.1), so it is
    never shown without them."""
    sides = table[table["side"] != BOTH]
    out = {}
    for (card, measure), part in sides.groupby(["card", "measure"], sort=False):
        if (part["ci_low"] > 0).any() and (part["ci_high"] < 0).any():
            out[(card, measure)] = part
    return out


def sides_text(part: pd.DataFrame) -> str:
    """"line +25.9 [+22.1, +29.7], elite -21.6 [-25.0, -18.2]": each side's impact with its interval."""
    return ", ".join(f"{r.side} {_pts(r.impact)} [{_pts(r.ci_low)}, {_pts(r.ci_high)}]" for r in part.itertuples())


# ---- text

def impact_lines(impact: Impact, top: int | None = None) -> list[str]:
    """The table as the CLI prints it: rank, card, impact in points with its interval, n, verdict, and the buyers'
    win rate beside it."""
    t = impact.table
    lines = [f"{'RANK':>4}  {'CARD':<26} {'MEASURE':<7} {'SIDE':<10} {'IMPACT':>7}  {'95% INTERVAL':<15} {'N':>7}  "
             f"{'VERDICT':<10} {'BUYERS WIN':>10} {'BUYERS':>7}"]
    for _, r in t.iterrows():
        if top is not None and r["rank"] > top:
            continue
        bw = "-" if not np.isfinite(r["buyers_win_rate"]) else f"{100 * r['buyers_win_rate']:.1f}%"
        lines.append(f"{r['rank']:>4}  {str(r['card'])[:26]:<26} {r['measure']:<7} {str(r['side'])[:10]:<10} "
                     f"{_pts(r['impact']):>7}  [{_pts(r['ci_low'])}, {_pts(r['ci_high'])}]".ljust(71)
                     + f" {r['n']:>7}  {r['verdict']:<10} {bw:>10} {r['buyers']:>7}")
    shown = t[(t["side"] == BOTH) & (t["verdict"] == "shown")]
    split = split_cards(t)
    if split:
        lines += ["", "The sides pull opposite ways (the 'both' mean averages opposite effects; read each side's "
                      "row): " + "; ".join(f"{card}{'' if m == 'ban' else f' ({m})'}: {sides_text(part)}"
                                           for (card, m), part in split.items()) + "."]
    lines += ["", f"Impact: points of the side's score lost when the card is banned (forced: gained by rushing it), "
                  f"paired on the same seeds, seats swapped; {len(shown)} shown after Holm's correction over "
                  f"{t[t['side'] == BOTH].shape[0]} cards. A tested card's interval is its fresh seeds' repeated 95% "
                  f"interval at the look it stopped; a screened card's is conditional on the screen passing it over. "
                  f"A card's verdict is its 'both' row's; each side's row has its own, from its own interval."]
    if impact.not_taken:
        lines += ["", f"Not measured: {', '.join(impact.not_taken)} (no side measured can ever take "
                      f"{'it' if len(impact.not_taken) == 1 else 'them'}: banning changes none of its games; "
                      f"--side names a side that takes {'it' if len(impact.not_taken) == 1 else 'them'})."]
    return lines


def _pts(x: float) -> str:
    return "nan" if not np.isfinite(x) else f"{100 * x:+.1f}"
