"""How the engine settles what the rulebook leaves open, effect by effect: ties ("the System with
the most Power" when two have as much), whose choice a pick is, and readings of a stated Ability
that the text does not settle. ``commandsim cards show`` prints the notes of a card's effects, so
a player can see the rule used (and correct it) without reading the engine."""
from __future__ import annotations

from collections.abc import Iterator

from .model import Card, Effect

SYSTEM_ORDER_TIE = "on a tie, the first of Engineering, Comms, Tactical (estimated: the rulebook has no tie rule)"

# (op, value of its "system" argument or None) -> note
NOTES: dict[tuple[str, str | None], str] = {
    ("power", "most"): f"the System with the most Power: {SYSTEM_ORDER_TIE}.",
    ("lose_power", "most"): f"your System with the most Power: {SYSTEM_ORDER_TIE}.",
    ("opp_lose_power", "most"): f"the opponent's System with the most Power: {SYSTEM_ORDER_TIE}.",
    ("lose_power", "any"): "the player who loses the Power chooses the System: the strategies take it from "
                           f"their System with the most Power ({SYSTEM_ORDER_TIE}); the random player at random.",
    ("opp_lose_power", "any"): "the attacker chooses: the opponent's System with the most Power "
                               f"({SYSTEM_ORDER_TIE}).",
    ("power", "any"): "the player chooses the System (their strategy). The Solo A.I. (Ability Guide): the System "
                      "with the least Power, unless the Power lets it play a System card in hand; "
                      f"{SYSTEM_ORDER_TIE}.",
    ("malfunction_repair", None): "the player chooses which of their discard piles the Malfunction comes from "
                                  "(the strategies: the pile whose deck is smaller, as it is shuffled back "
                                  "sooner; on a tie the pile with more Malfunctions, then the System discard; "
                                  "the random player at random), and the topmost Malfunction of that pile "
                                  "returns (estimated).",
    ("quantum_artifact", None): "interpretation (estimated) of \"one of the top cards from any deck type in the "
                                "Market\": a System type's face-up Market cards and the hidden top card of its "
                                "Market deck all count as that deck type's top cards (a face-up card taken is "
                                "replaced from the deck, as when bought); each Crew deck (Engineers, Comms "
                                "Experts, Tacticians) is a deck type of its own; both cards are taken when "
                                "they can be. Stated: never 2 cards of the same deck type.",
    ("super_computer", None): "its card's Power cost, paid from several Systems, is taken from the fullest "
                              f"first: {SYSTEM_ORDER_TIE}.",
}


def _effects(card: Card) -> Iterator[Effect]:
    """Every effect of the card, an OR's options included, in show order."""
    todo = [*card.main, *card.covering, *card.ongoing]
    for effects in card.bonus.values():
        todo += effects
    while todo:
        effect = todo.pop(0)
        yield effect
        for option in effect.options:
            todo += option


def rule_notes(card: Card) -> list[str]:
    """The notes of the card's effects (each once), as ``op: note`` lines."""
    out: list[str] = []
    for effect in _effects(card):
        system = dict(effect.args).get("system")
        key = (effect.op, system if (effect.op, system) in NOTES else None)
        line = f"{effect.op}: {NOTES[key]}" if key in NOTES else None
        if line and line not in out:
            out.append(line)
    return out
