"""Issue 32 item 6, in every game with a balance advisor: an edit is named as a designer reads the card
("Cadet Fitz: Ability, second option: Damage 1 -> 0"), never by the path inside its TOML table."""
from __future__ import annotations

import re

import pytest

from simcore.game import hooks
from simcore.games import registry

ADVISED = [name for name in registry.names() if hooks(registry.get(name)).advisor() is not None]
PATH_SYNTAX = re.compile(r"\[\d|\w\.\w|_")


@pytest.mark.parametrize("name", ADVISED)
def test_every_advisor_edit_is_named_as_the_card_reads(name):
    edits = registry.advisor(name).edits(True, None)
    assert edits
    for edit in edits:
        field = edit.field
        assert field.reads and not PATH_SYNTAX.search(field.reads), (field.card, field.path, field.reads)
        assert edit.label == f"{field.card}: {field.reads} {field.value} -> {edit.new_value}"
    # two numbers of one card never read alike
    names = [e.field.name for e in edits]
    assert len(set(names)) == len({(e.field.card, e.field.path) for e in edits})


def test_the_last_commands_edits_read_as_its_cards():
    labels = {e.label for e in registry.advisor("last-command").edits(True, None)}
    assert "Cadet Fitz: Ability, second option: Damage 1 -> 0" in labels
    assert "Railgun: Credit cost 5 -> 6" in labels
    assert "Railgun: Tactician Bonus: Damage 1 -> 2" in labels
