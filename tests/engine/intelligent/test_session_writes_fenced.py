"""Every write of a session is fenced, a close, an expiry or a failure as much as a turn:
the runtime owns the session around each of its messages (in memory, no database)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_records import EvalRecord, SessionRecord
from agenteval.engine.intelligent import commands
from agenteval.errors import Unavailable
from agenteval.store.sessions.turn_lease import turn_lease_name
from tests.support.memory_sessions import MemorySessions, memory_engine

VERDICT = {"goalAchieved": True, "achievement": 1.0, "issues": []}


class TakenOverWhileLoading(MemorySessions):
    """Another process takes the session over (this one stalled past the expiry) while
    this one reads it for its message."""

    steal = False

    async def load(self, session_id: uuid.UUID) -> tuple[SessionRecord, EvalRecord]:
        if self.steal:
            self.leases.table[turn_lease_name(session_id)].expires_at = float("-inf")
            assert await self.leases.sharing("there").claim(turn_lease_name(session_id), 30)
        return await super().load(session_id)


async def test_a_close_waits_for_another_process_turn_on_the_session() -> None:
    store = MemorySessions(MemoryLeases("here"))
    engine = memory_engine(store, ChannelFactory())
    session = store.add_session()
    held = await store.leases.sharing("there").claim(turn_lease_name(session.id), 30)
    assert held is not None  # another process's turn is in flight
    closing = asyncio.create_task(engine.owned.ask(
        "session", str(session.id), commands.CloseSession(VERDICT)))
    await asyncio.sleep(0.1)
    assert not closing.done() and store.sessions[session.id].status == (
        eval_state.SESSION_RUNNING)
    await store.leases.sharing("there").release(held)
    closed = await asyncio.wait_for(closing, 5)
    assert closed.status == eval_state.SESSION_COMPLETED
    await engine.owned.shutdown()


@pytest.mark.parametrize("message", [
    commands.CloseSession(VERDICT),
    commands.ExpireSession(datetime.now(UTC).replace(year=2100)),
])
async def test_a_status_change_by_a_process_that_lost_the_session_writes_nothing(
        message: object) -> None:
    store = TakenOverWhileLoading(MemoryLeases("here"))
    engine = memory_engine(store, ChannelFactory())
    session = store.add_session()
    store.steal = True
    with pytest.raises(Unavailable):
        await engine.owned.ask("session", str(session.id), message)
    assert store.sessions[session.id].status == eval_state.SESSION_RUNNING
    assert [event.type for event in store.events] == []  # no SESSION_CLOSED / _EXPIRED
    await engine.owned.shutdown()
