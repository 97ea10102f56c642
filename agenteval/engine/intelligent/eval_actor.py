"""EvalActor: the one place where an intelligent eval's state changes.

Each command computes the next status with the pure state machine, persists
the change with a compare-and-set on `version` (so it stays correct when
another process changed the eval meanwhile: reload, re-check, retry) together
with its events, and only then publishes the events and schedules wake-ups.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from actors import Actor
from agenteval.domain import eval_state as sm
from agenteval.engine.intelligent import commands as cmd
from agenteval.engine.intelligent.sessions import (
    check_session_indices,
    create_session_row,
    fail_running_sessions,
    session_budget_overrun,
    sessions_settled,
)
from agenteval.engine.intelligent.wakeups import Role
from agenteval.errors import Conflict, InvalidTransition, NotFound
from agenteval.store.eval_log import append_event, publish_events
from agenteval.store.models import EvalSession, IntelligentEval, PlanRevision

if TYPE_CHECKING:
    from agenteval.engine.intelligent.engine import IntelligentEngine

MAX_ATTEMPTS = 5
PendingEvent = tuple[str, dict[str, Any] | None, Any]  # (type, detail, session id)


class _Stale(Exception):
    """The row's version moved on: another writer changed the eval."""


@dataclass
class Change:
    """What one command does to the eval, besides its new status."""

    fields: dict[str, Any] = field(default_factory=dict)
    events: list[PendingEvent] = field(default_factory=list)
    # Further writes in the same transaction (given the new status); returns more events.
    inside: Callable[[str], Awaitable[list[PendingEvent]]] | None = None
    wake: Role | None = None
    result: Any = None


class EvalActor(Actor):
    def __init__(self, engine: IntelligentEngine, eval_id: uuid.UUID) -> None:
        self.engine = engine
        self.eval_id = eval_id
        self.row: IntelligentEval | None = None

    async def _reload(self) -> IntelligentEval:
        self.row = await IntelligentEval.get_or_none(id=self.eval_id)
        if self.row is None:
            raise NotFound(f"intelligent eval {self.eval_id} does not exist")
        return self.row

    async def handle(self, message: Any) -> Any:
        # Read fresh for every command: another process may have moved the eval on,
        # and a transition refused on a stale status would be wrong (the version
        # check only catches the opposite case, a transition allowed on a stale one).
        await self._reload()
        handler = _HANDLERS.get(type(message))
        if handler is None:
            raise TypeError(f"EvalActor cannot handle {message!r}")
        return await handler(self, message)

    # ------------------------------------------------------------ the commit loop
    async def _run(self, action: str, build: Callable[[IntelligentEval, str, datetime],
                                                       Awaitable[Change]]) -> Any:
        for _ in range(MAX_ATTEMPTS):
            row = self.row
            assert row is not None
            status = sm.next_status(row.status, action)
            now = datetime.now(UTC)
            change = await build(row, status, now)
            try:
                stored = await self._persist(row, status, now, change)
            except _Stale:
                await self._reload()
                continue
            await publish_events(self.engine.events, stored)
            fresh = await self._reload()
            if change.wake is not None:
                self.engine.wakeups.wake(str(self.eval_id), change.wake, fresh.plan_revision)
            return fresh if change.result is None else change.result
        raise Conflict("the eval kept changing concurrently; retry")

    async def _persist(self, row: IntelligentEval, status: str, now: datetime,
                       change: Change) -> list[Any]:
        async with in_transaction():
            values = {"status": status, "version": row.version + 1, "updated_at": now,
                      **change.fields}
            if await IntelligentEval.filter(id=row.id, version=row.version).update(**values) == 0:
                raise _Stale
            pending = list(change.events)
            if change.inside is not None:
                pending += await change.inside(status)
            return [await append_event(row.id, kind, status, session_id=session_id,
                                       detail=detail)
                    for kind, detail, session_id in pending]

    # ------------------------------------------------------------ commands
    async def _start_planning(self, message: cmd.StartPlanning) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            return Change(fields={"planning_entered_at": now},
                          events=[("CREATED", {"name": row.name}, None)], wake="planner")
        return await self._run(sm.START_PLANNING, build)

    async def _submit_plan(self, message: cmd.SubmitPlan) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            revision = row.plan_revision + 1

            async def inside(status: str) -> list[PendingEvent]:
                await PlanRevision.create(eval_id=row.id, revision=revision, plan=message.plan)
                return []
            return Change(fields={"plan": message.plan, "plan_revision": revision,
                                  "last_agent_activity_at": now},
                          events=[("PLAN_SUBMITTED", {"revision": revision}, None)],
                          inside=inside)
        return await self._run(sm.SUBMIT_PLAN, build)

    async def _approve(self, message: cmd.ApprovePlan) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            return Change(fields={"started_at": now},
                          events=[("PLAN_APPROVED", {"revision": row.plan_revision}, None)],
                          wake="evaluator")
        return await self._run(sm.APPROVE, build)

    async def _reject(self, message: cmd.RejectPlan) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            async def inside(status: str) -> list[PendingEvent]:
                await PlanRevision.filter(eval_id=row.id, revision=row.plan_revision).update(
                    feedback=message.feedback, rejected_at=now)
                return []
            return Change(fields={"plan_feedback": message.feedback, "planning_entered_at": now},
                          events=[("PLAN_REJECTED", {"feedback": message.feedback}, None)],
                          inside=inside, wake="planner")
        return await self._run(sm.REJECT, build)

    async def _cancel(self, message: cmd.CancelEval) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            return Change(fields={"completed_at": now},
                          events=[("CANCELLED", {"reason": message.reason}, None)],
                          inside=lambda status: fail_running_sessions(row.id, now))
        return await self._run(sm.CANCEL, build)

    async def _submit_report(self, message: cmd.SubmitReport) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            report = {**message.report, "submittedAt": now.isoformat()}
            return Change(fields={"report": report, "completed_at": now,
                                  "last_agent_activity_at": now},
                          events=[("REPORT_SUBMITTED", {"findings": len(report["findings"])},
                                   None), ("COMPLETED", None, None)],
                          inside=lambda status: fail_running_sessions(row.id, now))
        return await self._run(sm.SUBMIT_REPORT, build)

    async def _heartbeat(self, message: cmd.Heartbeat) -> IntelligentEval:
        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            return Change(fields={"last_agent_activity_at": now},
                          events=[("HEARTBEAT", {"note": message.note}, None)])
        return await self._run(sm.HEARTBEAT, build)

    async def _create_session(self, message: cmd.CreateSession) -> EvalSession:
        if message.idempotency_key:
            existing = await EvalSession.get_or_none(eval_id=self.eval_id,
                                                     idempotency_key=message.idempotency_key)
            if existing is not None:
                return existing

        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            check_session_indices(row.plan, message)
            overrun = await session_budget_overrun(row, self.engine.settings.enforce_budget)
            holder: dict[str, EvalSession] = {}

            async def inside(status: str) -> list[PendingEvent]:
                session = await create_session_row(row, message, now)
                holder["session"] = session
                events: list[PendingEvent] = [("SESSION_CREATED", {"sessionId": str(session.id)},
                                               session.id)]
                if overrun is not None:
                    events.append(("BUDGET_OVERRUN", overrun, session.id))
                return events
            change = Change(fields={"last_agent_activity_at": now}, inside=inside)
            change.result = holder  # replaced by the session below, once stored
            return change

        try:
            holder = await self._run(sm.CREATE_SESSION, build)
        except IntegrityError:
            # The same idempotency key, created concurrently by another process.
            existing = await EvalSession.get_or_none(eval_id=self.eval_id,
                                                     idempotency_key=message.idempotency_key)
            if existing is None:
                raise
            return existing
        return holder["session"]

    async def _fail(self, message: cmd.FailEval) -> IntelligentEval | None:
        row = await self._reload()
        if sm.is_terminal(row.status) or not message.still_stalled(row):
            return None

        async def build(row: IntelligentEval, status: str, now: datetime) -> Change:
            return Change(fields={"completed_at": now, "failure_reason": message.reason},
                          events=[("FAILED", {"reason": message.reason}, None)],
                          inside=lambda status: fail_running_sessions(row.id, now))
        try:
            return await self._run(sm.FAIL, build)
        except InvalidTransition:
            return None

    async def _sessions_settled(self, message: cmd.SessionsSettled) -> None:
        """Record analyst_woken_at (so the report timeout starts) and wake the analyst, once."""
        for _ in range(MAX_ATTEMPTS):
            row = await self._reload()
            if row.status != sm.EXECUTING or row.analyst_woken_at is not None:
                return
            if not await sessions_settled(row):
                return
            now = datetime.now(UTC)
            updated = await IntelligentEval.filter(id=row.id, version=row.version).update(
                analyst_woken_at=now, version=row.version + 1, updated_at=now)
            if updated:
                self.engine.wakeups.wake(str(row.id), "analyst", row.plan_revision)
                await self._reload()
                return


_HANDLERS: dict[type, Callable[[EvalActor, Any], Awaitable[Any]]] = {
    cmd.StartPlanning: EvalActor._start_planning,
    cmd.SubmitPlan: EvalActor._submit_plan,
    cmd.ApprovePlan: EvalActor._approve,
    cmd.RejectPlan: EvalActor._reject,
    cmd.CancelEval: EvalActor._cancel,
    cmd.SubmitReport: EvalActor._submit_report,
    cmd.Heartbeat: EvalActor._heartbeat,
    cmd.CreateSession: EvalActor._create_session,
    cmd.FailEval: EvalActor._fail,
    cmd.SessionsSettled: EvalActor._sessions_settled,
}
