"""`MockChannel(handler)`: a conversation answered by a function, for tests (httpx's
`MockTransport` is the model).

The handler gets the user's text and the completed exchanges so far and returns the
reply's text (or a whole `Reply`); raising `ChannelError` is a failing target. It may
be a plain function or a coroutine function:

    def echo(text: str, history: Sequence[tuple[str, str]]) -> str:
        return f"you said {text!r} (turn {len(history)})"

    factory.register(*mock_channel_type(echo))     # targets of type "mock" now echo
    channel = MockChannel(echo)                    # or one conversation, by hand

It goes through the factory like any channel, so the target's `maxConcurrency`
limiter, the latency metrics and the reply limits apply; nothing leaves the process.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Awaitable, Callable, Sequence

from agenteval.channels.base import Channel, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.factory import ChannelClass

Answer = str | Reply
Handler = Callable[[str, Sequence[tuple[str, str]]], Answer | Awaitable[Answer]]

NAME = "mock"
DESCRIPTION = "Answered in process by a test's function (MockChannel)."
CONFIG_SCHEMA: dict = {"type": "object", "additionalProperties": True}


class MockChannel(Channel):
    def __init__(self, handler: Handler, state: ConversationState | None = None,
                 context: ChannelContext | None = None) -> None:
        super().__init__(state)
        self.handler = handler
        self._limiter = None if context is None else context.limiter
        self.sent: list[str] = []  # every text sent on this conversation, failed ones too

    async def send(self, text: str) -> Reply:
        self._next_turn()
        self.sent.append(text)
        if self._limiter is None:
            return await self._answer(text)
        async with self._limiter.slot():
            return await self._answer(text)

    async def _answer(self, text: str) -> Reply:
        started = time.perf_counter()
        answer = self.handler(text, list(self._history))
        if inspect.isawaitable(answer):
            answer = await answer
        reply = answer if isinstance(answer, Reply) else Reply(
            text=answer, latency_ms=int((time.perf_counter() - started) * 1000))
        self._remember(text, reply.text)
        return reply


def mock_channel_type(handler: Handler, name: str = NAME
                      ) -> tuple[str, str, dict, ChannelClass]:
    """`ChannelFactory.register`'s arguments for a channel type answered by `handler`."""

    def open_channel(context: ChannelContext, state: ConversationState | None) -> Channel:
        return MockChannel(handler, state, context)

    return name, DESCRIPTION, CONFIG_SCHEMA, open_channel
