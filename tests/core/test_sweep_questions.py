"""Issue 32 item 7: ``commandsim sweep`` with no options plays the match-ups each game's sources ask about
(``GameInfo.sweep_questions``), and its table leads with them; a sweep that names its match-ups plays
only those."""
from __future__ import annotations

import pytest

from simcore.game import SweepSpec, asked
from simcore.games import registry
from tests.conftest import invoke

ASKING = [name for name in registry.names() if registry.get(name).info.sweep_questions]


def test_every_game_declares_the_questions_of_its_sources():
    assert set(ASKING) == set(registry.names())


def test_the_last_commands_default_sweep_plays_asymmetrical_against_standard_first():
    game = registry.get("last-command")
    cells = game.sweep_cells(asked(SweepSpec(), game.info), game.load_tables())
    assert [(c.sides, c.variants) for c in cells[:2]] == [
        (("federation", "sunder"), ("asymmetrical", "standard")),
        (("federation", "sunder"), ("standard", "asymmetrical"))]
    # and the two grids of one variant each still follow
    assert {c.variants for c in cells[2:]} == {("standard", "standard"), ("asymmetrical", "asymmetrical")}


@pytest.mark.parametrize("name", ASKING)
def test_the_default_sweep_leads_with_the_games_questions(name, tmp_path):
    game = registry.get(name)
    questions = game.info.sweep_questions
    cells = game.sweep_cells(asked(SweepSpec(), game.info), game.load_tables())
    assert [c.sides for c in cells[:len(questions)]] == [q.sides for q in questions]
    assert all(c.variants[i].split(":")[0] == q.variants[i] for c, q in zip(cells, questions) for i in (0, 1))
    assert len({c.label for c in cells}) == len(cells)        # no cell twice
    # a sweep that names its match-ups plays only those
    named = asked(SweepSpec(sides=tuple(game.info.sides[:2])), game.info)
    assert named.questions == ()
    out = tmp_path / "s.csv"
    result = invoke("sweep", "--game", name, "--games", 20, "--out", out)
    assert result.exit_code == 0, result.output
    assert "sources ask about" in result.output
    # the printed table's first row is the first question's side A against its side B
    lines = result.output.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("MODE "))
    first = lines[header + 1].split()
    q = questions[0]
    assert first[1] == q.sides[0] and first[2].split(":")[0] == q.variants[0], lines[header + 1]
    assert first[4] == q.sides[1] and first[5].split(":")[0] == q.variants[1], lines[header + 1]
