"""An actor that keeps failing answers UNAVAILABLE and recovers; a broken target config
answers TARGET_ERROR naming the problem and works again once the config is fixed."""

from __future__ import annotations

import pytest

from agenteval.engine.intelligent.session_actor import SessionActor
from agenteval.store.models import Target
from tests.api.intelligent_support import (
    SEND,
    SESSION,
    CountingTarget,
    create_target,
    executing_eval,
    start_session,
    target_server,
)
from tests.support.graphql_client import GraphQLClient

__all__ = ["target_server"]

UPDATE_TARGET = """mutation($id: ID!, $input: UpdateTargetInput!) {
  updateTarget(id: $id, input: $input) { id } }"""


class DatabaseOutage:
    """Makes every SessionActor start fail while `down` is True (e.g. the database is away)."""

    def __init__(self) -> None:
        self.down = True
        self.starts = 0

    async def on_start(self, actor: SessionActor) -> None:
        self.starts += 1
        if self.down:
            raise ConnectionError("database unreachable")


async def test_a_session_actor_that_keeps_failing_answers_unavailable_then_recovers(
        gql: GraphQLClient, target_server: CountingTarget,
        monkeypatch: pytest.MonkeyPatch) -> None:
    running = await executing_eval(gql, await create_target(gql, target_server.url))
    session_id = await start_session(gql, running["id"])
    outage = DatabaseOutage()
    monkeypatch.setattr(SessionActor, "on_start", lambda actor: outage.on_start(actor))

    error = await gql.error(SEND, {"id": session_id, "content": "hi", "key": "k1"})
    assert error.code == "UNAVAILABLE"
    assert "try again" in error.message
    assert outage.starts == 4  # the first start and the three restarts of the budget
    again = await gql.error(SEND, {"id": session_id, "content": "hi", "key": "k1"})
    assert again.code == "UNAVAILABLE"  # a fresh actor (fresh budget) for the next message
    assert outage.starts == 8
    assert target_server.requests == []  # the target was never called

    outage.down = False
    data = await gql.execute(SEND, {"id": session_id, "content": "hi", "key": "k1"})
    assert data["sendMessage"]["reply"]["content"] == "echo: hi"
    assert data["sendMessage"]["session"]["turnCount"] == 1


async def test_a_stored_config_that_no_longer_validates_is_a_target_error_until_fixed(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    target_id = await create_target(gql, target_server.url)
    running = await executing_eval(gql, target_id)
    session_id = await start_session(gql, running["id"])
    # As if stored by an older release whose channel accepted this config.
    await Target.filter(id=target_id).update(channel_config={"model": "m", "retries": 0})

    for _ in range(2):  # not a crash: the same answer every time, no UNAVAILABLE
        error = await gql.error(SEND, {"id": session_id, "content": "hi"})
        assert error.code == "TARGET_ERROR"
        assert "config" in error.message and "base_url" in error.message
        assert error.details["kind"] == "config"
        assert error.details["sessionId"] == session_id
    session = (await gql.execute(SESSION, {"id": session_id}))["session"]
    assert session["status"] == "RUNNING" and session["turnCount"] == 0
    assert target_server.requests == []

    await gql.execute(UPDATE_TARGET, {"id": target_id, "input": {"channelConfig": {
        "base_url": target_server.url, "model": "m", "retries": 0}}})
    data = await gql.execute(SEND, {"id": session_id, "content": "hi"})
    assert data["sendMessage"]["reply"]["content"] == "echo: hi"
