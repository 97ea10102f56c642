"""Sampling plans and review queues on the database, with the API keys a queue is given.

A queue is stored with its items in one transaction (all or nothing); a run's or eval's
appeals queue is made once even when two processes race to make it (a unique
`appeals_of`). The rows still cross this port (the API's types read them); exported so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from agenteval.store.models import (
    ApiKey,
    IntelligentEval,
    ReviewItemRow,
    ReviewPlanRow,
    ReviewQueueRow,
    Run,
)

__all__ = ["ApiKey", "ReviewPlanRow", "ReviewQueueRow", "add_plan", "add_queue",
           "appeals_queue", "find_appeals_queue", "find_plan", "find_queue", "keys_by_ids",
           "lock_appeals_queue", "owner_name", "plans_oldest_first", "queues_oldest_first",
           "set_reviewers"]


async def add_plan(*, name: str, spec: dict[str, Any], created_by: str) -> ReviewPlanRow:
    return await ReviewPlanRow.create(id=uuid.uuid4(), name=name, spec=spec,
                                      created_by=created_by)


async def plans_oldest_first() -> list[ReviewPlanRow]:
    return list(await ReviewPlanRow.all().order_by("created_at"))


async def queues_oldest_first() -> list[ReviewQueueRow]:
    return list(await ReviewQueueRow.all().order_by("created_at"))


async def find_plan(plan_id: uuid.UUID) -> ReviewPlanRow | None:
    return await ReviewPlanRow.get_or_none(id=plan_id)


async def find_queue(queue_id: uuid.UUID) -> ReviewQueueRow | None:
    return await ReviewQueueRow.get_or_none(id=queue_id)


async def keys_by_ids(key_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ApiKey]:
    return {key.id: key for key in await ApiKey.filter(id__in=list(key_ids))}


async def add_queue(queue: dict[str, Any], items: Sequence[dict[str, Any]]) -> ReviewQueueRow:
    """The queue (its fields but the id) and its items (their fields but the id and the
    queue), in one transaction."""
    async with in_transaction():
        row = await ReviewQueueRow.create(id=uuid.uuid4(), **queue)
        await ReviewItemRow.bulk_create([ReviewItemRow(id=uuid.uuid4(), queue_id=row.id,
                                                       **fields) for fields in items])
    return row


async def set_reviewers(queue: ReviewQueueRow, reviewer_key_ids: list[str]) -> None:
    queue.reviewer_key_ids = reviewer_key_ids
    await queue.save(update_fields=["reviewer_key_ids"])


async def owner_name(run_id: uuid.UUID | None, eval_id: uuid.UUID | None) -> str:
    """A run's campaign name, or an eval's name (the run or eval exists)."""
    if run_id is not None:
        run = await Run.get(id=run_id).prefetch_related("campaign")
        return str(run.campaign.name)
    row = await IntelligentEval.get(id=eval_id)
    return row.name


async def find_appeals_queue(owner: str) -> ReviewQueueRow | None:
    return await ReviewQueueRow.get_or_none(appeals_of=owner)


async def appeals_queue(owner: str, fields: dict[str, Any]) -> ReviewQueueRow:
    """The owner's appeals queue, made with `fields` unless another process made it first."""
    try:
        async with in_transaction():  # a savepoint: PostgreSQL's outer work survives a loss
            return await ReviewQueueRow.create(id=uuid.uuid4(), appeals_of=owner, **fields)
    except IntegrityError:
        return await ReviewQueueRow.get(appeals_of=owner)


async def lock_appeals_queue(queue_id: uuid.UUID, owner: str) -> None:
    """Take the write lock on the queue's row (a row lock on PostgreSQL, the database's on
    SQLite) until the transaction ends: a second writer waits."""
    await ReviewQueueRow.filter(id=queue_id).update(appeals_of=owner)
