"""Demo-bot conversations for the detector tests: the real bot (agenteval.demo_bot.replay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agenteval.demo_bot import replay
from agenteval.drivers.builtin.detectors import Turn

DEMO_SEEDS = Path(__file__).resolve().parents[3] / "examples" / "seeds" / "demo_seeds.json"


def demo_seeds() -> dict[str, Any]:
    return json.loads(DEMO_SEEDS.read_text(encoding="utf-8"))


def bot_turns(*user_messages: str) -> list[Turn]:
    """The demo bot's answers to `user_messages`, as turns."""
    _, replies = replay(list(user_messages))
    return [Turn(i, user, reply) for i, (user, reply) in enumerate(zip(user_messages, replies,
                                                                         strict=True))]


def scripted_turns(goal: dict[str, Any]) -> list[Turn]:
    script = goal["script"]
    return bot_turns(script["opening"], *script["follow_ups"])


def seed_goal(dimension: str, english: bool) -> dict[str, Any]:
    """The demo seed goal of a dimension in one language."""
    for goal in demo_seeds()["goals"]:
        if goal["dimension"] == dimension and goal["script"]["opening"].isascii() == english:
            return goal
    raise LookupError(dimension)


def as_messages(turns: list[Turn]) -> list[dict[str, Any]]:
    """Turns as a transcript's messages (what the `session` query returns)."""
    messages = []
    for turn in turns:
        messages.append({"index": 2 * turn.index, "turnIndex": turn.index, "role": "USER",
                         "content": turn.user, "error": None})
        messages.append({"index": 2 * turn.index + 1, "turnIndex": turn.index,
                         "role": "ASSISTANT", "content": turn.reply, "error": turn.error})
    return messages
