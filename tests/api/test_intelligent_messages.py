"""sendMessage: ordering, idempotent retries, target failures and the budget."""

from __future__ import annotations

import asyncio

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import (
    CLOSE,
    CREATE_SESSION,
    EVAL,
    SEND,
    SESSION,
    VERDICT,
    CountingTarget,
    create_target,
    events,
    executing_eval,
    start_session,
    target_server,
)
from tests.support.graphql_client import GraphQLClient, running_app

__all__ = ["target_server"]


async def test_idempotent_create_session_returns_the_same_session(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql))
    first = await start_session(gql, running["id"], key="cron-1")
    again = await start_session(gql, running["id"], key="cron-1")
    other = await start_session(gql, running["id"], key="cron-2")
    assert first == again != other
    data = await gql.execute(EVAL, {"id": running["id"]})
    assert data["intelligentEval"]["progress"]["sessionsStarted"] == 2


async def test_retried_send_is_answered_from_the_store(gql: GraphQLClient,
                                                       target_server: CountingTarget) -> None:
    running = await executing_eval(gql, await create_target(gql, target_server.url))
    session_id = await start_session(gql, running["id"])
    first = await gql.execute(SEND, {"id": session_id, "content": "hi", "key": "k1"})
    again = await gql.execute(SEND, {"id": session_id, "content": "hi", "key": "k1"})
    assert first == again and len(target_server.requests) == 1
    error = await gql.error(SEND, {"id": session_id, "content": "other", "key": "k1"})
    assert error.code == "CONFLICT" and len(target_server.requests) == 1


async def test_target_failure_is_stored_and_the_session_goes_on(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    running = await executing_eval(gql, await create_target(gql, target_server.url))
    session_id = await start_session(gql, running["id"])
    await gql.execute(SEND, {"id": session_id, "content": "hello"})
    error = await gql.error(SEND, {"id": session_id, "content": "BOOM", "key": "b"})
    assert error.code == "TARGET_ERROR"
    details = error.details
    assert details["sessionId"] == session_id and details["turnIndex"] == 1
    assert details["kind"] == "http_status" and details["userMessageId"] != \
        details["replyMessageId"]
    replay = await gql.error(SEND, {"id": session_id, "content": "BOOM", "key": "b"})
    assert replay.code == "TARGET_ERROR" and replay.details == details
    assert len(target_server.requests) == 2
    after = await gql.execute(SEND, {"id": session_id, "content": "still there?"})
    assert after["sendMessage"]["userMessage"]["index"] == 4
    # The failed turn is not part of the conversation sent to the target.
    assert [m["content"] for m in target_server.requests[-1]] == [
        "hello", "echo: hello", "still there?"]
    session = (await gql.execute(SESSION, {"id": session_id}))["session"]
    reply = session["messages"][3]
    assert reply["content"] == "" and reply["error"] and session["turnCount"] == 3
    exchanged = [e["detail"] for e in await events(gql, running["id"])
                 if e["type"] == "MESSAGE_EXCHANGED"]
    assert exchanged[1]["error"] and exchanged[1]["turnIndex"] == 1


async def test_concurrent_sends_to_one_session_are_strictly_ordered(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), per_session=100, total=200)
    session_id = await start_session(gql, running["id"])
    contents = [f"message {i}" for i in range(12)]
    await asyncio.gather(*(gql.execute(SEND, {"id": session_id, "content": c})
                           for c in contents))
    session = (await gql.execute(SESSION, {"id": session_id}))["session"]
    assert [m["index"] for m in session["messages"]] == list(range(24))
    users = [m["content"] for m in session["messages"] if m["role"] == "USER"]
    assert sorted(users) == sorted(contents)
    assert all(m["turnIndex"] == m["index"] // 2 for m in session["messages"])


async def test_sessions_run_in_parallel(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=2)
    first, second = [await start_session(gql, running["id"]) for _ in range(2)]
    await asyncio.gather(*(gql.execute(SEND, {"id": s, "content": f"hi {n}"})
                           for n in range(3) for s in (first, second)))
    for session_id in (first, second):
        session = (await gql.execute(SESSION, {"id": session_id}))["session"]
        assert session["turnCount"] == 3
    sequences = [e["sequence"] for e in await events(gql, running["id"])]
    assert sequences == list(range(1, len(sequences) + 1))


async def test_budget_overruns_are_recorded(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql), sessions=1, per_session=1,
                                   total=1)
    session_id = await start_session(gql, running["id"])
    await start_session(gql, running["id"])
    await gql.execute(SEND, {"id": session_id, "content": "one"})
    await gql.execute(SEND, {"id": session_id, "content": "two"})
    overruns = [e["detail"] for e in await events(gql, running["id"])
                if e["type"] == "BUDGET_OVERRUN"]
    assert overruns == [{"kind": "sessions", "used": 2, "budget": 1},
                        {"kind": "turns", "used": 2, "budget": 1},
                        {"kind": "turns", "used": 2, "budget": 1}]
    progress = (await gql.execute(EVAL, {"id": running["id"]}))["intelligentEval"]["progress"]
    assert progress["budgetOverruns"] == 3 and progress["turnsUsed"] == 2


async def test_enforced_budget_refuses_and_stores_nothing(settings: Settings) -> None:
    app = create_app(settings.with_overrides(enforce_budget=True), migrate=False)
    async with running_app(app) as http:
        gql = GraphQLClient(http)
        running = await executing_eval(gql, await create_target(gql), sessions=1, per_session=1)
        session_id = await start_session(gql, running["id"])
        error = await gql.error(CREATE_SESSION, {"id": running["id"], "input": {
            "persona": {}, "goal": "g"}})
        assert error.code == "BUDGET_EXCEEDED" and error.details["kind"] == "sessions"
        await gql.execute(SEND, {"id": session_id, "content": "one"})
        error = await gql.error(SEND, {"id": session_id, "content": "two"})
        assert error.code == "BUDGET_EXCEEDED"
        session = (await gql.execute(SESSION, {"id": session_id}))["session"]
        assert session["turnCount"] == 1 and len(session["messages"]) == 2


async def test_close_on_a_completed_session_is_refused(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, running["id"])
    await gql.execute(CLOSE, {"id": session_id, "verdict": {"goalAchieved": False,
                                                              "achievement": 0}})
    error = await gql.error(CLOSE, {"id": session_id, "verdict": VERDICT})
    assert error.code == "VALIDATION_FAILED"  # turnIndex 0 does not exist in a 0-turn session
    error = await gql.error(CLOSE, {"id": session_id, "verdict": {"goalAchieved": True,
                                                                    "achievement": 1}})
    assert error.code == "INVALID_TRANSITION" and error.details["status"] == "COMPLETED"
    error = await gql.error(SEND, {"id": session_id, "content": "hi"})
    assert error.code == "INVALID_TRANSITION"
