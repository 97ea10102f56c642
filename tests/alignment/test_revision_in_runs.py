"""A real run judges with the active revision and its run JSON and report say so."""

from __future__ import annotations

from typing import Any

from agenteval.store.judge_revisions.revisions import create_revision
from tests.alignment.pattern_judge import MODEL, pattern_answer
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

SET_MODEL = """mutation($input: ModelConfigInput!) {
  setModelConfig(role: JUDGE, input: $input) { role } }"""
CASES = [{"id": "repair", "messages": ["我家空调坏了，想预约维修"],
          "eval_rules": [{"type": "llm_score", "params": {"criteria": "helpful"}}]}]
EXAMPLE = {"dialog_excerpt": "用户：空调坏了 客服：马上为您预约", "score": 9, "why": "办成了"}


async def run_json(gql: GraphQLClient, target: str) -> dict[str, Any]:
    _, run_id = await run_scenario(gql, target, CASES)
    await wait_for_run(gql, run_id)
    response = await gql.http.get(f"/api/runs/{run_id}/report.json",
                                  headers={"X-API-Key": ADMIN_KEY})
    entry: dict[str, Any] = response.json()
    entry["markdown"] = (await gql.http.get(f"/api/runs/{run_id}/report.md",
                                            headers={"X-API-Key": ADMIN_KEY})).text
    return entry


async def test_runs_record_the_revision_and_the_judge_hash_changes(gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=pattern_answer) as llm:
        await gql.execute(SET_MODEL, {"input": {"provider": "openai", "baseUrl": llm.url,
                                                "model": MODEL}})
        target = await create_target(gql)
        before = await run_json(gql, target)
        await create_revision("llm_score", "zh", MODEL, [EXAMPLE], alignment_id=None,
                              created_by="test")
        after = await run_json(gql, target)
        assert "办成了" in str(llm.requests_to("chat")[-1].body["messages"][1]["content"])
    [old] = before["outcomes"][0]["results"]
    [new] = after["outcomes"][0]["results"]
    assert "revision" not in old["detail"]["judge"]
    assert new["detail"]["judge"]["revision"].startswith("llm_score/zh/r1:")
    assert before["outcomes"][0]["judgeHash"] != after["outcomes"][0]["judgeHash"]
    assert new["detail"]["judge"]["revision"] in after["markdown"]
    assert "## Judges" in before["markdown"] and "none (the rule's own examples)" in before[
        "markdown"]
