"""API keys, roles, targets and model configs through the real ASGI app."""

from __future__ import annotations

import pytest

from tests.support.graphql_client import GraphQLClient

ME = "query { me { id name role revoked } }"
API_KEYS = "query { apiKeys { id name role revoked } }"
CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret apiKey { id name role } } }"""
REVOKE_KEY = "mutation($id: ID!) { revokeApiKey(id: $id) { id revoked } }"
CREATE_TARGET = """mutation($input: CreateTargetInput!) {
  createTarget(input: $input) { id name channelType channelConfig maxConcurrency description } }"""
UPDATE_TARGET = """mutation($id: ID!, $input: UpdateTargetInput!) {
  updateTarget(id: $id, input: $input) { id name channelConfig maxConcurrency } }"""
DELETE_TARGET = "mutation($id: ID!) { deleteTarget(id: $id) }"
TARGETS = """query($first: Int, $after: String) { targets(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name } } } }"""
TARGET = "query($id: ID!) { target(id: $id) { id name channelConfig } }"
PROBE = """mutation($id: ID!, $message: String!) {
  probeTarget(id: $id, message: $message) { ok reply latencyMs error } }"""
CHANNEL_TYPES = "query { channelTypes { name description configSchema } }"
SET_MODEL = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role provider baseUrl model params hasApiKey } }"""
MODEL_CONFIGS = "query { modelConfigs { role model hasApiKey params } }"

OPENAI_TARGET = {"name": "gpt bot", "channelType": "openai_chat",
                 "channelConfig": {"base_url": "http://127.0.0.1:9/v1", "model": "m",
                                   "api_key": "sk-secret"}}


async def make_key(gql: GraphQLClient, role: str) -> GraphQLClient:
    data = await gql.execute(CREATE_KEY, {"name": f"{role.lower()} key", "role": role})
    return gql.with_key(data["createApiKey"]["secret"])


async def test_me_returns_the_callers_key(gql: GraphQLClient) -> None:
    data = await gql.execute(ME)
    assert data["me"]["role"] == "ADMIN"


@pytest.mark.parametrize("key", [None, "not-a-key"])
async def test_unknown_or_missing_key_is_unauthenticated(gql: GraphQLClient, key) -> None:
    error = await gql.with_key(key).error(ME)
    assert error.code == "UNAUTHENTICATED"


async def test_revoked_key_is_unauthenticated(gql: GraphQLClient) -> None:
    viewer = await make_key(gql, "VIEWER")
    me = await viewer.execute(ME)
    await gql.execute(REVOKE_KEY, {"id": me["me"]["id"]})
    assert (await viewer.error(ME)).code == "UNAUTHENTICATED"


async def test_created_secret_is_shown_once_and_stored_hashed(gql: GraphQLClient) -> None:
    data = await gql.execute(CREATE_KEY, {"name": "ci", "role": "AGENT"})
    secret = data["createApiKey"]["secret"]
    from agenteval.store.models import ApiKey

    stored = await ApiKey.get(id=data["createApiKey"]["apiKey"]["id"])
    assert secret not in stored.secret_hash and len(stored.secret_hash) == 64
    listed = await gql.execute(API_KEYS)
    assert all("secret" not in k for k in listed["apiKeys"])


@pytest.mark.parametrize("role", ["OPERATOR", "AGENT", "VIEWER"])
async def test_only_admin_manages_keys_and_model_configs(gql: GraphQLClient, role: str) -> None:
    other = await make_key(gql, role)
    assert (await other.error(API_KEYS)).code == "FORBIDDEN"
    assert (await other.error(CREATE_KEY, {"name": "x", "role": "ADMIN"})).code == "FORBIDDEN"
    error = await other.error(SET_MODEL, {"role": "JUDGE",
                                          "input": {"provider": "openai", "model": "m"}})
    assert error.code == "FORBIDDEN"


@pytest.mark.parametrize("role", ["AGENT", "VIEWER"])
async def test_agents_and_viewers_cannot_create_targets(gql: GraphQLClient, role: str) -> None:
    other = await make_key(gql, role)
    assert (await other.error(CREATE_TARGET, {"input": OPENAI_TARGET})).code == "FORBIDDEN"
    assert (await other.execute(TARGETS))["targets"]["totalCount"] == 0


async def test_operator_creates_target_and_secret_reads_back_masked(gql: GraphQLClient) -> None:
    operator = await make_key(gql, "OPERATOR")
    created = (await operator.execute(CREATE_TARGET, {"input": OPENAI_TARGET}))["createTarget"]
    assert created["channelConfig"]["api_key"] == "********"
    assert created["maxConcurrency"] == 8
    fetched = (await gql.execute(TARGET, {"id": created["id"]}))["target"]
    assert fetched["channelConfig"]["api_key"] == "********"


async def test_update_with_placeholder_keeps_the_stored_secret(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE_TARGET, {"input": OPENAI_TARGET}))["createTarget"]
    config = dict(created["channelConfig"], model="m2")
    await gql.execute(UPDATE_TARGET, {"id": created["id"],
                                      "input": {"channelConfig": config, "maxConcurrency": 2}})
    from agenteval.store.models import Target

    stored = await Target.get(id=created["id"])
    assert stored.channel_config["api_key"] == "sk-secret"
    assert stored.channel_config["model"] == "m2" and stored.max_concurrency == 2


async def test_bad_target_input_lists_every_field_and_writes_nothing(gql: GraphQLClient) -> None:
    bad = {"name": " ", "channelType": "openai_chat", "maxConcurrency": -1,
           "channelConfig": {"model": 5}}
    error = await gql.error(CREATE_TARGET, {"input": bad})
    assert error.code == "VALIDATION_FAILED"
    paths = {d["path"] for d in error.details}
    assert {"input.name", "input.maxConcurrency"} <= paths
    assert any(p.startswith("input.channelConfig") for p in paths)
    assert (await gql.execute(TARGETS))["targets"]["totalCount"] == 0


async def test_unknown_channel_type_is_refused(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_TARGET, {"input": {"name": "x", "channelType": "carrier_pigeon",
                                                      "channelConfig": {}}})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.channelType"


async def test_oversized_name_is_refused_not_truncated(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_TARGET, {"input": {"name": "x" * 201, "channelType": "demo",
                                                      "channelConfig": {}}})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "input.name"


async def test_targets_paginate_with_cursors(gql: GraphQLClient) -> None:
    for i in range(5):
        await gql.execute(CREATE_TARGET, {"input": {"name": f"t{i}", "channelType": "demo",
                                                    "channelConfig": {}}})
    first = (await gql.execute(TARGETS, {"first": 2}))["targets"]
    assert first["totalCount"] == 5 and first["pageInfo"]["hasNextPage"]
    rest = (await gql.execute(TARGETS, {"first": 10,
                                        "after": first["pageInfo"]["endCursor"]}))["targets"]
    names = [e["node"]["name"] for e in first["edges"] + rest["edges"]]
    assert names == [f"t{i}" for i in range(5)] and not rest["pageInfo"]["hasNextPage"]
    assert (await gql.error(TARGETS, {"after": "garbage"})).code == "VALIDATION_FAILED"


async def test_delete_target_and_unknown_ids(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE_TARGET, {"input": {"name": "d", "channelType": "demo",
                                                           "channelConfig": {}}}))["createTarget"]
    assert (await gql.execute(DELETE_TARGET, {"id": created["id"]}))["deleteTarget"] == created["id"]
    assert (await gql.execute(TARGET, {"id": created["id"]}))["target"] is None
    assert (await gql.error(DELETE_TARGET, {"id": created["id"]})).code == "NOT_FOUND"
    assert (await gql.error(DELETE_TARGET, {"id": "nope"})).code == "VALIDATION_FAILED"


async def test_probe_reaches_the_demo_bot_and_reports_a_dead_target(gql: GraphQLClient) -> None:
    demo = (await gql.execute(CREATE_TARGET, {"input": {"name": "demo", "channelType": "demo",
                                                        "channelConfig": {}}}))["createTarget"]
    probe = (await gql.execute(PROBE, {"id": demo["id"], "message": "你好"}))["probeTarget"]
    assert probe["ok"] and probe["reply"] and probe["latencyMs"] is not None
    dead = dict(OPENAI_TARGET, channelConfig=dict(OPENAI_TARGET["channelConfig"], retries=0,
                                                   timeout_s=2))
    target = (await gql.execute(CREATE_TARGET, {"input": dead}))["createTarget"]
    probe = (await gql.execute(PROBE, {"id": target["id"], "message": "hi"}))["probeTarget"]
    assert probe["ok"] is False and probe["error"].startswith("connection")


async def test_channel_types_list_every_builtin_with_a_schema(gql: GraphQLClient) -> None:
    types = {t["name"]: t for t in (await gql.execute(CHANNEL_TYPES))["channelTypes"]}
    assert {"openai_chat", "http", "websocket", "demo"} <= set(types)
    assert types["openai_chat"]["configSchema"]["properties"]["api_key"]["writeOnly"] is True


async def test_model_config_key_is_write_only(gql: GraphQLClient) -> None:
    variables = {"role": "JUDGE", "input": {"provider": "openai", "model": "judge-1",
                                            "baseUrl": "http://127.0.0.1:1/v1", "apiKey": "sk-1",
                                            "params": {"temperature": 0}}}
    data = (await gql.execute(SET_MODEL, variables))["setModelConfig"]
    assert data["hasApiKey"] is True and "apiKey" not in data
    variables["input"] = {"provider": "openai", "model": "judge-2", "apiKey": "********"}
    await gql.execute(SET_MODEL, variables)
    configs = (await gql.execute(MODEL_CONFIGS))["modelConfigs"]
    assert configs == [{"role": "JUDGE", "model": "judge-2", "hasApiKey": True, "params": {}}]


async def test_bad_model_config_is_refused(gql: GraphQLClient) -> None:
    error = await gql.error(SET_MODEL, {"role": "JUDGE", "input": {
        "provider": "acme", "model": "", "baseUrl": "ftp://x", "params": [1]}})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == {"input.provider", "input.model",
                                                  "input.baseUrl", "input.params"}


async def test_graphql_validation_errors_carry_a_code(gql: GraphQLClient) -> None:
    error = await gql.error("query { nope }")
    assert error.code == "VALIDATION_FAILED"


async def test_deep_and_wide_queries_are_refused(gql: GraphQLClient) -> None:
    deep = "query { me { " * 1 + "id }" + " }"
    assert (await gql.execute(deep))["me"]
    aliases = "query { " + " ".join(f"a{i}: me {{ id }}" for i in range(40)) + " }"
    assert (await gql.error(aliases)).code == "VALIDATION_FAILED"
    huge = "query { " + " ".join("me { id }" for _ in range(3000)) + " }"
    assert (await gql.error(huge)).code == "VALIDATION_FAILED"
