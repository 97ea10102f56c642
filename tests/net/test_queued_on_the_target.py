"""Attempts waiting on a target's concurrency slot are counted, and the progress line says so."""

from __future__ import annotations

import asyncio

from agenteval.gate.terminal import progress_line
from agenteval.net.limiter import ConcurrencyLimiter

PROGRESS = {"done": 1, "total": 5, "passed": 1, "failed": 0, "errored": 0, "status": "RUNNING"}


async def test_the_limiter_counts_who_waits_for_a_slot() -> None:
    limiter = ConcurrencyLimiter(1)
    release = asyncio.Event()

    async def hold() -> None:
        async with limiter.slot():
            await release.wait()

    tasks = [asyncio.create_task(hold()) for _ in range(3)]
    await asyncio.sleep(0.01)
    assert (limiter.in_flight, limiter.waiting) == (1, 2)
    release.set()
    await asyncio.gather(*tasks)
    assert (limiter.in_flight, limiter.waiting) == (0, 0)


def test_the_progress_line_says_queued_on_the_target_only_when_some_are() -> None:
    assert progress_line({**PROGRESS, "queued": 3}, 12).endswith(
        "RUNNING  12 s  3 queued on the target")
    assert "queued" not in progress_line({**PROGRESS, "queued": 0}, 12)
    assert "queued" not in progress_line(PROGRESS, 12)
