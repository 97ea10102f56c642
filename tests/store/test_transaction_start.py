"""A transaction whose BEGIN fails (its pooled connection died in a restart) leaves nothing
behind: the task's connection is restored and the acquired connection goes back to the pool."""

from __future__ import annotations

import asyncpg
import pytest
from tortoise import Tortoise
from tortoise.backends.asyncpg.client import TransactionWrapper
from tortoise.connection import get_connections
from tortoise.transactions import in_transaction

from agenteval.store.models import Target


async def test_a_failed_begin_leaves_no_dead_connection_behind(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if not db.startswith("postgres"):
        pytest.skip("pooled transactions: PostgreSQL")
    assert await Target.all().count() == 0  # the pool exists
    pool = Tortoise.get_connection("default")._pool  # type: ignore[attr-defined]
    idle = pool._queue.qsize()

    async def dead_begin(self: TransactionWrapper) -> None:
        raise asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the "
                                                             "middle of operation")

    monkeypatch.setattr(TransactionWrapper, "begin", dead_begin)
    with pytest.raises(asyncpg.exceptions.ConnectionDoesNotExistError):
        async with in_transaction():
            pass
    monkeypatch.undo()
    # The task's connection is the pool again, not the transaction that never started ...
    assert not isinstance(get_connections().get("default"), TransactionWrapper)
    # ... and the connection it had acquired is back in the pool.
    assert pool._queue.qsize() == idle
    async with in_transaction():
        assert await Target.all().count() == 0
