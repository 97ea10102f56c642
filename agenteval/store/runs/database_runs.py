"""`DatabaseRuns`: the static run's store port (engine/static/ports.py) on the database.

The statements are store/runs/run_store.py's (fenced writes, compare-and-set on the version);
this is the one object the RunActor, its execution and a cancel made elsewhere reach
them through. Rows are mapped to the port's frozen records here, at the edge
(`record_of`); `row_of` gives the API's run types, which read rows, a record's row back.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import fields, replace
from typing import Any

from actors import VersionConflict
from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.domain.static.stored_run import RunRecord
from agenteval.domain.target_record import TargetRecord
from agenteval.errors import NotFound
from agenteval.store.models import Run, Target
from agenteval.store.runs import run_store as runs

_RECORD_FIELDS = tuple(field.name for field in fields(RunRecord))
# What a state read (`.only(*runs.STATE_FIELDS)`) leaves out: tortoise does not set them.
_NOT_IN_STATE = ("cases", "campaign_id", "target_id")


def record_of(row: Run) -> RunRecord:
    """The row as the port's record (a partial row's missing columns: None)."""
    skipped = _NOT_IN_STATE if row._partial else ()
    columns: dict[str, Any] = {name: None if name in skipped else getattr(row, name)
                               for name in _RECORD_FIELDS}
    return RunRecord(**columns)


def row_of(record: RunRecord) -> Run:
    """A whole record as an (unsaved) row, for the readers that take rows."""
    return Run(**{name: getattr(record, name) for name in _RECORD_FIELDS})


class DatabaseRuns:
    async def run(self, run_id: uuid.UUID) -> RunRecord:
        run = await Run.get_or_none(id=run_id)
        if run is None:
            raise NotFound(f"run {run_id} does not exist")
        return record_of(run)

    async def state(self, run_id: uuid.UUID) -> RunRecord:
        # A read-only partial row: tortoise leaves out the cases, and the campaign and
        # target ids with them (`runs.STATE_FIELDS`).
        run = await Run.filter(id=run_id).only(*runs.STATE_FIELDS).first()
        if run is None:
            raise NotFound(f"run {run_id} does not exist")
        return record_of(run)

    async def target(self, target_id: Any) -> TargetRecord | None:
        target = await Target.get_or_none(id=target_id)
        return None if target is None else TargetRecord(
            id=target.id, channel_type=target.channel_type,
            channel_config=target.channel_config, max_concurrency=target.max_concurrency)

    async def finished_attempts(self, run_id: uuid.UUID) -> set[tuple[str, int]]:
        return await runs.finished_attempt_keys(run_id)

    async def transition(self, run: RunRecord, action: str, **fields: Any) -> RunRecord:
        written = await runs.transitioned(run.id, run.status, run.version, action, **fields)
        if written is None:
            raise VersionConflict(f"run {run.id}")
        return replace(run, **written)

    async def save_attempts(self, run_id: uuid.UUID, version: int,
                            attempts: Sequence[FinishedAttempt], counters: Counters) -> int:
        return await runs.save_attempts(run_id, version, attempts, counters)

    async def summary(self, run: RunRecord) -> RunSummaryData:
        return summarise(await runs.outcome_records(run.id), run.repeat,
                         expected_total=run.total)

    def excluding_owner(self, run_id: uuid.UUID) -> AbstractAsyncContextManager[None]:
        return runs.excluding_owner(run_id)
