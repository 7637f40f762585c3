"""Commands that can be given without end: what ``cards validate --game skirmish`` warns of, naming them.

The skirmish has no chain of effects: a command resolves its own parts, its window allows one response and a
response opens no window. What can repeat is a command a player gives in their own window: each costs Command
Points from the turn's budget, and a Command Token never forbids a second one, so a command that costs 0 in a
set can be given over and over. Such a battle ends at the engine's bound of own-window commands per turn, as a
draw (``bounds.MAX_ORDERS``)."""
from __future__ import annotations

from .bounds import MAX_ORDERS
from .card_data import SkirmishData


def free_command_warnings(data: SkirmishData) -> list[str]:
    """One line per command that costs 0 in a set's own windows, naming it and the sets; empty for the shipped
    sets (every own-window command costs 1 or more)."""
    lines = []
    for c in data.commands:
        if c.timing != "order":
            continue
        free = [s for s, names in data.sets.items()
                if c.name in names and data.set_costs.get(s, {}).get(c.name, c.cost) == 0]
        if free:
            lines.append(f"warning: command '{c.name}' ({c.file or c.source}) costs 0 Command Points in set"
                         f"{'s' if len(free) > 1 else ''} {', '.join(free)}: a player may give it over and over in one turn; a battle in which one "
                         f"does ends at the bound of {MAX_ORDERS} commands per turn, as a draw (docs/reliability.md).")
    return lines
