"""Session rows are written by their SessionActor only: the eval's end fails them through it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from agenteval.engine.intelligent import watchdog
from agenteval.store.models import EvalSession, IntelligentEval
from tests.api.intelligent_support import (
    CANCEL,
    CLOSE,
    SESSION,
    VERDICT,
    create_target,
    events,
    executing_eval,
    start_session,
)
from tests.support.graphql_client import GraphQLClient


async def test_cancelling_the_eval_fails_its_running_sessions_after_the_cancel_event(
        gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=3)
    sessions = [await start_session(gql, running["id"]) for _ in range(2)]
    await gql.execute(CANCEL, {"id": running["id"], "reason": "enough"})
    for session_id in sessions:
        session = (await gql.execute(SESSION, {"id": session_id}))["session"]
        assert session["status"] == "FAILED" and session["closedAt"]
    log = await events(gql, running["id"])
    assert [e["sequence"] for e in log] == list(range(1, len(log) + 1))
    kinds = [e["type"] for e in log]
    assert kinds[-3:] == ["CANCELLED", "SESSION_FAILED", "SESSION_FAILED"]
    assert {e["sessionId"] for e in log[-2:]} == set(sessions)
    assert all(e["status"] == "CANCELLED" for e in log[-3:])


async def test_the_watchdog_fails_a_session_left_running_under_an_ended_eval(
        gql: GraphQLClient, app: Any) -> None:
    running = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, running["id"])
    # As if the process died between the eval's transition and its sessions' failure.
    await IntelligentEval.filter(id=running["id"]).update(status="CANCELLED")
    await watchdog.run_once(app.state.services.intelligent, datetime.now(UTC))
    assert (await EvalSession.get(id=session_id)).status == "FAILED"
    assert (await events(gql, running["id"]))[-1]["type"] == "SESSION_FAILED"


async def test_closing_a_session_while_the_eval_is_cancelled_never_deadlocks(
        gql: GraphQLClient) -> None:
    for _ in range(3):
        running = await executing_eval(gql, await create_target(gql), sessions=2)
        session_id = await start_session(gql, running["id"])
        close = gql.raw(CLOSE, {"id": session_id, "verdict": VERDICT})
        cancel = gql.raw(CANCEL, {"id": running["id"]})
        await asyncio.wait_for(asyncio.gather(close, cancel), timeout=10)
        status = (await gql.execute(SESSION, {"id": session_id}))["session"]["status"]
        assert status in ("COMPLETED", "FAILED")
