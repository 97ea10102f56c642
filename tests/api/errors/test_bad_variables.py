"""The same mistake gets the same coded answer whether it is sent inline or as variables."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
RUNS = "query($status: RunStatus) { runs(status: $status) { totalCount } }"
TARGETS = "query($first: Int) { targets(first: $first) { totalCount } }"


def target(**changes: Any) -> dict[str, Any]:
    value: dict[str, Any] = {"name": "t", "channelType": "demo", "channelConfig": {}}
    value.update(changes)
    return {k: v for k, v in value.items() if v is not ...}


# (query, variables, the path in details, words of the message)
VARIABLE_MISTAKES = [
    (RUNS, {"status": "completed"}, "status", "Did you mean the enum value 'COMPLETED'"),
    (CREATE_TARGET, {}, "input", "non-null type 'CreateTargetInput!'"),
    (TARGETS, {"first": "ten"}, "first", "Int cannot represent"),
    (TARGETS, {"first": 2**31}, "first", "non 32-bit signed integer"),
    (TARGETS, {"first": 1.5}, "first", "non-integer value: 1.5"),
    (CREATE_TARGET, {"input": target(maxConcurency=2)}, "input.maxConcurency",
     "unknown field 'maxConcurency'"),
    (CREATE_TARGET, {"input": target(channelConfig=None)}, "input.channelConfig",
     "non-null type 'JSON!'"),
    (CREATE_TARGET, {"input": target(name=...)}, "input.name", "required"),
]

INLINE_MISTAKES = [
    ("{ runs(status: completed) { totalCount } }", "status", "Did you mean"),
    ('{ targets(first: "ten") { totalCount } }', "first", "Int cannot represent"),
    ("{ targets(first: 2147483648) { totalCount } }", "first", "non 32-bit"),
    ('mutation { createTarget(input: {name: "t", channelType: "demo", channelConfig: null}) '
     "{ id } }", "input.channelConfig", "non-null type 'JSON!'"),
    ('mutation { createTarget(input: {name: "t", channelType: "demo", channelConfig: {}, '
     "maxConcurency: 2}) { id } }", "input.maxConcurency", "unknown field 'maxConcurency'"),
    ("mutation { createTarget { id } }", "input", "is required"),
    ('mutation { createScenario(input: {name: "s", cases: [{key: 1, messages: []}]}) { id } }',
     "input.cases[0].key", "String cannot represent"),
]


@pytest.mark.parametrize(("query", "variables", "path", "words"), VARIABLE_MISTAKES)
async def test_a_bad_variable_is_validation_failed_at_its_path(
        client: GraphQLClient, query: str, variables: dict[str, Any], path: str,
        words: str) -> None:
    before = await row_counts()
    error = await client.error(query, variables)
    assert error.code == "VALIDATION_FAILED", error.errors
    assert words in error.message
    assert error.details[0]["path"] == path and words in error.details[0]["message"]
    assert await row_counts() == before


@pytest.mark.parametrize(("query", "path", "words"), INLINE_MISTAKES)
async def test_an_inline_mistake_is_validation_failed_at_its_path(
        client: GraphQLClient, query: str, path: str, words: str) -> None:
    before = await row_counts()
    error = await client.error(query)
    assert error.code == "VALIDATION_FAILED", error.errors
    assert error.details[0]["path"] == path and words in error.details[0]["message"]
    assert await row_counts() == before
