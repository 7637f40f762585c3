"""Bad skirmish data: the core's ``CardDataError`` (exit code 2 in the CLI), worded for commands and units."""
from simcore.errors import CardDataError


class SkirmishDataError(CardDataError):
    """``file: command 'Shoot', field 'cost': expected ...`` (``entry`` is "command 'X'", "unit 'X'",
    "force 'X'" or "set 'X'")."""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [p for p in (self.card, None if self.field is None else f"field '{self.field}'") if p]
        return f"{where}: {', '.join(parts)}: {self.message}" if parts else f"{where}: {self.message}"
