"""After a restart the actors are rebuilt from the database and sessions carry on."""

from __future__ import annotations

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import (
    SEND,
    SESSION,
    CountingTarget,
    create_target,
    executing_eval,
    start_session,
    target_server,
)
from tests.support.graphql_client import GraphQLClient, running_app

__all__ = ["target_server"]


async def test_a_running_session_continues_after_a_restart(
        settings: Settings, target_server: CountingTarget) -> None:
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        running = await executing_eval(gql, await create_target(gql, target_server.url))
        session_id = await start_session(gql, running["id"])
        await gql.execute(SEND, {"id": session_id, "content": "我叫王伟"})
        await gql.error(SEND, {"id": session_id, "content": "BOOM"})
        await gql.execute(SEND, {"id": session_id, "content": "电话 13800138000"})
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        data = await gql.execute(SEND, {"id": session_id, "content": "约明天"})
        assert data["sendMessage"]["userMessage"]["index"] == 6
        session = (await gql.execute(SESSION, {"id": session_id}))["session"]
        assert session["status"] == "RUNNING" and session["turnCount"] == 4
    assert [m["content"] for m in target_server.requests[-1]] == [
        "我叫王伟", "echo: 我叫王伟", "电话 13800138000", "echo: 电话 13800138000", "约明天"]
