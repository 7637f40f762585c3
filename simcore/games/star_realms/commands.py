"""Star Realms behind the CLI's commands: ``cli.py`` calls ``handler(echo, **its options)`` for
``--game star-realms`` (see ``simcore.games.registry``). Options of The Last Command that mean nothing
here are ignored when left at their defaults and refused when set, so nothing is silently dropped."""
from __future__ import annotations

import time
from pathlib import Path

import numba

from simcore.errors import CommandsimError

from .card_data import find_card, load_card_list, load_tables
from .rule_notes import rule_notes, section_notes
from .setup import DEFAULT_MAX_TURNS, MODES, SRMatchup, mode_of

DEFAULT_DECKS = "standard,standard"
LC_MODE_DEFAULT = "duel"     # sweep's --mode left at The Last Command's default: every Star Realms mode
# The Last Command's option defaults: a value still equal to one of these was not set by the user
_LC_DEFAULTS = {"factions": ("federation,sunder",), "variants": ("standard,standard", "standard,asymmetrical"),
                "mode": ("duel",), "difficulties": (None,), "difficulty": (None,), "mixed_variants": (False,),
                "fog_path": (None,), "fog_paths": ((),), "fog_a_path": (None,), "fog_b_path": (None,),
                "target_ci": (None,), "max_games": (None,), "until_verdict": (False,), "scheduler": (None,),
                "variant_a": ("standard", None), "variant_b": (None,),
                "opponent_variant": ("standard", None), "cards_b_path": (None,), "startup": (False,),
                "memory_games": (0,), "component_list": (False,)}


def _refuse_lc_options(opts: dict) -> None:
    for name, defaults in _LC_DEFAULTS.items():
        if name in opts and opts[name] not in defaults:
            raise CommandsimError(f"--{name.replace('_', '-').removesuffix('-path')} does not apply to --game "
                                  f"star-realms")


def _check_out(path, option: str) -> None:
    """Checked before any game is played: a table file the writers can make."""
    if path is not None and Path(path).suffix.lower() not in (".csv", ".parquet"):
        raise CommandsimError(f"{option}: expected a .csv or .parquet path, got '{path}'")
    if path is not None and Path(path).is_dir():
        raise CommandsimError(f"{option}: '{path}' is a folder, expected a file path")


def _decks(factions: str | None) -> tuple[str, str]:
    text = DEFAULT_DECKS if factions in (None, "federation,sunder") else factions
    decks = tuple(x.strip() for x in text.split(","))
    if len(decks) == 1:
        decks = decks * 2
    if len(decks) != 2:
        raise CommandsimError("--factions takes the two seats' decks for Star Realms (e.g. alliance,standard)")
    return decks


def matchup_of(decks: tuple[str, str], max_turns: int | None, tables) -> SRMatchup:
    """The mode follows from the decks (``setup.mode_of``)."""
    return SRMatchup(decks, mode_of(decks, tables), max_turns or DEFAULT_MAX_TURNS)


def _modes(mode: str | None) -> tuple[str, ...]:
    if mode in (None, LC_MODE_DEFAULT):
        return MODES
    if mode not in MODES:
        raise CommandsimError(f"--mode {mode} is not a Star Realms mode: expected one of {', '.join(MODES)}")
    return (mode,)


# ---------------------------------------------------------------- simulation commands
def sweep(echo, games, seed, strategy, opponent_strategy, threads, max_turns, out_path, quiet, cards_path=None,
          per_game_path=None, mode=None, **opts):
    from reports.files import write_tables

    from .analysis import run_sweep
    _refuse_lc_options(opts)
    modes = _modes(mode)
    _check_out(out_path, "--out")
    _check_out(per_game_path, "--per-game")
    table, cards, per_game = run_sweep(modes, games, seed, strategy, opponent_strategy, threads,
                                       max_turns or DEFAULT_MAX_TURNS, load_tables(overrides=cards_path),
                                       keep_games=per_game_path is not None)
    cards_out = out_path.with_name(f"{out_path.stem}_cards{out_path.suffix}")
    write_tables({out_path: table, cards_out: cards, **({per_game_path: per_game} if per_game_path else {})})
    if not quiet:
        for _, r in table.iterrows():
            echo(f"{r['mode']:<20} {r['faction']:>8} vs {r['opponent_faction']:<8} {r['strategy']:>12} "
                 f"seat {r['seat']:<6}  {r['win_rate'] * 100:5.1f}%  [{r['ci_low'] * 100:.1f}, "
                 f"{r['ci_high'] * 100:.1f}]  n={r['games']}")
    echo(f"wrote {out_path} (aggregate) and {cards_out} (per card)"
         + (f" and {per_game_path} (per game, {len(per_game):,} rows)" if per_game_path else ""))


def compare(echo, games, seed, strategy, opponent_strategy, threads, max_turns, band, out_path, quiet,
            cards_path=None, factions=None, cards_b_path=None, **opts):
    """With no --factions and no --cards-b: does the Alliance deck beat a standard start (A: alliance, B: standard,
    both against a standard start)? --factions SUBJECT,OPPONENT names the two decks (e.g. alliance,hydra: A the
    Alliance against the team, B a standard start against it); with --cards-b, B is the subject on the same decks
    with the edited cards."""
    import pandas as pd

    from reports.files import write_table

    from .analysis import run_compare
    _refuse_lc_options(opts)
    _check_out(out_path, "--out")
    games = 20000 if games is None else games   # the command's default, as for The Last Command
    subject, opponent = _decks(factions) if factions not in (None, "federation,sunder") else ("alliance", "standard")
    tables = load_tables(overrides=cards_path)
    tables_b = None
    if cards_b_path is not None:
        tables_b = load_tables(overrides=[p for p in (cards_path, cards_b_path) if p is not None])
    deck_b = subject if tables_b is not None else "standard"
    row = run_compare(subject, deck_b, opponent, games, seed, strategy, opponent_strategy, threads,
                      max_turns or DEFAULT_MAX_TURNS, band / 100, tables, tables_b)
    label_a, label_b = (f"{subject} (cards A)", f"{subject} (cards B)") if tables_b is not None else (subject, deck_b)
    if not quiet:
        echo(f"{label_a} vs {opponent}:  {row['win_rate_a'] * 100:.1f}% [{row['ci_low_a'] * 100:.1f}, "
             f"{row['ci_high_a'] * 100:.1f}]")
        echo(f"{label_b} vs {opponent}:  {row['win_rate_b'] * 100:.1f}% [{row['ci_low_b'] * 100:.1f}, "
             f"{row['ci_high_b'] * 100:.1f}]")
    question = (f"does {subject} with cards B do better against {opponent}?" if tables_b is not None else
                "does the Alliance deck beat a standard start?" if (subject, opponent) == ("alliance", "standard")
                else f"does {subject} do better than {deck_b} against {opponent}?")
    echo(f"{question} {row['verdict_text']} ({row['games']} games per side, paired seeds, both seats)")
    if out_path is not None:
        write_table(pd.DataFrame([row]), out_path)
        echo(f"wrote {out_path}")


def replay(echo, seed, game_index, factions, strategy, opponent_strategy, max_turns, as_json, cards_path=None,
           **opts):
    from .replay_log import json_lines, text_lines
    from .simulate import replay_game, seed_of_game
    _refuse_lc_options(opts)
    tables = load_tables(overrides=cards_path)
    matchup = matchup_of(_decks(factions), max_turns, tables)
    game_seed = seed_of_game(seed, game_index) if game_index is not None else seed
    r = replay_game(game_seed, matchup, (strategy, opponent_strategy or strategy), tables)
    for line in (json_lines(r) if as_json else text_lines(r)):
        echo(line)


def _rate(play, n, threads, **kw):
    start = time.perf_counter()
    rec = play(n, seed=1, threads=threads, keep_bought=False, **kw)
    return n / (time.perf_counter() - start), float(rec.games["turns"].mean())


def tournament(echo, entries, games, seed, factions, cards_path, threads, max_turns, out_path, quiet, variants=None,
               **opts):
    """Every pair of Star Realms strategies on the same seeds: the win-rate matrix and ratings."""
    from reports import tournament as tour
    from reports.files import write_tables
    from strategies.star_realms.library import builtin_names

    from .tournament import StarRealmsPairs, check_entry, check_games
    _refuse_lc_options(opts)
    if variants not in (None, "standard"):
        raise CommandsimError("--variants does not apply to --game star-realms")
    # The Last Command's default entries name its own strategies: Star Realms' default is its built-ins
    names = builtin_names() if entries == "balanced,aggro,engine,defensive" else entries.split(",")
    names = tour.check_entries(names)
    for name in names:
        check_entry(name)
    check_games(games)
    _check_out(out_path, "--out")
    decks = _decks(factions)
    ratings_out = out_path.with_name(f"{out_path.stem}_ratings{out_path.suffix}")
    player = StarRealmsPairs(decks, load_tables(overrides=cards_path), max_turns or DEFAULT_MAX_TURNS, threads)
    result = tour.run_tournament(names, player, games, seed)
    write_tables({out_path: result.matrix, ratings_out: result.ratings})
    if not quiet:
        grid = tour.score_grid(result.matrix)
        echo(f"Score of the row entry against the column entry ({games:,} games per pair, seed {seed}, "
             f"{decks[0]} vs {decks[1]}; win 1, draw 1/2):")
        echo(f"  {'':<14} " + " ".join(f"{c[:6]:>6}" for c in grid.columns))
        for entry in grid.index:
            echo(f"  {entry:<14} " + " ".join(f"{'-':>6}" if v != v else f"{v:6.1%}" for v in grid.loc[entry]))
        echo("Bradley-Terry ratings (draws as half wins; 95% intervals):")
        for r in result.ratings.itertuples():
            echo(f"  {r.rank}. {r.entry:<14} score {r.score:.1%}  strength {r.strength:+.3f} "
                 f"[{r.strength_ci_low:+.3f}, {r.strength_ci_high:+.3f}]  Elo {r.elo:.0f}")
    for text in result.cycle_text():
        echo(f"cycle: {text}")
    echo(f"wrote {out_path} (matrix, {len(result.matrix)} rows) and {ratings_out} (ratings, "
         f"{len(result.ratings)} rows)")


def bench(echo, games, strategy, repeats, cards_path=None, **opts):
    """Star Realms and The Last Command side by side in one run, alternating, best of ``repeats``; a search
    strategy alone (``_bench_search``)."""
    from simcore.games import registry
    from strategies.star_realms.library import resolve
    from strategies.star_realms.params import KIND_SEARCH, P_KIND

    from .simulate import play_games as sr_play
    lc_play = registry.get("last-command").function("play_games")
    _refuse_lc_options(opts)
    if resolve(strategy)[1][P_KIND] == KIND_SEARCH:
        return _bench_search(echo, games, strategy, repeats, load_tables(overrides=cards_path), sr_play)
    sr_kw = {"strategies": (strategy, strategy), "tables": load_tables(overrides=cards_path)}
    lc_kw = {"strategies": ("balanced", "balanced")}
    for play, kw in ((sr_play, sr_kw), (lc_play, lc_kw)):
        play(8, **kw)                                      # compile or load the cache first
    threads = numba.config.NUMBA_NUM_THREADS
    runs = {("sr", 1): [], ("lc", 1): [], ("sr", threads): [], ("lc", threads): []}
    turns = {}
    for _ in range(repeats):
        for th in (1, threads):
            for key, play, kw in (("sr", sr_play, sr_kw), ("lc", lc_play, lc_kw)):
                rate, turns[key] = _rate(play, games, th, **kw)
                runs[(key, th)].append(rate)
    for th in (1, threads):
        echo(f"games/s, {th} thread(s): star-realms {max(runs[('sr', th)]):>9,.0f}   last-command "
             f"{max(runs[('lc', th)]):>9,.0f}   ratio {max(runs[('sr', th)]) / max(runs[('lc', th)]):.2f}")
    echo(f"mean player-turns/game: star-realms {turns['sr']:.1f}   last-command {turns['lc']:.1f}")
    echo("(best of {} alternating runs of {:,} games each; The Last Command with its balanced strategy)"
         .format(repeats, games))


BENCH_DEFAULT_GAMES = 50_000   # the CLI's --games default, sized for heuristic games
BENCH_SEARCH_GAMES = 100       # a search player's default: its games cost thousands of rollouts each


def _bench_search(echo, games, strategy, repeats, tables, play):
    """A search player in both seats: games/s, searched decisions/s and rollouts/s, on one thread and on all."""
    games = BENCH_SEARCH_GAMES if games == BENCH_DEFAULT_GAMES else games
    kw = {"strategies": (strategy, strategy), "tables": tables, "keep_bought": False}
    play(2, seed=1, threads=1, **kw)                       # compile or load the cache first
    threads = numba.config.NUMBA_NUM_THREADS
    best = {}
    for _ in range(repeats):
        for th in (1, threads):
            start = time.perf_counter()
            g = play(games, seed=1, threads=th, **kw).games
            elapsed = time.perf_counter() - start
            rates = (games / elapsed, g["searched_decisions"].sum() / elapsed, g["rollouts"].sum() / elapsed)
            best[th] = max(best.get(th, rates), rates)
            mean = (g["turns"].mean(), g["searched_decisions"].mean(), g["rollouts"].mean())
    for th in (1, threads):
        echo(f"{strategy}, {th} thread(s): {best[th][0]:>9,.1f} games/s   {best[th][1]:>10,.0f} searched "
             f"decisions/s   {best[th][2]:>12,.0f} rollouts/s")
    echo(f"per game: {mean[0]:.1f} player-turns, {mean[1]:.1f} searched decisions, {mean[2]:,.0f} rollouts "
         f"(both seats search)")
    echo(f"(best of {repeats} runs of {games:,} games each, standard decks)")


# ---------------------------------------------------------------- cards and strategies
def _card_rows(cards):
    for c in cards:
        fields = [f for f in ("faction", "kind", "role", "count", "cost", "defense", "ally_trigger", "primary", "ally",
                              "ally2", "scrap", "static", "hand_size", "authority") if c.provenance(f)]
        yield c, sum(c.provenance(f) == "estimated" for f in fields)


def cards_list(echo, fmt, cards_path=None, **opts):
    cards, _ = load_card_list(overrides=cards_path)
    header = ("name", "faction", "kind", "cost", "defense", "count", "role", "estimated")
    rows = [(c.name, "|".join(c.faction) or "-", c.kind, "-" if c.cost is None else c.cost,
             c.defense or "-", c.count, c.role, est) for c, est in _card_rows(cards)]
    if fmt == "csv":
        echo(",".join(header))
        for r in rows:
            echo(",".join(f'"{v}"' if "," in str(v) else str(v) for v in r))
        return
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        echo("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip())


def _effects_text(effects) -> str:
    return ", ".join(f"{op} {n}" + (f" OR {aop} {an}" if aop else "") for op, n, aop, an in effects)


def cards_show(echo, name, cards_path=None, **opts):
    cards, decks = load_card_list(overrides=cards_path)
    c = find_card(cards, name)
    echo(f"{c.name}  ({c.source})" + (f"  aliases: {', '.join(c.aliases)}" if c.aliases else ""))
    for f in ("faction", "kind", "role", "count", "cost", "defense", "ally_trigger", "hand_size", "authority"):
        v = getattr(c, f)
        if v not in (None, ()):
            echo(f"  {f:<12} {'|'.join(v) if isinstance(v, tuple) else v}  [{c.provenance(f)}]")
    for section, effects in c.effects.items():
        ruled = "; played as a rule below says" if section_notes(c, section) else ""
        echo(f"  {section:<12} {_effects_text(effects)}  [{c.provenance(section)}{ruled}]")
    in_decks = [d.name for d in decks.values() if c.name in d.cards]
    if in_decks:
        echo(f"  starting decks: {', '.join(in_decks)}")
    for note in rule_notes(c):
        echo(f"  rule: {note}")


def cards_validate(echo, path, **opts):
    _refuse_lc_options(opts)
    from .setup import MODES, build_setup, mode_matchups

    tables = load_tables(overrides=path)
    for mode in MODES:   # every check a game makes: each mode's setup must fit the engine's piles
        for m in mode_matchups(mode):
            build_setup(tables, m)
    echo(f"{path}: {len(tables.names)} card types, decks {', '.join(tables.decks)}, every mode set up: valid")


def cards_audit(echo, fmt, cards_path=None, **opts):
    cards, decks = load_card_list(overrides=cards_path)
    rows = [(c.name, f, "estimated") for c in cards for f in c.estimated]
    rows += [(f"deck {d.name}", f, "estimated") for d in decks.values() for f in d.estimated]
    # how the engine plays a card where that differs from, or reads, its text (``rule_notes``)
    rows += [(c.name, f"rule:{note.split(':', 1)[0]}", "rule") for c in cards for note in rule_notes(c)]
    if fmt == "csv":
        echo("card,field")
    for card, f, mark in rows:
        echo(f"{card},{f}" if fmt == "csv" else f"{card}: {f}  [{mark}]")


def strategies_list(echo, **opts):
    from strategies.star_realms.library import FILES
    for name, description in FILES.listing():
        echo(f"{name:<14} {description}")


def strategies_show(echo, name, **opts):
    from strategies.star_realms.library import FILES
    shown, description, params = FILES.show(name)
    echo(f"{shown}: {description}")
    for p, value in params:
        echo(f"  {p:<18} {value:g}")

