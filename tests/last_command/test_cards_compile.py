"""Card data -> CardTables: the layout contract of simcore/games/last_command/tables.py, overrides, and the shipped set."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simcore.games.last_command import tables as T
from simcore.games.last_command.cardset import (Card, Effect, compile_effects, component_list_problems, find_cards,
                                                load_card_list, load_cards, shipped_cards_dir)
from simcore.games.last_command.cardset import component_list
from simcore.games.last_command.cardset.loader import merge_cards
from simcore.errors import CardDataError, UnknownCardError
from simcore.games.last_command.opcodes import Op, SystemTarget

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
BASIC = FIXTURES / "basic"
OVERRIDE = FIXTURES / "override.toml"


def segment(tables: T.CardTables, name: str, column: int) -> np.ndarray:
    row = tables.cards[tables.index(name)]
    start, length = row[column], row[column + 1]
    return tables.eff[start:start + length]


def all_effect_rows(tables: T.CardTables, name: str) -> np.ndarray:
    columns = [T.C_MAIN, T.C_COVER, T.C_ONGOING] + [T.C_BONUS + 3 * e for e in range(3)]
    return np.concatenate([segment(tables, name, c) for c in columns])


def choice_options(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two option row blocks of the CHOICE at rows[0]."""
    assert rows[0, 0] == Op.CHOICE
    a, b = rows[0, 1], rows[0, 2]
    return rows[1:1 + a], rows[1 + a:1 + a + b]


# ---- the layout contract, on a small fixture set

@pytest.fixture(scope="module")
def basic() -> T.CardTables:
    return load_cards(BASIC)


def test_tables_have_the_contract_shapes_and_dtypes(basic):
    assert basic.cards.dtype == np.int32 and basic.cards.shape == (7, T.N_COLS)
    assert basic.eff.dtype == np.int32 and basic.eff.shape[1] == 4
    assert basic.eff[0].tolist() == [Op.NOP, 0, 0, 0]
    assert [c.index for c in basic.catalog] == list(range(7))


@pytest.mark.parametrize("limit", ["MAX_TYPES", "MAX_EFF_ROWS"])
def test_a_card_set_larger_than_the_engine_holds_is_refused(monkeypatch, limit):
    # the batch engine is compiled for tables of at most these many rows (simcore/games/last_command/tables.py)
    from simcore.games.last_command.cardset.compile import compile_cards
    from simcore.errors import CommandsimError

    cards = load_card_list(BASIC, check_components=False)
    compile_cards(cards)
    monkeypatch.setattr(T, limit, 2)
    with pytest.raises(CommandsimError, match="the engine holds at most"):
        compile_cards(cards)


def test_catalog_follows_file_name_order_then_file_order(basic):
    assert [c.key for c in basic.catalog] == [
        "Nuclear Reactor", "Nuclear Reactor (asymmetrical)", "Cadet Fitz",
        "Cloaked Mines", "Ship's A.I.", "Boarding Ensign", "Secondary Explosion"]
    assert basic.catalog[3].source.endswith("20_market.toml")


def test_identity_columns(basic):
    reactor = basic.cards[basic.index("Nuclear Reactor")]
    assert reactor[T.C_KIND] == T.KIND_SYSTEM and reactor[T.C_SYSTEM] == 0 and reactor[T.C_EXPERTISE] == -1
    assert reactor[T.C_FACTION] == T.FACTION_FEDERATION and reactor[T.C_START_SET] == T.START_STANDARD
    asym = basic.cards[basic.index("Nuclear Reactor (asymmetrical)")]
    assert asym[T.C_START_SET] == T.START_ASYMMETRICAL and asym[T.C_POWER] == 1
    ensign = basic.cards[basic.index("Boarding Ensign")]
    assert ensign[T.C_KIND] == T.KIND_CREW and ensign[T.C_EXPERTISE] == 2 and ensign[T.C_RANK] == 0
    assert ensign[T.C_FACTION] == T.FACTION_NONE and ensign[T.C_COUNT] == 3 and ensign[T.C_CREDIT] == 2
    assert basic.cards[basic.index("Cadet Fitz")][T.C_RANK] == -1
    assert basic.catalog[basic.index("Boarding Ensign")].ability == "Boarding Party"


def test_empty_segments_point_at_the_nop_row(basic):
    reactor = basic.cards[basic.index("Nuclear Reactor")]
    assert reactor[T.C_COVER:T.C_COVER + 2].tolist() == [0, 0]
    assert reactor[T.C_ONGOING:T.C_ONGOING + 2].tolist() == [0, 0]


def test_effect_arguments_compile_to_registry_columns(basic):
    assert segment(basic, "Nuclear Reactor", T.C_MAIN).tolist() == [[Op.POWER, 3, SystemTarget.ANY, 0]]
    ensign_main = segment(basic, "Boarding Ensign", T.C_MAIN).tolist()
    assert ensign_main == [[Op.POWER, 1, SystemTarget.HERE, 0], [Op.DAMAGE_PER_CREW, 1, 0, 0]]


def test_choice_is_a_row_with_both_option_lengths_then_the_options(basic):
    rows = segment(basic, "Cadet Fitz", T.C_MAIN)
    assert rows.tolist() == [[Op.CHOICE, 1, 2, 0], [Op.POWER, 2, SystemTarget.HERE, 0],
                             [Op.CREDITS, 1, 0, 0], [Op.DRAW, 1, 0, 0]]


def test_choice_lengths_count_nested_rows(basic):
    rows = segment(basic, "Ship's A.I.", T.C_MAIN)
    option_a, option_b = choice_options(rows)
    assert option_a.tolist() == [[Op.PLAY_FREE, 0, 0, 0]]
    assert option_b[:, 0].tolist() == [Op.CHOICE, Op.DRAW, Op.TAKE_MARKET]
    assert option_b[0, 1:3].tolist() == [1, 1]
    assert option_b[2].tolist() == [Op.TAKE_MARKET, 1, 1, 3]   # dest hand, filter crew
    assert len(rows) == 5


def test_requirement_ongoing_and_stacked_bonus(basic):
    mines = basic.cards[basic.index("Cloaked Mines")]
    assert mines[T.C_REQ] == 1 and mines[T.C_REQ_ARG] == 1
    assert segment(basic, "Cloaked Mines", T.C_ONGOING).tolist() == [[Op.MINES, 1, 1, 0]]
    tactician = T.C_BONUS + 3 * 2
    assert segment(basic, "Cloaked Mines", tactician).tolist() == [[Op.OPP_DRAW, 1, 0, 0]]
    assert mines[tactician + 2] == T.BONUS_PER_CREW
    reactor = basic.cards[basic.index("Nuclear Reactor")]
    assert reactor[T.C_BONUS + 2] == T.BONUS_ONCE


def test_malfunction_columns(basic):
    row = basic.cards[basic.index("Secondary Explosion")]
    assert row[T.C_KIND] == T.KIND_MALFUNCTION
    assert row[T.C_MALF_REPLACE] == 1 and row[T.C_MALF_RETURN] == T.MALF_RETURN_DECK_TOP


def test_provenance_reaches_the_catalog(basic):
    info = basic.catalog[basic.index("Nuclear Reactor")]
    assert info.estimated == ("bonus.engineer",)
    assert info.stated == ("credit_cost", "power_cost", "main")


# ---- overrides

def test_override_replaces_by_key_in_place_and_appends_new_cards():
    merged = load_cards(BASIC, overrides=OVERRIDE)
    assert len(merged.catalog) == 8
    ai = merged.index("Ship's A.I.")
    assert ai == 4 and merged.catalog[ai].credit_cost == 4   # the override matched 'ship's a.i.' case-insensitively
    assert segment(merged, "Ship's A.I.", T.C_MAIN).tolist() == [[Op.PLAY_FREE, 0, 0, 0]]
    assert merged.catalog[-1].name == "Prototype Lance"


def test_loads_with_different_paths_do_not_share_state():
    plain, merged, plain_again = load_cards(BASIC), load_cards(BASIC, overrides=OVERRIDE), load_cards(BASIC)
    assert len(plain.catalog) == len(plain_again.catalog) == 7 and len(merged.catalog) == 8
    assert np.array_equal(plain.cards, plain_again.cards) and np.array_equal(plain.eff, plain_again.eff)


def test_find_cards_by_key_or_name():
    cards = load_card_list(BASIC)
    assert [c.key for c in find_cards(cards, "cadet fitz")] == ["Cadet Fitz"]
    both = find_cards(cards, "Nuclear Reactor")
    assert [c.key for c in both] == ["Nuclear Reactor", "Nuclear Reactor (asymmetrical)"]
    only = find_cards(cards, "nuclear reactor (ASYMMETRICAL)")
    assert [c.key for c in only] == ["Nuclear Reactor (asymmetrical)"]
    with pytest.raises(UnknownCardError, match="did you mean 'Cloaked Mines'"):
        find_cards(cards, "Cloaked Mine")


# ---- CHOICE layout holds for any effect tree

_leaf = st.builds(lambda n: Effect("damage", (("n", n),)), st.integers(0, 20))
_tree = st.recursive(
    _leaf,
    lambda inner: st.builds(lambda a, b: Effect("choice", (), (tuple(a), tuple(b))),
                            st.lists(inner, max_size=3), st.lists(inner, max_size=3)),
    max_leaves=12)


def _walk(rows: np.ndarray, at: int) -> tuple[Effect, int]:
    """Rebuild one effect from compiled rows, using only the CHOICE lengths; return it and its row count."""
    op, a, b, _ = rows[at]
    if op != Op.CHOICE:
        return Effect("damage", (("n", int(a)),)), 1
    options, used = [], 1
    for length in (a, b):
        option, end = [], at + used + length
        pos = at + used
        while pos < end:
            effect, size = _walk(rows, pos)
            option.append(effect)
            pos += size
        assert pos == end, "an option's length must cover whole effects"
        options.append(tuple(option))
        used += length
    return Effect("choice", (), tuple(options)), used


@settings(max_examples=200, deadline=None)
@given(st.lists(_tree, min_size=1, max_size=4))
def test_choice_lengths_let_the_engine_walk_any_tree(effects):
    rows = compile_effects(effects)
    rebuilt, pos = [], 0
    while pos < len(rows):
        effect, size = _walk(rows, pos)
        rebuilt.append(effect)
        pos += size
    assert rebuilt == list(effects)


# ---- the component list itself

def test_component_list_adds_up_to_the_rulebook_total():
    named = component_list.expected_named_cards()
    crew = len(component_list.EXPERTISES) * sum(component_list.CREW_RANKS.values())
    assert sum(c["count"] for c in named.values()) + crew == component_list.TOTAL_CARDS == 118
    assert sum(sum(m.values()) for m in component_list.MARKET_SYSTEMS.values()) == 54
    assert sum(component_list.MALFUNCTIONS.values()) == 16


def test_component_check_names_missing_and_unknown_cards():
    texts = [str(p) for p in component_list_problems(load_card_list(BASIC, overrides=OVERRIDE), where="basic")]
    assert "basic: card 'Railgun': missing: the rulebook's component list has 1 copy (tactical system)" in texts
    assert any(t.endswith("card 'Prototype Lance', field 'name': not in the rulebook's component list")
               for t in texts)
    # cards whose name, count and System agree with the list are not mentioned
    assert not any("Cloaked Mines" in t or "Ship's A.I." in t or "ship's a.i." in t for t in texts)


# ---- the shipped set (runs once the card data exists)

SHIPPED = shipped_cards_dir()
needs_shipped = pytest.mark.skipif(not any(SHIPPED.glob("*.toml")), reason="shipped card data not written yet")


@pytest.fixture(scope="module")
def shipped() -> T.CardTables:
    return load_cards()


@needs_shipped
def test_every_shipped_card_compiles_and_matches_the_component_list(shipped):
    assert int(shipped.cards[:, T.C_COUNT].sum()) == 118
    assert component_list_problems(load_card_list()) == []


@needs_shipped
def test_component_check_names_the_disagreeing_card():
    cards = load_card_list()
    railgun = find_cards(cards, "Railgun")[0]
    changed = Card(**{**railgun.__dict__, "count": 2})
    with pytest.raises(CardDataError, match=r"card 'Railgun', field 'count': .* has 1, got 2"):
        component_list.check_component_list(merge_cards(cards, [changed]))


@needs_shipped
def test_nuclear_reactor_is_free_and_powers_any_system(shipped):
    row = shipped.cards[shipped.index("Nuclear Reactor")]
    assert row[T.C_POWER] == 0
    assert segment(shipped, "Nuclear Reactor", T.C_MAIN).tolist() == [[Op.POWER, 3, SystemTarget.ANY, 0]]


@needs_shipped
def test_secondary_explosion_damages_its_owner_by_2(shipped):
    assert [Op.DAMAGE_SELF, 2] in segment(shipped, "Secondary Explosion", T.C_MAIN)[:, :2].tolist()


@needs_shipped
def test_cloaked_mines_ongoing_mines(shipped):
    assert segment(shipped, "Cloaked Mines", T.C_ONGOING)[:, :3].tolist() == [[Op.MINES, 1, 1]]


@needs_shipped
def test_ships_ai_main_is_a_choice_with_play_free(shipped):
    rows = segment(shipped, "Ship's A.I.", T.C_MAIN)
    assert rows[0, 0] == Op.CHOICE and Op.PLAY_FREE in rows[:, 0]


@needs_shipped
@pytest.mark.parametrize("name, op", [("Super Computer", Op.SUPER_COMPUTER),
                                      ("Quantum Artifact", Op.QUANTUM_ARTIFACT),
                                      ("Keshran Corsair", Op.COPY),
                                      ("Fleet Frigate", Op.MOVE_CREW), ("Holodeck", Op.MOVE_CREW),
                                      ("Ion Cannon", Op.MOVE_CREW), ("Dexeer Symbiote", Op.MOVE_CREW)])
def test_rulebook_clarified_cards_have_their_opcode(shipped, name, op):
    assert op in all_effect_rows(shipped, name)[:, 0]


@needs_shipped
def test_every_starting_crew_main_is_a_choice_with_a_power_option(shipped):
    crew = [c for c in shipped.catalog if c.kind == "crew" and c.start_set is not None]
    assert len(crew) == 6
    for info in crew:
        options = choice_options(segment(shipped, info.key, T.C_MAIN))
        assert any(len(o) and Op.POWER in o[:, 0] for o in options), info.name


@needs_shipped
def test_every_estimated_field_exists_on_its_card():
    from simcore.games.last_command.cardset.provenance import card_units
    for card in load_card_list():
        fields = [f for f in card.raw if f not in ("bonus", "bonus_mode")]
        fields += [f"bonus.{e}" for e in card.bonus] + [f"bonus_mode.{e}" for e in card.bonus_mode]
        paths = card_units(card, fields)[1]
        for name in card.estimated + card.stated:
            assert name in paths, (card.key, name)
