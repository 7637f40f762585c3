"""Every ``commandsim ...`` line printed in a fenced code block of README.md or a docs page, run as printed.

A page's commands run in the order the page prints them, in one fresh folder per page holding a copy of
``examples/`` (so a command may read what an earlier one wrote, and every file a page names must ship under
``examples/``), in this process (click's runner: each engine compiles once for the whole file), with
``COMMANDSIM_TRIAL=1``: the one documented mechanism that caps every size a command plays (``simcore/trial.py``).
Each must exit 0 with no traceback, and every file it says it wrote must be on disk.
"""
from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^(\s*)(```|~~~)")
WROTE_PATH = re.compile(r"(?:(?<=Wrote )|(?<= and ))([^\s(),;]+\.(?:csv|parquet|toml|html|png|jsonl|txt|json))")


@dataclass(frozen=True)
class Printed:
    page: str        # the page's path from the repository's top
    line: int        # its line number there
    args: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def pages(*patterns: str) -> list[Path]:
    found: list[Path] = []
    for pattern in patterns:
        found += sorted(REPO.glob(pattern))
    return found


def printed_commands(page: Path) -> list[Printed]:
    """The ``commandsim`` commands inside the page's fenced code blocks: a ``$ `` prompt dropped, lines
    continued by a backslash joined, the part after ``&&`` taken (``pip install . && commandsim sweep``),
    ``# comments`` dropped."""
    out: list[Printed] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    fenced, i = False, 0
    while i < len(lines):
        text, number = lines[i], i + 1
        i += 1
        if FENCE.match(text):
            fenced = not fenced
            continue
        if not fenced:
            continue
        while text.rstrip().endswith("\\") and i < len(lines):
            text = text.rstrip()[:-1] + " " + lines[i].strip()
            i += 1
        for part in text.split("&&"):
            part = part.strip()
            if part.startswith("$ "):
                part = part[2:]
            if part.startswith("commandsim ") or part == "commandsim":
                args = shlex.split(part, comments=True)[1:]
                out.append(Printed(str(page.relative_to(REPO)), number, tuple(args)))
    return out


def every_printed(*patterns: str) -> list[Printed]:
    return [cmd for page in pages(*patterns) for cmd in printed_commands(page)]


def folder_for(page: str, root: Path, made: dict[str, Path]) -> Path:
    """The page's own folder under ``root``, made with a copy of ``examples/`` the first time."""
    if page not in made:
        folder = root / re.sub(r"[^A-Za-z0-9]+", "_", page)
        folder.mkdir(parents=True)
        shutil.copytree(REPO / "examples", folder / "examples")
        made[page] = folder
    return made[page]


def written_paths(output: str) -> list[str]:
    """The files a command's ``Wrote ...`` lines name."""
    paths: list[str] = []
    for line in output.splitlines():
        if "Wrote " in line:
            paths += [p.rstrip(".") for p in WROTE_PATH.findall(line[line.index("Wrote "):])]
    return paths


def help_examples() -> list[Printed]:
    """The ``commandsim`` lines of every command's ``--help`` (``Examples:``), each command's in the order it
    prints them, ``report`` last (it reads what the others wrote)."""
    import click

    import cli

    def walk(group, prefix):
        for name, command in sorted(group.commands.items()):
            if isinstance(command, click.Group):
                yield from walk(command, (*prefix, name))
            else:
                yield (*prefix, name), command

    found: list[Printed] = []
    for names, command in sorted(walk(cli.main, ()), key=lambda item: (item[0] == ("report",), item[0])):
        for number, line in enumerate((command.help or "").splitlines(), 1):
            line = line.strip()
            if line.startswith("commandsim "):
                found.append(Printed(f"commandsim {' '.join(names)} --help", number,
                                     tuple(shlex.split(line, comments=True)[1:])))
    return found


def run_printed(cmd: Printed, folder: Path, monkeypatch) -> None:
    """Run ``cmd`` in ``folder``; a ``> FILE`` at its end writes what it prints to FILE, as a shell would."""
    from click.testing import CliRunner

    import cli

    monkeypatch.chdir(folder)
    monkeypatch.setenv("COMMANDSIM_TRIAL", "1")
    args, into = list(cmd.args), None
    if ">" in args:
        args, into = args[:args.index(">")], args[args.index(">") + 1]
    result = CliRunner().invoke(cli.main, args, catch_exceptions=True)
    if into is not None:
        (folder / into).write_text(result.stdout)
    said = f"{cmd.id}: commandsim {shlex.join(cmd.args)}\n{result.output}\n{result.stderr}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        said += "".join(traceback.format_exception(result.exception))
    assert result.exit_code == 0, said
    assert "Traceback" not in result.output + result.stderr, said
    for path in written_paths(result.output + result.stderr):
        assert (folder / path).exists(), f"{said}\nsays it wrote {path}, which is not there"
