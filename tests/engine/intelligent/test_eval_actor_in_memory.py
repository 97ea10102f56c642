"""The EvalActor's behaviour against in-memory ports — no database: its state machine,
events, wake-ups, a concurrent writer, and the sessions it fails when the eval ends."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import FrozenInstanceError

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.domain.intelligent.plan_validation import validate_plan
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.wakeups import Role, WakeUps
from agenteval.errors import Conflict, InvalidTransition, Unavailable
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
        evals.rows.change_eval(row.id, status="CANCELLED",
                               version=evals.rows.evals[row.id].version + 1)
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


async def test_the_actor_reads_its_eval_once_and_keeps_it_across_commands(
        channels: ChannelFactory) -> None:
    engine, evals, _ = _engine(channels)
    row = evals.add_eval()
    await engine.ask_eval(row.id, commands.StartPlanning())
    await engine.ask_eval(row.id, commands.SubmitPlan(validate_plan(plan(), 24, "plan")))
    approved = await engine.ask_eval(row.id, commands.ApprovePlan())
    beat = await engine.ask_eval(row.id, commands.Heartbeat("still here"))
    assert evals.loads == 1  # the activation's load; its own commits keep the row
    assert (approved.status, beat.status, beat.version) == ("EXECUTING", "EXECUTING", 4)
    assert beat.version == evals.rows.evals[row.id].version
    assert beat.event_sequence == 4 and beat.last_agent_activity_at is not None
    with pytest.raises(FrozenInstanceError):  # a reply is a record: nothing kept to change
        beat.status = "CANCELLED"  # type: ignore[misc]  # the assignment refused is the point
    assert (await engine.ask_eval(row.id, commands.Heartbeat(None))).status == "EXECUTING"
    await engine.owned.shutdown()


async def test_a_command_another_process_handled_meanwhile_is_seen_before_the_next_one(
        channels: ChannelFactory) -> None:
    here, evals, _ = _engine(channels)
    there_evals = evals.sharing("there")
    there = memory_engine(there_evals.rows, channels, evals=there_evals)
    row = evals.add_eval()
    await here.ask_eval(row.id, commands.StartPlanning())
    await here.ask_eval(row.id, commands.SubmitPlan(validate_plan(plan(), 24, "plan")))
    await there.ask_eval(row.id, commands.ApprovePlan())  # the kept row here is behind now
    create = commands.CreateSession({"name": "u"}, "book", None, None, None, None)
    session = await here.ask_eval(row.id, create)  # not refused as PENDING_APPROVAL
    assert session.eval_id == row.id
    assert evals.loads == 2  # reloaded once: the lease's epoch showed the other owner
    assert [e.type for e in evals.rows.events] == [
        "CREATED", "PLAN_SUBMITTED", "PLAN_APPROVED", "SESSION_CREATED"]
    await here.owned.shutdown()
    await there.owned.shutdown()


async def test_a_process_that_lost_the_lease_mid_command_writes_nothing(
        channels: ChannelFactory) -> None:
    engine, evals, _ = _engine(channels)
    row = evals.add_eval()
    await engine.ask_eval(row.id, commands.StartPlanning())
    original = evals.commit

    async def stalled_past_the_expiry(*args: object, **kwargs: object) -> object:
        evals.commit = original  # type: ignore[method-assign]
        lease = evals.rows.leases.table[f"eval:{row.id}"]
        lease.expires_at = float("-inf")  # this process stopped; another claimed the eval
        assert await evals.rows.leases.sharing("there").claim(f"eval:{row.id}", 30) is not None
        return await original(*args, **kwargs)  # type: ignore[arg-type]

    evals.commit = stalled_past_the_expiry  # type: ignore[method-assign]
    with pytest.raises(Unavailable):
        await engine.ask_eval(row.id, commands.Heartbeat(None))
    assert evals.rows.evals[row.id].version == 1
    assert [e.type for e in evals.rows.events] == ["CREATED"]
    await engine.owned.shutdown()


async def test_an_eval_that_keeps_changing_under_the_actor_is_a_conflict_after_retries(
        channels: ChannelFactory) -> None:
    engine, evals, _ = _engine(channels)
    row = evals.add_eval()
    await engine.ask_eval(row.id, commands.StartPlanning())
    original = evals.commit

    async def always_another_writer_first(*args: object, **kwargs: object) -> object:
        evals.rows.change_eval(row.id, version=evals.rows.evals[row.id].version + 1)
        return await original(*args, **kwargs)  # type: ignore[arg-type]

    evals.commit = always_another_writer_first  # type: ignore[method-assign]
    with pytest.raises(Conflict):
        await engine.ask_eval(row.id, commands.Heartbeat(None))
    assert evals.loads == 1 + 2  # the activation, then a reload before each of 2 retries
    assert [e.type for e in evals.rows.events] == ["CREATED"]
    await engine.owned.shutdown()
