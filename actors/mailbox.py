"""A bounded FIFO mailbox with one consumer that can be closed.

Closing is how `stop` becomes "a message": items already in the mailbox are still
delivered, `get` raises `MailboxClosed` once they are gone, and every later (or still
waiting) `put` raises `MailboxClosed`. `asyncio.Queue` has no close, hence this class.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

ItemT = TypeVar("ItemT")


class MailboxClosed(Exception):
    """The mailbox was closed: no more puts, and nothing left to get."""


class Mailbox(Generic[ItemT]):
    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError(f"mailbox maxsize must be at least 1, got {maxsize}")
        self.maxsize = maxsize
        self._items: deque[ItemT] = deque()
        self._closed = False
        self._item_ready = asyncio.Event()
        self._space_waiters: deque[asyncio.Future[None]] = deque()

    def __len__(self) -> int:
        return len(self._items)

    @property
    def closed(self) -> bool:
        return self._closed

    def is_full(self) -> bool:
        return len(self._items) >= self.maxsize

    def put_nowait(self, item: ItemT) -> None:
        """Append `item`; raise `asyncio.QueueFull` when full, `MailboxClosed` when closed."""
        if self._closed:
            raise MailboxClosed
        if self.is_full():
            raise asyncio.QueueFull
        self._append(item)

    async def put(self, item: ItemT) -> None:
        """Append `item`, waiting for space; raise `MailboxClosed` if closed meanwhile."""
        while True:
            if self._closed:
                raise MailboxClosed
            if not self.is_full():
                break
            waiter = asyncio.get_running_loop().create_future()
            self._space_waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                waiter.cancel()
                if waiter in self._space_waiters:
                    self._space_waiters.remove(waiter)
                # We may have been woken for a free slot just before being cancelled:
                # pass the wake-up on so the slot is not lost to the other waiters.
                elif not self.is_full():
                    self._wake_one_space_waiter()
                raise
        self._append(item)

    async def get(self) -> ItemT:
        """Next item in arrival order; raise `MailboxClosed` once closed and empty."""
        while not self._items:
            if self._closed:
                raise MailboxClosed
            self._item_ready.clear()
            await self._item_ready.wait()
        item = self._items.popleft()
        self._wake_one_space_waiter()
        return item

    def close(self) -> None:
        """Accept nothing more; items already in the mailbox stay deliverable."""
        self._closed = True
        self._item_ready.set()
        while self._space_waiters:
            waiter = self._space_waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)

    def drain(self) -> list[ItemT]:
        """Remove and return every item still in the mailbox."""
        items = list(self._items)
        self._items.clear()
        while self._space_waiters and not self.is_full():
            self._wake_one_space_waiter()
        return items

    def _append(self, item: ItemT) -> None:
        self._items.append(item)
        self._item_ready.set()

    def _wake_one_space_waiter(self) -> None:
        while self._space_waiters:
            waiter = self._space_waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
