"""EvalActor: the one place where an intelligent eval's state changes.

Ownership: this actor is the only writer of its eval row's state (status,
version, plan, report, timestamps) and creates the eval's session rows. The
log counters of the row (`event_sequence`, `turns_used`,
`last_agent_activity_at`) change only through `store.eval_log.append_events`,
which every writer of events uses. A session row, once created, belongs to its
SessionActor: when the eval leaves EXECUTING, this actor asks each RUNNING
session's actor to fail it (`FailSession`) after its own transition committed;
a session left RUNNING by a crash in between is failed by the watchdog's next
pass. This actor may ask SessionActors; they never ask it (no wait cycle).

Evals are owned entities of kind `eval` (declared at the composition root), which
the runtime owns around each command (per message: a command may reach any
process). So the actor is a state machine over the eval's record it loads once (`load`,
called by the runtime) and keeps: its own commits update it, and the runtime
reloads it only when another process owned the eval since this actor's last
command (docs/design.md, "Ownership and leases"). Each command computes the next
status with the pure state machine on the kept record, then persists the change
with its events in one fenced transaction, compare-and-set on the version it
expects (`VersionConflict` — a writer that is not the owner — makes the runtime
reload and deliver the command again), and only then publishes the events and
schedules wake-ups. The log counters are not this actor's: each commit answers
them; the watchdog's re-check reads the agent activity afresh.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from actors import OwnedActor
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_events import Appended, Inside, NewEvent
from agenteval.domain.intelligent.eval_records import DuplicateKey, EvalRecord, SessionRecord
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.ports import EvalServices
from agenteval.engine.intelligent.sessions import check_session_indices
from agenteval.engine.intelligent.stalls import stall_reason
from agenteval.engine.intelligent.wakeups import Role
from agenteval.errors import AgentEvalError, InvalidTransition, NotFound
from agenteval.observability import log_context
from agenteval.store.evals.eval_topics import publish_events

logger = logging.getLogger("agenteval.evals")


@dataclass
class Change:
    """What one command does to the eval, besides its new status."""

    fields: dict[str, Any] = field(default_factory=dict)
    events: list[NewEvent] = field(default_factory=list)
    # Further writes in the same transaction (given the new status); returns more events.
    inside: Inside | None = None
    wake: Role | None = None
    # The eval leaves EXECUTING: its RUNNING sessions' actors fail them after the commit.
    fail_sessions: bool = False


class EvalActor(OwnedActor):
    """The eval's one writer; handles the commands of `commands` for one eval."""

    def __init__(self, engine: EvalServices, eval_id: uuid.UUID) -> None:
        self.engine = engine
        self.store = engine.evals
        self.eval_id = eval_id
        self.row: EvalRecord | None = None  # as stored after this actor's last commit

    async def load(self) -> None:
        self.row = None  # a load that fails leaves nothing stale behind
        self.row = await self.store.load(self.eval_id)

    @property
    def kept(self) -> EvalRecord:
        if self.row is None:  # the runtime loads before every first message
            raise NotFound(f"intelligent eval {self.eval_id} does not exist")
        return self.row

    async def receive(self, message: Any) -> Any:
        log_context.bind(eval_id=self.eval_id)
        match message:
            case commands.StartPlanning():
                return await self._start_planning(message)
            case commands.SubmitPlan():
                return await self._submit_plan(message)
            case commands.ApprovePlan():
                return await self._approve(message)
            case commands.RejectPlan():
                return await self._reject(message)
            case commands.CancelEval():
                return await self._cancel(message)
            case commands.SubmitReport():
                return await self._submit_report(message)
            case commands.Heartbeat():
                return await self._heartbeat(message)
            case commands.CreateSession():
                return await self._create_session(message)
            case commands.FailEval():
                return await self._fail(message)
            case commands.SessionsSettled():
                return await self._sessions_settled(message)
            case _:
                raise TypeError(f"EvalActor cannot handle {message!r}")

    # ------------------------------------------------------------ the commit
    async def _run(self, action: str, build: Callable[[EvalRecord, str, datetime],
                                                       Awaitable[Change]]) -> EvalRecord:
        """Commit the command's change on the kept row; the eval after it (a record)."""
        row = self.kept
        status = eval_state.next_status(row.status, action)
        now = datetime.now(UTC)
        change = await build(row, status, now)
        appended = await self.store.commit(row, status, now, change.fields, change.events,
                                           change.inside)
        self.row = row = _applied(row, appended, status=status, version=row.version + 1,
                                  updated_at=now, **change.fields)
        await publish_events(self.engine.events, appended.events)
        if change.fail_sessions:
            await self._fail_running_sessions(now)
        if change.wake is not None:
            self.engine.wakeups.wake(str(self.eval_id), change.wake, row.plan_revision)
        return row

    async def _fail_running_sessions(self, now: datetime) -> None:
        """Ask each RUNNING session's actor to fail it; one that cannot answer now is left
        to the watchdog (the eval's own transition has committed either way)."""
        for session_id in await self.store.running_session_ids(self.eval_id):
            try:
                await self.engine.ask_session(session_id, commands.FailSession(now))
            except AgentEvalError as exc:
                logger.warning("session %s of eval %s not failed yet: %s", session_id,
                               self.eval_id, exc.message)

    # ------------------------------------------------------------ commands
    async def _start_planning(self, message: commands.StartPlanning) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            return Change(fields={"planning_entered_at": now},
                          events=[NewEvent("CREATED", {"name": row.name})], wake="planner")
        return await self._run(eval_state.START_PLANNING, build)

    async def _submit_plan(self, message: commands.SubmitPlan) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            revision = row.plan_revision + 1

            async def inside(status: str) -> list[NewEvent]:
                await self.store.add_plan_revision(row.id, revision, message.plan)
                return []
            return Change(fields={"plan": message.plan, "plan_revision": revision,
                                  "last_agent_activity_at": now},
                          events=[NewEvent("PLAN_SUBMITTED", {"revision": revision})],
                          inside=inside)
        return await self._run(eval_state.SUBMIT_PLAN, build)

    async def _approve(self, message: commands.ApprovePlan) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            return Change(fields={"started_at": now},
                          events=[NewEvent("PLAN_APPROVED", with_actor(
                              {"revision": row.plan_revision}, message.actor))],
                          wake="evaluator")
        return await self._run(eval_state.APPROVE, build)

    async def _reject(self, message: commands.RejectPlan) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            async def inside(status: str) -> list[NewEvent]:
                await self.store.reject_plan_revision(row.id, row.plan_revision,
                                                      message.feedback, now)
                return []
            return Change(fields={"plan_feedback": message.feedback, "planning_entered_at": now},
                          events=[NewEvent("PLAN_REJECTED", with_actor(
                              {"feedback": message.feedback}, message.actor))],
                          inside=inside, wake="planner")
        return await self._run(eval_state.REJECT, build)

    async def _cancel(self, message: commands.CancelEval) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            return Change(fields={"completed_at": now},
                          events=[NewEvent("CANCELLED", with_actor(
                              {"reason": message.reason}, message.actor))],
                          fail_sessions=True)
        return await self._run(eval_state.CANCEL, build)

    async def _submit_report(self, message: commands.SubmitReport) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            report = {**message.report, "submittedAt": now.isoformat()}
            return Change(fields={"report": report, "completed_at": now,
                                  "last_agent_activity_at": now},
                          events=[NewEvent("REPORT_SUBMITTED",
                                           {"findings": len(report["findings"])}),
                                  NewEvent("COMPLETED")],
                          fail_sessions=True)
        return await self._run(eval_state.SUBMIT_REPORT, build)

    async def _heartbeat(self, message: commands.Heartbeat) -> EvalRecord:
        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            return Change(fields={"last_agent_activity_at": now},
                          events=[NewEvent("HEARTBEAT", {"note": message.note})])
        return await self._run(eval_state.HEARTBEAT, build)

    async def _create_session(self, message: commands.CreateSession) -> SessionRecord:
        if message.idempotency_key:
            existing = await self.store.session_by_key(self.eval_id, message.idempotency_key)
            if existing is not None:
                return existing

        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            check_session_indices(row.plan, message)
            overrun = await self.store.session_budget_overrun(
                row, self.engine.settings.enforce_budget)

            async def inside(status: str) -> list[NewEvent]:
                session = await self.store.create_session(row, message, now)
                holder["session"] = session
                events = [NewEvent("SESSION_CREATED", {"sessionId": str(session.id)}, session.id)]
                if overrun is not None:
                    events.append(NewEvent("BUDGET_OVERRUN", overrun, session.id))
                return events
            return Change(fields={"last_agent_activity_at": now}, inside=inside)

        # The session row is created inside the eval's transaction; `inside` hands it out.
        holder: dict[str, SessionRecord] = {}
        try:
            await self._run(eval_state.CREATE_SESSION, build)
        except DuplicateKey:
            # The same idempotency key, created concurrently by another process.
            existing = None if not message.idempotency_key else await self.store.session_by_key(
                self.eval_id, message.idempotency_key)
            if existing is None:
                raise
            return existing
        return holder["session"]

    async def _fail(self, message: commands.FailEval) -> EvalRecord | None:
        row = self.kept
        if eval_state.is_terminal(row.status):
            return None
        # Session turns move the agent activity: re-check the stall on its stored value.
        self.row = row = replace(row, last_agent_activity_at=await self.store.last_activity(
            self.eval_id))
        if stall_reason(row, self.engine.settings, message.now) != message.reason:
            return None

        async def build(row: EvalRecord, status: str, now: datetime) -> Change:
            return Change(fields={"completed_at": now, "failure_reason": message.reason},
                          events=[NewEvent("FAILED", {"reason": message.reason})],
                          fail_sessions=True)
        try:
            return await self._run(eval_state.FAIL, build)
        except InvalidTransition:
            return None

    async def _sessions_settled(self, message: commands.SessionsSettled) -> None:
        """Record analyst_woken_at (so the report timeout starts) and wake the analyst, once."""
        row = self.kept
        if row.status != eval_state.EXECUTING or row.analyst_woken_at is not None:
            return
        if not await self.store.sessions_settled(row):
            return
        now = datetime.now(UTC)
        await self.store.mark_analyst_woken(row, now)
        self.row = row = replace(row, analyst_woken_at=now, version=row.version + 1,
                                 updated_at=now)
        self.engine.wakeups.wake(str(row.id), "analyst", row.plan_revision)


def _applied(row: EvalRecord, appended: Appended, **values: Any) -> EvalRecord:
    """`row` as the commit stored it: its own values and the log counters after it."""
    counters: dict[str, Any] = {"turns_used": appended.turns_used,
                                "last_agent_activity_at": appended.last_agent_activity_at}
    if appended.event_sequence:
        counters["event_sequence"] = appended.event_sequence
    return replace(row, **{**values, **counters})


def with_actor(detail: dict[str, Any], actor: commands.Requester | None) -> dict[str, Any]:
    """The event detail, naming the user who asked for it when there is one."""
    return detail if actor is None else {**detail, "actor": actor}
