"""Every string an operation stores has a limit, list items included (issue 27, 6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.errors.conftest import row_counts
from tests.api.intelligent_support import (
    CLOSE,
    SUBMIT_PLAN,
    VERDICT,
    create_eval,
    create_target,
    executing_eval,
    plan,
    start_session,
)
from tests.support.graphql_client import GraphQLClient

HUGE = "x" * 1_000_001
CREATE_WEBHOOK = """mutation($events: [String!]!, $name: String!) {
  createWebhook(name: $name, url: "https://hooks.example/x", events: $events) { id } }"""
UPDATE_TARGET = """mutation($id: ID!, $d: String) {
  updateTarget(id: $id, input: {description: $d}) { id } }"""
CREATE_SCENARIO = """mutation($d: String) { createScenario(input: {name: "s", description: $d,
  cases: [{key: "c", messages: ["hi"]}]}) { id } }"""


async def refused(gql: GraphQLClient, query: str, variables: dict[str, Any]) -> str:
    before = await row_counts()
    error = await gql.error(query, variables)
    assert error.code == "VALIDATION_FAILED", error.errors
    assert await row_counts() == before
    return error.details[0]["path"]


async def test_a_huge_plan_dimension_is_refused(gql: GraphQLClient) -> None:
    created = await create_eval(gql, await create_target(gql))
    huge_plan = plan()
    huge_plan["dimensions"] = ["booking", HUGE]
    assert await refused(gql, SUBMIT_PLAN, {"id": created["id"], "plan": huge_plan}) \
        == "plan.dimensions[1]"


async def test_a_huge_verdict_suggestion_is_refused(gql: GraphQLClient) -> None:
    running = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, running["id"])
    verdict = {**VERDICT, "issues": [], "suggestions": ["ok", HUGE]}
    path = await refused(gql, CLOSE, {"id": session_id, "verdict": verdict})
    assert path.startswith("verdict.suggestions")


@pytest.mark.parametrize("events,name", [(["run.completed", HUGE], "w"), ([], HUGE)])
async def test_a_huge_webhook_field_is_refused(gql: GraphQLClient, events: list[str],
                                               name: str) -> None:
    await refused(gql, CREATE_WEBHOOK, {"events": events, "name": name})


async def test_huge_descriptions_are_refused(gql: GraphQLClient) -> None:
    target_id = await create_target(gql)
    assert await refused(gql, UPDATE_TARGET, {"id": target_id, "d": HUGE}) \
        == "input.description"
    assert await refused(gql, CREATE_SCENARIO, {"d": HUGE}) == "input.description"
