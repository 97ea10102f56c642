"""Events between actors and subscribers: in process, or through Redis pub/sub between processes.

Delivery is at most once. Subscribers therefore use the stored event log as the
truth (events carry a per-eval sequence) and this bus only as a wake-up.
Each subscription has a bounded queue: a subscriber that falls behind is marked
`overflowed` and must resync from its last cursor instead of blocking publishers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator
from typing import Any

from agenteval.observability.metrics import (
    EVENT_SUBSCRIBER_LAG,
    counting_failures,
    event_subscriber_overflowed,
)

logger = logging.getLogger("agenteval.events")

DEFAULT_QUEUE_SIZE = 1000


class Overflowed(Exception):
    """The subscriber fell too far behind; it must resync from its cursor."""


class Subscription:
    """A bounded queue of messages on one topic."""

    def __init__(self, bus: EventBus, topic: str, maxsize: int) -> None:
        self.topic = topic
        self._bus = bus
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize)
        self.overflowed = False

    def deliver(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            event_subscriber_overflowed()
            # Wake the reader so it notices the overflow now.
            with contextlib.suppress(asyncio.QueueEmpty):
                self._queue.get_nowait()
            self._queue.put_nowait({"__overflow__": True})

    async def get(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message; raises Overflowed once the subscriber fell behind."""
        message = await asyncio.wait_for(self._queue.get(), timeout)
        EVENT_SUBSCRIBER_LAG.observe(self._queue.qsize())  # what is still waiting behind it
        if message.get("__overflow__") or self.overflowed:
            raise Overflowed(self.topic)
        return message

    async def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        while True:
            yield await self.get()

    async def close(self) -> None:
        await self._bus._unsubscribe(self)


class EventBus:
    """The interface: publish to a topic, subscribe to a topic."""

    def __init__(self, queue_size: int = DEFAULT_QUEUE_SIZE) -> None:
        self.queue_size = queue_size
        self._subscriptions: dict[str, set[Subscription]] = defaultdict(set)

    async def start(self) -> None:
        """Connect to the backend, if any."""

    async def close(self) -> None:
        """Disconnect; existing subscriptions receive nothing more."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        raise NotImplementedError

    async def subscribe(self, topic: str) -> Subscription:
        subscription = Subscription(self, topic, self.queue_size)
        self._subscriptions[topic].add(subscription)
        return subscription

    async def _unsubscribe(self, subscription: Subscription) -> None:
        subscribers = self._subscriptions.get(subscription.topic)
        if subscribers is not None:
            subscribers.discard(subscription)
            if not subscribers:
                del self._subscriptions[subscription.topic]

    def _fan_out(self, topic: str, message: dict[str, Any]) -> None:
        for subscription in list(self._subscriptions.get(topic, ())):
            subscription.deliver(message)


class InMemoryEventBus(EventBus):
    """One process: publish delivers straight to local subscribers."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        self._fan_out(topic, message)


class RedisEventBus(EventBus):
    """Several processes: one pattern subscription per process fans out to local queues."""

    def __init__(self, url: str, prefix: str = "agenteval:",
                 queue_size: int = DEFAULT_QUEUE_SIZE) -> None:
        super().__init__(queue_size)
        self.url = url
        self.prefix = prefix
        self._redis: Any = None
        self._pubsub: Any = None
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url, decode_responses=True)
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.psubscribe(self.prefix + "*")
        self._listener = asyncio.create_task(self._listen(), name="redis-event-listener")

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        with counting_failures():
            await self._redis.publish(self.prefix + topic, json.dumps(message, default=str))

    async def _listen(self) -> None:
        while True:
            try:
                async for raw in self._pubsub.listen():
                    if raw.get("type") != "pmessage":
                        continue
                    topic = raw["channel"].removeprefix(self.prefix)
                    self._fan_out(topic, json.loads(raw["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - keep listening after a Redis hiccup
                logger.exception("redis listener failed; retrying in 1 s")
                await asyncio.sleep(1)


def create_event_bus(redis_url: str | None) -> EventBus:
    return RedisEventBus(redis_url) if redis_url else InMemoryEventBus()
