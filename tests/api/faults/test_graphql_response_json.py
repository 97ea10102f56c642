"""`application/graphql-response+json` is served when the client accepts it, with the status
codes of the GraphQL-over-HTTP spec (issue 27, 8): a request error (body, parameters,
document, validation, variables) is a 4xx without a `data` entry; a response with `data`
(even null, after a field error) is 200. `application/json` keeps answering 200."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

RESPONSE_JSON = "application/graphql-response+json"


async def post(gql: GraphQLClient, body: Any, accept: str | None = RESPONSE_JSON,
               raw: bytes | None = None) -> httpx.Response:
    headers = {"X-API-Key": ADMIN_KEY, "Content-Type": "application/json"}
    if accept is not None:
        headers["Accept"] = accept
    if raw is not None:
        return await gql.http.post("/graphql", content=raw, headers=headers)
    return await gql.http.post("/graphql", json=body, headers=headers)


def media_type(response: httpx.Response) -> str:
    return response.headers["content-type"].split(";")[0].strip()


async def test_a_good_query_is_answered_in_the_accepted_type(gql: GraphQLClient) -> None:
    for accept in (RESPONSE_JSON, f"{RESPONSE_JSON}, application/json;q=0.9",
                   f"application/json;q=0.5, {RESPONSE_JSON}"):
        response = await post(gql, {"query": "{ __typename }"}, accept)
        assert response.status_code == 200
        assert media_type(response) == RESPONSE_JSON
        assert response.json() == {"data": {"__typename": "Query"}}


@pytest.mark.parametrize("accept", [None, "application/json", "*/*",
                                    f"application/json, {RESPONSE_JSON};q=0.5"])
async def test_application_json_stays_the_default(gql: GraphQLClient, accept: str | None) -> None:
    response = await post(gql, {"query": "{ nope }"}, accept)
    assert media_type(response) == "application/json"
    assert response.status_code == 200 and "data" in response.json()


@pytest.mark.parametrize("body", [
    {"query": "{"},                                     # document parse failure
    {"query": "{ nope }"},                              # validation failure
    {"query": "query($n: Int!) { runs(first: $n) { totalCount } }",
     "variables": {"n": "many"}},                       # variable coercion failure
    {"query": "query A { __typename } query B { __typename }"},  # no operation chosen
])
async def test_a_request_error_is_400_without_data(gql: GraphQLClient,
                                                   body: dict[str, Any]) -> None:
    response = await post(gql, body)
    assert response.status_code == 400, response.text
    assert media_type(response) == RESPONSE_JSON
    answer = response.json()
    assert "data" not in answer
    assert answer["errors"][0]["extensions"]["code"] == "VALIDATION_FAILED"


async def test_a_body_or_parameter_error_is_4xx_without_data(gql: GraphQLClient) -> None:
    for response in (await post(gql, None, raw=b'{ "not a JSON'),
                     await post(gql, {"query": 42}),
                     await post(gql, {"query": "{ __typename }", "variables": [1]})):
        assert 400 <= response.status_code < 500
        assert media_type(response) == RESPONSE_JSON
        assert "data" not in response.json()


async def test_a_field_error_keeps_its_data_and_200(gql: GraphQLClient) -> None:
    """Executed, even if the error nulls the whole `data`: 200 with `data` (the spec's MUST)."""
    response = await post(gql, {"query": 'mutation { deleteTarget('
                                         'id: "00000000-0000-0000-0000-000000000000") }'})
    assert response.status_code == 200
    assert media_type(response) == RESPONSE_JSON
    answer = response.json()
    assert "data" in answer and answer["errors"][0]["extensions"]["code"] == "NOT_FOUND"
