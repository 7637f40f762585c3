"""``commandsim solo``, The Last Command's own command (``sweep --mode solo`` with its defaults): it runs at
every difficulty and with every option it offers, and offers none that Solo Mode would refuse (rulebook, Solo
Mode: "Solo Mode begins with the player's turn first"; the A.I. is the only opponent)."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tests.conftest import invoke

REPO = Path(__file__).resolve().parents[2]
DIFFICULTIES = ("easy", "medium", "hard", "insane")


def solo_option_names() -> set[str]:
    import cli
    command = cli.main.commands["solo"]
    command.set_game("last-command")
    return {p.name for p in command.params if p.name != "help"}


def run_solo(tmp_path, *args):
    out = tmp_path / "solo.csv"
    result = invoke("solo", "--games", 12, "--factions", "federation", "--variants", "standard", "--out", out, *args)
    assert result.exit_code == 0, result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr
    return result, pd.read_csv(out)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_runs_at_every_difficulty(tmp_path, difficulty):
    _, table = run_solo(tmp_path, "--difficulties", difficulty)
    assert set(table["difficulty"]) == {difficulty}
    assert (table["mode"] == "solo").all() and (table["opponent_strategy"] == "solo-ai").all()
    assert set(table["seat"]) <= {"first", "both"}          # the player always moves first


def test_solo_plays_every_difficulty_by_default(tmp_path):
    _, table = run_solo(tmp_path)
    assert set(table["difficulty"]) == set(DIFFICULTIES)


def test_solo_offers_no_option_solo_mode_refuses():
    # no opponent strategy (the A.I. plays by the rulebook) and no mixed variants (the A.I. starts standard)
    names = solo_option_names()
    assert "opponent_strategy" not in names and "mixed_variants" not in names and "modes" not in names


# Each option solo offers, with a value and what the run must show for it. A new option fails
# test_every_solo_option_is_covered until it is added here.
def _check_seed(tmp_path, result, table):
    _, other = run_solo(tmp_path, "--difficulties", "easy", "--seed", "1")
    return (table["seed"] == 4).all() and (other["seed"] == 1).all()


OPTIONS = {
    "games": (["--games", "6"], lambda tmp, r, t: (t[t.seat == "both"]["games"] == 6).all()),
    "seed": (["--seed", "4"], _check_seed),
    "sides": (["--factions", "sunder"], lambda tmp, r, t: set(t["faction"]) == {"sunder"}),
    "variants": (["--variants", "asymmetrical"], lambda tmp, r, t: set(t["variant"]) == {"asymmetrical"}),
    "strategy": (["--strategy", "aggro"], lambda tmp, r, t: set(t["strategy"]) == {"aggro"}),
    "cards_path": (["--cards", str(REPO / "examples/cards/railgun4.toml")],
                   lambda tmp, r, t: "Railgun" in r.output),
    "threads": (["--threads", "1"], lambda tmp, r, t: (t["games"] > 0).all()),
    "max_turns": (["--max-turns", "3"], lambda tmp, r, t: (t[t.seat == "both"]["draws"] == t[t.seat == "both"]["games"]).all()),
    "target_ci": (["--target-ci", "0.3", "--max-games", "24"], lambda tmp, r, t: (t["games"] <= 24).all()),
    "max_games": (["--target-ci", "0.01", "--max-games", "12"],
                  lambda tmp, r, t: (t[t.seat == "both"]["games"] == 12).all() and "stopped at --max-games" in r.output),
    "out_path": ([], lambda tmp, r, t: (tmp / "solo_cards.csv").exists()),
    "per_game_path": (["--per-game", "GAMES"], lambda tmp, r, t: len(pd.read_csv(tmp / "games.csv")) == int(
        t[t.seat == "both"]["games"].sum())),
    "per_round_path": (["--per-round", "ROUNDS"], lambda tmp, r, t: "per round" in r.output and set(
        pd.read_csv(tmp / "rounds.csv", keep_default_na=False)["difficulty"]) == {"easy"}),
    "difficulties": (["--difficulties", "hard,insane"], lambda tmp, r, t: set(t["difficulty"]) == {"hard", "insane"}),
    "fog_paths": (["--fog", str(REPO / "examples/fog/first_player_crew.toml")],
            lambda tmp, r, t: any("+fog:first_player_crew.toml" in v for v in t["variant"])),
    "quiet": (["-q"], lambda tmp, r, t: "FACTION" not in r.output.upper().split("WROTE")[0] and "Wrote" in r.output),
    "scheduler": (["--scheduler", "local:1"], lambda tmp, r, t: (t["games"] > 0).all()),
}


def test_every_solo_option_is_covered():
    assert solo_option_names() == set(OPTIONS)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_solo_option(tmp_path, name):
    args, check = OPTIONS[name]
    if name == "scheduler":
        pytest.importorskip("distributed")
    args = [{"GAMES": str(tmp_path / "games.csv"), "ROUNDS": str(tmp_path / "rounds.csv")}.get(a, a) for a in args]
    if name not in ("difficulties",):
        args = [*args, "--difficulties", "easy"] if "--difficulties" not in args else args
    result, table = run_solo(tmp_path, *args)
    assert check(tmp_path, result, table), result.output
