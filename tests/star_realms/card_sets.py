"""Random Star Realms card sets for the card-set fuzz test (tests/star_realms/test_star_realms_fuzz.py) and its
longer run (``python3 -m benchmarks.fuzz_cards --game star-realms``): hypothesis edits the shipped cards
(copies, costs, every effect number within the schema) and adds copies of trade cards under new names; each set
is refused up front, naming a card, by the checks that `cards validate --game star-realms` runs, or plays games
of every mode (each of its seatings), each within a time limit, whose invariants hold after every turn."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from simcore.errors import CardDataError
from simcore.games.star_realms.card_data import EFFECT_N, LIMITS, compile_cards, load_card_list
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import MODES, TEAM_MODE, build_setup, mode_matchups
from simcore.games.star_realms.simulate import play_games
from tests.star_realms.test_star_realms_games import _check_turn
from tests.star_realms.test_star_realms_two_against_one_games import _check_side_turn
from tests.time_limit import games_within

SHIPPED, DECKS = load_card_list()
TRADE = [i for i, c in enumerate(SHIPPED) if c.role == "trade_deck"]
GAMES_PER_SEATING = 4


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


def refused(cards) -> bool:
    """Whether compiling the set or setting up any mode refuses it (naming the card that went over)."""
    try:
        tables = compile_cards(cards, DECKS)
        for mode in MODES:
            for m in mode_matchups(mode):
                build_setup(tables, m)
    except CardDataError as exc:
        assert exc.card is not None, str(exc)      # the message names the card that went over
        return True
    return False


def _checked_game(tables, m, check):
    s = Scenario.start(seed=7, matchup=m, strategies=("random", "balanced"), tables=tables)
    start = s.all_types()
    while s.winner < 0:
        s.turn()
        check(s, start)


def play_every_mode(cards, max_turns: int = 60) -> None:
    """Every mode, each of its seatings: a game turn by turn with the invariants checked after every turn (the
    first seating) and a batch of games through the engine's batch entry, each within its time limit."""
    tables = compile_cards(cards, DECKS)
    for mode in MODES:
        check = _check_side_turn if mode == TEAM_MODE else _check_turn
        for k, m in enumerate(mode_matchups(mode)):
            m = replace(m, max_turns=max_turns)
            if k == 0:
                games_within(1, f"a checked {mode} game", _checked_game, tables, m, check, key="star-realms turn")
            rec = games_within(GAMES_PER_SEATING, f"{mode} games of {m.decks[0]} vs {m.decks[1]}", play_games,
                               GAMES_PER_SEATING, seed=3, matchup=m, strategies=("balanced", "random"),
                               tables=tables, threads=1, key="star-realms batch")
            assert set(rec.games["winner"]) <= {"first", "second", "draw"}
