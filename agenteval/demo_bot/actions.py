"""What Mia DID on a turn, as the `actions` of her JSON answer: the tickets she created.

A reply says "your booking is confirmed"; the action list says whether a ticket was
really created and of which kind, so a scenario can check the deed, not the words
(the `json_path` rule). Pure: derived from the states before and after the turn.

On /v1/chat/completions, a request that offers a `create_ticket` tool gets those
actions as tool calls first (OpenAI `tool_calls`), and Mia's reply once the tool
results come back: a local OpenAI-compatible server that really issues tool calls,
for the `tool_call` rule.
"""

from __future__ import annotations

import json
from typing import Any

from agenteval.demo_bot.bot import BotState

TICKET_KINDS = {"RP": "repair", "RT": "return", "CP": "complaint"}


def actions_of_turn(before: BotState, after: BotState) -> list[dict[str, Any]]:
    """One `create_ticket` action per ticket handed out on this turn."""
    new = after.tickets[len(before.tickets):]
    return [{"type": "create_ticket", "kind": TICKET_KINDS.get(ticket[:2], "other"),
             "ticket": ticket} for ticket in new]


def offers_tool(body: dict[str, Any], name: str) -> bool:
    """Whether a chat completions request offers the function `name` in its `tools`."""
    return any(isinstance(tool, dict) and isinstance(tool.get("function"), dict)
               and tool["function"].get("name") == name for tool in body.get("tools") or [])


def answered_since_last_user(messages: list[Any]) -> bool:
    """Whether a tool result follows the last user message (the call was answered)."""
    for message in reversed(messages):
        if not isinstance(message, dict):
            continue
        if message.get("role") == "tool":
            return True
        if message.get("role") == "user":
            return False
    return False


def ticket_tool_calls(actions: list[dict[str, Any]], turn: int) -> list[dict[str, Any]]:
    """The OpenAI `tool_calls` creating this turn's tickets through `create_ticket`."""
    return [{"id": f"call_{turn}_{n}", "type": "function",
             "function": {"name": "create_ticket",
                          "arguments": json.dumps({"kind": action["kind"]})}}
            for n, action in enumerate(actions)]
