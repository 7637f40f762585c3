"""The golden replays of every registered game, and the one script that regenerates them on purpose after a
deliberate change of rules, cards or policies:

    python3 -m tests.golden.regenerate [GAME ...]        (from the repo root; no GAME: every game)

Each file, ``tests/golden/<game>/<name>.jsonl`` (``<game>`` the registry's name with ``_`` for ``-``), is one
game as JSON Lines, as ``commandsim replay --game GAME --json`` prints it, keys sorted. The games are played
through the game contract (``Game.replay``), so a new game adds its entries to ``GOLDEN`` and nothing else;
``tests/golden/test_golden_replays.py`` fails when a game plays differently, and when a registered game has
no golden replay."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from simcore.game import ReplaySpec
from simcore.games import registry

HERE = Path(__file__).resolve().parent

# per game: file name -> (per-game seed, what ``replay`` is asked)
GOLDEN: dict[str, dict[str, tuple[int, ReplaySpec]]] = {
    "last-command": {
        "duel_standard_seed_101": (101, ReplaySpec(("federation", "sunder"), ("standard", "standard"),
                                                   ("balanced", "balanced"))),
        "duel_asymmetrical_seed_202": (202, ReplaySpec(("sunder", "federation"), ("asymmetrical", "asymmetrical"),
                                                       ("aggro", "defensive"))),
        "solo_hard_seed_303": (303, ReplaySpec(("federation", "sunder"), strategies=("balanced", "balanced"),
                                               mode="solo", extras={"difficulty": "hard"})),
    },
    "star-realms": {
        "standard_seed_101": (101, ReplaySpec(("standard", "standard"), strategies=("balanced", "balanced"))),
        "command_vs_standard_seed_202": (202, ReplaySpec(("standard", "alliance"), mode="command-vs-standard",
                                                         strategies=("trade_first", "combat_first"))),
        "commander_duel_seed_303": (303, ReplaySpec(("alliance", "alliance"), mode="commander-duel",
                                                    strategies=("balanced", "trade_first"))),
        "two_against_one_seed_404": (404, ReplaySpec(("hydra", "alliance"), mode="two-against-one",
                                                     strategies=("balanced", "combat_first"))),
    },
    "skirmish": {
        "line_mirror_seed_101": (101, ReplaySpec(("line", "line"), strategies=("reserve", "reserve"))),
        "elite_vs_raiders_seed_202": (202, ReplaySpec(("elite", "raiders"), ("full", "no-covering-fire"),
                                                      ("reserve", "random"))),
        "random_example_seed_1": (1, ReplaySpec(("line", "line"), strategies=("random", "random"))),
    },
}


def folder(game: str) -> Path:
    return HERE / game.replace("-", "_")


def replay_lines(game: str, name: str) -> list[str]:
    seed, spec = GOLDEN[game][name]
    replay = registry.get(game).replay(seed, spec)
    return [json.dumps(json.loads(line), sort_keys=True) for line in replay.json_lines()]


def main(games: list[str]) -> None:
    for game in games or list(GOLDEN):
        folder(game).mkdir(exist_ok=True)
        for name in GOLDEN[game]:
            path = folder(game) / f"{name}.jsonl"
            path.write_text("\n".join(replay_lines(game, name)) + "\n")
            print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
