"""Introspection needs a key by default; the standard introspection query succeeds."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from graphql import build_client_schema, get_introspection_query

from agenteval.api.schema import build_schema
from agenteval.config import Settings
from tests.support.graphql_client import GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

FULL_QUERY = get_introspection_query(descriptions=True, specified_by_url=True,
                                     directive_is_repeatable=True, schema_description=True,
                                     input_value_deprecation=True)


async def test_the_standard_introspection_query_succeeds_with_a_key(
        client: GraphQLClient) -> None:
    data = await client.execute(FULL_QUERY)
    schema = build_client_schema(data)
    params = schema.get_type("RuleSpecInput").fields["params"]  # type: ignore[union-attr]
    assert params.default is not None or params.default_value == {}


@pytest.mark.parametrize("query", [FULL_QUERY, "{ __schema { types { name } } }",
                                   '{ __type(name: "Query") { name } }',
                                   "query { ...F } fragment F on Query { __schema { __typename } }"])
async def test_introspection_without_a_key_is_unauthenticated(client: GraphQLClient,
                                                              query: str) -> None:
    error = await client.with_key(None).error(query)
    assert error.code == "UNAUTHENTICATED"


async def test_typename_alone_is_not_introspection(client: GraphQLClient) -> None:
    error = await client.with_key(None).error("{ __typename me { id } }")
    assert error.code == "UNAUTHENTICATED" and error.errors[0]["path"] == ["me"]


def context(key: object | None) -> SimpleNamespace:
    async def api_key() -> object | None:
        return key
    return SimpleNamespace(api_key=api_key, request=None)


async def test_public_introspection_needs_no_key() -> None:
    schema = build_schema(Settings(introspection="public"))
    result = await schema.execute(FULL_QUERY, context_value=context(None))
    assert result.errors is None and result.data


async def test_introspection_can_be_switched_off() -> None:
    schema = build_schema(Settings(introspection="off"))
    result = await schema.execute(FULL_QUERY, context_value=context(object()))
    assert result.errors and result.errors[0].extensions["code"] == "FORBIDDEN"


async def test_an_unknown_policy_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="AGENTEVAL_INTROSPECTION"):
        Settings(introspection="sometimes")


async def test_an_unknown_policy_in_the_environment_stops_the_start_with_its_name() -> None:
    with pytest.raises(SystemExit, match="AGENTEVAL_INTROSPECTION='sometimes'"):
        Settings.from_env({"AGENTEVAL_INTROSPECTION": "sometimes"})
