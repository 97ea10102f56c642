"""The watchdog (run_once with a moved clock) and the wake-ups of the three roles."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.applications import Starlette

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.engine.intelligent import watchdog
from tests.api.intelligent_support import (
    CLOSE,
    EVAL,
    HEARTBEAT,
    REJECT,
    SEND,
    SESSION,
    SUBMIT_PLAN,
    create_eval,
    create_target,
    events,
    executing_eval,
    plan,
    start_session,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

WOKEN: list[tuple[str, str, int]] = []


class RecordingNotifier:
    async def wake(self, eval_id: str, role: str, revision: int) -> None:
        WOKEN.append((eval_id, role, revision))


@pytest.fixture
def settings(database_url: str) -> Settings:
    WOKEN.clear()
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                    demo=False, planning_timeout_s=600, session_timeout_s=300,
                    report_timeout_s=900, grace_s=60, time_scale=0.01, watchdog_interval_s=0)


@pytest.fixture
def app(settings: Settings) -> Starlette:
    """The real app, whose wake-ups go to the recorder instead of a driver."""
    return create_app(settings, migrate=False, notifier=RecordingNotifier())


def engine(app: Any) -> Any:
    return app.state.services.intelligent


def later(seconds: float) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


async def status(gql: GraphQLClient, eval_id: str) -> dict:
    return (await gql.execute(EVAL, {"id": eval_id}))["intelligentEval"]


async def test_a_silent_planner_fails_the_eval(gql: GraphQLClient, app: Any) -> None:
    created = await create_eval(gql, await create_target(gql))
    assert await watchdog.run_once(engine(app), later(300)) == {"failed": 0, "expired": 0}
    await gql.execute(HEARTBEAT, {"id": created["id"]})
    assert (await watchdog.run_once(engine(app), later(500)))["failed"] == 0
    assert (await watchdog.run_once(engine(app), later(700)))["failed"] == 1
    failed = await status(gql, created["id"])
    assert failed["status"] == "FAILED" and failed["failureReason"] == "planner stalled"
    assert failed["completedAt"]
    last = (await events(gql, created["id"]))[-1]
    assert last["type"] == "FAILED" and last["detail"] == {"reason": "planner stalled"}


async def test_a_silent_evaluator_fails_after_the_plan_window_and_grace(
        gql: GraphQLClient, app: Any) -> None:
    running = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, running["id"])
    # 0-1h at time scale 0.01 is 36 s; plus 60 s grace.
    assert (await watchdog.run_once(engine(app), later(90)))["failed"] == 0
    result = await watchdog.run_once(engine(app), later(400))
    assert result == {"failed": 1, "expired": 1}
    failed = await status(gql, running["id"])
    assert failed["failureReason"] == "evaluator stalled"
    session = (await gql.execute(SESSION, {"id": session_id}))["session"]
    assert session["status"] == "EXPIRED"


async def test_expired_session_can_still_be_closed_and_wakes_the_analyst(
        gql: GraphQLClient, app: Any) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=1)
    session_id = await start_session(gql, running["id"])
    await gql.execute(SEND, {"id": session_id, "content": "hi"})
    assert (await watchdog.run_once(engine(app), later(301)))["expired"] == 1
    expired = (await gql.execute(SESSION, {"id": session_id}))["session"]
    assert expired["status"] == "EXPIRED"
    assert (await gql.error(SEND, {"id": session_id, "content": "hi"})).code == \
        "INVALID_TRANSITION"
    await engine(app).wakeups.drain()
    assert [role for _, role, _ in WOKEN] == ["planner", "evaluator", "analyst"]
    closed = await gql.execute(CLOSE, {"id": session_id, "verdict": {"goalAchieved": True,
                                                                       "achievement": 1}})
    assert closed["closeSession"]["status"] == "COMPLETED"
    await engine(app).wakeups.drain()
    assert [role for _, role, _ in WOKEN].count("analyst") == 1
    types = [e["type"] for e in await events(gql, running["id"])]
    assert types[-2:] == ["SESSION_EXPIRED", "SESSION_CLOSED"]


async def test_a_silent_analyst_fails_after_the_report_timeout(gql: GraphQLClient, app: Any) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=1)
    session_id = await start_session(gql, running["id"])
    await gql.execute(CLOSE, {"id": session_id, "verdict": {"goalAchieved": True,
                                                              "achievement": 1}})
    assert (await watchdog.run_once(engine(app), later(800)))["failed"] == 0
    assert (await watchdog.run_once(engine(app), later(1000)))["failed"] == 1
    assert (await status(gql, running["id"]))["failureReason"] == "analyst stalled"


async def test_planner_is_woken_again_after_a_rejection(gql: GraphQLClient, app: Any) -> None:
    created = await create_eval(gql, await create_target(gql))
    await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan()})
    await gql.execute(REJECT, {"id": created["id"], "feedback": "no"})
    await engine(app).wakeups.drain()
    assert WOKEN == [(created["id"], "planner", 0), (created["id"], "planner", 1)]
