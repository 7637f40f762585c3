"""Every number bounded (issue #13, items 4 and 7): each numeric option has its real range, stated in
`--help`; a value outside it is one line naming the option (exit 2), never an OverflowError, a
numba TypingError, an out-of-memory traceback or a run that never ends."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import cli
from simcore import limits as opt

BIG = str(2**63)          # one past the largest seed
HUGE = str(2**70)


def invoke(*args):
    return CliRunner().invoke(cli.main, [*args])


@pytest.mark.parametrize("args, option, allowed", [
    (["sweep", "--seed", BIG], "--seed", "0<=x<=9223372036854775807"),
    (["compare", "--variant-b", "asymmetrical", "--seed", BIG], "--seed", "0<=x<=9223372036854775807"),
    (["solo", "--seed", BIG], "--seed", "0<=x<=9223372036854775807"),
    (["replay", "--seed", BIG], "--seed", "0<=x<=9223372036854775807"),
    (["tune", "--seed", BIG], "--seed", "0<=x<=9223372036854775807"),
    (["replay", "--seed", "1", "--index", HUGE], "--index", "0<=x<=9223372036854775807"),
    (["sweep", "--max-turns", BIG], "--max-turns", "1<=x<=10000"),
    (["compare", "--variant-b", "asymmetrical", "--max-turns", BIG], "--max-turns", "1<=x<=10000"),
    (["replay", "--seed", "1", "--max-turns", BIG], "--max-turns", "1<=x<=10000"),
    (["sweep", "--games", HUGE], "--games", "x<=1000000000"),
    (["sweep", "--target-ci", "0.01", "--max-games", HUGE], "--max-games", "1<=x<=1000000000"),
    (["solo", "--games", HUGE], "--games", "x<=1000000000"),
    (["compare", "--variant-b", "asymmetrical", "--games", str(2**40)], "--games", "x<=20000000"),
    (["tune", "--population", str(2**40)], "--population", "2<=x<=10000"),
    (["tune", "--games", str(2**40)], "--games", "4<=x<=1000000"),
    (["tune", "--final-games", str(2**40)], "--final-games", "4<=x<=1000000"),
    (["tune", "--generations", str(2**40)], "--generations", "1<=x<=100000"),
    (["bench", "--games", str(2**40)], "--games", "100<=x<=10000000"),
    (["bench", "--repeats", str(2**40)], "--repeats", "1<=x<=100"),
    (["bench", "--memory-games", HUGE], "--memory-games", "0<=x<=1000000000"),
    (["sweep", "--threads", str(2**40)], "--threads", "1<=x<=1024"),
])
def test_a_number_out_of_range_is_one_line_naming_the_option(tmp_path, monkeypatch, args, option, allowed):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [
        f"Error: Invalid value for '{option}': {args[args.index(option) + 1]} is not in the range {allowed}."]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command, option, allowed", [
    ("sweep", "--seed", "0<=x<=9223372036854775807"), ("sweep", "--games", "x<=1000000000"),
    ("compare", "--games", "x<=20000000"), ("replay", "--index", "0<=x<=9223372036854775807"),
    ("tune", "--population", "2<=x<=10000"), ("bench", "--games", "100<=x<=10000000"),
])
def test_help_states_each_range(command, option, allowed):
    text = " ".join(invoke(command, "--help").output.split())
    options = text[text.index("Options:"):]
    shown = re.search(re.escape(option) + r" \S+ [^\[]*\[([^\]]*)\]", options)   # the option's [...] note
    assert shown and allowed in shown.group(1), options


def test_the_largest_seed_plays_and_replays(tmp_path):
    top = str(opt.SEED_MAX)
    swept = invoke("sweep", "--games", "2", "--variants", "standard", "--seed", top, "--out", str(tmp_path / "s.csv"),
                   "-q", "--per-game", str(tmp_path / "g.csv"))
    assert swept.exit_code == 0, swept.output
    replayed = invoke("replay", "--seed", top, "--index", top)
    assert replayed.exit_code == 0, replayed.output
    assert "wins" in replayed.output or "draw" in replayed.output


def test_target_ci_nan_is_blamed_on_target_ci(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("sweep", "--target-ci", "nan")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["Error: Invalid value for '--target-ci': 'nan' is not a finite number"]


@pytest.mark.parametrize("args, option", [
    (["compare", "--variant-b", "asymmetrical", "--band", "nan"], "--band"),
    (["tune", "--sigma", "nan"], "--sigma"),
    (["tune", "--time-limit", "nan"], "--time-limit"),
    (["sweep", "--target-ci", "inf"], "--target-ci"),
])
def test_nan_and_infinity_are_refused_by_every_float_option(tmp_path, monkeypatch, args, option):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output and "not a finite number" in result.output


def test_bench_memory_games_must_be_even_as_a_sweep_needs():
    result = invoke("bench", "--memory-games", "301")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["Error: Invalid value for '--memory-games': expected an even number (a "
                                          "sweep plays each seed with each seat order), got 301"]


def test_a_number_is_not_a_game_replay_takes_a_games_index_with_index():
    result = invoke("replay", "--seed", "1", "--game", "17")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["Error: Invalid value for '--game': unknown game '17': expected one of "
                                          "last-command, star-realms, skirmish (a game of a run by its number: "
                                          "--index 17)"]

