"""The monitoring worker: red lines at once, closing and judging, in a loop of its own.

Started by the composition root among the background work. Every process may run one:
red-line hits are unique per (monitor, conversation, rule) and judging claims its
conversations, so several workers share the work without doing any of it twice. A pass
that fails is logged and the next one goes on; ingestion never waits for it.
"""

from __future__ import annotations

import asyncio
import logging

from agenteval.engine.monitoring.judging import Judge
from agenteval.engine.monitoring.red_lines import check_pending

logger = logging.getLogger("agenteval.monitoring")


class MonitoringWorker:
    def __init__(self, poll_s: float, judge: Judge | None = None) -> None:
        self.poll_s = poll_s
        self.judge = judge or Judge()

    async def step(self) -> int:
        """One pass; how much it did (the loop goes again at once while there is work)."""
        done = await check_pending()
        done += await self.judge.step()
        return done

    async def run_forever(self) -> None:
        while True:
            try:
                busy = await self.step()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("monitoring pass failed; the next one goes on")
                busy = 0
            if not busy:
                await asyncio.sleep(self.poll_s)
