"""What `make run` does at start: seed the demo once, let the built-in driver plan it,
and after a restart wake the driver for evals still waiting for a role."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import GraphQLClient, running_app

EVALS = """query { intelligentEvals { edges { node { id status planRevision
  events { edges { node { type detail } } } } } } targets { totalCount } }"""


async def _wait_for_status(gql: GraphQLClient, status: str) -> dict[str, Any]:
    for _ in range(200):
        data = await gql.execute(EVALS)
        nodes = [e["node"] for e in data["intelligentEvals"]["edges"]]
        if nodes and nodes[0]["status"] == status:
            return data
        await asyncio.sleep(0.05)
    raise AssertionError(f"the demo eval never reached {status}: {data}")


async def test_first_start_seeds_the_demo_and_the_builtin_driver_plans_it(
        settings: Settings) -> None:
    settings = replace(settings, demo=True, driver="builtin")
    async with running_app(create_app(settings, migrate=False)) as http:
        data = await _wait_for_status(GraphQLClient(http), "PENDING_APPROVAL")
    node = data["intelligentEvals"]["edges"][0]["node"]
    woken = [e["node"]["detail"] for e in node["events"]["edges"]
             if e["node"]["type"] == "AGENT_WOKEN"]
    assert woken == [{"role": "planner", "driver": "builtin", "ok": True,
                      "runId": woken[0]["runId"]}]
    async with running_app(create_app(settings, migrate=False)) as http:
        again = await GraphQLClient(http).execute(EVALS)
    assert again["targets"]["totalCount"] == 1, "a database with data is never reseeded"
    assert len(again["intelligentEvals"]["edges"]) == 1


async def test_a_restart_wakes_the_builtin_driver_for_waiting_evals(settings: Settings) -> None:
    # Created while nobody drives (driver none): the eval waits in PLANNING.
    async with running_app(create_app(replace(settings, demo=True), migrate=False)) as http:
        await _wait_for_status(GraphQLClient(http), "PLANNING")
    builtin = replace(settings, demo=True, driver="builtin")
    async with running_app(create_app(builtin, migrate=False)) as http:
        await _wait_for_status(GraphQLClient(http), "PENDING_APPROVAL")
