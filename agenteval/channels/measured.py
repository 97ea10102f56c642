"""Target latency and failures per target, measured around every channel the factory opens
(the figures live in `agenteval.observability.metrics`)."""

from __future__ import annotations

from typing import Any

from prometheus_client.metrics import Histogram

from agenteval.channels.base import Channel, ChannelError, ConversationState, Reply
from agenteval.observability.metrics import TARGET_LATENCY, target_failed


class MeasuredChannel(Channel):
    """`inner`, with each `send` counted for `target_id`: the latency the reply reports
    (the successful attempt, as stored), or the kind of error it finally raised."""

    def __init__(self, inner: Channel, target_id: str) -> None:
        # No super().__init__: the history lives in `inner`, which this only forwards to.
        self._inner = inner
        self._target_id = target_id
        self._latency = _latency_of(target_id)

    async def send(self, text: str) -> Reply:
        try:
            reply = await self._inner.send(text)
        except ChannelError as error:
            target_failed(self._target_id, error.kind)
            raise
        self._latency.observe(reply.latency_ms / 1000)
        return reply

    def __getattr__(self, name: str) -> object:
        # Anything else (a channel type's own attributes) is the inner channel's.
        if name == "_inner":  # not set yet: never recurse
            raise AttributeError(name)
        return getattr(self._inner, name)

    def supply_tool_results(self, results: dict[str, Any]) -> None:
        self._inner.supply_tool_results(results)

    async def poll(self) -> Reply | None:
        return await self._inner.poll()

    @property
    def conversation_id(self) -> str | None:
        return self._inner.conversation_id

    @property
    def state(self) -> ConversationState:
        return self._inner.state

    async def aclose(self) -> None:
        await self._inner.aclose()


# Each target's latency histogram, looked up once per target rather than once per channel:
# a run opens a channel per case attempt, and the label lookup takes prometheus-client's
# lock and checks the label values each time. Bounded like the labels: stored target ids.
_latencies: dict[str, Histogram] = {}


def _latency_of(target_id: str) -> Histogram:
    latency = _latencies.get(target_id)
    if latency is None:
        latency = _latencies[target_id] = TARGET_LATENCY.labels(target_id)
    return latency


def measured(channel: Channel, target_id: str) -> Channel:
    """`channel`, measured for the target `target_id`."""
    return MeasuredChannel(channel, target_id)
