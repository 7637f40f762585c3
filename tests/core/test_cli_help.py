"""Every command explains itself: help text with an example, `--help` exits 0, `--version` works."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import cli

REPO = Path(__file__).resolve().parents[2]


def all_commands(group: click.Group = cli.main, path: tuple[str, ...] = ()):
    """(path, command) for the root and every command and subcommand below it."""
    yield path, group
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from all_commands(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = list(all_commands())


def test_the_card_commands_exist():
    paths = {" ".join(p) for p, _ in COMMANDS}
    assert {"cards", "cards list", "cards show", "cards validate", "cards audit"} <= paths


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) or "commandsim" for p, _ in COMMANDS])
def test_every_command_has_help_with_an_example(path, command):
    assert command.help and command.help.strip(), f"{path} has no help text"
    assert "commandsim" in command.help and "Example" in command.help, f"{path}'s help shows no example"
    result = CliRunner().invoke(cli.main, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) or "commandsim" for p, _ in COMMANDS])
def test_every_option_has_help(path, command):
    for param in command.params:
        if isinstance(param, click.Option) and param.name not in ("help", "version"):
            assert param.help, f"{path}: option {param.opts} has no help"


def test_version_matches_pyproject():
    result = CliRunner().invoke(cli.main, ["--version"])
    assert result.exit_code == 0
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert result.output.strip() == f"commandsim {version}"


def test_help_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "cli", "--help"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Usage: commandsim" in proc.stdout


def test_bench_prints_games_per_second_side_by_side():
    from click.testing import CliRunner

    import cli

    res = CliRunner().invoke(cli.main, ["bench", "--games", "200", "--repeats", "2"])
    assert res.exit_code == 0, res.output
    assert "games/s, 1 thread" in res.output and "scaling" in res.output
    # the best of the repeated runs, then every run
    for line in res.output.splitlines():
        if line.startswith("games/s"):
            best, runs = line.split(":", 1)[1].split("(runs:")
            rates = [float(x.replace(",", "")) for x in runs.rstrip(")").split("/")]
            assert len(rates) == 2 and float(best.replace(",", "")) == max(rates)
    bad = CliRunner().invoke(cli.main, ["bench", "--factions", "federation,klingon"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_bench_measures_a_sweeps_peak_memory_in_a_new_process():
    import re

    from click.testing import CliRunner

    import cli

    res = CliRunner().invoke(cli.main, ["bench", "--games", "200", "--memory-games", "300"])
    assert res.exit_code == 0, res.output
    m = re.search(r"peak memory, sweep of 300 games per cell: ([\d,]+) MB", res.output)
    # a process with numpy, pandas and numba loaded holds well over 50 MB
    assert m and int(m.group(1).replace(",", "")) > 50, res.output
