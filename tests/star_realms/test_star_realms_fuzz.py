"""Star Realms card sets that validate always run (issue #13 for the second game): hypothesis edits the shipped cards
(copies, costs, every effect number within the schema) and adds copies of trade cards under new names; each set
is refused up front, naming a card, by the checks that `cards validate --game star-realms` runs, or plays games
of every mode and seating whose invariants hold after every turn, in the scenario harness and in the batch entry
with its fixed-size tables, each game within a time limit that turns a hang into a failure
(``tests/star_realms/card_sets.py``; the longer run: ``python3 -m benchmarks.fuzz_cards --game star-realms``)."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings

from simcore.errors import CardDataError, CommandsimError
from simcore.games.star_realms.card_data import LIMITS, compile_cards
from simcore.games.star_realms.setup import build_setup, mode_matchups
from tests.star_realms.card_sets import DECKS, SHIPPED, TRADE, card_sets, play_every_mode, refused


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(card_sets())
def test_every_card_set_is_refused_or_plays_every_mode_with_the_invariants_holding(cards):
    if refused(cards):
        return
    play_every_mode(cards)


def test_a_set_over_the_piles_is_refused_naming_the_card_by_validation_as_a_game_would():
    big = replace(SHIPPED[TRADE[0]], name="Fuzz big", aliases=(), file="big.toml", count=LIMITS["count"][1])
    cards = SHIPPED + [replace(big, name=f"Fuzz {k}") for k in range(3)]
    assert refused(cards)
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
