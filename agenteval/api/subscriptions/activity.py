"""activityChanges: the runs and evals that started, changed state or ended, for live lists.

A list page subscribes once (never a subscription per row) and re-asks its own query when a
message arrives. The engine is not asked to announce anything: one watcher per process reads
the under-way runs and evals (store/activity.py, a few indexed rows) every POLL_S while
anyone listens and hands each change to every subscriber. A subscriber that is still
sending when more changes arrive gets them merged into its next message: a list re-asks
once for many changes.

Nothing is replayed, so the first message carries no ids: it says the watcher has its
baseline and every later change will be sent. A page re-asks its query then, which covers
what changed between its first query and that moment (else a run started meanwhile would
show only at the next change).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncGenerator

import strawberry

from agenteval.api.permissions import CanRead
from agenteval.store.activity import Changes, Snapshot, changes_between, read_snapshot

logger = logging.getLogger("agenteval.api.activity")

POLL_S = 1.0


@strawberry.type(description=(
    "Runs and intelligent evals that started, changed state or ended since the last message "
    "(ids only: a list re-asks its query)."))
class ActivityChange:
    run_ids: list[strawberry.ID]
    eval_ids: list[strawberry.ID]


class _Listener:
    def __init__(self) -> None:
        self.pending: set[tuple[str, str]] = set()
        self.woken = asyncio.Event()

    def add(self, changes: Changes) -> None:
        self.pending.update(("run", i) for i in changes.run_ids)
        self.pending.update(("eval", i) for i in changes.eval_ids)
        self.woken.set()

    def take(self) -> ActivityChange:
        pending, self.pending = self.pending, set()
        self.woken.clear()
        return ActivityChange(
            run_ids=[strawberry.ID(i) for kind, i in sorted(pending) if kind == "run"],
            eval_ids=[strawberry.ID(i) for kind, i in sorted(pending) if kind == "eval"])


class _Watcher:
    """Reads snapshots while it has listeners; stops with the last one."""

    def __init__(self) -> None:
        self.listeners: set[_Listener] = set()
        self._task: asyncio.Task[None] | None = None
        self.baseline = asyncio.Event()  # set once a snapshot is read: changes are seen

    def join(self) -> _Listener:
        listener = _Listener()
        self.listeners.add(listener)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._watch())
        return listener

    def leave(self, listener: _Listener) -> None:
        self.listeners.discard(listener)
        if not self.listeners and self._task is not None:
            self._task.cancel()
            self._task = None
            self.baseline = asyncio.Event()

    async def _watch(self) -> None:
        last: Snapshot | None = None
        while self.listeners:
            try:
                current = await read_snapshot()
            except Exception:  # a database outage: keep the last snapshot, try again
                logger.warning("activity snapshot failed", exc_info=True)
            else:
                changes = changes_between(last, current) if last is not None else None
                if changes:
                    for listener in self.listeners:
                        listener.add(changes)
                last = current
                self.baseline.set()
            await asyncio.sleep(POLL_S)


# One watcher per event loop (tests start several loops in one process).
_watchers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Watcher] = (
    weakref.WeakKeyDictionary())


def _watcher() -> _Watcher:
    loop = asyncio.get_running_loop()
    watcher = _watchers.get(loop)
    if watcher is None:
        watcher = _watchers[loop] = _Watcher()
    return watcher


@strawberry.type
class ActivitySubscriptions:
    @strawberry.subscription(permission_classes=[CanRead], description=(
        "Runs and evals that started, changed state or ended: one message per change seen "
        f"(read every {POLL_S:g} s while anyone listens), changes merged while the "
        "subscriber is busy. Nothing is replayed: the first message, with no ids, says "
        "every later change will be sent; re-ask the list then."))
    async def activity_changes(self) -> AsyncGenerator[ActivityChange, None]:
        watcher = _watcher()
        listener = watcher.join()
        try:
            await watcher.baseline.wait()
            yield ActivityChange(run_ids=[], eval_ids=[])
            while True:
                await listener.woken.wait()
                yield listener.take()
        finally:
            watcher.leave(listener)
