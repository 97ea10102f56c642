"""An empty idempotency key is refused alike by createSession and sendMessage (issue 27, 2).

Before, sendMessage(idempotencyKey: "") twice called the target twice and then answered
INTERNAL (a UNIQUE violation), while createSession quietly stored "" as a key.
"""

from __future__ import annotations

from tests.api.errors.conftest import row_counts
from tests.api.intelligent_support import (
    CREATE_SESSION,
    SEND,
    CountingTarget,
    create_target,
    executing_eval,
    start_session,
    target_server,
)
from tests.support.graphql_client import GraphQLClient

__all__ = ["target_server"]


async def test_send_message_refuses_an_empty_key_before_calling_the_target(
        gql: GraphQLClient, target_server: CountingTarget) -> None:
    running = await executing_eval(gql, await create_target(gql, target_server.url))
    session_id = await start_session(gql, running["id"])
    before = await row_counts()
    for key in ("", "   "):
        for _ in range(2):
            error = await gql.error(SEND, {"id": session_id, "content": "hi", "key": key})
            assert error.code == "VALIDATION_FAILED"
            assert error.details[0]["path"] == "idempotencyKey"
    assert target_server.requests == []
    assert await row_counts() == before


async def test_create_session_refuses_an_empty_key_the_same_way(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql))
    before = await row_counts()
    error = await gql.error(CREATE_SESSION, {"id": running["id"], "input": {
        "persona": {"name": "老王"}, "goal": "book", "virtualUserIndex": 0,
        "idempotencyKey": ""}})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.idempotencyKey"
    assert await row_counts() == before


async def test_an_absent_key_still_sends_every_time(gql: GraphQLClient,
                                                    target_server: CountingTarget) -> None:
    running = await executing_eval(gql, await create_target(gql, target_server.url))
    session_id = await start_session(gql, running["id"])
    for _ in range(2):
        await gql.execute(SEND, {"id": session_id, "content": "hi", "key": None})
    assert len(target_server.requests) == 2
