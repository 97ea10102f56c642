"""Identical reads in flight at once share one: the first starts it, the others await it.

Why: every subscriber of an eval is woken by the same event and asks the database for
the same rows after the same cursor; 500 subscribers made 500 identical reads, one after
another on the database's connection, for each event (bench/subscriptions.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SingleFlight(Generic[K, V]):
    """Reads by key; a read runs as its own task, so a caller that goes away (a closed
    subscription) cancels neither the read nor the others waiting for it."""

    def __init__(self) -> None:
        self._in_flight: dict[K, asyncio.Future[V]] = {}

    async def do(self, key: K, read: Callable[[], Awaitable[V]]) -> V:
        """`read()`'s result, shared with every caller of the same key meanwhile; its
        failure is each of theirs."""
        task = self._in_flight.get(key)
        if task is None:
            task = asyncio.ensure_future(read())
            self._in_flight[key] = task
            task.add_done_callback(lambda done: self._forget(key, done))
        return await asyncio.shield(task)

    def _forget(self, key: K, done: asyncio.Future[V]) -> None:
        if self._in_flight.get(key) is done:
            del self._in_flight[key]
        if not done.cancelled():
            done.exception()  # its callers re-raise it; mark it seen if none is left
