"""checkModels: the `agenteval models check` logic over GraphQL, against a real local server."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agenteval.llm.structured_output import forget_all
from tests.support.fake_llm_server import FakeLLMServer, Respond
from tests.support.graphql_client import GraphQLClient

SET_MODEL = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""
CHECK = """mutation { checkModels { role model baseUrl ok reachable latencyMs usageReported
  structuredOutput answerValid sample error } }"""


def llama_cpp_like(body: Any) -> Any:
    """Refuses OpenAI's json_schema form (as llama.cpp does); a judge score, else prose."""
    if (body.get("response_format") or {}).get("type") == "json_schema":
        return Respond(status=500, body={"error": "Input should be 'text' or 'json_object'"})
    if body["messages"][0]["content"].startswith("Score"):
        return json.dumps({"score": 8, "rationale": "polite"})
    return "not JSON at all"


async def test_check_models_reports_each_configured_role_and_stores_nothing(
        gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch) -> None:
    forget_all()
    monkeypatch.delenv("AGENTEVAL_JUDGE_MODEL", raising=False)
    async with FakeLLMServer(chat=llama_cpp_like) as server:
        credentialed = server.url.replace("http://", "http://judge:s3cr3t@")
        params = {"retries": 0, "backoff_s": 0.01}
        await gql.execute(SET_MODEL, {"role": "JUDGE", "input": {
            "provider": "openai", "model": "m-judge", "baseUrl": credentialed,
            "params": params}})
        await gql.execute(SET_MODEL, {"role": "ANALYST", "input": {
            "provider": "openai", "model": "m-analyst", "baseUrl": server.url,
            "apiKey": "sk-hidden", "params": params}})
        before = await gql.execute("{ modelConfigs { role model params } }")
        checks = {c["role"]: c for c in (await gql.execute(CHECK))["checkModels"]}
        after = await gql.execute("{ modelConfigs { role model params } }")
    judge, analyst = checks["JUDGE"], checks["ANALYST"]
    assert judge["ok"] and judge["reachable"] and judge["answerValid"]
    assert judge["structuredOutput"] == "json_object_schema"
    assert judge["usageReported"] is True and judge["latencyMs"] >= 0
    assert json.loads(judge["sample"])["score"] == 8
    assert judge["baseUrl"] == server.url  # the URL's credentials are never shown
    assert not analyst["ok"] and analyst["reachable"] and analyst["answerValid"] is False
    assert "invalid_output" in analyst["error"]
    text = json.dumps(checks)
    assert "s3cr3t" not in text and "sk-hidden" not in text
    assert before == after  # shown, never stored


async def test_check_models_is_refused_to_a_viewer(gql: GraphQLClient) -> None:
    created = await gql.execute(
        'mutation { createApiKey(name: "v", role: VIEWER) { secret } }')
    viewer = gql.with_key(created["createApiKey"]["secret"])
    assert (await viewer.error(CHECK)).code == "FORBIDDEN"


async def test_a_model_config_saved_back_as_shown_keeps_its_url_password(
        gql: GraphQLClient) -> None:
    """The Models page sends the masked base URL back when only the model changes."""
    from agenteval.store.models import ModelConfig

    await gql.execute(SET_MODEL, {"role": "JUDGE", "input": {
        "provider": "openai", "model": "m1", "baseUrl": "http://judge:s3cr3t@127.0.0.1:9/v1"}})
    shown = (await gql.execute("{ modelConfigs { role baseUrl } }"))["modelConfigs"]
    masked = next(c["baseUrl"] for c in shown if c["role"] == "JUDGE")
    assert "s3cr3t" not in masked and "********" in masked
    await gql.execute(SET_MODEL, {"role": "JUDGE", "input": {
        "provider": "openai", "model": "m2", "baseUrl": masked}})
    stored = await ModelConfig.get(role="JUDGE")
    assert stored.model == "m2" and stored.base_url == "http://judge:s3cr3t@127.0.0.1:9/v1"
