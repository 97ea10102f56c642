"""Ingestion wakes the monitoring worker of its process: a red-line turn is checked at
once instead of at the next poll, and an idle worker can back off.

In process only. Every process that ingests runs a worker (unless told not to), and any
worker checks every pending turn and claims any closed conversation, so the process that
took a turn always has one awake for it; a process that only judges keeps its bounded
idle poll (worker.py), which is what closing by quiet period needs anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

_listening: set[asyncio.Event] = set()


def ingested() -> None:
    """Turns were committed: wake every worker of this process."""
    for event in _listening:
        event.set()


@contextlib.contextmanager
def listening() -> Iterator[asyncio.Event]:
    """An event set by every ingestion while the block runs (also while the worker is busy
    in a pass: the wake-up is kept for its next wait)."""
    event = asyncio.Event()
    _listening.add(event)
    try:
        yield event
    finally:
        _listening.discard(event)


async def wait(event: asyncio.Event, timeout_s: float) -> bool:
    """Sleep until ingestion sets `event` or `timeout_s` passes; True when woken."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout_s):
            await event.wait()
    woken = event.is_set()
    event.clear()
    return woken
