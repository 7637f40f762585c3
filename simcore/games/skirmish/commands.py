"""The skirmish behind the CLI's commands: ``cli.py`` calls ``handler(echo, **its options)`` for
``--game skirmish`` (see ``simcore.games.registry``). The shared options mean: ``--factions`` the forces,
``--variants`` / ``--variant-a`` / ``--variant-b`` / ``--opponent-variant`` command sets, each optionally
with its Command Point budget (``full:3``), ``--cards`` a commands/forces TOML file or folder. Options of
The Last Command that mean nothing here are ignored at their defaults and refused when set."""
from __future__ import annotations

from pathlib import Path

from simcore.errors import CommandsimError

from .data import load_data
from .setup import DEFAULT_MAX_TURNS, Matchup

DEFAULT_STRATEGY = "reserve"
LC_STRATEGY = "balanced"            # The Last Command's default: not set by the user
LC_FACTIONS = "federation,sunder"
LC_VARIANTS = ("standard,asymmetrical", "standard,standard")
_LC_DEFAULTS = {"mode": ("duel",), "difficulties": (None,), "difficulty": (None,), "mixed_variants": (False,),
                "fog_path": (None,), "fog_paths": ((),), "fog_a_path": (None,), "fog_b_path": (None,),
                "target_ci": (None,), "max_games": (None,), "until_verdict": (False,), "scheduler": (None,),
                "component_list": (False,), "per_game_path": (None,)}


def _refuse_lc_options(opts: dict) -> None:
    for name, defaults in _LC_DEFAULTS.items():
        if name in opts and opts[name] not in defaults:
            raise CommandsimError(f"--{name.replace('_', '-').removesuffix('-path')} does not apply to --game "
                                  f"skirmish")


def _strategy(s: str | None) -> str | None:
    return DEFAULT_STRATEGY if s == LC_STRATEGY else s


def _list(text: str | None, default: str) -> list[str]:
    return [x.strip() for x in (default if text is None else text).split(",") if x.strip()]


def _check_out(path, option: str) -> None:
    if path is not None and Path(path).suffix.lower() not in (".csv", ".parquet"):
        raise CommandsimError(f"{option}: expected a .csv or .parquet path, got '{path}'")
    if path is not None and Path(path).is_dir():
        raise CommandsimError(f"{option}: '{path}' is a folder, expected a file path")


# ---------------------------------------------------------------- simulation commands
def sweep(echo, games, seed, factions, variants, strategy, opponent_strategy, threads, max_turns, out_path, quiet,
          cards_path=None, **opts):
    from reports.files import write_tables

    from .analysis import run_sweep
    _refuse_lc_options(opts)
    _check_out(out_path, "--out")
    data = load_data(cards_path)
    forces = list(data.forces) if factions == LC_FACTIONS else _list(factions, "")
    settings = list(data.sets) if variants in LC_VARIANTS else _list(variants, "")
    table, _ = run_sweep(forces, settings, games, seed, _strategy(strategy), _strategy(opponent_strategy), threads,
                         max_turns or DEFAULT_MAX_TURNS, data)
    write_tables({out_path: table})
    if not quiet:
        for _, r in table.iterrows():
            echo(f"{r['faction']:>8} vs {r['opponent_faction']:<8} {r['variant']:>22} {r['strategy']:>8} "
                 f"seat {r['seat']:<6}  {r['win_rate'] * 100:5.1f}%  [{r['ci_low'] * 100:.1f}, "
                 f"{r['ci_high'] * 100:.1f}]  n={r['games']}")
    echo(f"wrote {out_path}")


def compare(echo, factions, variant_a, variant_b, opponent_variant, strategy, opponent_strategy, games, seed,
            threads, max_turns, band, out_path, quiet, cards_path=None, cards_b_path=None, **opts):
    import pandas as pd

    from reports.files import write_table

    from .analysis import run_compare
    _refuse_lc_options(opts)
    _check_out(out_path, "--out")
    subject, opponent = (_list(factions, "line,line") * 2)[:2] if factions != LC_FACTIONS else ("line", "line")
    a = variant_a or "full"
    b = variant_b or ("no-covering-fire" if variant_a is None and cards_b_path is None else a)
    label_b = f"{b} with {Path(cards_b_path).name}" if cards_b_path is not None else b
    row = run_compare(subject, opponent, a, b, opponent_variant or "full", 4000 if games is None else games, seed,
                      _strategy(strategy), _strategy(opponent_strategy), threads, max_turns or DEFAULT_MAX_TURNS,
                      band / 100, load_data(cards_path),
                      load_data([cards_path, cards_b_path]) if cards_b_path is not None else None, label_b)
    b = label_b
    if not quiet:
        for side, setting in (("a", a), ("b", b)):
            echo(f"{subject} with {setting:<22} vs {opponent}: {row[f'win_rate_{side}'] * 100:.1f}% "
                 f"[{row[f'ci_low_{side}'] * 100:.1f}, {row[f'ci_high_{side}'] * 100:.1f}]")
    echo(f"{subject} with {a} against with {b}: {row['verdict_text']} ({row['games']} games per side, paired "
         f"seeds, both seats)")
    if out_path is not None:
        write_table(pd.DataFrame([row]), out_path)
        echo(f"wrote {out_path}")


def tournament(echo, entries, games, seed, factions, cards_path, threads, max_turns, out_path, quiet, variants=None,
               **opts):
    """Every pair of skirmish strategies on the same seeds: the win-rate matrix and ratings."""
    from reports import tournament as tour
    from reports.files import write_tables
    from strategies.skirmish.library import builtin_names

    from .tournament import SkirmishPairs, check_entry, check_games
    _refuse_lc_options(opts)
    # The Last Command's default entries name its own strategies: the skirmish's default is its built-ins
    names = builtin_names() if entries == "balanced,aggro,engine,defensive" else entries.split(",")
    names = tour.check_entries(names)
    for name in names:
        check_entry(name)
    check_games(games)
    _check_out(out_path, "--out")
    data = load_data(cards_path)
    forces = _list(None if factions == LC_FACTIONS else factions, "line,line")
    sets = _list(None if variants in (None, "standard") else variants, "full,full")
    forces, sets = (forces * 2)[:2], (sets * 2)[:2]
    for f in forces:
        if f not in data.forces:
            raise CommandsimError(f"--factions: unknown force '{f}': expected one of {', '.join(data.forces)}")
    for c in sets:
        if c not in data.sets:
            raise CommandsimError(f"--variants: unknown command set '{c}': expected one of {', '.join(data.sets)}")
    ratings_out = out_path.with_name(f"{out_path.stem}_ratings{out_path.suffix}")
    player = SkirmishPairs(tuple(forces), tuple(sets), data, max_turns or DEFAULT_MAX_TURNS, threads)
    result = tour.run_tournament(names, player, games, seed)
    write_tables({out_path: result.matrix, ratings_out: result.ratings})
    if not quiet:
        echo(f"Bradley-Terry ratings ({games:,} games per pair, seed {seed}, {forces[0]} ({sets[0]}) vs "
             f"{forces[1]} ({sets[1]}); draws as half wins; 95% intervals):")
        for r in result.ratings.itertuples():
            echo(f"  {r.rank}. {r.entry:<14} score {r.score:.1%}  strength {r.strength:+.3f} "
                 f"[{r.strength_ci_low:+.3f}, {r.strength_ci_high:+.3f}]")
    for text in result.cycle_text():
        echo(f"cycle: {text}")
    echo(f"wrote {out_path} (matrix, {len(result.matrix)} rows) and {ratings_out} (ratings, "
         f"{len(result.ratings)} rows)")


def bench(echo, games, strategy, factions, repeats, startup=False, memory_games=0, cards_path=None, **opts):
    """Battles/s on one and on all threads; a search strategy's searched decisions/s and rollouts/s too."""
    from .bench import lines, measure
    from .data import compile_sets
    _refuse_lc_options(opts)
    if startup or memory_games:
        raise CommandsimError(f"--{'startup' if startup else 'memory-games'} does not apply to --game skirmish")
    forces = tuple((_list(None if factions == LC_FACTIONS else factions, "line") * 2)[:2])
    data = load_data(cards_path)
    matchup = Matchup(forces)
    strategy = _strategy(strategy)
    r = measure(games, strategy, matchup, compile_sets(data, matchup.command_sets), repeats)
    for line in lines(r, strategy, matchup):
        echo(line)


def replay(echo, seed, game_index, factions, variants, strategy, opponent_strategy, max_turns, as_json,
           cards_path=None, **opts):
    from .analysis import parse_setting
    from .data import compile_sets
    from .replay_log import json_lines, text_lines
    from .simulate import replay_game, seed_of_game
    _refuse_lc_options(opts)
    data = load_data(cards_path)
    forces = tuple((_list(factions, "line") * 2)[:2]) if factions != LC_FACTIONS else ("line", "line")
    texts = ["full"] if variants in LC_VARIANTS else _list(variants, "full")
    settings = [parse_setting(t, data) for t in (texts * 2)[:2]]
    sets = tuple(s for s, _ in settings)
    matchup = Matchup(forces, sets, tuple(cp for _, cp in settings), max_turns or DEFAULT_MAX_TURNS)
    strategy = _strategy(strategy)
    game_seed = seed_of_game(seed, game_index) if game_index is not None else seed
    r = replay_game(game_seed, matchup, (strategy, _strategy(opponent_strategy) or strategy),
                    compile_sets(data, sets))
    for line in (json_lines(r) if as_json else text_lines(r)):
        echo(line)


# ---------------------------------------------------------------- commands, units and strategies as data
def _estimated_count(entry) -> int:
    return len(entry.estimated)


def cards_list(echo, fmt, cards_path=None, **opts):
    data = load_data(cards_path)
    header = ("name", "entry", "timing", "cost", "trigger", "estimated")
    rows = [(c.name, "command", c.timing, c.cost, "|".join(c.trigger) or "-", _estimated_count(c))
            for c in data.commands]
    rows += [(u.name, "unit", "-", "-", "-", _estimated_count(u)) for u in data.units]
    rows += [(f.name, "force", "-", f.cp, "-", len(f.estimated)) for f in data.forces.values()]
    if fmt == "csv":
        echo(",".join(header))
        for r in rows:
            echo(",".join(str(v) for v in r))
        return
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        echo("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip())


COMMAND_SHOWN = ("timing", "kind", "trigger", "trigger_target", "cost", "target", "reach", "eligibility",
                 "prevented_by", "effects", "restrictions", "status", "fails_entirely", "before_trigger",
                 "movement_first")


def cards_show(echo, name, cards_path=None, **opts):
    data = load_data(cards_path)
    for u in data.units:
        if u.name.casefold() == name.strip().casefold():
            echo(f"{u.name}  (unit; {u.source})")
            for f, v in u.profile.items():
                echo(f"  {f:<14} {v}  [{u.provenance(f) or 'default'}]")
            return
    c = data.command(name)
    echo(f"{c.name}  (command; {c.source})")
    if c.text:
        echo(f"  {c.text}")
    for f in COMMAND_SHOWN:
        v = getattr(c, f)
        if f == "effects":
            v = ", ".join(f"{op} {n}" for op, n in v) or "none"
        elif isinstance(v, tuple):
            v = ", ".join(v) or "none"
        echo(f"  {f:<14} {v}  [{c.provenance(f) or 'default'}]")
    if c.resolution_order() != c.effects:
        echo(f"  {'resolves as':<14} {', '.join(f'{op} {n}' for op, n in c.resolution_order())}  (movement first)")
    in_sets = [s for s, cmds in data.sets.items() if c.name in cmds]
    echo(f"  command sets   {', '.join(in_sets) or 'none'}")


def cards_validate(echo, path, **opts):
    from .data import compile_sets
    _refuse_lc_options(opts)
    data = load_data(path)
    for s in data.sets:
        compile_sets(data, (s, s))
    echo(f"{path}: {len(data.commands)} commands, {len(data.units)} units, forces {', '.join(data.forces)}, "
         f"command sets {', '.join(data.sets)}: valid")


def cards_audit(echo, fmt, cards_path=None, **opts):
    data = load_data(cards_path)
    rows = [(f"command {c.name}", f) for c in data.commands for f in c.estimated]
    rows += [(f"unit {u.name}", f) for u in data.units for f in u.estimated]
    rows += [(f"force {x.name}", f) for x in data.forces.values() for f in x.estimated]
    if fmt == "csv":
        echo("entry,field")
    for entry, f in rows:
        echo(f"{entry},{f}" if fmt == "csv" else f"{entry}: {f}  [estimated]")


def strategies_list(echo, **opts):
    from strategies.skirmish.library import FILES
    for name, description in FILES.listing():
        echo(f"{name:<10} {description}")


def strategies_show(echo, name, **opts):
    from strategies.skirmish.library import FILES
    shown, description, params = FILES.show(name)
    echo(f"{shown}: {description}")
    for p, value in params:
        echo(f"  {p:<14} {value:g}")
