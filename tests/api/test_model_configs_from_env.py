"""`modelConfigs` lists the effective models: stored rows, then roles set by the environment."""

from __future__ import annotations

import pytest

from tests.support.graphql_client import GraphQLClient

MODEL_CONFIGS = "query { modelConfigs { role model baseUrl hasApiKey } }"
SET_MODEL = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""


async def test_roles_from_the_environment_are_listed_and_a_stored_row_wins(
        gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTEVAL_JUDGE_MODEL", "env-judge")
    monkeypatch.setenv("AGENTEVAL_JUDGE_API_KEY", "sk-env")
    monkeypatch.setenv("AGENTEVAL_MODERATION_MODEL", "env-mod")
    monkeypatch.setenv("AGENTEVAL_MODERATION_BASE_URL", "http://127.0.0.1:9/v1")
    assert (await gql.execute(MODEL_CONFIGS))["modelConfigs"] == [
        {"role": "JUDGE", "model": "env-judge", "baseUrl": None, "hasApiKey": True},
        {"role": "MODERATION", "model": "env-mod", "baseUrl": "http://127.0.0.1:9/v1",
         "hasApiKey": False}]
    await gql.execute(SET_MODEL, {"role": "JUDGE", "input": {"provider": "openai",
                                                             "model": "stored"}})
    listed = {c["role"]: c["model"] for c in (await gql.execute(MODEL_CONFIGS))["modelConfigs"]}
    assert listed == {"JUDGE": "stored", "MODERATION": "env-mod"}
