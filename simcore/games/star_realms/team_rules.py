"""Two Against One: the questions the seed and the Hydra rules leave open, each a named field of a team deck
in decks.toml (``[deck.hydra]``) with the answer we chose as its default. A designer who wants the other
answer edits that field in a decks.toml passed with ``--cards``. ``commandsim games`` prints this table."""
from __future__ import annotations

from .layout import (EACH_MEMBER_DISCARDS, SCRAP_EITHER_PILE, SCRAP_OWN_PILE, TEAM_CHOOSES_DISCARDER,
                     TEAM_OUTPOSTS_GUARD_ALL, TEAM_OUTPOSTS_GUARD_OWNER)

# field -> (default, {value: engine code}, why the default)
TEAM_RULES = {
    "outposts": ("guard-team", {"guard-team": TEAM_OUTPOSTS_GUARD_ALL, "guard-owner": TEAM_OUTPOSTS_GUARD_OWNER},
                 "the Hydra is one opponent: any Outpost of the team must be destroyed before its other bases or "
                 "its shared Authority are attacked (guard-owner: a member's Outposts guard only that member's "
                 "bases; any Outpost still guards the shared Authority)"),
    "opponent_discards": ("team-chooses", {"team-chooses": TEAM_CHOOSES_DISCARDER,
                                           "each-member": EACH_MEMBER_DISCARDS},
                          "a 'target opponent discards N' against the team is N cards in all, the team choosing "
                          "which member discards each, as the discarding player chooses the card (each-member: "
                          "every member discards N). An 'each opponent discards' (Nandi's Onslaught: a card whose "
                          "opponents field is \"each\") hits every member whatever this says"),
    "scrap_from": ("own-pile", {"own-pile": SCRAP_OWN_PILE, "either-pile": SCRAP_EITHER_PILE},
                   "each member has their own deck, so 'scrap a card from your hand or discard pile' reaches only "
                   "the member's own piles (either-pile: also the teammate's discard pile)"),
}


def team_rule_codes(deck) -> dict[str, int]:
    """Engine codes of a team deck's answers (the defaults when there is no team: ``deck`` None)."""
    return {f: codes[getattr(deck, f) if deck is not None else default] for f, (default, codes, _) in TEAM_RULES.items()}


def describe() -> list[str]:
    return [f"two-against-one, [deck.hydra] {f} = \"{default}\" (or {', '.join(v for v in codes if v != default)}; "
            f"set it in a decks.toml passed with --cards): {why}" for f, (default, codes, why) in TEAM_RULES.items()]
