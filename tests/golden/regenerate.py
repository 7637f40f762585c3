"""Regenerate the golden replays on purpose, after a deliberate change of rules, cards or policies:

    python3 -m tests.golden.regenerate        (from the repo root)

Each file is one game as JSON Lines (the `commandsim replay --json` output); test_golden_replays
fails when a game plays differently, so an unintended change to the engine cannot pass unseen."""
from __future__ import annotations

import json
from pathlib import Path

from simcore.games.last_command.replay_log import events
from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import replay_game

HERE = Path(__file__).resolve().parent
GAMES = {
    "duel_standard_seed_101": (101, Matchup(("federation", "sunder"), ("standard", "standard")), ("balanced", "balanced")),
    "duel_asymmetrical_seed_202": (202, Matchup(("sunder", "federation"), ("asymmetrical", "asymmetrical")),
                                   ("aggro", "defensive")),
    "solo_hard_seed_303": (303, Matchup(("federation", "sunder"), mode="solo", difficulty="hard"),
                           ("balanced", "balanced")),
}


def replay_lines(name: str) -> list[str]:
    seed, matchup, strategies = GAMES[name]
    return [json.dumps(d, sort_keys=True) for d in events(replay_game(seed, matchup, strategies))]


def main() -> None:
    for name in GAMES:
        path = HERE / f"{name}.jsonl"
        path.write_text("\n".join(replay_lines(name)) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
