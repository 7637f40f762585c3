"""Usage errors on one line (issue #13, item 10): click's own (an unknown option, a bad value, a
missing argument, an unknown command) print `Error: ...` alone, like every error of ours, not
click's Usage / Try / Error block."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from tests.cli_process import run


@pytest.mark.parametrize("args, line", [
    (["sweep", "--gmes", "3"], "Error: No such option '--gmes'. (Did you mean one of: '--game', '--games', "
                               "'--max-games'?)"),
    (["--bogus"], "Error: No such option '--bogus'."),
    (["sweep", "--games", "x"],
     "Error: Invalid value for '--games': expected a whole number in ASCII digits (0-9), got 'x'"),
    (["report"], "Error: Missing argument 'RESULTS...'."),
    (["swep"], "Error: No such command 'swep'. Did you mean 'sweep'?"),
    (["cards", "shw", "Railgun"], "Error: No such command 'shw'. Did you mean 'show'?"),
    (["replay", "--seed", "1", "--factions", "federation"],
     "Error: --factions takes two comma-separated names (first,second), got 'federation'"),
])
def test_usage_errors_are_one_line(args, line):
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 2
    assert result.output.splitlines() == [line]


def test_one_line_on_stderr_in_a_real_process(tmp_path):
    proc = run(["sweep", "--games", "x"], cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "Error: Invalid value for '--games': expected a whole number in ASCII digits (0-9), got 'x'\n"


def test_a_bare_group_still_prints_its_help():
    result = CliRunner().invoke(cli.main, ["cards"])
    assert "Usage:" in result.output and "validate" in result.output
