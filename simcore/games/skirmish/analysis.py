"""Skirmish sweeps and paired comparisons in the core's report schemas (``reports.aggregate``,
``reports.compare``): the same CSV columns as the other games, with the force in the faction columns and
"<command set>:<CP budget>" in the variant columns."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports.aggregate import perspective_counts, summarise
from reports.compare import DEFAULT_BAND, verdict
from reports.stats import paired_difference, wilson_interval
from simcore.errors import CommandsimError

from .data import SkirmishData, compile_sets, load_data
from .setup import DEFAULT_MAX_TURNS, Matchup
from .simulate import play_games

MODE = "battle"


def parse_setting(text: str, data: SkirmishData) -> tuple[str, int | None]:
    """"SET" or "SET:CP" -> (command set, budget or None for the force's own)."""
    name, _, cp = text.strip().partition(":")
    if name not in data.sets:
        raise CommandsimError(f"unknown command set '{name}': expected one of {', '.join(data.sets)} "
                              f"(optionally with :CP, e.g. full:3)")
    if not cp:
        return name, None
    if not cp.isdigit() or not 0 <= int(cp) <= 20:
        raise CommandsimError(f"'{text}': the Command Point budget after ':' must be 0..20")
    return name, int(cp)


def label(force: str, setting: tuple[str, int | None], data: SkirmishData) -> str:
    name, cp = setting
    return f"{name}:{data.forces[force].cp if cp is None else cp}"


def check_forces(forces, data: SkirmishData) -> tuple[str, ...]:
    names = tuple(f.strip() for f in forces if f.strip())
    for f in names:
        if f not in data.forces:
            raise CommandsimError(f"unknown force '{f}': expected one of {', '.join(data.forces)}")
    if not names:
        raise CommandsimError("no force given")
    return names


def as_core_records(games: pd.DataFrame, labels: tuple[str, str]) -> pd.DataFrame:
    return games.assign(first_faction=games["first_force"], second_faction=games["second_force"],
                        first_variant=labels[0], second_variant=labels[1])


def run_sweep(forces, settings, games: int = 2000, seed: int = 1, strategy: str = "reserve",
              opponent_strategy: str | None = None, threads: int | None = None,
              max_turns: int = DEFAULT_MAX_TURNS, data: SkirmishData | None = None,
              keep_games: bool = False) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """Win rates with 95% Wilson intervals per force, command set and CP budget: each pair of forces (a
    mirror too, when one force is given) with both sides on the same setting, both seatings on the same
    seeds, and both strategy orders when the strategies differ."""
    if games < 1:
        raise CommandsimError(f"--games must be at least 1, got {games}")
    data = data if data is not None else load_data()
    forces = check_forces(forces, data)
    settings = [parse_setting(s, data) for s in settings]
    opponent_strategy = opponent_strategy or strategy
    orders = [(strategy, opponent_strategy)] + ([(opponent_strategy, strategy)] if opponent_strategy != strategy
                                                else [])
    pairs = [(a, b) for a in forces for b in forces if a != b] or [(forces[0], forces[0])]
    counts, kept = [], []
    for name, cp in settings:
        tables = compile_sets(data, (name, name))
        for a, b in pairs:
            m = Matchup((a, b), (name, name), (cp, cp), max_turns)
            labels = (label(a, (name, cp), data), label(b, (name, cp), data))
            for s in orders:
                r = play_games(games, seed, m, s, tables, threads)
                counts.append(perspective_counts(as_core_records(r.games, labels)))
                if keep_games:
                    kept.append(r.games)
    table = summarise(pd.concat(counts, ignore_index=True), seed=seed, mode=MODE)
    return table, pd.concat(kept, ignore_index=True) if keep_games else None


def _points(winner, seat: str) -> np.ndarray:
    w = np.asarray(pd.Series(winner).astype(str))
    return np.where(w == seat, 2, np.where(w == "draw", 1, 0))


def run_compare(subject: str, opponent: str, setting_a: str = "full", setting_b: str = "no-covering-fire",
                opponent_setting: str = "full", games: int = 4000, seed: int = 1, strategy: str = "reserve",
                opponent_strategy: str | None = None, threads: int | None = None,
                max_turns: int = DEFAULT_MAX_TURNS, band: float = DEFAULT_BAND, data: SkirmishData | None = None,
                data_b: SkirmishData | None = None, label_b: str | None = None) -> dict:
    """Does the subject force do better with setting A than with B (a command set, optionally ':CP') against
    the same opponent? Both play the same seeds, each seed once in each seat; the paired difference of
    the subject's per-seed score, with a verdict. ``data_b``: B's battles' whole data (an edited file, as
    ``compare --cards-b`` gives it for the other games: both forces' commands, units and Command Points);
    a change for the subject's side alone is a command set of its own (``setting_b``, a set's ``cost``)."""
    data = data if data is not None else load_data()
    data_b = data_b if data_b is not None else data
    check_forces((subject, opponent), data)
    check_forces((subject, opponent), data_b)
    opponent_strategy = opponent_strategy or strategy
    seeds = games // 2
    if seeds < 2:
        raise CommandsimError(f"--games must be at least 4, got {games}")
    scores, rates = {}, {}
    for side, text, d in (("a", setting_a, data), ("b", setting_b, data_b)):
        mine, opp = parse_setting(text, d), parse_setting(opponent_setting, d)
        first = play_games(seeds, seed, Matchup((subject, opponent), (mine[0], opp[0]), (mine[1], opp[1]), max_turns),
                           (strategy, opponent_strategy), compile_sets(d, (mine[0], opp[0])), threads)
        second = play_games(seeds, seed, Matchup((opponent, subject), (opp[0], mine[0]), (opp[1], mine[1]),
                                                 max_turns),
                            (opponent_strategy, strategy), compile_sets(d, (opp[0], mine[0])), threads)
        as_first, as_second = _points(first.games.winner, "first"), _points(second.games.winner, "second")
        scores[side] = (as_first + as_second) / 4.0
        wins = int((as_first == 2).sum() + (as_second == 2).sum())
        lo, hi = wilson_interval(wins, 2 * seeds)
        rates[side] = (wins / (2 * seeds), lo, hi)
    diff = paired_difference(scores["a"], scores["b"])
    code, text = verdict(diff.mean, diff.ci_low, diff.ci_high, band, setting_a, label_b or setting_b)
    return {"subject": subject, "opponent": opponent, "setting_a": setting_a, "setting_b": label_b or setting_b,
            "opponent_setting": opponent_setting, "strategy": strategy, "opponent_strategy": opponent_strategy,
            "seeds": seeds, "games": 2 * seeds,
            "win_rate_a": rates["a"][0], "ci_low_a": rates["a"][1], "ci_high_a": rates["a"][2],
            "win_rate_b": rates["b"][0], "ci_low_b": rates["b"][1], "ci_high_b": rates["b"][2],
            "diff": diff.mean, "diff_ci_low": diff.ci_low, "diff_ci_high": diff.ci_high, "band": band,
            "verdict": code, "verdict_text": text, "seed": seed, "max_turns": max_turns}
