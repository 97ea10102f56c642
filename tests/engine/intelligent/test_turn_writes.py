"""The one-round-trip turn store: all of a turn or nothing, a gap-free sequence, fenced."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import pytest
from tortoise.exceptions import IntegrityError

from actors import ActorSystem, EntityKind, OwnedActor, OwnedSystem
from actors.delivery import claimed_read
from actors.ownership import Fence, OwnershipLost
from agenteval.store import leases
from agenteval.store.models import (
    EvalEvent,
    EvalMessage,
    EvalSession,
    IntelligentEval,
    Target,
)
from agenteval.store.sessions.turn_lease import turn_lease_name
from agenteval.store.sessions.turn_writes import TurnWrite, store_exchange
from agenteval.store.sessions.turns import open_turn as open_turn_as


async def _eval(status: str = "EXECUTING") -> IntelligentEval:
    target = await Target.create(name="t", channel_type="http")
    return await IntelligentEval.create(name="e", target=target, status=status, goal="g",
                                        intent="i", role_description="r")


async def _session(row: IntelligentEval) -> EvalSession:
    return await EvalSession.create(eval_id=row.id, goal="g", status="RUNNING")


def _exchange(session: EvalSession, turn: int, *, total: int | None = None,
              lease: Fence | None = None, key: str | None = None) -> TurnWrite:
    now = datetime.now(UTC)
    user = EvalMessage(id=uuid.uuid4(), session_id=session.id, index=2 * turn,
                       turn_index=turn, role="USER", content=f"hi {turn}",
                       idempotency_key=key, created_at=now)
    reply = EvalMessage(id=uuid.uuid4(), session_id=session.id, index=2 * turn + 1,
                        turn_index=turn, role="ASSISTANT", content=f"hello {turn}",
                        latency_ms=3, created_at=now)
    detail = {"sessionId": str(session.id), "turnIndex": turn, "latencyMs": 3, "error": None}
    return TurnWrite(session.eval_id, session.id, turn, user, reply, detail, "conv", now,
                    total, lease)


async def _sequences(row: IntelligentEval) -> list[int]:
    return list(await EvalEvent.filter(eval_id=row.id).order_by("sequence")
                .values_list("sequence", flat=True))


async def test_turns_of_many_sessions_at_once_are_stored_whole_with_a_gap_free_sequence(
        db: str) -> None:
    row = await _eval()
    sessions = [await _session(row) for _ in range(8)]

    async def talk(session: EvalSession) -> None:
        for turn in range(3):
            stored = await store_exchange(_exchange(session, turn))
            assert stored is not None and stored.event.type == "MESSAGE_EXCHANGED"

    await asyncio.gather(*(talk(session) for session in sessions))
    assert await _sequences(row) == list(range(1, 25))
    await row.refresh_from_db()
    assert (row.event_sequence, row.turns_used) == (24, 24)
    assert row.last_agent_activity_at is not None
    for session in sessions:
        await session.refresh_from_db()
        assert (session.turn_count, session.conversation_id) == (3, "conv")
        messages = await EvalMessage.filter(session_id=session.id).order_by("index")
        assert [m.content for m in messages] == ["hi 0", "hello 0", "hi 1", "hello 1",
                                                 "hi 2", "hello 2"]
        event = await EvalEvent.filter(session_id=session.id).order_by("sequence").first()
        assert event is not None and event.detail == {
            "sessionId": str(session.id), "turnIndex": 0, "latencyMs": 3, "error": None}


@pytest.mark.parametrize("case", ["stale turn", "session closed", "eval cancelled", "budget"])
async def test_a_turn_that_cannot_be_stored_stores_nothing(db: str, case: str) -> None:
    row = await _eval()
    session = await _session(row)
    assert await store_exchange(_exchange(session, 0)) is not None
    if case == "session closed":
        await EvalSession.filter(id=session.id).update(status="COMPLETED")
    if case == "eval cancelled":
        await IntelligentEval.filter(id=row.id).update(status="CANCELLED")
    turn = 0 if case == "stale turn" else 1
    assert await store_exchange(_exchange(session, turn, total=1 if case == "budget"
                                          else None)) is None
    assert await _sequences(row) == [1]
    await row.refresh_from_db()
    await session.refresh_from_db()
    assert (row.event_sequence, row.turns_used, session.turn_count) == (1, 1, 1)
    assert await EvalMessage.filter(session_id=session.id).count() == 2


async def test_a_reused_idempotency_key_stores_nothing(db: str) -> None:
    row = await _eval()
    session = await _session(row)
    assert await store_exchange(_exchange(session, 0, key="k")) is not None
    with pytest.raises(IntegrityError):
        await store_exchange(_exchange(session, 1, key="k"))
    assert await _sequences(row) == [1]
    await session.refresh_from_db()
    assert session.turn_count == 1


async def open_turn(key: str, name: str, ttl_s: float) -> tuple[Fence | None, object]:
    """The `session` kind's claim and read, as this process."""
    return await open_turn_as(leases.PROCESS_OWNER, key, name, ttl_s)


async def _open(session_id: uuid.UUID) -> tuple[Fence, object]:
    fence, state = await open_turn(str(session_id), turn_lease_name(session_id), 5)
    assert fence is not None
    return fence, state


async def test_the_turn_is_fenced_by_its_lease(db: str) -> None:
    row = await _eval()
    session = await _session(row)
    lease, state = await _open(session.id)
    assert state is not None and (state.session_status, state.turn_count) == ("RUNNING", 0)
    assert (state.eval_status, state.turns_used) == ("EXECUTING", 0)
    stored = await store_exchange(_exchange(session, 0, lease=lease))
    assert stored is not None and stored.released
    owner, _, live = await leases.current(turn_lease_name(session.id)) or ("?", 0, True)
    assert (owner, live) == ("", False)  # released with (SQLite) or right after the turn

    # Another process took the lease over: this one's write is refused and nothing stored.
    lost, _ = await _open(session.id)
    await leases.abandon(lost)
    other = await leases.claim(turn_lease_name(session.id), 5, owner="another process")
    assert other is not None
    with pytest.raises(OwnershipLost):
        await store_exchange(_exchange(session, 1, lease=lost))
    assert await _sequences(row) == [1]
    assert await leases.current(turn_lease_name(session.id)) == ("another process",
                                                                 other.epoch, True)


class ReadsItsTurn(OwnedActor):
    def __init__(self, key: str) -> None:
        self.key = key

    async def receive(self, message: object) -> object:
        return claimed_read(turn_lease_name(uuid.UUID(self.key)))


async def test_a_turn_waits_for_the_lease_and_reads_what_the_holder_stored(db: str) -> None:
    row = await _eval()
    session = await _session(row)
    owned = OwnedSystem(ActorSystem(), leases.DatabaseLeases(), [EntityKind(
        "session", "per-message", 5, factory=ReadsItsTurn, open=open_turn)])
    holder, _ = await _open(session.id)
    waiting = asyncio.create_task(owned.ask("session", str(session.id), "turn"))
    await asyncio.sleep(0.1)
    assert not waiting.done()
    stored = await store_exchange(_exchange(session, 0, lease=holder))
    assert stored is not None
    if not stored.released:
        await leases.release(holder)
    state = await asyncio.wait_for(waiting, 10)
    await owned.shutdown()
    assert state is not None and (state.turn_count, state.turns_used) == (1, 1)


async def test_no_session_reads_as_none(db: str) -> None:
    lease, state = await _open(uuid.uuid4())
    await leases.release(lease)
    assert state is None
