"""The one reader of every file a user names: card files and folders, Fog of War files, strategy files,
results files given to ``report``, anything a command reads from a path it was given.

Whatever the game and the command, a file named by a user is

* a **regular file**: a folder, a named pipe (FIFO), a socket or a device is refused, never opened in a
  way that could wait (a FIFO is opened non-blocking and refused by what ``fstat`` says of it);
* followed through **symbolic links once**: the path is resolved a single time (a loop, or a link to
  nothing, is refused) and every later use reads the resolved file;
* **bounded before it is parsed**: at most ``MAX_TOML_BYTES`` for a TOML file (``MAX_TABLE_BYTES`` for a
  results table read whole), and a TOML file nested at most ``MAX_TOML_DEPTH`` levels (tables, arrays,
  inline tables and the parts of dotted keys together). Python's TOML parser recurses per level of arrays
  and inline tables and takes time quadratic in the parts of one dotted key (20,000 parts: 12 s), so the
  depth is measured by a linear scan of the text first and checked again on the parsed value;
* **UTF-8 text** (a UTF-8 byte-order mark is allowed; UTF-16 is named as such).

Every failure is one ``InputFileError`` naming the file (as the user typed it) and what is wrong; the
readers of each kind of file turn it into their own error class (``CardDataError``, ``StrategyError``, ...)
with the same text. Nothing here knows any game.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from pathlib import Path

from .errors import CommandsimError

MAX_TOML_BYTES = 1 << 20          # 1 MiB: the largest shipped card file holds 15 KB
MAX_TOML_DEPTH = 32               # the shipped files nest at most 5 levels
MAX_TABLE_BYTES = 1 << 30         # 1 GiB: a results table ``report`` reads whole (per-game records stream)


class InputFileError(CommandsimError):
    """A file a user named that cannot be read as what it should be: ``file`` as the user typed it, the
    ``line`` of a TOML syntax error (or None), ``message`` what is wrong."""

    def __init__(self, file: str, message: str, line: int | None = None):
        self.file, self.message, self.line = str(file), message, line
        super().__init__(f"{self.file}{'' if line is None else f':{line}'}: {message}")


def display_path(path: Path) -> str:
    """The path as a user would type it: as given if relative, else relative to the working folder when inside it."""
    path = Path(path)
    if not path.is_absolute():
        return str(path)
    cwd = Path(os.getcwd())
    try:   # the link's own name, never where it leads (a link to nothing, a loop, are named as given)
        return str(Path(os.path.abspath(path)).relative_to(cwd)) if cwd != cwd.parent else str(path)
    except (ValueError, OSError):
        return str(path)


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a special file")


def not_a_file(path: Path) -> str | None:
    """Why ``path`` is no regular file a reader may open (None when it is one): missing, a link loop or a
    link to nothing, a folder, a named pipe, a device, a socket."""
    path = Path(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop"
        if exc.errno == errno.ENOENT:
            return "a symbolic link to nothing" if os.path.islink(path) else "no such file"
        if exc.errno == errno.ENAMETOOLONG:
            return "the path is too long"
        return f"cannot be read ({exc.strerror})"
    if stat.S_ISREG(st.st_mode):
        return None
    if stat.S_ISDIR(st.st_mode):
        return "a folder, not a file"
    return f"not a regular file: {_kind(st.st_mode)}{' (a symbolic link to it)' if os.path.islink(path) else ''}"


def resolved(path: Path, what: str = "file") -> Path:
    """The real path of the regular file ``path`` names (links followed once, here); ``InputFileError``
    otherwise. ``what`` names the file's role in the message of a missing file ("no such strategy file")."""
    shown = display_path(Path(path))
    why = not_a_file(Path(path))
    if why == "no such file":
        raise InputFileError(shown, f"no such {what}")
    if why is not None:
        raise InputFileError(shown, f"a folder, expected a {what}" if why == "a folder, not a file" else why)
    try:
        return Path(os.path.realpath(path, strict=True))
    except OSError as exc:   # changed since the check: a loop now, or gone
        raise InputFileError(shown, "a symbolic link loop" if exc.errno == errno.ELOOP
                             else f"cannot be read ({exc.strerror})") from None


def _size(n: int) -> str:
    return f"{n // (1 << 20):,} MiB" if n >= 1 << 20 else f"{n // 1024:,} KiB" if n >= 1024 else f"{n} bytes"


def _open_regular(real: Path, shown: str) -> tuple[int, os.stat_result]:
    """A descriptor of ``real`` opened non-blocking (a FIFO swapped in after the check does not wait for a
    writer) and its ``fstat``, refused unless it is a regular file."""
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputFileError(shown, f"cannot read the file ({exc.strerror})") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise InputFileError(shown, f"not a regular file: {_kind(st.st_mode)}")
    return fd, st


def read_head(real: Path, n: int, shown: str) -> bytes:
    """The first ``n`` bytes of the regular file ``real`` (already ``resolved``), opened as ``read_bytes``
    opens a file."""
    fd, _ = _open_regular(real, shown)
    try:
        return os.read(fd, n)
    except OSError as exc:
        raise InputFileError(shown, f"cannot read the file ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_bytes(path: Path, what: str = "file", limit: int = MAX_TOML_BYTES, shown: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); ``InputFileError`` naming the file for
    anything else. The file is opened non-blocking and checked again once open, so a FIFO swapped in
    after the check is refused, not waited on. ``shown``: the path as the user typed it, when ``path`` is
    already resolved."""
    try:
        real = resolved(path, what)
    except InputFileError as exc:
        raise InputFileError(shown or exc.file, exc.message) from None
    shown = shown or display_path(Path(path))
    fd, st = _open_regular(real, shown)
    try:
        if st.st_size > limit:
            raise InputFileError(shown, f"{st.st_size:,} bytes, more than the {_size(limit)} a {what} may hold")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise InputFileError(shown, f"more than the {_size(limit)} a {what} may hold")
        return b"".join(chunks)
    except OSError as exc:
        raise InputFileError(shown, f"cannot read the file ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_text(path: Path, what: str = "file", limit: int = MAX_TOML_BYTES, shown: str | None = None) -> str:
    """The UTF-8 text of ``path`` (``read_bytes``), a leading byte-order mark dropped."""
    data = read_bytes(path, what, limit, shown)
    shown = shown or display_path(Path(path))
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise InputFileError(shown, "UTF-16 text, expected UTF-8")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise InputFileError(shown, f"not UTF-8 text (bad byte at offset {exc.start})") from None


# ---- TOML

# one token of TOML text, for the depth scan: strings (multi-line first), comments, and the characters
# that open or close a level or end a key
_TOKEN = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*(?:"""|\Z)|\'\'\'(?:[^\']|\'(?!\'\'))*(?:\'\'\'|\Z)'
                    r'|"(?:[^"\\\n]|\\.)*(?:"|$)|\'[^\'\n]*(?:\'|$)|#[^\n]*|[\[\]{}=,.\n]', re.M | re.S)


def toml_depth(text: str) -> int:
    """An upper bound of the nesting depth of TOML ``text`` (as ``value_depth`` counts it) from one linear
    scan, never parsing it: the parts of table headers and dotted keys, and the arrays and inline tables
    open around a value. A key of N parts or N brackets open at once make a depth of at least N, so a scan
    above the limit refuses only files that are deeper; the parsed value is measured again."""
    deepest = table = 1         # the depth of the table the current lines write into
    stack: list[tuple[str, int]] = []     # open arrays and inline tables, with their depth
    parts = 1                   # parts of the key being read (0: not reading a key)
    header = 0                  # reading a table header: 1, an array of tables: 2
    for match in _TOKEN.finditer(text):
        tok = match.group()
        if tok[0] in "#\"'":
            continue
        if header:
            if tok == "[" and parts == 1:
                header = 2
            elif tok == ".":
                parts += 1
            elif tok == "]":
                table = 1 + parts + (header == 2)
                deepest = max(deepest, table)
                header, parts = 0, 0
            continue
        if tok == "\n":
            if not stack:
                parts = 1
            continue
        if tok == "[" and not stack and parts == 1:
            header = 1
        elif tok == "." and parts:
            parts += 1
            deepest = max(deepest, (stack[-1][1] if stack else table) + parts - 1)
        elif tok == "=" and parts:
            parts = -parts          # the value of a key of that many parts comes next
        elif tok in "[{":
            if stack and stack[-1][0] == "[":
                depth = stack[-1][1] + 1
            else:
                depth = (stack[-1][1] if stack else table) + max(-parts, 1)
            stack.append((tok, depth))
            deepest = max(deepest, depth)
            parts = 1 if tok == "{" else 0
        elif tok in "]}":
            if stack:
                stack.pop()
            parts = 0
        elif tok == ",":
            parts = 1 if stack and stack[-1][0] == "{" else 0
    return deepest


def value_depth(value) -> int:
    """The nesting depth of a parsed TOML value (a table of scalars: 1), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, dict):
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in v)
    return deepest


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def toml_error_position(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    # Python 3.11's TOMLDecodeError has no lineno attribute; the position is only in the text.
    text = str(exc)
    match = _TOML_POSITION.search(text)
    if not match:
        return getattr(exc, "lineno", None), text
    return int(match.group(1)), f"{text[:match.start()]} (column {match.group(2)})"


TOO_DEEP = f"nested more than {MAX_TOML_DEPTH} levels deep, counting tables, arrays and the parts of dotted keys"


def read_toml(path: Path, what: str = "TOML file", shown: str | None = None) -> dict:
    """The table of TOML file ``path``, read by ``read_text`` and bounded in depth before it is parsed;
    every failure one ``InputFileError`` naming the file (and the line of a syntax error)."""
    text = read_text(path, what, shown=shown)
    shown = shown or display_path(Path(path))
    if toml_depth(text) > MAX_TOML_DEPTH:
        raise InputFileError(shown, f"malformed TOML: {TOO_DEEP}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, message = toml_error_position(exc)
        raise InputFileError(shown, f"malformed TOML: {message}", line=line) from None
    except RecursionError:   # the scan bounds the depth: kept for a parser that recurses more
        raise InputFileError(shown, f"malformed TOML: {TOO_DEEP}") from None
    if value_depth(data) > MAX_TOML_DEPTH:
        raise InputFileError(shown, f"malformed TOML: {TOO_DEEP}")
    return data


# what ``--help`` says wherever a command takes a TOML file
TOML_LIMITS = (f"a regular file (links followed once, loops refused) of at most {MAX_TOML_BYTES // (1 << 20)} MiB "
               f"of UTF-8 TOML nested at most {MAX_TOML_DEPTH} levels")
