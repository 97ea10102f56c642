"""What Mia DID on a turn, as the `actions` of her JSON answer: the tickets she created.

A reply says "your booking is confirmed"; the action list says whether a ticket was
really created and of which kind, so a scenario can check the deed, not the words
(the `json_path` rule). Pure: derived from the states before and after the turn.
"""

from __future__ import annotations

from typing import Any

from agenteval.demo_bot.bot import BotState

TICKET_KINDS = {"RP": "repair", "RT": "return", "CP": "complaint"}


def actions_of_turn(before: BotState, after: BotState) -> list[dict[str, Any]]:
    """One `create_ticket` action per ticket handed out on this turn."""
    new = after.tickets[len(before.tickets):]
    return [{"type": "create_ticket", "kind": TICKET_KINDS.get(ticket[:2], "other"),
             "ticket": ticket} for ticket in new]
