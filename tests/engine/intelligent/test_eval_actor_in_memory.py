"""The EvalActor's behaviour against in-memory ports — no database: its state machine,
events, wake-ups, a concurrent writer, and the sessions it fails when the eval ends."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.domain.plan_validation import validate_plan
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.wakeups import Role, WakeUps
from agenteval.errors import InvalidTransition
from tests.api.intelligent_support import plan
from tests.support.memory_evals import MemoryEvals
from tests.support.memory_sessions import MemorySessions, memory_engine


class Woken:
    def __init__(self) -> None:
        self.roles: list[Role] = []

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        self.roles.append(role)


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()

    def bot(text: str, history: Sequence[tuple[str, str]]) -> str:
        return "ok"

    factory.register(*mock_channel_type(bot))
    yield factory
    await factory.aclose()


def _engine(channels: ChannelFactory) -> tuple[IntelligentEngine, MemoryEvals, Woken]:
    rows = MemorySessions(MemoryLeases("here"))
    evals = MemoryEvals(rows)
    woken = Woken()
    return memory_engine(rows, channels, evals=evals, wakeups=WakeUps(woken)), evals, woken


async def test_an_eval_goes_from_planning_to_executing_with_its_events_and_wake_ups(
        channels: ChannelFactory) -> None:
    engine, evals, woken = _engine(channels)
    row = evals.add_eval()
    assert (await engine.ask_eval(row.id, commands.StartPlanning())).status == "PLANNING"
    submitted = await engine.ask_eval(row.id, commands.SubmitPlan(
        validate_plan(plan(), 24, "plan")))
    assert (submitted.status, submitted.plan_revision) == ("PENDING_APPROVAL", 1)
    assert (row.id, 1) in evals.plan_revisions
    approved = await engine.ask_eval(row.id, commands.ApprovePlan())
    assert approved.status == "EXECUTING" and approved.started_at is not None
    with pytest.raises(InvalidTransition) as refused:
        await engine.ask_eval(row.id, commands.ApprovePlan())
    assert refused.value.details["status"] == "EXECUTING"
    await engine.wakeups.drain()
    assert woken.roles == ["planner", "evaluator"]
    events = [e.type for e in evals.rows.events]
    assert events == ["CREATED", "PLAN_SUBMITTED", "PLAN_APPROVED"]
    assert [e.sequence for e in evals.rows.events] == [1, 2, 3]
    await engine.owned.shutdown()


async def test_a_change_made_meanwhile_by_another_writer_is_read_again_not_overwritten(
        channels: ChannelFactory) -> None:
    engine, evals, _ = _engine(channels)
    row = evals.add_eval()
    await engine.ask_eval(row.id, commands.StartPlanning())
    original = evals.commit

    async def another_process_first(*args: object, **kwargs: object) -> object:
        evals.commit = original  # type: ignore[method-assign]
        stored = evals.rows.evals[row.id]
        stored.status, stored.version = "CANCELLED", stored.version + 1
        return await original(*args, **kwargs)  # type: ignore[arg-type]

    evals.commit = another_process_first  # type: ignore[method-assign]
    with pytest.raises(InvalidTransition):  # re-read: CANCELLED refuses the plan
        await engine.ask_eval(row.id, commands.SubmitPlan(validate_plan(plan(), 24, "plan")))
    assert evals.rows.evals[row.id].status == "CANCELLED"
    await engine.owned.shutdown()


async def test_sessions_are_created_once_per_key_and_fail_when_the_eval_is_cancelled(
        channels: ChannelFactory) -> None:
    engine, evals, _ = _engine(channels)
    row = evals.add_eval()
    await engine.ask_eval(row.id, commands.StartPlanning())
    await engine.ask_eval(row.id, commands.SubmitPlan(validate_plan(plan(), 24, "plan")))
    await engine.ask_eval(row.id, commands.ApprovePlan())
    create = commands.CreateSession({"name": "老王"}, "book", "booking", 0, None, "k1")
    first = await engine.ask_eval(row.id, create)
    assert (await engine.ask_eval(row.id, create)).id == first.id
    sent = await engine.ask_session(first.id, commands.SendMessage("hi", None))
    assert sent.reply.content == "ok"
    await engine.ask_eval(row.id, commands.CancelEval("enough"))
    assert evals.rows.sessions[first.id].status == "FAILED"
    assert [e.type for e in evals.rows.events][-2:] == ["CANCELLED", "SESSION_FAILED"]
    await engine.owned.shutdown()
