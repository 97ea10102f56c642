"""CaseOutcome.tags: each outcome carries its case's tags from the scenario."""

from __future__ import annotations

from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.graphql_client import GraphQLClient

TAGS = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node { caseKey tags } } } } }"""


async def test_outcomes_carry_their_cases_tags(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    _, run_id = await run_scenario(gql, target, [
        {"id": "tagged", "messages": ["hello"], "tags": ["smoke", "zh"]},
        {"id": "plain", "messages": ["hello"]},
    ])
    await wait_for_run(gql, run_id)
    edges = (await gql.execute(TAGS, {"id": run_id}))["run"]["outcomes"]["edges"]
    assert {e["node"]["caseKey"]: e["node"]["tags"] for e in edges} == {
        "tagged": ["smoke", "zh"], "plain": []}
