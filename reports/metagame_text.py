"""What ``commandsim metagame`` prints, as lines (the command line echoes them; a report's Findings take
``finding_line``), from a ``reports.metagame.Metagame`` or from its files read back."""
from __future__ import annotations

import pandas as pd

from .text_table import table_lines


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(lo: float, hi: float) -> str:
    return f"[{100 * lo:.1f}, {100 * hi:.1f}]"


def grid(matrix: pd.DataFrame, part: str = "matchup") -> pd.DataFrame:
    """The part's cells as a square table: row strategy x column strategy (the symmetric metagame's as "side:
    strategy" when its entries have two sides), of the row's score; NaN where the two did not meet."""
    m = matrix[matrix["part"] == part]
    two = part == "symmetric" and m["side"].nunique() > 1
    row = m["side"] + ":" + m["strategy"] if two else m["strategy"]
    col = m["opponent_side"] + ":" + m["opponent_strategy"] if two else m["opponent_strategy"]
    score = m["score"].where(m["met"].astype(str).str.lower() == "true")
    table = pd.DataFrame({"row": row.to_numpy(), "col": col.to_numpy(), "score": score.to_numpy()})
    order = list(dict.fromkeys([*table["row"], *table["col"]]))
    g = table.pivot(index="row", columns="col", values="score")
    rows = list(dict.fromkeys(table["row"]))
    cols = list(dict.fromkeys(table["col"]))
    if part == "symmetric":
        rows = cols = order
    g = g.reindex(index=rows, columns=cols)
    if part == "matchup":
        g.index.name, g.columns.name = str(m["side"].iloc[0]), str(m["opponent_side"].iloc[0])
    return g


def value_sentence(v) -> str:
    """The match-up's value with its interval and verdict, as one sentence (``v``: the value table's matchup
    row)."""
    level = f"{100 * float(v['level']):.3g}%"
    text = str(v["verdict_text"]).replace("+-", "±")
    return (f"At equilibrium (both sides play their best mix), {v['side_a']} scores {pct(v['value'])} "
            f"{_interval(v['value_ci_low'], v['value_ci_high'])} against {v['side_b']} ({level} interval: a "
            f"bootstrap over {int(v['seeds']):,} seeds, {int(v['resamples']):,} resamples): {text} "
            f"(band ±{100 * float(v['band']):g} points).")


def exploitability_sentence(v) -> str:
    return (f"Exploitability of these mixes: {100 * float(v['exploitability']):.1f} points on the played games (they "
            f"are an equilibrium of them); at most {100 * float(v['exploitability_ci_high']):.1f} points against the "
            f"true game (a one-sided 95% bootstrap bound on the mean of what each side would gain by a best reply to "
            f"the other's mix).")


def _mix_rows(mixes: pd.DataFrame, part: str, with_side: bool):
    rows = []
    for r in mixes[mixes["part"] == part].itertuples():
        support = "yes" if str(r.in_support).lower() == "true" else "-"
        rows.append(((r.side,) if with_side else ()) + (
            r.strategy, pct(r.weight), _interval(r.weight_ci_low, r.weight_ci_high), support, pct(r.payoff),
            pct(r.alpharank), _interval(r.alpharank_ci_low, r.alpharank_ci_high)))
    return rows


def support_text(mixes: pd.DataFrame, part: str) -> str:
    """The entries whose weight's interval excludes 0, with their weights; or why none is named."""
    m = mixes[mixes["part"] == part]
    sure = m[m["in_support"].astype(str).str.lower() == "true"]
    name = (lambda r: f"{r.side}:{r.strategy}" if part == "symmetric" and m["side"].nunique() > 1
            else (f"{r.side} {r.strategy}" if part == "matchup" else r.strategy))
    if sure.empty:
        top = m.sort_values("weight", ascending=False).head(3)
        return ("no entry's weight is shown above 0 (every interval reaches 0: more games would tell); the estimate "
                "puts most on " + ", ".join(f"{name(r)} {pct(r.weight)}" for r in top.itertuples() if r.weight > 0))
    return ", ".join(f"{name(r)} {pct(r.weight)} {_interval(r.weight_ci_low, r.weight_ci_high)}"
                     for r in sure.sort_values("weight", ascending=False).itertuples())


def lines(result, games: int, seed: int) -> list[str]:
    """Everything the command prints after its games (but the files it wrote)."""
    setup, value, mixes = result.setup, result.value, result.mixes
    v = value[value["part"] == "matchup"].iloc[0]
    s = value[value["part"] == "symmetric"].iloc[0]
    a, b = setup.sides
    out = [f"Metagame of {a.label} against {b.label}: {len(setup.entries[0])} strategies for {a.label}, "
           f"{len(setup.entries[1])} for {b.label}, {int(v['games_per_cell']):,} games per cell on "
           f"{int(v['seeds']):,} seeds (seed {seed}; score: win 1, draw 1/2).", ""]
    if result.looks is not None:
        out.append(f"Looks (rounds of {games:,} games per cell; each look's interval at its repeated level, no look "
                   f"before 50 seeds):")
        out += table_lines(("LOOK", "GAMES PER CELL", "VALUE", "INTERVAL", "CRITICAL Z", "VERDICT"),
                           [(k.look, k.games_per_cell, pct(k.value), _interval(k.value_ci_low, k.value_ci_high),
                             f"{k.critical_value:.2f}", k.verdict) for k in result.looks.itertuples()])
        out.append("Stopped at a verdict." if v["stopped"] == "verdict" else
                   "Reached --max-games without a verdict: not enough games to tell.")
        out.append("")
    g = grid(result.matrix)
    out.append(f"Score of {a.label}'s strategy (row) against {b.label}'s (column):")
    out += table_lines(("", *g.columns), [(e, *("-" if x != x else pct(x) for x in g.loc[e])) for e in g.index])
    out += ["", value_sentence(v)]
    guarantee = (f"Without mixing, {a.label} guarantees {pct(v['maximin'])} and {b.label} holds it to "
                 f"{pct(v['minimax'])}")
    out.append(guarantee + (f": a saddle point, {v['saddle']} (each side's best reply to the other's pure "
                            f"strategy)." if v["saddle"] else "; the value lies between them."))
    out += ["", "Equilibrium mixes (weight with its interval; in the support only when the interval excludes 0; "
                "score against the other side's mix; alpha-Rank mass):"]
    out += table_lines(("SIDE", "STRATEGY", "WEIGHT", "INTERVAL", "SUPPORT", "SCORE VS MIX", "ALPHA-RANK",
                        "INTERVAL"), _mix_rows(mixes, "matchup", True))
    out += [exploitability_sentence(v), ""]
    out.append(symmetric_heading(setup))
    two = not setup.mirror
    out += table_lines((*(("SIDE",) if two else ()), "STRATEGY", "WEIGHT", "INTERVAL", "SUPPORT", "SCORE VS MIX",
                        "ALPHA-RANK", "INTERVAL"), _mix_rows(mixes, "symmetric", two))
    out.append(f"Players would settle on: {support_text(mixes, 'symmetric')}"
               + (f" (a pure equilibrium: {s['saddle']})." if s["saddle"] else "."))
    out.append(alpharank_sentence(s))
    out.append(cycles_sentence(s))
    return out


def quiet_lines(result) -> list[str]:
    """What ``--quiet`` prints: the value with its interval and verdict."""
    v = result.value[result.value["part"] == "matchup"].iloc[0]
    return [value_sentence(v)]


def symmetric_heading(setup) -> str:
    if setup.mirror:
        return (f"Symmetric metagame (both players play {setup.sides[0].label} and choose a strategy; the same "
                f"games as above):")
    a, b = setup.sides
    text = (f"Symmetric metagame (each player chooses a {_noun(setup)} and a strategy, and meets a player who chose "
            f"the same way")
    if setup.refused:
        why = next(iter(setup.refused.values()))
        why = why.split(": ", 1)[1] if ": " in why else why
        text += (f"; two players of one {_noun(setup)} cannot meet, so such a pairing counts 1/2, neither winning: "
                 f"{why}")
    return text + "):"


def _noun(setup) -> str:
    from simcore.games import registry
    return registry.get(setup.game).info.side.one


def alpharank_sentence(s) -> str:
    """alpha-Rank's parameters, and what its ranking intensity means in words (``s``: a value table's row)."""
    from .alpharank import edge_ratio
    alpha, m = float(s["alpha"]), int(s["population"])
    return (f"alpha-Rank (Omidshafiei et al. 2019) with ranking intensity alpha = {alpha:g} and population m = {m}: "
            f"a mutant with a 1-point edge fixates {edge_ratio(alpha, m):.3g} times as often as a neutral one.")


def cycles_sentence(s) -> str:
    tested = int(s["pairs_tested"])
    found = str(s["cycles"]) if isinstance(s["cycles"], str) else ""
    if not found:
        return (f"No non-transitive cycle among the entries (each step a pair whose score differs from 50% after "
                f"Holm's correction over the {tested} pairs that met).")
    return (f"Non-transitive cycles (each step a pair whose score differs from 50% after Holm's correction over the "
            f"{tested} pairs that met): {found}.")


def finding_line(value: pd.DataFrame, mixes: pd.DataFrame, where: str = "") -> str:
    """A metagame's answer as one sentence of a report's Findings: the value with its interval and verdict,
    each side's support, and the symmetric metagame's."""
    v = value[value["part"] == "matchup"].iloc[0]
    head = f"Metagame{f' ({where})' if where else ''}: "
    parts = [f"at equilibrium {v['side_a']} scores {pct(v['value'])} {_interval(v['value_ci_low'], v['value_ci_high'])} "
             f"against {v['side_b']}: {str(v['verdict_text']).replace('+-', '±')}",
             f"the mixes: {support_text(mixes, 'matchup')}",
             f"exploitability at most {100 * float(v['exploitability_ci_high']):.1f} points"]
    sym = value[value["part"] == "symmetric"]
    if not sym.empty and (mixes["part"] == "symmetric").any():
        parts.append(f"players choosing a side and a strategy would settle on {support_text(mixes, 'symmetric')}")
        s = sym.iloc[0]
        if isinstance(s["cycles"], str) and s["cycles"]:
            parts.append(f"non-transitive cycles: {s['cycles']}")
    return head + "; ".join(parts) + "."

