"""A fuzz test of inputs (issue 46, item 6): hypothesis draws a kind of bad file (a link, a link loop, a link to
nothing, a FIFO, a socket, a device, a folder, a file over the size limit, TOML nested too deeply in any of its
ways, bytes in another encoding) or a count in other than ASCII digits, and a command that reads a file or a
count, in any game and the tiny race. Every draw ends in one line naming the file or the option, exit 2, no
traceback, nothing written, and before any game is played (nothing compiles: the test takes seconds)."""
from __future__ import annotations

import os
import re
import socket
import tempfile
import threading
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from simcore.game import hooks
from simcore.games import registry
from simcore.user_files import MAX_TOML_BYTES, MAX_TOML_DEPTH
from tests.conftest import TINY_GAME, invoke

GAMES = [*registry.names(), TINY_GAME[0]]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module", autouse=True)
def tiny_race():
    registry.register(*TINY_GAME)
    yield
    registry.GAMES.pop(TINY_GAME[0], None)


def game_of(name: str):
    """A game by name, the tiny race too before its registration (the options are listed at collection)."""
    return registry.load(TINY_GAME[1]) if name == TINY_GAME[0] else registry.get(name)


# ---- bad files

def deep_toml(levels: int, how: str) -> str:
    if how == "dotted":
        return "k" + ".k" * levels + " = 1\n"
    if how == "arrays":
        return "x = " + "[" * levels + "]" * levels + "\n"
    if how == "tables":
        return "x = " + "{a = " * levels + "1" + "}" * levels + "\n"
    if how == "header":
        return "[" + ".".join(["t"] * levels) + "]\nb = 1\n"
    third = levels // 3 + 1     # a key, a header and brackets together
    return "[" + ".".join(["h"] * third) + "]\n" + "k" + ".k" * third + " = " + "[" * third + "]" * third + "\n"


def make_bad_file(folder: Path, name: str, kind: str, data: st.DataObject | None = None) -> Path:
    """A path ``folder / name`` that is no readable TOML file of the kind drawn; returns it."""
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(folder / f"other_{name}")
        (folder / f"other_{name}").symlink_to(path)
    elif kind == "dangling":
        path.symlink_to(folder / "nowhere.toml")
    elif kind == "folder":
        path.mkdir()
    elif kind == "big":
        with open(path, "wb") as f:          # a sparse file: over the limit without writing a megabyte
            f.truncate(MAX_TOML_BYTES + 1 + (data.draw(st.integers(0, 4096)) if data else 0))
    elif kind == "deep":
        levels = data.draw(st.integers(MAX_TOML_DEPTH + 1, 4000)) if data else 5000
        how = data.draw(st.sampled_from(["dotted", "arrays", "tables", "header", "mixed"])) if data else "dotted"
        path.write_text(deep_toml(levels, how))
    elif kind == "utf16":
        path.write_bytes('[[card]]\nname = "x"\n'.encode("utf-16"))
    elif kind == "bytes":
        junk = data.draw(st.binary(max_size=64)) if data else b""
        path.write_bytes(junk + b"\xff\xfe\xfd")     # never valid UTF-8
    else:
        raise ValueError(kind)
    return path


BAD_KINDS = ["fifo", "socket", "device", "loop", "dangling", "folder", "big", "deep", "utf16", "bytes"]


def file_commands(game: str, f: str, out: Path) -> list[list]:
    """Every command of ``game`` that reads file ``f`` given on its command line."""
    g = game_of(game)
    cmds = [["cards", "validate", f], ["cards", "list", "--cards", f], ["cards", "audit", "--cards", f],
            ["sweep", "--cards", f, "--out", out / "o.csv"], ["compare", "--cards-b", f, "--out", out / "c.csv"],
            ["impact", "--cards", f, "--out", out / "i.csv"], ["replay", "--seed", 1, "--cards", f]]
    if hooks(g).tuning() is not None:     # the games with strategy files, a tuner and a tournament
        cmds += [["sweep", "--strategy", f, "--out", out / "o.csv"], ["strategies", "show", f],
                 ["tournament", "--strategies", f"random,{f}", "--out", out / "t.csv"],
                 ["ladder", "--rungs", f"random,{f}", "--out", out / "l.csv"],
                 ["tune", "--strategy", f, "--out", out / "t.toml"], ["tune", "--cards", f, "--out", out / "t.toml"],
                 ["bench", "--cards", f]]
    if hooks(g).advisor() is not None:
        cmds += [["advise", "--target", hooks(g).target_example, "--cards", f, "--out", out / "a.csv"]]
    for o in g.options("sweep") + g.options("compare") + g.options("replay"):
        if o.kind in ("path", "paths"):          # a game's own files: The Last Command's Fog of War
            command = next(c for c in ("sweep", "compare", "replay") if o in g.options(c))
            cmds.append([command, *(["--seed", 1] if command == "replay" else []), o.flag, f])
    return [[c[0], *(c[1:2] if c[0] in ("cards", "strategies") else []), "--game", game,
             *(c[2:] if c[0] in ("cards", "strategies") else c[1:])] for c in cmds]


def refused_in_one_line(args, names: str) -> None:
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("Error: "), (args, result.output)
    assert names in lines[0], (args, lines[0])
    assert "Traceback" not in result.output


@FUZZ
@given(data=st.data(), game=st.sampled_from(GAMES), kind=st.sampled_from(BAD_KINDS), as_csv=st.booleans())
def test_every_command_that_reads_a_file_refuses_a_bad_one_in_one_line(data, game, kind, as_csv):
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        out = tmp / "out"
        name = "bad.csv" if as_csv else "bad.toml"   # a strategy file is a path by its '/' too
        bad = make_bad_file(tmp, name, kind, data)
        commands = file_commands(game, str(bad), out) + [["report", bad, "--out", out / "rep"]]
        args = data.draw(st.sampled_from(commands))
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            refused_in_one_line(args, name)
        finally:
            os.chdir(cwd)
        assert not out.exists(), f"{args} wrote {list(out.rglob('*'))}"


def test_a_fifo_with_a_writer_waiting_is_refused_by_every_command_not_waited_on(tmp_path, monkeypatch):
    """A writer holds the FIFO open waiting for a reader: a command that opened it would block its writer free
    and read what it wrote; none opens it."""
    monkeypatch.chdir(tmp_path)
    fifo = make_bad_file(tmp_path, "pipe.toml", "fifo")
    writer = threading.Thread(target=lambda: open(fifo, "w").close(), daemon=True)
    writer.start()
    try:
        for game in GAMES:
            for args in file_commands(game, str(fifo), tmp_path / "out"):
                refused_in_one_line(args, "pipe.toml")
        refused_in_one_line(["report", fifo], "pipe.toml")
    finally:
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(5)
    assert sorted(os.listdir(tmp_path)) == ["pipe.toml"]


# ---- counts

def count_options() -> list[tuple[str, list[str], str]]:
    """(game, command words, option) of every count option of every command in every game."""
    out = []
    for game in GAMES:
        g = game_of(game)
        for name, command in cli.main.commands.items():
            subs = command.commands.items() if isinstance(command, click.Group) else [(None, command)]
            for sub_name, sub in subs:
                if not isinstance(sub, cli.GameCommand) or sub.fixed_game not in (None, game):
                    continue
                words = [name] + ([sub_name] if sub_name else []) + ([] if sub.fixed_game else ["--game", game])
                words += {"replay": ["--seed", "1"], "show": ["x"], "validate": ["x.toml"]}.get(sub_name or name, [])
                out += [(game, words, p.opts[0]) for p in sub.build(g)
                        if isinstance(p, click.Option) and isinstance(p.type, cli.Count)]
    return out


def listed_with_the_tiny_race(fn):
    """``fn()`` with the tiny race registered meanwhile (the options are listed when the tests are collected)."""
    was = TINY_GAME[0] in registry.GAMES
    registry.register(*TINY_GAME)
    try:
        return fn()
    finally:
        if not was:
            registry.GAMES.pop(TINY_GAME[0], None)


COUNT_OPTIONS = listed_with_the_tiny_race(count_options)
ASCII_INTEGER = re.compile(r"-?[0-9]+")
not_ascii_digits = st.one_of(
    st.text(st.characters(categories=["Nd", "No"], exclude_characters="0123456789"), min_size=1, max_size=6),
    st.text(max_size=8).filter(lambda t: not ASCII_INTEGER.fullmatch(t)),
    st.tuples(st.integers(0, 99), st.sampled_from(["_", " ", "²", "٣", "３", ".0", "e3"]), st.integers(0, 99))
    .map(lambda t: f"{t[0]}{t[1]}{t[2]}"))


@FUZZ
@given(where=st.sampled_from(COUNT_OPTIONS), value=not_ascii_digits)
def test_a_count_of_any_command_in_other_than_ascii_digits_is_one_line_naming_its_option(where, value):
    game, words, flag = where
    if flag == "--seed" and "replay" in words:
        words = [w for w in words if w not in ("--seed", "1")]
    refused_in_one_line([*words, f"{flag}={value}"], f"'{flag}'")


@FUZZ
@given(game=st.sampled_from(registry.names()), prefix=st.sampled_from(["search:", "ismcts:"]), n=not_ascii_digits,
       option=st.sampled_from(["--strategy", "--opponent-strategy", "--strategies", "--rungs", "--opponents"]))
def test_a_search_budget_in_other_than_ascii_digits_is_one_line_in_every_command(game, prefix, n, option):
    command = {"--strategies": "tournament", "--rungs": "ladder", "--opponents": "tune"}.get(option, "sweep")
    value = f"random,{prefix}{n}" if command != "sweep" else f"{prefix}{n}"
    refused_in_one_line([command, "--game", game, f"{option}={value}"], option)


@FUZZ
@given(n=not_ascii_digits)
def test_a_scheduler_worker_count_in_other_than_ascii_digits_is_one_line(n):
    refused_in_one_line(["sweep", f"--scheduler=local:{n}"], "'--scheduler'")


def test_the_fuzzed_options_cover_every_command_that_takes_a_count():
    commands = {tuple(w for w in words if not w.startswith("-") and w not in GAMES and w not in ("1", "x",
                                                                                                  "x.toml"))
                for _, words, _ in COUNT_OPTIONS}
    assert {("sweep",), ("compare",), ("replay",), ("tournament",), ("ladder",), ("tune",), ("advise",), ("bench",),
            ("impact",), ("solo",)} <= commands, commands
