"""A run interrupted by a restart resumes on the next start, without duplicating attempts."""

from __future__ import annotations

import asyncio
import time

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.static_helpers import (
    RUN,
    TargetBehaviour,
    http_target,
    outcomes,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


async def test_a_running_run_resumes_after_a_restart(database_url: str, serve) -> None:
    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                        demo=False)
    bot = TargetBehaviour(delay_s=0.15)
    url = await serve(bot.app())
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        target = await http_target(gql, url, timeout_s=5)
        _, run_id = await run_scenario(gql, target, simple_cases(8), repeat=2, concurrency=2)
        deadline = time.monotonic() + 10
        while (await gql.execute(RUN, {"id": run_id}))["run"]["progress"]["done"] < 3:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.02)
    # Stopped mid-run: the run stays RUNNING with some attempts stored.
    bot.delay_s = 0.0
    requests_before = len(bot.requests)
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        run = await wait_for_run(gql, run_id)
        stored = await outcomes(gql, run_id)
    assert run["status"] == "COMPLETED"
    assert run["progress"]["done"] == 16 and run["summary"]["totalCases"] == 16
    keys = [(o["caseKey"], o["attempt"]) for o in stored]
    assert len(keys) == 16 and len(set(keys)) == 16
    assert all(o["passed"] for o in stored)
    # Only unfinished attempts were sent again (those in flight at the stop count twice).
    assert len(bot.requests) - requests_before <= 16 - 3
