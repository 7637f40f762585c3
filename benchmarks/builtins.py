"""The table of built-in strategies (docs/strategies.md): each against `random` and against `balanced` on
paired seeds (every seed with both seat orders, half of them with each faction assignment), with
95% Wilson intervals, and what each one buys in the Market.

    python3 -m benchmarks.builtins [--games 2000] [--seed 1]   (from the repo root)

Not a speed measurement: it lives here because it re-measures published figures, on purpose,
after a rule or policy change.
"""
from __future__ import annotations

import argparse

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.players.head_to_head import PROFILE_KINDS, head_to_head, purchase_profile

BUILTINS = ("balanced", "aggro", "engine", "defensive")


def _rate(match) -> str:
    low, high = match.interval()
    return f"{match.win_rate:.1%} [{low:.1%}, {high:.1%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000, help="games per pair (a multiple of 4)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tables = load_cards()
    print("| | vs random | vs balanced | Market buys vs random (Eng/Comms/Tac/Crew) |")
    print("|---|---|---|---|")
    for name in BUILTINS:
        vs_random = head_to_head(name, "random", args.games, args.seed, tables=tables)
        vs_balanced = ("—" if name == "balanced" else
                       _rate(head_to_head(name, "balanced", args.games, args.seed, tables=tables)))
        profile = purchase_profile(vs_random.bought_a, tables, vs_random.games)
        total = sum(profile.values()) or 1.0
        shares = "/".join(f"{100 * profile[k] / total:.0f}" for k in PROFILE_KINDS)
        print(f"| {name} | {_rate(vs_random)} | {vs_balanced} | {shares}% |")
    print(f"\n{args.games:,} games per pair, seed {args.seed}.")


if __name__ == "__main__":
    main()
