"""Campaign, Run and RunProgress."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry import UNSET

from agenteval.api.context import ResolverInfo
from agenteval.api.pagination import Connection, paginate
from agenteval.api.types.access import Target
from agenteval.api.types.enums import RunStatus, SuccessLevel
from agenteval.api.types.review import ReviewRecord
from agenteval.api.types.static.offline_skipped_case import OfflineSkippedCase
from agenteval.api.types.static.static_outcome import CaseOutcome
from agenteval.api.types.static.static_scenario import Scenario
from agenteval.api.types.static.static_summary import RunSummary
from agenteval.api.types.usage import Usage, model_prices, run_usage
from agenteval.api.unset import value
from agenteval.domain.static.run_records import summary_from_json
from agenteval.domain.static.stored_run import RunRecord
from agenteval.engine.paging import Page
from agenteval.engine.static import reads, run_reports
from agenteval.engine.static.reads import SummaryKey
from agenteval.engine.static.run_reports import StoredOutcome
from agenteval.store import models
from agenteval.store.runs.database_runs import row_of


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
    async def scenario(self, info: ResolverInfo) -> Scenario:
        return Scenario.from_row(await info.context.loaders.scenario_by_id.load(
            self.row.scenario_id))

    @strawberry.field
    async def targets(self, info: ResolverInfo) -> list[Target]:
        rows = await info.context.loaders.targets_by_campaign.load(self.row.id)
        return [Target.from_row(row) for row in rows]

    @strawberry.field
    async def runs(self, info: ResolverInfo) -> list[Run]:
        rows = await info.context.loaders.runs_by_campaign.load(self.row.id)
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
    started_by: str | None = strawberry.field(
        default=None, description="The key that started the run: its name and id.")
    cancelled_by: str | None = strawberry.field(
        default=None, description="The key that cancelled the run: its name and id.")
    offline: bool = strawberry.field(
        default=False, description="Judged logged conversations (judgeConversations): the "
        "replies are the logged ones and nothing was sent to the target.")
    conversation_set_id: strawberry.ID | None = strawberry.field(
        default=None, description="The conversation set an offline run judged (null once "
        "deleted: the run keeps its own copy of the dialogs).")
    offline_skipped: list[OfflineSkippedCase] | None = strawberry.field(
        default=None, description="An offline run judged with a scenario: the scenario's "
        "cases that could not judge the log, each with why (null when none was left out).")

    @strawberry.field
    async def campaign(self, info: ResolverInfo) -> Campaign:
        return Campaign.from_row(await info.context.loaders.campaign_by_id.load(
            self.row.campaign_id))

    @strawberry.field
    async def target(self, info: ResolverInfo) -> Target:
        return Target.from_row(await info.context.loaders.target_by_id.load(self.row.target_id))

    @strawberry.field
    def progress(self) -> RunProgress:
        return RunProgress.from_dict(run_reports.progress_of(self.row))

    @strawberry.field(description="Stored when the run ends; computed from the attempts so "
                                  "far while it runs; null while QUEUED.")
    async def summary(self, info: ResolverInfo) -> RunSummary | None:
        if self.row.status == "QUEUED":
            return None
        if self.row.summary is not None:
            return RunSummary.from_data(summary_from_json(self.row.summary), self.row.id)
        # Not ended yet: computed from the attempts, for the whole page at once.
        key = SummaryKey(self.row.id, self.row.repeat, self.row.total)
        return RunSummary.from_data(await info.context.loaders.run_summary_by_run.load(key),
                                    self.row.id)

    @strawberry.field
    async def outcomes(self, first: int | None = 100, after: str | None = UNSET,
                       passed: bool | None = UNSET,
                       success_level: SuccessLevel | None = UNSET,
                       tag: str | None = UNSET) -> Connection[CaseOutcome]:
        wanted_passed, wanted_level, wanted_tag = value(passed), value(success_level), value(tag)

        async def load(offset: int, limit: int) -> Page[StoredOutcome]:
            return await reads.outcome_page(
                self.row, offset, limit, passed=wanted_passed,
                success_level=None if wanted_level is None else wanted_level.value,
                tag=wanted_tag)

        return await paginate(load, first, after,
                              lambda stored: CaseOutcome.from_stored(stored, self.row.id),
                              default=100)

    @strawberry.field
    async def report_markdown(self, info: ResolverInfo) -> str | None:
        return await run_reports.report_markdown(self.row, model_prices(info))

    @strawberry.field(description="Tokens its JUDGE / EMBEDDING / MODERATION calls used so far.")
    async def usage(self, info: ResolverInfo) -> Usage | None:
        return await run_usage(info, self.row.id)

    @strawberry.field(description="Every human review of the run's attempts, oldest first.")
    async def review_history(self, info: ResolverInfo) -> list[ReviewRecord] | None:
        return ReviewRecord.history(await info.context.loaders.reviews_by_owner.load(self.row.id))

    @classmethod
    def from_record(cls, record: RunRecord) -> Run:
        """A run as the run engine answers it (its resolvers read the row: made of it)."""
        return cls.from_row(row_of(record))

    @classmethod
    def from_row(cls, row: models.Run) -> Run:
        return cls(id=strawberry.ID(str(row.id)), status=RunStatus(row.status), error=row.error,
                   created_at=row.created_at, started_at=row.started_at,
                   completed_at=row.completed_at, row=row, started_by=row.started_by,
                   cancelled_by=row.cancelled_by, offline=row.offline,
                   conversation_set_id=None if row.conversation_set_id is None
                   else strawberry.ID(str(row.conversation_set_id)),
                   offline_skipped=None if row.offline_skipped is None else [
                       OfflineSkippedCase(case_key=s["caseKey"], reason=s["reason"])
                       for s in row.offline_skipped])
