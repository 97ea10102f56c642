"""`demo`: Mia, the built-in demo bot, answered in process (no network).

A re-opened conversation replays the stored user messages through the
deterministic bot, which lands it in the same state.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from agenteval.channels.base import Channel, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.registry import register_channel

# The bot is imported by the first demo channel: every process registers this channel
# type, and the CI gate against an HTTP target would otherwise load the bot for nothing.
if TYPE_CHECKING:
    from agenteval.demo_bot.bot import BotState

NAME = "demo"
DESCRIPTION = (
    "The built-in demo bot (Mia of HomeCare Appliances, deterministic, with deliberate "
    "flaws), answered in process."
)
CONFIG_SCHEMA: dict = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "language": {
            "enum": ["auto", "zh", "en"],
            "default": "auto",
            "description": "auto answers in the language of each user message.",
        }
    },
}


@register_channel(name=NAME, description=DESCRIPTION, config_schema=CONFIG_SCHEMA)
class DemoChannel(Channel):
    def __init__(self, context: ChannelContext, state: ConversationState | None = None) -> None:
        from agenteval.demo_bot.actions import actions_of_turn
        from agenteval.demo_bot.bot import BotState, replay, reply

        super().__init__(state)
        self._limiter = context.limiter
        self._reply = reply
        self._actions = actions_of_turn
        language = context.config["language"]
        self._bot: BotState
        if self._history:
            self._bot, _ = replay([user for user, _ in self._history], language)
        else:
            self._bot = BotState(language_setting=language)

    async def send(self, text: str) -> Reply:
        self._next_turn()
        async with self._limiter.slot():
            started = time.perf_counter()
            before = self._bot
            self._bot, answer = self._reply(before, text)
            latency_ms = round((time.perf_counter() - started) * 1000)
        self._remember(text, answer)
        # The same JSON the demo bot's /chat answers (without its session id), and the
        # tickets as the create_ticket tool calls its /v1/chat/completions makes.
        actions = self._actions(before, self._bot)
        return Reply(answer, latency_ms, {"reply": answer, "actions": actions},
                     tool_calls=[{"name": "create_ticket", "arguments": {"kind": a["kind"]}}
                                 for a in actions])
