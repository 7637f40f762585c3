"""The one exceptions module of commandsim.

Every error a user can cause (bad card data, bad options, unknown names) is a
``CommandsimError``; the CLI turns it into one line on stderr and exit code 2.
Anything else escaping the library is a bug and keeps its traceback.
"""
from __future__ import annotations


class CommandsimError(Exception):
    """Base of all user-facing errors."""


class CardDataError(CommandsimError):
    """A card file that cannot be read or does not follow SCHEMA.md.

    ``str()`` names the file, the card and the field, then says what was
    expected and what arrived, e.g.
    ``cards/market_tactical.toml: card 'Railgun', field 'credit_cost': expected an integer 0..10, got -3``.
    ``card`` and ``field`` are None when the problem is not inside one card
    (a malformed file, a missing folder); ``line`` is set for TOML syntax errors.
    """

    def __init__(self, file: str, card: str | None, field: str | None, message: str,
                 *, line: int | None = None):
        self.file = str(file)
        self.card = card
        self.field = field
        self.message = message
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [where]
        if self.card is not None:
            parts.append(f"card '{self.card}'")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        head = parts[0] if len(parts) == 1 else parts[0] + ": " + ", ".join(parts[1:])
        return f"{head}: {self.message}"


class StrategyError(CommandsimError):
    """A strategy file, name or parameter vector that cannot be used, naming the file and the field."""


class UnknownCardError(CommandsimError):
    """A card name (e.g. given on the command line) that no loaded card has."""

    def __init__(self, name: str, suggestions: list[str] | tuple[str, ...] = ()):
        self.name = name
        self.suggestions = tuple(suggestions)
        quoted = ", ".join(f"'{s}'" for s in self.suggestions)
        hint = f" (did you mean {quoted}?)" if quoted else ""
        super().__init__(f"no card named '{name}'{hint}")


class OutputFileError(CommandsimError, OSError):
    """An output that could not be written (a full disk, a folder where a file should go); the
    message names the path that failed. Nothing of the call's outputs was written. Also an
    ``OSError``, which is what it reports."""


class ArgumentError(CommandsimError):
    """An argument of a notebook API function (``api.py``) that the command would refuse: an unknown
    name, a value of the wrong type or out of the command's range. ``argument`` names it, and so does
    the message (``games: 1000000000000 is not in the range x<=1000000000.``)."""

    def __init__(self, argument: str, message: str):
        self.argument = argument
        super().__init__(message)
