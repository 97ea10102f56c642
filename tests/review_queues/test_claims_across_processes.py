"""Claims: four reviewer processes claim from one queue at once; no item goes to two of them.

Real processes against one SQLite file and one PostgreSQL database: each claims
batches by the conditional UPDATE of store/review_queues/claims.py and marks what
it got done. Every item is claimed exactly once in all.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from agenteval.store.models import ReviewItemRow, ReviewQueueRow
from agenteval.store.review_queues import claims

ROOT = Path(__file__).resolve().parents[2]
ITEMS = 120
WORKERS = 4


async def _queue(items: int) -> uuid.UUID:
    queue = await ReviewQueueRow.create(id=uuid.uuid4(), name="q", created_by="test")
    await ReviewItemRow.bulk_create([
        ReviewItemRow(id=uuid.uuid4(), queue_id=queue.id, position=i, stage="FIRST",
                      kind="CASE", target=f"case:c{i}#0") for i in range(items)])
    return queue.id


async def test_no_item_is_claimed_by_two_processes(db: str, tmp_path: Path) -> None:
    queue_id = await _queue(ITEMS)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    barrier = tmp_path / "ready"
    barrier.mkdir()
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.review_queues.claim_worker", db, str(queue_id),
        str(uuid.uuid4()), str(barrier), str(WORKERS), cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(WORKERS)]
    outputs = [await worker.communicate() for worker in workers]
    for worker, (_, err) in zip(workers, outputs, strict=True):
        assert worker.returncode == 0, err.decode()
    claimed = [line for out, _ in outputs for line in out.decode().split()]
    per_worker = [len(out.decode().split()) for out, _ in outputs]
    twice = [item for item, count in Counter(claimed).items() if count > 1]
    assert twice == [] and len(claimed) == ITEMS
    backend = db.partition(":")[0]
    print(f"claims per process ({backend}): {per_worker}")
    assert sum(1 for n in per_worker if n > 0) >= 2, per_worker  # they really competed
    assert await ReviewItemRow.filter(queue_id=queue_id, status="DONE").count() == ITEMS


async def test_a_claim_lapses_after_its_timeout_and_excluded_keys_never_get_it(db: str) -> None:
    queue_id = await _queue(3)
    first, second, excluded = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    await ReviewItemRow.filter(queue_id=queue_id, position=2).update(
        excluded_key_ids=[str(excluded)])
    now = datetime.now(UTC)
    assert len(await claims.claim(queue_id, first, 3, 60.0, now)) == 3
    assert await claims.claim(queue_id, second, 3, 60.0, now) == []  # all held
    # Claiming again renews rather than adds.
    assert len(await claims.claim(queue_id, first, 3, 60.0, now)) == 3
    later = now + timedelta(seconds=61)
    assert len(await claims.claim(queue_id, second, 3, 60.0, later)) == 3
    assert not await claims.complete((await claims.held_by(queue_id, second, later))[0],
                                     first, later)  # the first lost it
    await claims.release((await claims.held_by(queue_id, second, later))[2], second)
    assert len(await claims.claim(queue_id, excluded, 3, 60.0, later)) == 0
