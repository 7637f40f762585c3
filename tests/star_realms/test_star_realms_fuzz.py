"""Star Realms card sets that validate always run (issue #13 for the second game): hypothesis edits
the shipped cards (copies, costs, every effect number within the schema) and adds copies of trade
cards under new names; each set is refused up front, naming a card, by the checks that `cards
validate --game star-realms` runs, or plays games of every mode whose invariants hold after every
turn, in the scenario harness and in the batch entry with its fixed-size tables."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simcore.errors import CardDataError, CommandsimError
from simcore.games.star_realms.card_data import EFFECT_N, LIMITS, compile_cards, load_card_list
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import MODES, TEAM_MODE, build_setup, mode_matchups
from simcore.games.star_realms.simulate import play_games
from tests.star_realms.test_star_realms_games import _check_turn
from tests.star_realms.test_star_realms_two_against_one_games import _check_side_turn

SHIPPED, DECKS = load_card_list()
TRADE = [i for i, c in enumerate(SHIPPED) if c.role == "trade_deck"]


def _with_numbers(card, draw):
    effects = {section: [(op, draw(st.integers(*EFFECT_N)), aop, draw(st.integers(*EFFECT_N)) if aop else an)
                         for op, n, aop, an in rows] for section, rows in card.effects.items()}
    return replace(card, effects=effects)


# mostly small counts, so that most sets fit and play; now and then any count the schema allows
COUNTS = st.one_of(st.integers(1, 4), st.integers(*LIMITS["count"]))


@st.composite
def card_sets(draw):
    cards = list(SHIPPED)
    for i in draw(st.lists(st.sampled_from(range(len(cards))), max_size=6, unique=True)):
        c = cards[i]
        changes = {"count": draw(COUNTS)}
        if c.cost is not None:
            changes["cost"] = draw(st.integers(*LIMITS["cost"]))
        cards[i] = _with_numbers(replace(c, **changes), draw)
    for k in range(draw(st.integers(0, 4))):
        base = cards[draw(st.sampled_from(TRADE))]
        cards.append(replace(_with_numbers(base, draw), name=f"Fuzz {k}", aliases=(), file="fuzz.toml",
                             count=draw(COUNTS), cost=draw(st.integers(*LIMITS["cost"]))))
    return cards


def _refused(cards) -> bool:
    try:
        tables = compile_cards(cards, DECKS)
        for mode in MODES:
            for m in mode_matchups(mode):
                build_setup(tables, m)
    except CardDataError as exc:
        assert exc.card is not None, str(exc)      # the message names the card that went over
        return True
    return False


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(card_sets())
def test_every_card_set_is_refused_or_plays_every_mode_with_the_invariants_holding(cards):
    if _refused(cards):
        return
    tables = compile_cards(cards, DECKS)
    for mode in MODES:
        m = replace(mode_matchups(mode)[0], max_turns=60)
        s = Scenario.start(seed=7, matchup=m, strategies=("random", "balanced"), tables=tables)
        start = s.all_types()
        check = _check_side_turn if mode == TEAM_MODE else _check_turn
        while s.winner < 0:
            s.turn()
            check(s, start)
        rec = play_games(4, seed=3, matchup=m, strategies=("balanced", "random"), tables=tables, threads=1)
        assert set(rec.games["winner"]) <= {"first", "second", "draw"}


def test_a_set_over_the_piles_is_refused_naming_the_card_by_validation_as_a_game_would():
    big = replace(SHIPPED[TRADE[0]], name="Fuzz big", aliases=(), file="big.toml", count=LIMITS["count"][1])
    cards = SHIPPED + [replace(big, name=f"Fuzz {k}") for k in range(3)]
    assert _refused(cards)
    try:
        build_setup(compile_cards(cards, DECKS), mode_matchups("standard")[0])
    except CommandsimError as exc:
        assert "more than the 128 a pile can hold" in str(exc)
    else:
        raise AssertionError("a set of 140 trade cards was not refused")


def test_a_set_of_more_card_types_than_the_tables_hold_is_refused_naming_the_card():
    extra = [replace(SHIPPED[TRADE[0]], name=f"Fuzz {k}", aliases=(), file="many.toml", count=1) for k in range(40)]
    try:
        compile_cards(SHIPPED + extra, DECKS)
    except CardDataError as exc:
        assert exc.file == "many.toml" and exc.card.startswith("Fuzz") and "at most 64 card types" in str(exc)
    else:
        raise AssertionError(f"{len(SHIPPED) + 40} card types were not refused")
