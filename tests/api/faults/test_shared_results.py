"""A subscription event is executed once per process for all the subscribers asking the
same (issue 27, load: "render each event once per process and share it")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from graphql import Executor

from agenteval.api.execution import shared_results
from agenteval.api.types.intelligent.intelligent_event import EvalEvent
from tests.api.intelligent_support import HEARTBEAT, create_eval, create_target, make_key
from tests.api.test_intelligent_subscriptions import EVENTS_SUB, subscribe
from tests.support.graphql_client import GraphQLClient


@pytest.fixture
def executions(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The per-event executions of eval events (by their payload)."""
    seen: list[Any] = []
    original = Executor.execute_operation

    def counting(self: Executor, *args: Any, **kwargs: Any) -> Any:
        if isinstance(self.root_value, EvalEvent):
            seen.append(self.root_value.sequence)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Executor, "execute_operation", counting)
    shared_results.forget_all()
    return seen


async def next_data(stream: Any) -> Any:
    result = await asyncio.wait_for(stream.__anext__(), 5)
    assert not result.errors, result.errors
    return result.data["intelligentEvalEvents"]


async def test_one_execution_per_event_and_role(gql: GraphQLClient, app: Any,
                                                executions: list[Any]) -> None:
    created = await create_eval(gql, await create_target(gql))
    viewer = await make_key(gql, "VIEWER")
    admins = [await subscribe(app, EVENTS_SUB, {"id": created["id"], "after": 1})
              for _ in range(4)]
    viewers = [await subscribe(app, EVENTS_SUB, {"id": created["id"], "after": 1},
                               key=viewer.key) for _ in range(2)]
    try:
        pending = [asyncio.ensure_future(next_data(s)) for s in admins + viewers]
        await asyncio.sleep(0.05)
        await gql.execute(HEARTBEAT, {"id": created["id"]})
        received = await asyncio.gather(*pending)
        assert all(item == received[0] for item in received)
        assert received[0]["sequence"] == 2 and received[0]["type"] == "HEARTBEAT"
        assert sorted(executions) == [2, 2]  # once for the ADMINs, once for the VIEWERs
    finally:
        for stream in admins + viewers:
            await stream.aclose()


async def test_other_variables_are_executed_on_their_own(gql: GraphQLClient, app: Any,
                                                         executions: list[Any]) -> None:
    first = await create_eval(gql, await create_target(gql))
    streams = [await subscribe(app, EVENTS_SUB, {"id": first["id"], "after": after})
               for after in (0, 0, None)]
    try:
        replayed = [await next_data(s) for s in streams[:2]]
        assert replayed[0] == replayed[1] and replayed[0]["sequence"] == 1
        assert executions.count(1) == 1  # shared by the two with the same variables
    finally:
        for stream in streams:
            await stream.aclose()
