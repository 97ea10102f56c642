"""HTTP-level mistakes get a GraphQL-shaped JSON error with a code, never plain text or 500."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

import pytest

from agenteval.config import Settings
from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

BODY_LIMIT = 256 * 1024
JSON = {"content-type": "application/json", "x-api-key": ADMIN_KEY}


@pytest.fixture(scope="module")
def module_settings(module_settings: Settings) -> Settings:
    return dataclasses.replace(module_settings, max_body_bytes=BODY_LIMIT)


def nested_variables(levels: int) -> bytes:
    value = "[" * levels + "]" * levels
    return (b'{"query": "query($x: JSON) { __typename }", "variables": {"x": '
            + value.encode() + b"}}")


def fragment_bomb(levels: int) -> str:
    parts = ["query { ...F0 }"]
    parts += [f"fragment F{i} on Query {{ ...F{i + 1} ...F{i + 1} }}" for i in range(levels)]
    parts.append(f"fragment F{levels} on Query {{ me {{ id }} }}")
    return "\n".join(parts)


# (name, body bytes, content type, expected status, path in details)
BAD_BODIES = [
    ("empty body", b"", "application/json", 400, "body"),
    ("missing query", b"{}", "application/json", 400, "query"),
    ("empty query", b'{"query": "  "}', "application/json", 400, "query"),
    ("non-JSON", b"{not json", "application/json", 400, "body"),
    ("batch array", b'[{"query": "{ me { id } }"}]', "application/json", 400, "body"),
    ("query not a string", b'{"query": 5}', "application/json", 400, "query"),
    ("variables not an object", b'{"query": "{ me { id } }", "variables": [1]}',
     "application/json", 400, "variables"),
    ("operationName not a string", b'{"query": "{ me { id } }", "operationName": 1}',
     "application/json", 400, "operationName"),
    ("JSON string body", b'"{ me { id } }"', "application/json", 400, "body"),
    ("invalid UTF-8", b'{"query": "{ me { id } }\xff"}', "application/json", 400, "body"),
    ("100,000 nested levels", nested_variables(100_000), "application/json", 400, "body"),
    ("80 nested levels", nested_variables(80), "application/json", 400, "variables.x"),
    ("wrong content type", b"{ me { id } }", "text/plain", 415, "content-type"),
    ("over the body limit", b" " * BODY_LIMIT + b"{}", "application/json", 413, "body"),
]


def assert_coded(response: Any, status: int, code: str = "VALIDATION_FAILED") -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == code, error
    return error


@pytest.mark.parametrize(("name", "body", "content_type", "status", "path"), BAD_BODIES)
async def test_a_bad_request_body_gets_a_coded_json_answer(
        client: GraphQLClient, name: str, body: bytes, content_type: str, status: int,
        path: str) -> None:
    before = await row_counts()
    response = await client.http.post("/graphql", content=body,
                                      headers={**JSON, "content-type": content_type})
    error = assert_coded(response, status)
    assert error["extensions"]["details"][0]["path"].startswith(path), error
    assert await row_counts() == before


async def test_other_methods_get_405(client: GraphQLClient) -> None:
    response = await client.http.put("/graphql", content=b"{}", headers=JSON)
    assert_coded(response, 405)


async def test_a_mutation_over_get_gets_405(client: GraphQLClient) -> None:
    before = await row_counts()
    response = await client.http.get(
        "/graphql", headers=JSON,
        params={"query": 'mutation { createApiKey(name: "x", role: VIEWER) { secret } }'})
    error = assert_coded(response, 405)
    assert "POST" in error["message"]
    assert await row_counts() == before


async def test_a_query_over_get_still_works(client: GraphQLClient) -> None:
    response = await client.http.get("/graphql", headers=JSON,
                                     params={"query": "{ me { role } }"})
    assert response.json() == {"data": {"me": {"role": "ADMIN"}}}


async def test_a_query_over_get_with_chinese_variables_is_answered(client: GraphQLClient) -> None:
    # A browser's urql sends queries as GET; the variables are UTF-8 in the query string.
    response = await client.http.get("/graphql", headers=JSON, params={
        "query": "query($r: String!) { scorecard(ref: $r) { ref } }",
        "variables": json.dumps({"r": "家电质检@1"}, ensure_ascii=False)})
    assert response.status_code == 200, response.text
    assert response.json() == {"data": {"scorecard": None}}


async def test_an_unknown_operation_name_is_refused(client: GraphQLClient) -> None:
    response = await client.http.post("/graphql", headers=JSON, json={
        "query": "query A { me { id } }", "operationName": "B"})
    error = assert_coded(response, 400)
    assert '"B"' in error["message"]


async def test_two_operations_without_a_name_are_refused(client: GraphQLClient) -> None:
    error = await client.error("query A { me { id } } query B { me { name } }")
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "operationName"
    data = await client.http.post("/graphql", headers=JSON, json={
        "query": "query A { me { id } } query B { me { name } }", "operationName": "B"})
    assert "name" in data.json()["data"]["me"]


async def test_a_subscription_over_post_says_use_the_websocket(client: GraphQLClient) -> None:
    error = await client.error('subscription { runProgress(runId: "x") { status } }')
    assert error.code == "VALIDATION_FAILED" and "websocket" in error.message


async def test_a_fragment_bomb_without_a_key_is_refused_at_once(client: GraphQLClient) -> None:
    # The app runs in this process: its CPU time is what the bomb costs, whatever else the
    # machine is doing (expanding 60 levels would never end).
    started = time.process_time()
    response = await client.http.post("/graphql", json={"query": fragment_bomb(60)},
                                      headers={"content-type": "application/json"})
    spent = time.process_time() - started
    assert spent < 0.5, f"took {spent:.2f} s of CPU"
    error = assert_coded(response, 200)
    assert "fragments are expanded" in error["message"]


@pytest.mark.parametrize("document", [
    "{ " + " ".join(f"a{i}: me {{ id }}" for i in range(31)) + " }",
    "{ runs { edges { node { " + "campaign { " * 12 + "id" + " }" * 12 + " } } } }",
])
async def test_aliases_and_depth_have_limits(client: GraphQLClient, document: str) -> None:
    error = await client.error(document)
    assert error.code == "VALIDATION_FAILED" and "the limit is" in error.message


async def test_the_answers_are_json_the_planner_can_read(client: GraphQLClient) -> None:
    response = await client.http.post("/graphql", content=b"[1]", headers=JSON)
    assert json.loads(response.text)["errors"][0]["extensions"]["details"]
