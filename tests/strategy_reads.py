"""Which strategies a piece of code reads from their files (``library.load_spec``), for the tests
that keep small batches from reading the same file again and again."""
from __future__ import annotations

import simcore.games.last_command.players.library as library


def count_strategy_reads(monkeypatch) -> list[str]:
    """A list that gains the name or path of every strategy read from now on (a base read as part
    of its file's reading is not counted)."""
    reads: list[str] = []
    real = library.load_spec

    def counted(name, *seen):
        if not seen:   # a base's reading carries the chain read so far
            reads.append(name)
        return real(name, *seen)
    monkeypatch.setattr(library, "load_spec", counted)
    return reads
