"""One reviewer's claim loop in its own process (run by test_claims_across_processes).

`python -m tests.review_queues.claim_worker DATABASE_URL QUEUE_ID KEY_ID START_AT` waits
until START_AT (Unix time, so all workers start together once connected), claims batches
of two until the queue has nothing left for it, marks each claimed item done, and prints
one claimed item id per line.
"""

from __future__ import annotations

import asyncio
import sys
import time
import uuid
from datetime import UTC, datetime

from agenteval.store import database
from agenteval.store.review_queues import claims


async def work(url: str, queue_id: uuid.UUID, key_id: uuid.UUID,
               start_at: float) -> list[uuid.UUID]:
    await database.open_database(url)
    got: list[uuid.UUID] = []
    await asyncio.sleep(max(0.0, start_at - time.time()))
    try:
        while True:
            batch = await claims.claim(queue_id, key_id, 2, 600.0, datetime.now(UTC))
            if not batch:
                return got
            for item_id in batch:
                got.append(item_id)
                assert await claims.complete(item_id, key_id, datetime.now(UTC))
    finally:
        await database.close_database()


if __name__ == "__main__":
    url, queue, key, start = sys.argv[1:5]
    claimed = asyncio.run(work(url, uuid.UUID(queue), uuid.UUID(key), float(start)))
    print("\n".join(str(item) for item in claimed))
