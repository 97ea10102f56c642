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


BY_TAG = """query($id: ID!, $tag: String) {
  run(id: $id) { outcomes(first: 50, tag: $tag) { totalCount edges { node { caseKey } } } } }"""


async def test_outcomes_filter_by_a_tag_of_their_case(gql: GraphQLClient) -> None:
    target = await create_target(gql)
    _, run_id = await run_scenario(gql, target, [
        {"id": "smoke-zh", "messages": ["hello"], "tags": ["smoke", "zh"]},
        {"id": "smoke-en", "messages": ["hello"], "tags": ["smoke"]},
        {"id": "plain", "messages": ["hello"]},
    ])
    await wait_for_run(gql, run_id)

    async def keys(tag: str | None) -> list[str]:
        outcomes = (await gql.execute(BY_TAG, {"id": run_id, "tag": tag}))["run"]["outcomes"]
        assert outcomes["totalCount"] == len(outcomes["edges"])
        return [e["node"]["caseKey"] for e in outcomes["edges"]]

    assert await keys("smoke") == ["smoke-zh", "smoke-en"]
    assert await keys("zh") == ["smoke-zh"]
    assert await keys("nobody") == []
    assert await keys(None) == ["smoke-zh", "smoke-en", "plain"]
