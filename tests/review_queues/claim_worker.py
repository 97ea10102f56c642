"""One reviewer's claim loop in its own process (run by test_claims_across_processes).

`python -m tests.review_queues.claim_worker DATABASE_URL QUEUE_ID KEY_ID BARRIER WORKERS`
marks itself ready (imports done) in the BARRIER folder and waits until WORKERS workers are ready
(so they all start together however slowly each started), then claims batches of two until
the queue has nothing left for it, marks each claimed item done, and prints one claimed item
id per line.
"""

from __future__ import annotations

import asyncio
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from agenteval.store import database
from agenteval.store.review_queues import claims


def all_ready(barrier: Path, key_id: uuid.UUID, workers: int) -> None:
    """Wait (imports done) until every worker is ready."""
    (barrier / str(key_id)).touch()
    deadline = time.monotonic() + 120
    while len(list(barrier.iterdir())) < workers and time.monotonic() < deadline:
        time.sleep(0.01)


async def work(url: str, queue_id: uuid.UUID, key_id: uuid.UUID) -> list[uuid.UUID]:
    await database.open_database(url)
    got: list[uuid.UUID] = []
    try:
        while True:
            batch = await claims.claim(queue_id, key_id, 2, 600.0, datetime.now(UTC))
            if not batch:
                return got
            for item_id in batch:
                got.append(item_id)
                assert await claims.complete(item_id, key_id, datetime.now(UTC))
            await asyncio.sleep(0.01)  # a reviewer reads between batches
    finally:
        await database.close_database()


if __name__ == "__main__":
    url, queue, key, barrier, workers = sys.argv[1:6]
    all_ready(Path(barrier), uuid.UUID(key), int(workers))
    claimed = asyncio.run(work(url, uuid.UUID(queue), uuid.UUID(key)))
    print("\n".join(str(item) for item in claimed))
