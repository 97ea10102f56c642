"""Case and scenario tags have a length and a count limit like every other string (issue 27, 6).

Before, a 10 MB case tag was stored."""

from __future__ import annotations

import json

from agenteval.domain.limits import MAX_NAME, MAX_TAGS
from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import GraphQLClient

CREATE_SCENARIO = "mutation($input: CreateScenarioInput!) { createScenario(input: $input) { id } }"
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id } }"


def scenario(tags: list[str]) -> dict[str, object]:
    return {"input": {"name": "s", "cases": [{"key": "c", "messages": ["hi"], "tags": tags}]}}


async def test_a_huge_case_tag_is_refused_and_nothing_stored(gql: GraphQLClient) -> None:
    before = await row_counts()
    error = await gql.error(CREATE_SCENARIO, scenario(["ok", "x" * 10_000_000]))
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.cases[0].tags[1]"
    assert f"the limit is {MAX_NAME}" in error.details[0]["message"]
    assert len(json.dumps(gql.last)) < 2_000  # the answer does not quote the tag
    assert await row_counts() == before


async def test_too_many_case_tags_are_refused(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_SCENARIO, scenario([f"t{i}" for i in range(MAX_TAGS + 1)]))
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.cases[0].tags"


async def test_tags_at_the_limits_are_kept(gql: GraphQLClient) -> None:
    tags = ["x" * MAX_NAME, *(f"t{i}" for i in range(MAX_TAGS - 1))]
    assert (await gql.execute(CREATE_SCENARIO, scenario(tags)))["createScenario"]["id"]


async def test_an_imported_scenarios_tags_are_limited_too(gql: GraphQLClient) -> None:
    document = json.dumps({"name": "s", "tags": ["y" * (MAX_NAME + 1)],
                           "cases": [{"key": "c", "messages": ["hi"]}]})
    error = await gql.error(IMPORT, {"d": document})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "tags[0]"
