"""The monitoring worker: red lines at once, closing and judging, in a loop of its own.

Started by the composition root among the background work. Every process may run one:
red-line hits are unique per (monitor, conversation, rule) and judging claims its
conversations, so several workers share the work without doing any of it twice. A pass
that fails is logged and the next one goes on; ingestion never waits for it.

While there is work the loop goes again at once. Idle, it sleeps `poll_s`, doubling up to
`IDLE_BACKOFF` × `poll_s` while nothing comes; ingestion in this process wakes it at once
(wakeup.py), so red lines never wait for the back-off, and conversations closing by their
quiet period (minutes) are closed at most that back-off late.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime

from agenteval.engine.monitoring import wakeup
from agenteval.engine.monitoring.judging import Judge
from agenteval.engine.monitoring.red_lines import check_pending
from agenteval.engine.monitoring.windows import DropSettings, check_drops
from agenteval.store.backends.database_outage import is_database_unreachable, outage
from agenteval.store.monitoring.retention import purge_expired

RETENTION_EVERY_S = 3600.0
IDLE_BACKOFF = 8

logger = logging.getLogger("agenteval.monitoring")


class MonitoringWorker:
    def __init__(self, poll_s: float, drops: DropSettings, judge: Judge | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.poll_s = poll_s
        self.drops = drops
        self.judge = judge or Judge()
        self.clock = clock
        self._drops_checked = 0.0
        self._purged = 0.0

    async def step(self) -> int:
        """One pass; how much it did (the loop goes again at once while there is work)."""
        done = await check_pending()
        done += await self.judge.step(self.clock())
        # Drops are a window's matter: looked for a few times a window, not every pass.
        if time.monotonic() - self._drops_checked > min(self.drops.window_s / 6, 60):
            self._drops_checked = time.monotonic()
            await check_drops(self.clock(), self.drops)
        if time.monotonic() - self._purged > RETENTION_EVERY_S:
            self._purged = time.monotonic()
            await purge_expired(self.clock().date())
        return done

    async def run_forever(self) -> None:
        with wakeup.listening() as woken:
            delay = self.poll_s
            while True:
                busy = await self._pass()
                if busy:
                    delay = self.poll_s
                elif await wakeup.wait(woken, delay):
                    delay = self.poll_s
                else:
                    delay = min(delay * 2, self.poll_s * IDLE_BACKOFF)

    async def _pass(self) -> int:
        try:
            return await self.step()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if is_database_unreachable(exc):  # said once by the outage tracker, not per pass
                outage.noticed(exc)
            else:
                logger.exception("monitoring pass failed; the next one goes on")
            return 0
