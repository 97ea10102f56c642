"""Stopping the claimer always stops it, even when a run frees a slot at that instant.

Python 3.11's `asyncio.wait_for` returns the inner result instead of raising when
the task is cancelled in the same loop step in which the awaited thing completes;
a loop built on it then never ends, and shutdown waits forever (seen once in CI).
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from agenteval.engine.static.claimer import claim_forever


async def test_cancelling_the_claimer_as_a_run_frees_a_slot_ends_it() -> None:
    runs = SimpleNamespace(claim_limit=0, owned=set(), freed=asyncio.Event())
    task = asyncio.create_task(claim_forever(runs, interval_s=30.0))  # type: ignore[arg-type]
    for _ in range(5):  # let it reach its wait for a freed slot
        await asyncio.sleep(0)
    runs.freed.set()  # a run stops executing here…
    task.cancel()  # …in the same step as shutdown stops the claimer
    done, _ = await asyncio.wait([task], timeout=2.0)
    assert task in done and task.cancelled()
