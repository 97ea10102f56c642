"""A judging process for the crash tests: `python judge_worker.py DATABASE_URL NAME`."""

from __future__ import annotations

import asyncio
import sys

from agenteval.engine.monitoring.judging import Judge
from agenteval.store import database
from agenteval.store.models import MonitoredConversation


async def main(url: str, name: str) -> None:
    await database.open_database(url)
    judge = Judge(worker=name, claim_ttl_s=1.0)
    print("started", flush=True)
    while await MonitoredConversation.exclude(status="JUDGED").exists():
        await judge.step(limit=20)
    await database.close_database()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
