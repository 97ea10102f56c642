"""The monitoring worker sleeps long when idle, yet a turn ingested in its process is
checked at once: ingestion wakes it."""

from __future__ import annotations

import asyncio
import contextlib
import time

from agenteval.domain.monitoring.ingest_lines import IngestLimits
from agenteval.engine.monitoring.ingestion import Backlog, ingest
from agenteval.engine.monitoring.windows import DropSettings
from agenteval.engine.monitoring.worker import MonitoringWorker
from agenteval.store.models import MonitoredTurn

BODY = b'{"source": "shop", "conversationId": "c1", "role": "assistant", "content": "hi"}'


async def test_ingestion_wakes_an_idle_worker(db: str) -> None:
    # A poll of 60 s, backing off beyond: without the wake-up the turn would wait a minute.
    worker = MonitoringWorker(60.0, DropSettings(window_s=3600, cooldown_s=3600))
    task = asyncio.create_task(worker.run_forever())
    try:
        await asyncio.sleep(0.5)  # its first pass found nothing: it sleeps now
        await ingest(BODY, "application/json", None, IngestLimits(), Backlog(0))
        began = time.monotonic()
        while await MonitoredTurn.filter(red_line_pending=True).exists():
            assert time.monotonic() - began < 5, "the worker was not woken"
            await asyncio.sleep(0.05)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
