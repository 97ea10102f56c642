"""Campaign, Run and RunProgress."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry import UNSET

from agenteval.api.inputs import value
from agenteval.api.pagination import Connection, connection_from_items, decode_cursor, page_size
from agenteval.api.types.access import Target
from agenteval.api.types.enums import RunStatus, SuccessLevel
from agenteval.api.types.static_outcome import CaseOutcome
from agenteval.api.types.static_scenario import Scenario
from agenteval.api.types.static_summary import RunSummary
from agenteval.api.types.usage import Usage, model_prices, run_usage
from agenteval.engine.static import run_store
from agenteval.store import models


@strawberry.type
class RunProgress:
    run_id: strawberry.ID
    status: RunStatus
    total: int
    done: int
    passed: int
    failed: int
    errored: int

    @classmethod
    def from_dict(cls, progress: dict[str, Any]) -> RunProgress:
        return cls(run_id=strawberry.ID(progress["runId"]), status=RunStatus(progress["status"]),
                   total=progress["total"], done=progress["done"], passed=progress["passed"],
                   failed=progress["failed"], errored=progress["errored"])


@strawberry.type
class Campaign:
    id: strawberry.ID
    name: str
    repeat: int
    concurrency: int
    created_at: datetime
    row: strawberry.Private[models.Campaign]

    @strawberry.field
    async def scenario(self) -> Scenario:
        return Scenario.from_row(await models.Scenario.get(id=self.row.scenario_id))

    @strawberry.field
    async def targets(self) -> list[Target]:
        return [Target.from_row(t)
                for t in await self.row.targets.all().order_by("created_at", "id")]

    @strawberry.field
    async def runs(self) -> list[Run]:
        rows = await models.Run.filter(campaign_id=self.row.id).order_by("created_at", "id")
        return [Run.from_row(row) for row in rows]

    @classmethod
    def from_row(cls, row: models.Campaign) -> Campaign:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, repeat=row.repeat,
                   concurrency=row.concurrency, created_at=row.created_at, row=row)


@strawberry.type
class Run:
    id: strawberry.ID
    status: RunStatus
    error: str | None
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None
    row: strawberry.Private[models.Run]

    @strawberry.field
    async def campaign(self) -> Campaign:
        return Campaign.from_row(await models.Campaign.get(id=self.row.campaign_id))

    @strawberry.field
    async def target(self) -> Target:
        return Target.from_row(await models.Target.get(id=self.row.target_id))

    @strawberry.field
    def progress(self) -> RunProgress:
        return RunProgress.from_dict(run_store.progress_of(self.row))

    @strawberry.field(description="Stored when the run ends; computed from the attempts so "
                                  "far while it runs; null while QUEUED.")
    async def summary(self) -> RunSummary | None:
        if self.row.status == "QUEUED":
            return None
        return RunSummary.from_data(await run_store.summary_of(self.row))

    @strawberry.field
    async def outcomes(self, first: int | None = 100, after: str | None = UNSET,
                       passed: bool | None = UNSET,
                       success_level: SuccessLevel | None = UNSET) -> Connection[CaseOutcome]:
        first = page_size(first, default=100)
        passed, success_level = value(passed), value(success_level)
        start = decode_cursor(after)
        query = models.CaseOutcome.filter(run_id=self.row.id)
        if passed is not None:
            query = query.filter(passed=passed)
        if success_level is not None:
            query = query.filter(success_level=success_level.value)
        total = await query.count()
        ids = await query.order_by("position", "attempt").offset(start).limit(first).values_list(
            "id", flat=True) if first else []
        stored = await run_store.stored_outcomes(self.row, ids) if ids else []
        return connection_from_items(stored, start, total, CaseOutcome.from_stored)

    @strawberry.field
    async def report_markdown(self, info: strawberry.Info) -> str | None:
        return await run_store.report_markdown(self.row, model_prices(info))

    @strawberry.field(description="Tokens its JUDGE / EMBEDDING / MODERATION calls used so far.")
    async def usage(self, info: strawberry.Info) -> Usage | None:
        return await run_usage(info, self.row.id)

    @classmethod
    def from_row(cls, row: models.Run) -> Run:
        return cls(id=strawberry.ID(str(row.id)), status=RunStatus(row.status), error=row.error,
                   created_at=row.created_at, started_at=row.started_at,
                   completed_at=row.completed_at, row=row)
