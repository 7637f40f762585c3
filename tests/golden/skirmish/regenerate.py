"""Regenerate the skirmish golden replays on purpose, after a deliberate change of its protocol, commands,
forces or policies:

    python3 -m tests.golden.skirmish.regenerate        (from the repo root)

Each file is one battle as JSON Lines (the `commandsim replay --game skirmish --json` output);
tests/skirmish/test_skirmish_golden.py fails when a battle plays differently."""
from __future__ import annotations

import json
from pathlib import Path

from simcore.games.skirmish.replay_log import json_lines
from simcore.games.skirmish.setup import Matchup
from simcore.games.skirmish.simulate import replay_game

HERE = Path(__file__).resolve().parent
GAMES = {
    "line_mirror_seed_101": (101, Matchup(("line", "line")), ("reserve", "reserve")),
    "elite_vs_raiders_seed_202": (202, Matchup(("elite", "raiders"), ("full", "no-covering-fire")),
                                  ("reserve", "random")),
    "random_example_seed_1": (1, Matchup(("line", "line")), ("random", "random")),
}


def replay_lines(name: str) -> list[str]:
    seed, matchup, strategies = GAMES[name]
    return [json.dumps(json.loads(line), sort_keys=True) for line in json_lines(replay_game(seed, matchup, strategies))]


def main() -> None:
    for name in GAMES:
        path = HERE / f"{name}.jsonl"
        path.write_text("\n".join(replay_lines(name)) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
