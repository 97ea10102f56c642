"""Redis away mid-eval: every mutation answers truthfully, and nothing is lost once it returns."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.app import create_app
from agenteval.store.models import EvalEvent, EvalMessage
from tests.api.intelligent_support import (
    CLOSE,
    HEARTBEAT,
    SEND,
    SUBMIT_REPORT,
    VERDICT,
    create_target,
    executing_eval,
    start_session,
)
from tests.scale.cluster import Cluster, PrivateRedis, wait_until
from tests.scale.conftest import local_settings
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app

EVENTS_SUB = """subscription($id: ID!) {
  intelligentEvalEvents(evalId: $id, afterSequence: 0) { sequence type } }"""


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    redis = PrivateRedis()
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def _report(session_id: str) -> dict[str, Any]:
    return {"summary": "s", "scores": [{"dimension": "booking", "score": 6}],
            "findings": [{"issue": "i", "severity": "LOW", "suggestion": "x",
                          "evidence": [{"sessionId": session_id, "turnIndex": 0}]}],
            "highlights": [], "priorityRecommendations": []}


async def test_mutations_answer_truthfully_while_redis_is_away(
        database_url: str, private_redis: PrivateRedis, tmp_path: Path) -> None:
    cluster = Cluster(database_url, private_redis.url, tmp_path)
    app = create_app(local_settings(database_url, private_redis.url), migrate=False)
    try:
        first, second = cluster.start("a"), cluster.start("b")
        await cluster.ready(first, second)
        async with running_app(app) as http:
            local = GraphQLClient(http)
            created = await executing_eval(local, await create_target(local), sessions=1)
            session_id = await start_session(local, created["id"])
            seen: list[dict[str, Any]] = []
            follower = asyncio.create_task(_follow(app, created["id"], seen))
            await wait_until(lambda: _count(seen, 4), 10, "the events so far")

            private_redis.stop()
            a, b = cluster.client(first), cluster.client(second)
            started = time.monotonic()
            await a.execute(HEARTBEAT, {"id": created["id"], "note": "redis is away"})
            sent = await b.execute(SEND, {"id": session_id, "content": "hello", "key": "k"})
            again = await a.execute(SEND, {"id": session_id, "content": "hello", "key": "k"})
            assert again["sendMessage"]["reply"]["id"] == sent["sendMessage"]["reply"]["id"]
            await a.execute(CLOSE, {"id": session_id, "verdict": VERDICT})
            assert time.monotonic() - started < 20
            assert await EvalMessage.filter(session_id=session_id).count() == 2  # stored once

            private_redis.start()
            done = await b.execute(SUBMIT_REPORT, {"id": created["id"],
                                                   "report": _report(session_id)})
            assert done["submitReport"]["status"] == "COMPLETED"
            stored = await EvalEvent.filter(eval_id=created["id"]).count()
            await wait_until(lambda: _count(seen, stored), 20, "every event after the outage")
            assert [event["sequence"] for event in seen] == list(range(1, stored + 1))
            follower.cancel()
            await asyncio.gather(follower, return_exceptions=True)
    finally:
        cluster.stop_all()
        print(cluster.dump_logs())


async def _follow(app: Any, eval_id: str, seen: list[dict[str, Any]]) -> None:
    stream = await build_schema().subscribe(
        EVENTS_SUB, variable_values={"id": eval_id},
        context_value=Context(services=app.state.services, secret=ADMIN_KEY))
    async for result in stream:  # type: ignore[union-attr]  # a subscription gives a stream
        assert not result.errors, result.errors
        seen.append(result.data["intelligentEvalEvents"])


async def _count(seen: list[dict[str, Any]], at_least: int) -> bool:
    return len(seen) >= at_least
