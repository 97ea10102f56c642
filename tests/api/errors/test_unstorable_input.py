"""NUL, lone surrogates, non-finite numbers and deep JSON are refused at the edge, with a path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
MODEL = ("mutation($p: JSON) { setModelConfig(role: PLANNER, input: {provider: \"openai\", "
         "model: \"m\", params: $p}) { role } }")
EVAL = ("mutation($input: CreateIntelligentEvalInput!) { createIntelligentEval(input: $input) "
        "{ id } }")
SEND = ("mutation($s: ID!, $c: String!, $k: String) { sendMessage(sessionId: $s, content: $c, "
        "idempotencyKey: $k) { reply { content } } }")
KEY = "mutation($n: String!) { createApiKey(name: $n, role: VIEWER) { secret } }"


def target(**changes: Any) -> dict[str, Any]:
    return {"input": {"name": "t", "channelType": "demo", "channelConfig": {}, **changes}}


def evaluation(seeds: Any) -> dict[str, Any]:
    return {"input": {"name": "e", "targetId": "00000000-0000-0000-0000-000000000000",
                      "goal": "g", "seeds": seeds, "intent": "i", "roleDescription": "r"}}


def nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"x": value}
    return value


# (query, variables as JSON text, path, words)
VARIABLES = [
    (CREATE_TARGET, json.dumps(target(name="a\x00b")), "input.name", "NUL"),
    (CREATE_TARGET, '{"input": {"name": "a\\ud800", "channelType": "demo", '
     '"channelConfig": {}}}', "input.name", "surrogate"),
    (CREATE_TARGET, json.dumps(target(description="x\x00")), "input.description", "NUL"),
    (KEY, json.dumps({"n": "k\x00"}), "n", "NUL"),
    (MODEL, '{"p": {"t": NaN}}', "p.t", "finite"),
    (MODEL, '{"p": {"t": [Infinity]}}', "p.t[0]", "finite"),
    (MODEL, '{"p": {"t": -Infinity}}', "p.t", "finite"),
    (MODEL, '{"p": {"t": 1e400}}', "p.t", "finite"),
    (EVAL, json.dumps(evaluation({"a\x00": 1})), "input.seeds.'a\\x00'", "NUL"),
    (EVAL, json.dumps(evaluation({"a": ["\x00"]})), "input.seeds.a[0]", "NUL"),
    (EVAL, json.dumps(evaluation(nested(65))), "input.seeds", "deeper than the limit of 64"),
    (SEND, json.dumps({"s": "x", "c": "hi\x00"}), "c", "NUL"),
    (SEND, json.dumps({"s": "x", "c": "hi", "k": "\x00"}), "k", "NUL"),
]

INLINE = [
    ('mutation { createApiKey(name: "a\\u0000b", role: VIEWER) { secret } }', "name", "NUL"),
    ('mutation { createTarget(input: {name: "a\\u0000", channelType: "demo", '
     'channelConfig: {}}) { id } }', "input.name", "NUL"),
    ('mutation { setModelConfig(role: PLANNER, input: {provider: "openai", model: "m", '
     'params: {t: 1e400}}) { role } }', "input.params.t", "finite"),
    ('mutation { setModelConfig(role: PLANNER, input: {provider: "openai", model: "m", '
     'params: {t: "\\u0000"}}) { role } }', "input.params.t", "NUL"),
]


async def post(client: GraphQLClient, query: str, variables: str) -> dict[str, Any]:
    body = f'{{"query": {json.dumps(query)}, "variables": {variables}}}'.encode()
    response = await client.http.post("/graphql", content=body, headers={
        "content-type": "application/json", "x-api-key": ADMIN_KEY})
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(("query", "variables", "path", "words"), VARIABLES)
async def test_unstorable_variables_are_refused_with_their_path(
        client: GraphQLClient, query: str, variables: str, path: str, words: str) -> None:
    before = await row_counts()
    error = (await post(client, query, variables))["errors"][0]
    assert error["extensions"]["code"] == "VALIDATION_FAILED", error
    detail = error["extensions"]["details"][0]
    assert detail["path"].startswith(path) and words in detail["message"], detail
    assert await row_counts() == before


@pytest.mark.parametrize(("query", "path", "words"), INLINE)
async def test_unstorable_inline_values_are_refused_with_their_path(
        client: GraphQLClient, query: str, path: str, words: str) -> None:
    before = await row_counts()
    error = await client.error(query)
    assert error.code == "VALIDATION_FAILED", error.errors
    assert error.details[0]["path"] == path and words in error.details[0]["message"]
    assert await row_counts() == before


@pytest.mark.parametrize("cursor", ["bzo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk=", "bzotMQ==", "!!"])
async def test_a_forged_cursor_is_validation_failed(client: GraphQLClient, cursor: str) -> None:
    error = await client.error("query($a: String) { targets(after: $a) { totalCount } }",
                               {"a": cursor})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "after"


async def test_ordinary_unicode_passes(client: GraphQLClient) -> None:
    data = await client.execute(KEY, {"n": "人工复核 ✓ émoji 🎉"})
    assert data["createApiKey"]["secret"]


async def test_a_non_finite_number_stored_earlier_still_answers_valid_json(
        client: GraphQLClient, module_database_url: str) -> None:
    if not module_database_url.startswith("sqlite"):
        pytest.skip("PostgreSQL's jsonb never stored NaN")
    from agenteval.store.models import Target

    target = await Target.create(name="old", channel_type="demo",
                                 channel_config={"x": float("nan"), "y": [float("inf")]})
    try:
        response = await client.http.post("/graphql", headers={"x-api-key": ADMIN_KEY}, json={
            "query": "{ targets { edges { node { name channelConfig } } } }"})

        def refuse(constant: str) -> None:
            raise AssertionError(f"{constant} in a response")

        body = json.loads(response.text, parse_constant=refuse)
        configs = [e["node"]["channelConfig"] for e in body["data"]["targets"]["edges"]]
        assert {"x": None, "y": [None]} in configs
    finally:
        await target.delete()
