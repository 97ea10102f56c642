"""IntelligentEval and EvalProgress."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.pagination import Connection, paginate
from agenteval.api.types.access import Target
from agenteval.api.types.enums import EvalAction, IntelligentEvalStatus, SessionStatus
from agenteval.api.types.intelligent.intelligent_event import EvalEvent
from agenteval.api.types.intelligent.intelligent_plan import Plan, PlanRevision
from agenteval.api.types.intelligent.intelligent_report import Report
from agenteval.api.types.intelligent.intelligent_session import Session
from agenteval.api.types.review import JudgeAgreement, ReviewRecord
from agenteval.api.types.usage import Usage, eval_cost_estimate, eval_usage, model_prices
from agenteval.api.unset import value
from agenteval.domain.eval_language import eval_language
from agenteval.domain.intelligent.eval_records import EvalRecord
from agenteval.domain.intelligent.eval_state import allowed_actions
from agenteval.engine.intelligent import eval_report, reads
from agenteval.engine.paging import Page
from agenteval.engine.review.reads import agreement_of, finding_counts
from agenteval.store import models
from agenteval.store.evals.database_evals import eval_row


@strawberry.type
class EvalProgress:
    sessions_planned: int
    sessions_started: int
    sessions_running: int
    sessions_closed: int
    turns_used: int
    turn_budget: int | None
    budget_overruns: int
    dimensions_covered: list[str]
    dimensions_planned: list[str]


@strawberry.type
class IntelligentEval:
    row: strawberry.Private[models.IntelligentEval]
    id: strawberry.ID
    name: str
    status: IntelligentEvalStatus
    allowed_actions: list[EvalAction]
    goal: str
    intent: str
    role_description: str
    time_window_hours: int
    plan: Plan | None
    plan_feedback: str | None
    plan_revision: int
    failure_reason: str | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    completed_at: datetime | None
    last_agent_activity_at: datetime | None

    @classmethod
    def from_record(cls, record: EvalRecord) -> IntelligentEval:
        """The eval as its actor answers it (the resolvers read the row: made of it)."""
        return cls.from_row(eval_row(record))

    @classmethod
    def from_row(cls, row: models.IntelligentEval) -> IntelligentEval:
        return cls(
            row=row, id=strawberry.ID(str(row.id)), name=row.name,
            status=IntelligentEvalStatus(row.status),
            allowed_actions=[EvalAction(a) for a in allowed_actions(row.status)],
            goal=row.goal, intent=row.intent,
            role_description=row.role_description, time_window_hours=row.time_window_hours,
            plan=Plan.from_json(row.plan) if row.plan else None, plan_feedback=row.plan_feedback,
            plan_revision=row.plan_revision,
            failure_reason=row.failure_reason, created_at=row.created_at,
            updated_at=row.updated_at, started_at=row.started_at,
            completed_at=row.completed_at, last_agent_activity_at=row.last_agent_activity_at)

    @strawberry.field
    async def seeds(self, info: ResolverInfo) -> JSON:
        return JSON((await self._whole_row(info)).seeds)

    @strawberry.field(description="The language the built-in driver writes in (zh or en): "
                                  "the one given on creation, else the goal's (or the seeds' "
                                  "when the goal has no letters).")
    async def language(self, info: ResolverInfo) -> str | None:
        row = await self._whole_row(info)
        return eval_language(row.goal, row.seeds)

    @strawberry.field
    async def report(self, info: ResolverInfo) -> Report | None:
        row = await self._whole_row(info)
        return Report.from_json(row.report, row.id) if row.report else None

    async def _whole_row(self, info: ResolverInfo) -> models.IntelligentEval:
        """The row with its seeds and report: a list reads its evals without them (the
        report is the largest column), so they are read for the page when asked for."""
        if not self.row._partial:
            return self.row
        return await info.context.loaders.eval_by_id.load(self.row.id)

    @strawberry.field
    async def target(self, info: ResolverInfo) -> Target:
        return Target.from_row(await info.context.loaders.target_by_id.load(self.row.target_id))

    @strawberry.field
    async def plan_history(self, info: ResolverInfo) -> list[PlanRevision]:
        rows = await info.context.loaders.plan_revisions_by_eval.load(self.row.id)
        return [PlanRevision.from_row(row) for row in rows]

    @strawberry.field
    async def progress(self, info: ResolverInfo) -> EvalProgress:
        tally = await info.context.loaders.eval_progress_by_eval.load(self.row.id)
        return EvalProgress(**reads.progress(self.row.plan, tally))

    @strawberry.field
    async def sessions(self, first: int | None = 50, after: str | None = UNSET,
                       status: SessionStatus | None = UNSET) -> Connection[Session]:
        wanted_status = value(status)

        async def load(offset: int, limit: int) -> Page[models.EvalSession]:
            return await reads.session_page(
                self.row.id, offset, limit,
                status=None if wanted_status is None else wanted_status.value)

        return await paginate(load, value(first), after, Session.from_row)

    @strawberry.field(description="Real seconds per planned second for this server "
                                  "(AGENTEVAL_TIME_SCALE): an agent scheduling the plan's "
                                  "hours multiplies them by it, as the watchdog does.")
    def time_scale(self, info: ResolverInfo) -> float | None:
        return info.context.services.settings.time_scale

    @strawberry.field(description="Findings whose latest review confirms them.")
    async def findings_confirmed(self, info: ResolverInfo) -> int | None:
        return finding_counts(await info.context.loaders.reviews_by_owner.load(self.row.id))[0]

    @strawberry.field(description="Findings whose latest review rejects them.")
    async def findings_rejected(self, info: ResolverInfo) -> int | None:
        return finding_counts(await info.context.loaders.reviews_by_owner.load(self.row.id))[1]

    @strawberry.field(description="Reviewed sessions: the evaluator's goalAchieved against "
                                  "the reviewer's; null until one is reviewed.")
    async def verdict_agreement(self, info: ResolverInfo) -> JudgeAgreement | None:
        rows = await info.context.loaders.reviews_by_owner.load(self.row.id)
        return JudgeAgreement.from_data(agreement_of(rows, "session:"))

    @strawberry.field(description="Every human review of findings and sessions, oldest first.")
    async def review_history(self, info: ResolverInfo) -> list[ReviewRecord] | None:
        return ReviewRecord.history(await info.context.loaders.reviews_by_owner.load(self.row.id))

    @strawberry.field
    async def report_markdown(self, info: ResolverInfo) -> str | None:
        # A list's rows lack the report and seeds: the whole row, read for the page.
        return await eval_report.report_markdown(await self._whole_row(info), model_prices(info))

    @strawberry.field(description="Tokens the built-in driver's model calls used so far.")
    async def usage(self, info: ResolverInfo) -> Usage | None:
        return await eval_usage(info, self.row.id)

    @strawberry.field(description="What the plan's sessions and turns budget will cost with "
                                  "the driver's models (before approval); null without a plan.")
    async def cost_estimate(self, info: ResolverInfo) -> Usage | None:
        return await eval_cost_estimate(info, self.row.plan)

    @strawberry.field
    async def events(self, first: int | None = 100,
                     after: str | None = UNSET) -> Connection[EvalEvent]:
        async def load(offset: int, limit: int) -> Page[models.EvalEvent]:
            return await reads.event_page(self.row.id, offset, limit)

        return await paginate(load, value(first), after, EvalEvent.from_row, default=100)
