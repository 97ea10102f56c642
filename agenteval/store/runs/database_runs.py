"""`DatabaseRuns`: the static run's store port (engine/static/ports.py) on the database.

The statements are store/runs/run_store.py's (fenced writes, compare-and-set on the version);
this is the one object the RunActor, its execution and a cancel made elsewhere reach
them through.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from actors import VersionConflict
from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.errors import NotFound
from agenteval.store.models import Run, Target
from agenteval.store.runs import run_store as runs


class DatabaseRuns:
    async def run(self, run_id: uuid.UUID) -> Run:
        run = await Run.get_or_none(id=run_id)
        if run is None:
            raise NotFound(f"run {run_id} does not exist")
        return run

    async def state(self, run_id: uuid.UUID) -> Run:
        # A read-only partial row: tortoise leaves out the cases, and the campaign and
        # target ids with them (`runs.STATE_FIELDS`).
        run = await Run.filter(id=run_id).only(*runs.STATE_FIELDS).first()
        if run is None:
            raise NotFound(f"run {run_id} does not exist")
        return run

    async def target(self, target_id: Any) -> Target | None:
        return await Target.get_or_none(id=target_id)

    async def finished_attempts(self, run_id: uuid.UUID) -> set[tuple[str, int]]:
        return await runs.finished_attempt_keys(run_id)

    async def transition(self, run: Run, action: str, **fields: Any) -> None:
        if not await runs.transition(run, action, **fields):
            raise VersionConflict(f"run {run.id}")

    async def save_attempts(self, run_id: uuid.UUID, version: int,
                            attempts: Sequence[FinishedAttempt], counters: Counters) -> int:
        return await runs.save_attempts(run_id, version, attempts, counters)

    async def summary(self, run: Run) -> RunSummaryData:
        return summarise(await runs.outcome_records(run.id), run.repeat,
                         expected_total=run.total)

    def excluding_owner(self, run_id: uuid.UUID) -> AbstractAsyncContextManager[None]:
        return runs.excluding_owner(run_id)
