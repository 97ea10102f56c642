"""Events between actors and subscribers: in process, or through Redis pub/sub between processes.

Delivery is at most once. Subscribers therefore use the stored event log as the
truth (events carry a per-eval sequence) and this bus only as a wake-up.
A publish never raises: it comes after the commit of the change it announces,
and a committed change must not be answered as an error because Redis is
away. A failed publish is logged and counted (`publish_failures`); the
subscribers notice through their periodic re-read of the database, and when the
Redis connection comes back every local subscription gets a `RESYNC` wake-up.
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
    event_publish_failed,
    event_subscriber_overflowed,
)

logger = logging.getLogger("agenteval.events")

DEFAULT_QUEUE_SIZE = 1000
# Delivered to every local subscriber when the bus reconnected: messages may have been
# lost meanwhile, so re-read the database from the cursor.
RESYNC: dict[str, Any] = {"__resync__": True}
REDIS_TIMEOUT_S = 2.0
RECONNECT_DELAY_S = 1.0


def is_resync(message: dict[str, Any]) -> bool:
    """True for the wake-up that says "messages may have been lost: re-read the database"."""
    return bool(message.get("__resync__"))


class Overflowed(Exception):
    """The subscriber fell too far behind; it must resync from its cursor."""


class Subscription:
    """A bounded queue of messages on one topic."""

    def __init__(self, bus: EventBus, topic: str, maxsize: int) -> None:
        self.topic = topic
        self._bus = bus
        self.maxsize = maxsize
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
        async with asyncio.timeout(timeout):  # not wait_for: it may swallow a cancellation
            message = await self._queue.get()
        EVENT_SUBSCRIBER_LAG.observe(self._queue.qsize())  # what is still waiting behind it
        if message.get("__overflow__") or self.overflowed:
            raise Overflowed(self.topic)
        return message

    async def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        while True:
            yield await self.get()

    async def close(self) -> None:
        await self._bus._unsubscribe(self)


class WakeUps(Subscription):
    """A subscription for readers that re-read the database after each wake-up.

    Messages are counted, not kept: however many arrived while the reader was busy,
    it wakes once and reads everything after its cursor (one read for many events,
    where a queue made it read once per event, most of them finding nothing new).
    More than `maxsize` arrivals during one read-and-send cycle means the reader
    cannot keep up: `get` raises Overflowed (it must resync). Delivering never
    blocks, never grows memory, and never slows the publisher.
    """

    def __init__(self, bus: EventBus, topic: str, maxsize: int) -> None:
        super().__init__(bus, topic, maxsize)
        self._woken = asyncio.Event()
        self.arrived = 0

    def deliver(self, message: dict[str, Any]) -> None:
        self.arrived += 1
        self._woken.set()

    async def get(self, timeout: float | None = None) -> dict[str, Any]:
        """Once something arrived: how many (raises Overflowed past `maxsize`)."""
        async with asyncio.timeout(timeout):
            await self._woken.wait()
        return self.take()

    def take(self, check: bool = True) -> dict[str, Any]:
        """What arrived since the last `get`/`take`, without waiting (`check`: raise
        Overflowed past `maxsize`; False: a reader that was kept up to date meanwhile
        by someone else, the fan-out hub, only starts counting again)."""
        self._woken.clear()
        arrived, self.arrived = self.arrived, 0
        if not check:
            return {"arrived": arrived}
        if arrived:
            EVENT_SUBSCRIBER_LAG.observe(arrived - 1)  # arrivals beyond the one that woke it
        if arrived > self.maxsize:
            event_subscriber_overflowed()
            raise Overflowed(self.topic)
        return {"arrived": arrived}


class EventBus:
    """The interface: publish to a topic, subscribe to a topic."""

    def __init__(self, queue_size: int = DEFAULT_QUEUE_SIZE) -> None:
        self.queue_size = queue_size
        self.publish_failures = 0  # publishes lost because the backend did not take them
        self._failing = False  # the last publish failed
        self._subscriptions: dict[str, set[Subscription]] = defaultdict(set)

    async def start(self) -> None:
        """Connect to the backend, if any."""

    async def close(self) -> None:
        """Disconnect; existing subscriptions receive nothing more."""

    async def publish(self, topic: str, message: dict[str, Any]) -> None:
        """Announce `message` on `topic`; never raises (a failure is logged and counted)."""
        try:
            await self._send(topic, message)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the bus is a wake-up; the database is the truth
            self.publish_failures += 1
            event_publish_failed()
            # Once per outage at WARNING (not per message): it may last a while.
            log = logger.debug if self._failing else logger.warning
            self._failing = True
            log("could not publish on %s (%d lost so far): %s; subscribers resync from the "
                "database", topic, self.publish_failures, exc)
        else:
            if self._failing:
                logger.info("publishing works again")
            self._failing = False

    async def _send(self, topic: str, message: dict[str, Any]) -> None:
        raise NotImplementedError

    async def subscribe(self, topic: str, *, wake_ups: bool = False) -> Subscription:
        """Every message of `topic` from now on (`wake_ups`: only that some arrived)."""
        kind = WakeUps if wake_ups else Subscription
        subscription = kind(self, topic, self.queue_size)
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

    async def _send(self, topic: str, message: dict[str, Any]) -> None:
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
        # After a failed publish, publishes fail at once for a moment instead of each
        # waiting for a connection timeout: a mutation answers promptly while Redis is away.
        self._down_until = 0.0
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url, decode_responses=True,
                                     socket_connect_timeout=REDIS_TIMEOUT_S,
                                     socket_timeout=REDIS_TIMEOUT_S)
        await self._redis.ping()
        await self._subscribe()
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

    async def _send(self, topic: str, message: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        if loop.time() < self._down_until:
            raise ConnectionError("redis was unreachable a moment ago")
        try:
            await self._redis.publish(self.prefix + topic, json.dumps(message, default=str))
        except Exception:
            self._down_until = loop.time() + RECONNECT_DELAY_S
            raise

    async def _subscribe(self) -> None:
        # No read timeout on the subscription: it waits for messages indefinitely.
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.psubscribe(self.prefix + "*")

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
            except Exception as exc:  # noqa: BLE001 - keep listening after a Redis hiccup
                logger.warning("redis listener lost its connection (%s); reconnecting", exc)
                await self._reconnect()

    async def _reconnect(self) -> None:
        """Subscribe afresh (retrying until Redis answers), then tell every local
        subscriber to resync: what was published meanwhile is lost."""
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        while True:
            await asyncio.sleep(RECONNECT_DELAY_S)
            try:
                await self._subscribe()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - still down: try again
                continue
            logger.info("redis listener reconnected; subscribers resync from the database")
            for subscriptions in list(self._subscriptions.values()):
                for subscription in list(subscriptions):
                    subscription.deliver(RESYNC)
            return


def create_event_bus(redis_url: str | None) -> EventBus:
    return RedisEventBus(redis_url) if redis_url else InMemoryEventBus()
