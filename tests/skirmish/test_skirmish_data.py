"""Skirmish commands, units and forces as data: the shipped files load, every unit number is an estimate,
audit lists the estimates, and a bad file names the file, the entry and the field (exit code 2)."""
from pathlib import Path

import pytest

from simcore.games.skirmish.card_data import load_data, load_tables
from simcore.games.skirmish.errors import SkirmishDataError
from simcore.games.skirmish.opcodes import (CC_BEFORE_TRIGGER, CC_COST, CC_FAILS_ENTIRELY, CC_OPENS_WINDOW,
                                            PROFILE_FIELDS)
from tests.conftest import invoke

FIXTURE_WINDOWS = Path(__file__).resolve().parents[1] / "fixtures" / "skirmish" / "response_windows.toml"

NAMED = ("Move", "Run", "Shoot", "Charge", "Melee", "Snap Fire", "Covering Fire", "Defend", "Intervene", "Rally",
         "Hold")


run = invoke   # tests/conftest.py: the CLI in this process


def test_the_shipped_commands_include_every_command_the_issue_names_and_compile():
    t = load_tables()
    assert set(NAMED) <= set(t.names)
    exceptions = {n for c, n in enumerate(t.names) if t.cmds[c, CC_BEFORE_TRIGGER]}
    assert exceptions == {"Covering Fire", "Defend", "Intervene"}
    assert t.cmds[t.index("Covering Fire"), CC_FAILS_ENTIRELY] == 1


def test_a_set_can_change_a_commands_cost_for_one_force_only():
    t = load_tables(command_sets=("full", "covering-fire-2cp"))
    rows = [c for c, n in enumerate(t.names) if n == "Covering Fire"]
    assert sorted(t.cmds[c, CC_COST] for c in rows) == [1, 2]
    assert [bool(t.avail[0] >> c & 1) for c in rows] == [True, False]


def test_every_unit_number_is_estimated_as_the_seed_gives_no_profiles():
    for u in load_data().units:
        assert set(u.estimated) == set(PROFILE_FIELDS) and not u.stated


def write(tmp_path, text, name="mine.toml"):
    p = tmp_path / name
    p.write_text(text)
    return p


GOOD = """
[[command]]
name = "Shoot"
timing = "order"
kind = ["shoot", "attack"]
cost = {cost}
target = "enemy"
reach = "range"
effects = [{{ op = "{op}", n = 2 }}]
source = "mine"
estimated = ["timing", "kind", "cost", "target", "reach", "effects"]
"""


@pytest.mark.parametrize("text,field,words", [
    (GOOD.format(cost=-1, op="shoot"), "cost", "expected an integer 0..5, got -1"),
    (GOOD.format(cost=1, op="shooot"), "effects[0].op", "unknown op 'shooot' (did you mean 'shoot'?)"),
    (GOOD.format(cost=1, op="shoot").replace('estimated = ["timing", ', 'estimated = ['), "timing",
     "exactly one of stated / estimated"),
    (GOOD.format(cost=1, op="shoot").replace('timing = "order"', 'timing = "order"\nrestrictons = []'),
     "restrictons", "unknown field (did you mean 'restrictions'?)"),
])
def test_bad_command_data_names_the_file_the_command_and_the_field(tmp_path, text, field, words):
    p = write(tmp_path, text)
    with pytest.raises(SkirmishDataError) as err:
        load_data(p)
    assert str(err.value).startswith(f"{p}: command 'Shoot', field '{field}': ") and words in str(err.value)


def test_bad_force_data_names_the_file_the_force_and_the_field(tmp_path):
    p = write(tmp_path, '[force.mine]\nunits = ["Trooper", "Troper"]\ncp = 4\n')
    with pytest.raises(SkirmishDataError, match=r"mine.toml: force 'mine', field 'units': no unit named 'Troper' "
                                                r"\(did you mean 'Trooper'\?\)"):
        load_data(p)
    p = write(tmp_path, '[[unit]]\nname = "Ogre"\nmove = 2\nrange = 1\nfirepower = 0\narmor = 9\nwounds = 8\n'
                        'melee = 6\nmorale = 5\nsource = "x"\nestimated = ["move"]\n')
    with pytest.raises(SkirmishDataError, match=r"unit 'Ogre', field 'armor': expected an integer 2..7, got 9"):
        load_data(p)


def test_responding_commands_opens_window_is_data_no_window_by_default_for_a_response(tmp_path):
    # "A responding command does not create another response window unless a rule specifically allows one"
    t = load_tables()
    for c, name in enumerate(t.names):
        assert t.cmds[c, CC_OPENS_WINDOW] == (name in ("Move", "Run", "Shoot", "Charge", "Rally", "Hold")), name
    response = GOOD.format(cost=1, op="shoot").replace('timing = "order"', 'timing = "response"\ntrigger = ["move"]')
    p = write(tmp_path, response.replace('estimated = ["timing",', 'estimated = ["trigger", "timing",'))
    assert load_data(p).command("Shoot").opens_window is False
    p = write(tmp_path, response.replace('trigger = ["move"]', 'trigger = ["move"]\nopens_window = true')
              .replace('estimated = ["timing",', 'estimated = ["trigger", "opens_window", "timing",'))
    assert load_data(p).command("Shoot").opens_window is True
    t = load_tables(FIXTURE_WINDOWS, ("full", "return-fire"))
    assert t.cmds[t.index("Snap Fire"), CC_OPENS_WINDOW] == 1 and t.cmds[t.index("Return Fire"), CC_OPENS_WINDOW] == 1


@pytest.mark.parametrize("change, words", [
    ('timing = "check"\nopens_window = true', "a check command is never declared, so it opens no response window"),
    ('timing = "order"\nopens_window = "yes"', "expected true or false, got 'yes'"),
])
def test_opens_window_is_checked_naming_the_file_the_command_and_the_field(tmp_path, change, words):
    text = GOOD.format(cost=1, op="shoot").replace('timing = "order"', change)
    p = write(tmp_path, text.replace('estimated = ["timing",', 'estimated = ["opens_window", "timing",'))
    with pytest.raises(SkirmishDataError) as err:
        load_data(p)
    assert str(err.value).startswith(f"{p}: command 'Shoot', field 'opens_window': ") and words in str(err.value)


MOVING = GOOD.format(cost=1, op="shoot").replace('{ op = "shoot", n = 2 }',
                                                 '{ op = "shoot", n = 1 }, { op = "move", n = 1 }')


def test_a_commands_parts_compile_in_the_order_they_resolve_movement_first_unless_it_says_otherwise(tmp_path):
    from simcore.games.skirmish.opcodes import CC_EFF, MOVEMENT_OPS, Op
    from simcore.games.skirmish.protocol import is_movement
    assert [op for op in Op if is_movement(op)] == list(MOVEMENT_OPS)
    for extra, parts in (("", [Op.MOVE, Op.SHOOT]), ("movement_first = false\n", [Op.SHOOT, Op.MOVE])):
        text = MOVING.replace('source = "mine"', extra + 'source = "mine"')
        if extra:
            text = text.replace('estimated = ["timing",', 'estimated = ["movement_first", "timing",')
        p = write(tmp_path, text + '[set.mine]\ncommands = ["Shoot"]\n')
        t = load_tables(p, ("mine", "mine"))
        assert [t.eff[r, 0] for r in range(t.cmds[0, CC_EFF], t.cmds[0, CC_EFF] + 2)] == parts
        assert [op for op, _ in load_data(p).command("Shoot").effects] == ["shoot", "move"]   # as listed


@pytest.mark.parametrize("value,text,words", [
    ("0", MOVING, "expected true or false, got 0"),
    ("false", GOOD.format(cost=1, op="shoot"), "only a command with a movement part (move, charge_move, intercept)"),
])
def test_movement_first_is_refused_when_it_is_not_a_flag_or_the_command_has_no_movement(tmp_path, value, text, words):
    text = text.replace('source = "mine"', f'movement_first = {value}\nsource = "mine"').replace(
        'estimated = ["timing",', 'estimated = ["movement_first", "timing",')
    p = write(tmp_path, text)
    with pytest.raises(SkirmishDataError) as err:
        load_data(p)
    assert str(err.value).startswith(f"{p}: command 'Shoot', field 'movement_first': ") and words in str(err.value)


def test_a_set_naming_an_unknown_command_is_refused(tmp_path):
    p = write(tmp_path, '[set.mine]\ncommands = ["Move", "Snap Fyre"]\n')
    with pytest.raises(SkirmishDataError, match=r"set 'mine', field 'commands': no command named 'Snap Fyre'"):
        load_data(p)


def test_bad_data_on_the_cli_is_one_line_exit_2_and_no_output_file(tmp_path):
    p = write(tmp_path, GOOD.format(cost=9, op="shoot"))
    out = tmp_path / "s.csv"
    res = run("sweep", "--game", "skirmish", "--games", "10", "--cards", str(p), "--out", str(out))
    assert res.exit_code == 2 and "command 'Shoot', field 'cost'" in res.output and "Traceback" not in res.output
    assert not out.exists()
    res = run("cards", "validate", "--game", "skirmish", str(write(tmp_path, "[[command]\n", "broken.toml")))
    assert res.exit_code == 2 and "broken.toml:1: malformed TOML" in res.output


def test_cards_list_show_and_audit_for_the_skirmish():
    res = run("cards", "list", "--game", "skirmish")
    assert res.exit_code == 0 and all(n in res.output for n in NAMED) and "Trooper" in res.output
    res = run("cards", "show", "--game", "skirmish", "Defend")
    assert res.exit_code == 0 and "before_trigger True  [stated]" in res.output
    res = run("cards", "audit", "--game", "skirmish", "--format", "csv")
    lines = res.output.splitlines()
    assert lines[0] == "entry,field,provenance"
    assert "unit Trooper,armor,estimated" in lines and "force elite,cp,estimated" in lines
    assert "command Move,cost,estimated" not in lines                    # the worked example states Move's 1 CP
