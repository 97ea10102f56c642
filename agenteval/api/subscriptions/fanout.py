"""Fan-out below strawberry: one reader per topic, each event rendered once, the same
bytes written to every subscriber's socket.

A subscription (intelligent.py) replays from its cursor the ordinary way, through
strawberry. Once it has caught up, a websocket subscriber whose socket can be written
directly (transport/direct_frames.py) hands over to its topic's hub and waits: the hub
reads the database once per wake-up for all its subscribers (where each subscriber
read it), executes each new row's selection once per (operation, variables, role)
(shared_results.py), encodes it once, builds each frame once per protocol and
operation id, and writes to every subscriber's socket the frames after that
subscriber's cursor in one write. No strawberry execution, extension hook, async
generator step or ASGI send runs per subscriber and event: at 500 watchers those were
most of a delivery's CPU.

The hub is only a faster way to do what the subscriber did itself; whenever it cannot,
the subscriber leaves at its cursor and carries on the ordinary way, nothing skipped or
sent twice (cursors are the positions of rows written to that socket):
- its socket is closing (a revoked key closes it with 4403) or pushes back (a slow
  reader): it then waits on its own send, and is RATE_LIMITED as before if more than
  the bus's queue size of events arrive during one of its read-and-send cycles;
- a row's result has errors (coded per subscriber, never shared);
- the hub's read fails (a database outage): every subscriber reads, and fails, itself.
A subscriber behind the hub's cursor (rows arrived while it replayed) reads again
before it joins, so none misses the rows the hub delivered meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from bisect import bisect_right
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from inspect import isawaitable
from typing import Any

from agenteval.api.context import start_operation
from agenteval.api.execution.shared_results import execute_event, group_key, subscribing
from agenteval.api.transport.direct_frames import (
    LEGACY_WS,
    Delivery,
    current_delivery,
    text_frame,
)
from agenteval.api.transport.prebuilt_frames import data_json, legacy_ws_frame, transport_ws_frame
from agenteval.store.event_bus import EventBus, Overflowed

logger = logging.getLogger("agenteval.api")

POLL_S = 5.0  # a publish lost between processes is found by this re-read


@dataclass(eq=False)
class Member:
    """One subscriber in a hub: where it writes, how its events execute, its cursor."""

    delivery: Delivery
    executor: Any
    cursor: int
    left: asyncio.Future[int] = field(default_factory=lambda: asyncio.get_running_loop()
                                      .create_future())

    def leave(self) -> None:
        if not self.left.done():
            self.left.set_result(self.cursor)


@dataclass(frozen=True)
class Feed:
    """How a topic's rows are read and turned into GraphQL objects."""

    events: EventBus
    topic: str
    batch: int
    read_after: Callable[[int], Awaitable[Sequence[Any]]]
    position: Callable[[Any], int]
    convert: Callable[[Any], Any]


class TopicHub:
    """The subscribers of one topic in this process, grouped by what they render."""

    def __init__(self, feed: Feed, cursor: int) -> None:
        self.feed = feed
        self.cursor = cursor
        self.closed = False
        self.groups: dict[tuple[Any, ...], dict[Member, None]] = {}
        self.task = asyncio.get_running_loop().create_task(self._run(),
                                                           name=f"fan-out {feed.topic}")

    def add(self, member: Member, key: tuple[Any, ...]) -> bool:
        """Join (False: the hub delivered rows after the member's cursor, or is closing)."""
        if self.closed or member.cursor < self.cursor:
            return False
        self.groups.setdefault(key, {})[member] = None
        return True

    def remove(self, member: Member, key: tuple[Any, ...]) -> None:
        members = self.groups.get(key)
        if members is not None:
            members.pop(member, None)
            if not members:
                del self.groups[key]
        if not self.groups and not self.closed:  # the last one left: stop reading now
            self._close()
            self.task.cancel()

    def _close(self) -> None:
        self.closed = True
        if _hubs.get(self.feed.topic) is self:
            del _hubs[self.feed.topic]

    async def _run(self) -> None:
        start_operation()  # its own loaders, not those of the subscriber that started it
        try:
            subscription = await self.feed.events.subscribe(self.feed.topic, wake_ups=True)
            try:
                while self.groups:
                    rows = await self.feed.read_after(self.cursor)
                    if rows:
                        await self._deliver(rows)
                        if len(rows) == self.feed.batch:
                            continue
                    try:
                        await subscription.get(timeout=POLL_S)
                    except (TimeoutError, Overflowed):
                        pass  # read from the cursor: however many arrived, none is skipped
            finally:
                await subscription.close()
        except Exception as exc:  # noqa: BLE001 - each subscriber carries on (and fails) alone
            logger.warning("fan-out of %s stopped: %s", self.feed.topic, exc)
        finally:
            self._close()
            for members in self.groups.values():
                for member in members:
                    member.leave()

    async def _deliver(self, rows: Sequence[Any]) -> None:
        objects = [self.feed.convert(row) for row in rows]
        positions = [self.feed.position(row) for row in rows]
        rendered: dict[tuple[Any, ...], list[str]] = {}
        while missing := [key for key in self.groups if key not in rendered]:
            for key in missing:  # members may join while a render awaits: loop again
                members = self.groups.get(key)
                rendered[key] = await _render(next(iter(members)).executor, objects) \
                    if members else []
        # Written without an await: no member joins or leaves halfway.
        for key, members in list(self.groups.items()):
            _write(rendered[key], positions, list(members))
            for member in [m for m in members if m.left.done()]:
                self.remove(member, key)
        self.cursor = positions[-1]


async def _render(executor: Any, objects: list[Any]) -> list[str]:
    """Each object's `data` JSON for this group, up to the first result with errors."""
    texts = []
    for payload in objects:
        result = execute_event(executor, payload)
        if isawaitable(result):
            result = await result
        if result.errors or result.data is None:
            break  # coded per subscriber, the ordinary way
        texts.append(data_json(result.data))
    return texts


def _write(texts: list[str], positions: list[int], members: list[Member]) -> None:
    """Every member's frames after its cursor, one write each; frames built once per
    (protocol, operation id, first row)."""
    built: dict[tuple[str, str, int], bytes] = {}
    end = len(texts)
    for member in members:
        start = bisect_right(positions, member.cursor)
        if start < end:
            delivery = member.delivery
            key = (delivery.protocol, delivery.operation_id, start)
            frames = built.get(key)
            if frames is None:
                frame = legacy_ws_frame if delivery.protocol == LEGACY_WS else transport_ws_frame
                frames = built[key] = b"".join(text_frame(frame(delivery.operation_id, text))
                                               for text in texts[start:end])
            if not delivery.writer.write(frames):
                member.leave()  # closing or slow: the ordinary way from its cursor
                continue
            member.cursor = positions[end - 1]
        if end < len(positions):
            member.leave()  # a row with errors: the ordinary way delivers it


_hubs: dict[str, TopicHub] = {}


@dataclass(frozen=True)
class HandOver:
    """A subscriber that may hand its live events over to its topic's hub."""

    delivery: Delivery
    executor: Any
    key: tuple[Any, ...]

    async def follow(self, feed: Feed, cursor: int) -> int | None:
        """Be delivered to by the hub from `cursor` until leaving it: the cursor then
        (None: the hub is ahead of `cursor`; read again first)."""
        member = Member(self.delivery, self.executor, cursor)
        hub = _hubs.get(feed.topic)
        if hub is None or hub.closed:
            hub = _hubs[feed.topic] = TopicHub(feed, cursor)
        if not hub.add(member, self.key):
            return None
        try:
            return await member.left
        finally:
            hub.remove(member, self.key)


def hand_over() -> HandOver | None:
    """This task's subscription's way to the hub, if its results can go there: a
    websocket written directly, an operation whose results are shared."""
    delivery, executor = current_delivery.get(), subscribing.get()
    if delivery is None or executor is None:
        return None
    key = group_key(executor)
    return None if key is None else HandOver(delivery, executor, key)
