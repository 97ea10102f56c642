"""A static run judged against a target answered by a function (MockChannel): the engine's
behaviour without a local server — here, a case's turns go out in order over one
conversation, and a failing turn is that attempt's error, not the run's."""

from __future__ import annotations

from collections.abc import Sequence

from agenteval.app import create_app
from agenteval.channels import ChannelError
from agenteval.channels.mock import mock_channel_type
from agenteval.config import Settings
from tests.api.static_helpers import create_target, outcomes, run_scenario, wait_for_run
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


def bot(text: str, history: Sequence[tuple[str, str]]) -> str:
    if text == "fail":
        raise ChannelError("connection", "the mock target hung up")
    return f"turn {len(history)}: {text}"


async def test_a_run_against_a_mock_target(database_url: str) -> None:
    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                        demo=False, watchdog_interval_s=0)
    app = create_app(settings, migrate=False)
    async with running_app(app) as http:
        app.state.services.channels.register(*mock_channel_type(bot))
        gql = GraphQLClient(http)
        target = await create_target(gql, "mock")
        cases = [{"id": "two-turns", "messages": ["a", "b"],
                  "expectation": {"contains": "turn 1: b"}},
                 {"id": "breaks", "messages": ["fail"], "expectation": {"contains": "x"}}]
        _, run_id = await run_scenario(gql, target, cases)
        run = await wait_for_run(gql, run_id)
        assert run["status"] == "COMPLETED"
        by_case = {o["caseKey"]: o for o in await outcomes(gql, run_id)}
    assert by_case["two-turns"]["passed"] is True
    assert by_case["breaks"]["passed"] is False and by_case["breaks"]["error"]
