"""Regenerate the Star Realms golden replays on purpose, after a deliberate change of its rules, cards or
policies:

    python3 -m tests.golden.star_realms.regenerate        (from the repo root)

Each file is one game as JSON Lines (the `commandsim replay --game star-realms --json` output);
tests/star_realms/test_star_realms_golden.py fails when a game plays differently."""
from __future__ import annotations

import json
from pathlib import Path

from simcore.games.star_realms.replay_log import json_lines
from simcore.games.star_realms.setup import SRMatchup
from simcore.games.star_realms.simulate import replay_game

HERE = Path(__file__).resolve().parent
GAMES = {
    "standard_seed_101": (101, SRMatchup(("standard", "standard"), "standard"), ("balanced", "balanced")),
    "command_vs_standard_seed_202": (202, SRMatchup(("standard", "alliance"), "command-vs-standard"),
                                     ("trade_first", "combat_first")),
    "commander_duel_seed_303": (303, SRMatchup(("alliance", "alliance"), "commander-duel"),
                                ("balanced", "trade_first")),
    "two_against_one_seed_404": (404, SRMatchup(("hydra", "alliance"), "two-against-one"),
                                 ("balanced", "combat_first")),
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
