"""Random card sets for the card-set fuzz test (tests/last_command/test_fuzz_card_sets.py) and its longer run
(``python3 -m benchmarks.fuzz_cards``): hypothesis strategies, and one example played with the
invariants checked after every phase.

A set is the shipped cards with some of them edited (counts, costs) and new cards added, each
new card a TOML table as a user would write it (any op of the schema, any numbers within it),
read by the same reader as a card file."""
from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import strategies as st

from simcore.games.last_command.cardset import load_card_list
from simcore.games.last_command.cardset import schema as S
from simcore.games.last_command.cardset.compile import compile_cards
from simcore.games.last_command.cardset.loader import merge_cards
from simcore.games.last_command.cardset.validate import CardReader
from simcore.games.last_command.invariants import INVARIANT_NAMES, check_games
from simcore.games.last_command.layout import CAP, SU_HAND
from simcore.games.last_command.setup import DIFFICULTIES, Matchup
from simcore.errors import CardDataError
from simcore.games.last_command.opcodes import ENUMS, ONGOING_OPS, OPSPECS
from simcore.games.last_command.simulate import _prepare
from tests.time_limit import games_within

SHIPPED = load_card_list()
EDITABLE = [c for c in SHIPPED if c.faction is None and c.kind != "malfunction"]
MAIN_OPS = sorted(op for op, spec in OPSPECS.items() if spec.op not in ONGOING_OPS and op != "choice")
ONGOING = sorted(op for op, spec in OPSPECS.items() if spec.op in ONGOING_OPS)
NUMBER = st.integers(*S.EFFECT_INT_LIMIT)
FUZZ_FILE = "fuzz.toml"


@st.composite
def effect(draw, ops=MAIN_OPS, depth=0):
    if ops is MAIN_OPS and depth < 2 and draw(st.integers(0, 9)) == 0:
        options = [draw(st.lists(effect(depth=depth + 1), min_size=1, max_size=2)) for _ in range(2)]
        return {"op": "choice", "options": options}
    op = draw(st.sampled_from(ops))
    table = {"op": op}
    for arg in OPSPECS[op].args:
        table[arg.name] = draw(NUMBER) if arg.kind == "int" else draw(st.sampled_from(sorted(ENUMS[arg.kind])))
    return table


def effects(ops=MAIN_OPS, max_size=3):
    return st.lists(effect(ops), max_size=max_size)


@st.composite
def new_card(draw, i: int):
    """A [[card]] table: a Market System or Crew card, or now and then a faction's starting System."""
    kind = draw(st.sampled_from(["system", "system", "crew"]))
    t = {"name": f"Fuzz {i}", "kind": kind, "count": draw(st.integers(*S.LIMITS["count"])),
         "main": draw(effects()), "ongoing": draw(effects(ONGOING, 1))}
    starting = kind == "system" and draw(st.integers(0, 5)) == 0
    if starting:
        t.update(faction=draw(st.sampled_from(sorted(S.FACTIONS))),
                 start_set=draw(st.sampled_from(sorted(S.START_SETS))), count=draw(st.integers(1, 4)))
    else:
        t["credit_cost"] = draw(st.integers(*S.LIMITS["credit_cost"]))
    if kind == "system":
        t["system"] = draw(st.sampled_from(sorted(S.SYSTEMS)))
        t["power_cost"] = draw(st.integers(*S.LIMITS["power_cost"]))
        t["covering"] = draw(effects(max_size=1))
        requirement = draw(st.sampled_from([None, *S.REQUIREMENTS]))
        if requirement == "crew_in_system":
            t["requirement"] = {"req": requirement, "n": draw(st.integers(*S.CREW_IN_SYSTEM_LIMIT))}
        elif requirement == "expertise_in_system":
            t["requirement"] = {"req": requirement, "expertise": draw(st.sampled_from(sorted(S.EXPERTISES)))}
        elif requirement:
            t["requirement"] = {"req": requirement}
        bonus = {e: draw(effects(max_size=2)) for e in draw(st.sets(st.sampled_from(sorted(S.EXPERTISES))))}
        if bonus:
            t["bonus"] = bonus
            t["bonus_mode"] = {e: draw(st.sampled_from(sorted(S.BONUS_MODES))) for e in bonus}
    else:
        t["expertise"] = draw(st.sampled_from(sorted(S.EXPERTISES)))
        t["rank"] = draw(st.sampled_from(sorted(r for r in S.RANKS if r != "cadet")))
    t = {k: v for k, v in t.items() if v != []}
    marks = [f for f in S.PROVENANCE_FIELDS if f in t]
    marks += [f"{group}.{e}" for group in ("bonus", "bonus_mode") for e in t.get(group, {})]
    t["estimated"] = marks
    return t


@st.composite
def card_sets(draw, max_new=6, max_edits=12):
    """(cards in load order, matchup): shipped cards with edits and additions merged in by key."""
    edited = draw(st.lists(st.sampled_from(EDITABLE), max_size=max_edits, unique_by=lambda c: c.key))
    edits = [dataclasses.replace(c, count=draw(st.integers(1, 12)), credit_cost=draw(st.integers(0, 2)),
                                 source=FUZZ_FILE) for c in edited]
    tables = [draw(new_card(i)) for i in range(draw(st.integers(0, max_new)))]
    added = [CardReader(FUZZ_FILE, i, t).read() for i, t in enumerate(tables)]
    factions = draw(st.permutations(sorted(S.FACTIONS)))
    variant = draw(st.sampled_from(sorted(S.START_SETS)))
    if draw(st.booleans()):
        matchup = Matchup(tuple(factions), (variant, draw(st.sampled_from(sorted(S.START_SETS)))))
    else:
        matchup = Matchup(tuple(factions), (variant, variant), mode="solo",
                          difficulty=draw(st.sampled_from(sorted(DIFFICULTIES))))
    return merge_cards(SHIPPED, edits + added), matchup


def play_checked(cards, matchup: Matchup, strategies: tuple[str, str], seeds: np.ndarray) -> list[tuple]:
    """Play one game per seed with the invariants checked after every phase, within a time limit per game
    (``tests/time_limit.py``: a game that never ends fails, naming the matchup); the violations (seed,
    invariant, player-turn, phase), or ``["refused"]`` when compiling refused the set."""
    try:
        tables = compile_cards(cards)
    except CardDataError as exc:
        # refused up front: the message names a card of the set and the engine's limit
        assert exc.card in {c.name for c in cards} and f"at most {CAP} cards" in str(exc), str(exc)
        return ["refused"]
    tables, setup, setup_n, cfg, rows, _ = _prepare(matchup, strategies, tables)
    in_game = sum(int(n) for r, n in enumerate(setup_n) if r not in (SU_HAND, SU_HAND + 1))
    assert in_game <= CAP                      # what compile_cards promised: no pile can overflow
    out = np.zeros((len(seeds), 3), np.int64)
    games_within(len(seeds), f"{matchup} with {strategies}", check_games, tables.cards, tables.eff, setup, setup_n,
                 cfg, rows, seeds, out, key="last-command check_games")
    return [(int(seeds[i]), INVARIANT_NAMES[int(out[i, 0])], int(out[i, 1]), int(out[i, 2]))
            for i in np.flatnonzero(out[:, 0])]
