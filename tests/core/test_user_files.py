"""The one reader of every file a user names (issue 46, item 1): ``simcore.user_files``. Regular files only
(a FIFO is refused, never waited on), links resolved once with loops refused, size and depth bounded before
the TOML parser sees the text, one ``InputFileError`` naming the file."""
from __future__ import annotations

import os
import socket
import threading
import tomllib
from pathlib import Path

import pytest

from simcore import user_files
from simcore.games import registry
from simcore.user_files import (MAX_TOML_BYTES, MAX_TOML_DEPTH, InputFileError, read_bytes, read_toml, resolved,
                                toml_depth, value_depth)


def refused(path, text: str, **kw):
    with pytest.raises(InputFileError) as caught:
        read_toml(path, **kw)
    assert text in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_fifo_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: open(fifo, "w").close(), daemon=True)   # a writer waiting for a reader
    writer.start()
    try:
        refused(fifo, "not a regular file: a named pipe")
    finally:
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(5)


def test_a_fifo_swapped_in_after_the_check_is_refused_by_what_the_open_file_is(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    monkeypatch.setattr(user_files, "resolved", lambda path, what="file": Path(path))   # the check saw a file
    with pytest.raises(InputFileError, match="not a regular file: a named pipe"):
        read_bytes(fifo)


@pytest.mark.parametrize("make, text", [
    (lambda d: (d / "a.toml").symlink_to(d / "a.toml"), "a symbolic link loop"),
    (lambda d: (d / "a.toml").symlink_to(d / "gone.toml"), "a symbolic link to nothing"),
    (lambda d: (d / "a.toml").symlink_to("/dev/null"), "not a regular file: a device (a symbolic link to it)"),
    (lambda d: (d / "a.toml").mkdir(), "a folder, expected a strategy file"),
    (lambda d: None, "no such strategy file"),
])
def test_every_kind_of_non_file_is_one_line_naming_it(tmp_path, make, text):
    make(tmp_path)
    line = refused(tmp_path / "a.toml", text, what="strategy file")
    assert line.startswith(f"{tmp_path / 'a.toml'}: ")


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s.toml"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(path))
        refused(path, "not a regular file: a socket")
    finally:
        sock.close()


def test_a_link_is_read_through_and_resolved_once(tmp_path):
    (tmp_path / "real.toml").write_text("a = 1\n")
    (tmp_path / "one.toml").symlink_to(tmp_path / "real.toml")
    (tmp_path / "two.toml").symlink_to(tmp_path / "one.toml")
    assert read_toml(tmp_path / "two.toml") == {"a": 1}
    assert resolved(tmp_path / "two.toml") == (tmp_path / "real.toml").resolve()


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_TOML_BYTES + "\n")
    monkeypatch.setattr(tomllib, "loads", lambda *a, **k: pytest.fail("parsed a file over the limit"))
    refused(big, "more than the 1 MiB a card file may hold", what="card file")


@pytest.mark.parametrize("text", [
    "a" + ".a" * 50_000 + " = 1\n",                         # dotted keys: tomllib takes quadratic time
    "x = " + "[" * 3000 + "]" * 3000 + "\n",                # arrays: tomllib recurses
    "x = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n",      # inline tables
    "[" + ".".join(["t"] * 40) + "]\nb = 1\n",              # a table header
    "[[" + ".".join(["t"] * 20) + "]]\n" + "k" + ".k" * 12 + " = [[[1]]]\n",   # a little of each
])
def test_a_file_nested_too_deeply_is_refused_before_it_is_parsed(tmp_path, monkeypatch, text):
    path = tmp_path / "deep.toml"
    path.write_text(text)
    monkeypatch.setattr(tomllib, "loads", lambda *a, **k: pytest.fail("parsed a file nested too deeply"))
    refused(path, f"malformed TOML: nested more than {MAX_TOML_DEPTH} levels deep")


def test_the_depth_limit_is_exact(tmp_path):
    at_limit = "a" + ".a" * (MAX_TOML_DEPTH - 2) + " = [1]\n"     # a table of 31 levels holding an array
    (tmp_path / "ok.toml").write_text(at_limit)
    assert value_depth(read_toml(tmp_path / "ok.toml")) == MAX_TOML_DEPTH
    (tmp_path / "over.toml").write_text("a." + at_limit)
    refused(tmp_path / "over.toml", "nested more than")


@pytest.mark.parametrize("data, text", [
    (b"\xff\xfea\x00 \x00=\x00 \x001\x00", "UTF-16 text, expected UTF-8"),
    (b"a = 'caf\xe9'\n", "not UTF-8 text (bad byte at offset 8)"),
    (b"a = 1\x00\n", "malformed TOML"),
    (b"[a\nb = 1\n", "malformed TOML"),
])
def test_a_file_that_is_no_utf8_toml_is_one_line_naming_it(tmp_path, data, text):
    (tmp_path / "f.toml").write_bytes(data)
    refused(tmp_path / "f.toml", text)


def test_a_utf8_byte_order_mark_is_read_past(tmp_path):
    (tmp_path / "bom.toml").write_bytes(b"\xef\xbb\xbfa = 1\n")
    assert read_toml(tmp_path / "bom.toml") == {"a": 1}


def test_the_depth_scan_measures_every_shipped_toml_file_as_the_parser_does():
    games = [Path(__import__(registry.GAMES[g], fromlist=["x"]).__file__).parent for g in registry.names()]
    strategies = Path(__file__).resolve().parents[2] / "strategies"
    files = [f for d in games for f in d.rglob("*.toml")] + list(strategies.rglob("*.toml"))
    assert len(files) > 20
    for f in files:
        text = f.read_text()
        assert toml_depth(text) == value_depth(tomllib.loads(text)), f


@pytest.mark.parametrize("text", [
    'a = "x.y.z [[[ {{{"\n', "a = 'p.q[['\n", 'a = """\n[b.c.d]\n[[[\n"""\n', "a = '''\n{{{{\n'''\n",
    "# [[[[ a.b.c.d.e\nx = 1.5e3\n", 'a."b.c.d".e = 1\n', "x = [1.5, 2.5, {p = 0.5}]\n", "t = 1979-05-27T07:32:00Z\n",
])
def test_the_depth_scan_ignores_strings_comments_and_numbers(text):
    assert toml_depth(text) == value_depth(tomllib.loads(text))
