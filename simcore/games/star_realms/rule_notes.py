"""Where the Star Realms engine plays a card more simply than its printed text, or reads a text the sources
leave open, effect by effect: ``commandsim cards show NAME --game star-realms`` prints the notes of a card as
``rule:`` lines and ``cards audit`` lists them, so a value marked ``stated`` is never played otherwise
silently. ``chosen_rules`` is the game's list of rules chosen where the sources are silent (``commandsim
games``, docs/games/star-realms.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .team_rules import describe as team_rules

if TYPE_CHECKING:   # ``commandsim games`` reads chosen_rules without loading the card code
    from .card_data import SRCard

# op -> note
OP_NOTES: dict[str, str] = {
    "destroy_base": "\"destroy target base\": while the opponent has an Outpost in play only an Outpost may be "
                    "targeted (against a Hydra team, as [deck.hydra] outposts says), the one the strategy values "
                    "most. Simplified: the ability resolves when it is used (the card played, its ally ability "
                    "fired or the card scrapped), before any attack, so it is never held back until Combat has "
                    "destroyed the Outposts, and it is never declined.",
    "next_ship_top": "\"you may put the next ship you acquire this turn on top of your deck\": the strategy puts "
                     "it on top when it is worth more than the mean of the deck's cards, or the deck is empty "
                     "(the random player at random); the effect is spent on the next ship acquired either way "
                     "(estimated reading).",
    "free_ship_top": "\"acquire any ship\": any ship of the trade row or an Explorer from its pile, the one the "
                     "strategy values most, on top of the deck.",
    "draw_per_blob": "counts the Blob cards played this turn (Blob World itself when played this turn; Mech World "
                     "is not a Blob card); the strategy uses a Blob World in play once the hand is played.",
    "ally_all_factions": "\"counts as an ally for all factions\": it triggers the ally abilities of every "
                         "faction and is a Machine Cult card only (not a Blob card for Blob World, not a Trade "
                         "Federation card for Federation Scout's discount, not counted among a faction's cards "
                         "owned).",
    "combat_per_ship": "by the errata, a Combat for each ship played while it is in play: ships played before it "
                       "this turn get none.",
    "scrap_from_hand": "once the ability is used the scrap is not optional (the facts table); the strategy "
                       "declines the base's primary when neither its hand holds a card valued below scrap_below "
                       "nor do half the cards it may draw.",
    "procurement": "\"once on each of your turns, at any time during your Main Phase\": offered before each "
                   "acquisition and when the player would stop buying, where its 2 Trade or its top of the deck "
                   "can change something (while the hand is played neither does anything); the top of the deck "
                   "lasts until the next ship or base acquired that turn. The strategy takes the 2 Trade when "
                   "they change the acquisition, else the top of the deck for it unless the 2 Trade kept for "
                   "after it buy a card that scores more (estimated reading).",
    "opp_discard": "the opponent discards at the start of their next turn. Against a Hydra team, as the card's "
                   "opponents field says: \"each\" (each opponent) makes every member discard; \"target\" "
                   "(target opponent) as [deck.hydra] opponent_discards says.",
}

BASE_PRIMARY = ("a base's primary ability is used once on each of your turns when the strategy chooses: at once "
                "(before the hand is played, or as the base is played), once the hand is played (an ability that "
                "counts the cards played or scraps from hand or discard pile), or declined for the turn; never "
                "after buying (no shipped base's primary gains from a purchase).")
EXPLORER = ("a scrapped Explorer leaves the game and the pile of 10 is not refilled (a rule chosen where the "
            "sources are silent).")


def _ops(card: SRCard, section: str) -> list[str]:
    return [op for op, _, aop, _ in card.effects.get(section, ()) for op in (op, aop) if op]


def section_notes(card: SRCard, section: str) -> list[str]:
    """The notes of one effect section of the card, as ``op: note`` lines."""
    out = [f"{op}: {OP_NOTES[op]}" for op in dict.fromkeys(_ops(card, section)) if op in OP_NOTES]
    if section == "primary" and card.kind in ("base", "outpost") and card.effects.get("primary"):
        out.insert(0, f"primary: {BASE_PRIMARY}")
    if section == "scrap" and card.role == "explorer":
        out.append(f"scrap: {EXPLORER}")
    return out


def rule_notes(card: SRCard) -> list[str]:
    """Every note of the card (each once), in its sections' order."""
    out: list[str] = []
    for section in card.effects:
        for line in section_notes(card, section):
            if line not in out:
                out.append(line)
    return out


GENERAL = (
    "the Explorer pile holds 10 and is not refilled: scrapped cards, Explorers included, leave the game",
    "a game still running after 100 player-turns is a counted draw",
    BASE_PRIMARY.rstrip("."),
    "ally abilities are used as soon as their condition holds, never held back or declined (none of the "
    "shipped ones loses by it, but for the timing of \"destroy target base\")",
    "\"destroy target base\" resolves when the ability is used, before any attack; while the opponent has an "
    "Outpost only an Outpost may be targeted",
    "\"you may put it on top of your deck\" (Freighter, Central Office): the strategy's choice, spent on the next "
    "ship acquired either way; Blob Carrier's \"any ship\" includes an Explorer",
    "Mech World counts as an ally of every faction and as a card of the Machine Cult only",
    "Alliance Procurement is offered before each acquisition and when the player would stop buying; its top of "
    "the deck lasts until the next ship or base acquired that turn",
    "an \"opponent discards\" (Nandi's Onslaught's included) waits for the start of the opponent's next turn",
    "both flagships of a Commander Duel take two of the five trade-row slots; the row is then filled from the "
    "trade deck",
    "the standard start's 50 Authority and hand of 5 are the base game's (estimated)",
)


def chosen_rules() -> list[str]:
    """The rules chosen where the sources are silent, the Two Against One answers last."""
    return [*GENERAL, *team_rules()]
