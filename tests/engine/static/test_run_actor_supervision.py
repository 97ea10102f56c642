"""A RunActor is busy (not passivated) while its execution runs; a failing one is UNAVAILABLE."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.engine.static.run_actor import RunActor
from tests.api.static_helpers import (
    CANCEL_RUN,
    TargetBehaviour,
    http_target,
    outcomes,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


def settings_for(database_url: str) -> Settings:
    # No takeover loop: these tests stop and rebuild the run's actor by hand, and the loop
    # would take the run over (it is RUNNING without a lease) between their steps.
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    resume_runs=False)


async def test_a_run_longer_than_the_idle_timeout_is_not_passivated_and_completes(
        database_url: str, serve: Any) -> None:
    bot = TargetBehaviour(delay_s=0.05)
    url = await serve(bot.app())
    app = create_app(settings_for(database_url), migrate=False)
    async with running_app(app) as http:
        # Every message handled is over at once; the execution runs ~0.5 s in its task.
        app.state.services.actors.idle_timeout = 0.05
        gql = GraphQLClient(http)
        target = await http_target(gql, url, timeout_s=5)
        _, run_id = await run_scenario(gql, target, simple_cases(10), concurrency=1)
        run = await wait_for_run(gql, run_id)
        assert run["status"] == "COMPLETED"
        assert run["progress"]["done"] == 10 and run["summary"]["totalCases"] == 10
        assert len(await outcomes(gql, run_id)) == 10


async def test_a_run_actor_that_keeps_failing_answers_unavailable_then_recovers(
        database_url: str, serve: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = TargetBehaviour(delay_s=0.5)
    url = await serve(bot.app())
    app = create_app(settings_for(database_url), migrate=False)
    async with running_app(app) as http:
        gql = GraphQLClient(http)
        target = await http_target(gql, url, timeout_s=5)
        _, run_id = await run_scenario(gql, target, simple_cases(40), concurrency=1)
        await app.state.services.actors.stop(("run", run_id))  # as if passivated
        down = [True]

        async def on_start(actor: RunActor) -> None:
            if down:
                raise ConnectionError("database unreachable")
        monkeypatch.setattr(RunActor, "on_start", on_start)

        error = await gql.error(CANCEL_RUN, {"runId": run_id})
        assert error.code == "UNAVAILABLE"
        down.clear()
        cancelled = await gql.execute(CANCEL_RUN, {"runId": run_id})
        assert cancelled["cancelRun"]["status"] == "CANCELLED"
