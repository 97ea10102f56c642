"""End to end: a campaign using all eight rule types against the demo bot, judged by a
scripted model server configured as JUDGE, EMBEDDING and MODERATION; the re-run is free.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.static_helpers import create_target, outcomes, run_scenario, wait_for_run
from tests.support.fake_llm_server import FakeLLMServer, Step
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app

SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role model baseUrl } }"""
IMPORT = "mutation($document: String!) { importScenario(document: $document) { id } }"
SUMMARY = """query($id: ID!) { run(id: $id) { status summary {
  totalCases passRate errorCount intentAccuracy avgCompletion
  intentConfusion { expected predicted count } } } }"""

TAXONOMY = {"appointment_booking": "预约服务", "inquiry": "咨询信息", "complaint": "投诉反馈"}
SLOTS = [
    {"name": "user_name", "description": "用户姓名"},
    {"name": "phone", "description": "联系电话"},
    {"name": "address", "description": "服务地址"},
    {"name": "fault_description", "description": "故障描述"},
    {"name": "appointment_time", "description": "预约时间"},
]
STEPS = [{"name": "record", "description": "记录投诉内容"},
         {"name": "apologise", "description": "表达歉意"}]

CASES: list[dict[str, Any]] = [
    {   # the seed's repair booking: every rule type once
        "id": "repair-booking",
        "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000",
                     "地址是朝阳区建国路 88 号"],
        "rule_logic": "WEIGHTED", "rule_pass_threshold": 0.5,
        "eval_rules": [
            {"type": "intent_classification", "params": {
                "expected_intent": "appointment_booking", "intent_taxonomy": TAXONOMY}},
            {"type": "task_completion", "params": {"mode": "slot", "required_slots": SLOTS}},
            {"type": "llm_score", "params": {"criteria": "专业、礼貌", "samples": 3}},
            {"type": "keyword_match", "params": {"keywords": ["预约成功"]}},
            {"type": "response_time", "params": {"max_ms": 5000}},
            {"type": "semantic_similarity", "params": {"reference": "预约成功，师傅会联系您"}},
            {"type": "safety", "params": {}},
            {"type": "json_schema", "params": {"schema": {"type": "object"}}, "weight": 0},
        ],
    },
    {   # a complaint the scripted judge misreads: fills the confusion matrix
        "id": "complaint",
        "messages": ["我要投诉，快递三天没到"],
        "eval_rules": [
            {"type": "intent_classification", "params": {
                "expected_intent": "complaint", "intent_taxonomy": TAXONOMY}},
            {"type": "task_completion", "params": {"mode": "step", "required_steps": STEPS,
                                                   "min_completion_rate": 0.5}},
        ],
    },
]


def claim(flag: str, done: bool, turn: int | None = None, quote: str | None = None) -> dict:
    return {flag: done, "turn_index": turn, "quote": quote}


def scripted_judge(body: Any) -> Step:
    """Answers by prompt kind, deterministically (so the cache can replace it)."""
    prompt = body["messages"][1]["content"]
    if prompt.startswith("Decide from the dialog"):
        if "user_name" in prompt:
            answer: dict[str, Any] = {"slots": {
                "user_name": claim("filled", True, 1, "我叫张三"),
                "phone": claim("filled", True, 2, "电话是 13800138000"),
                "address": claim("filled", True, 3, "地址是朝阳区建国路 88 号"),
                "fault_description": claim("filled", True, 0, "空调坏了"),
                "appointment_time": claim("filled", False)}}
        else:
            answer = {"steps": {"record": claim("done", True, 0, "投诉已记录"),
                                "apologise": claim("done", False)}}
        return json.dumps({**answer, "rationale": "scripted"}, ensure_ascii=False)
    if prompt.startswith("1. Classify"):
        if "快递三天没到" in prompt:
            return json.dumps({"intent": "inquiry", "understanding": "wrong",
                               "confidence": 0.6, "rationale": "scripted"})
        return json.dumps({"intent": "appointment_booking", "understanding": "correct",
                           "confidence": 0.95, "rationale": "scripted"})
    return json.dumps({"score": 8, "rationale": "scripted"})


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False)


@pytest.fixture
async def gql(settings: Settings) -> AsyncIterator[GraphQLClient]:
    async with running_app(create_app(settings, migrate=False)) as http:
        yield GraphQLClient(http)


async def configure_models(gql: GraphQLClient, url: str) -> None:
    for role in ("JUDGE", "EMBEDDING", "MODERATION"):
        await gql.execute(SET_MODEL_CONFIG, {"role": role, "input": {
            "provider": "openai", "baseUrl": url, "model": f"{role.lower()}-model",
            "params": {"backoff_s": 0.01, "timeout_s": 5}}})


async def run_once(gql: GraphQLClient, target_id: str) -> tuple[dict[str, Any], list[dict]]:
    _, run_id = await run_scenario(gql, target_id, CASES)
    await wait_for_run(gql, run_id)
    run = (await gql.execute(SUMMARY, {"id": run_id}))["run"]
    return run, await outcomes(gql, run_id)


def results_by_type(outcome: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {result["ruleType"]: result for result in outcome["results"]}


async def test_judge_rules_are_refused_until_a_judge_is_configured(gql: GraphQLClient) -> None:
    document = {"document": json.dumps({"name": "s", "cases": CASES})}

    error = await gql.error(IMPORT, document)

    assert error.code == "VALIDATION_FAILED"
    paths = {detail["path"] for detail in error.details}
    assert paths == {"cases[0].eval_rules[0].type", "cases[0].eval_rules[1].type",
                     "cases[0].eval_rules[2].type", "cases[1].eval_rules[0].type",
                     "cases[1].eval_rules[1].type"}  # the JUDGE rules, and only they
    await configure_models(gql, "http://127.0.0.1:9/v1")
    assert (await gql.execute(IMPORT, document))["importScenario"]["id"]


async def test_all_rule_types_judged_then_re_run_entirely_from_the_cache(
        gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=scripted_judge) as server:
        await configure_models(gql, server.url)
        target_id = await create_target(gql, "demo")

        first, first_outcomes = await run_once(gql, target_id)
        calls_first = {kind: len(server.requests_to(kind))
                       for kind in ("chat", "embeddings", "moderations")}
        second, second_outcomes = await run_once(gql, target_id)
        calls_second = {kind: len(server.requests_to(kind)) - calls_first[kind]
                        for kind in calls_first}
    print(f"model requests: run 1 {calls_first}, run 2 {calls_second}")

    # Run 1: 2 intent + 2 task_completion + 3 llm_score samples; 1 embedding; 1 moderation.
    assert calls_first == {"chat": 7, "embeddings": 1, "moderations": 1}
    assert calls_second == {"chat": 0, "embeddings": 0, "moderations": 0}

    assert first["status"] == "COMPLETED"
    summary = first["summary"]
    assert summary["errorCount"] == 0
    assert summary["intentAccuracy"] == 0.5
    assert summary["avgCompletion"] == pytest.approx((0.8 + 0.5) / 2)
    assert sorted(summary["intentConfusion"], key=lambda c: c["expected"]) == [
        {"expected": "appointment_booking", "predicted": "appointment_booking", "count": 1},
        {"expected": "complaint", "predicted": "inquiry", "count": 1}]
    assert second["summary"] == summary

    repair = next(o for o in first_outcomes if o["caseKey"] == "repair-booking")
    results = results_by_type(repair)
    assert set(results) == {"intent_classification", "task_completion", "llm_score",
                            "keyword_match", "response_time", "semantic_similarity",
                            "safety", "json_schema"}
    assert all(result["error"] is None for result in results.values())
    completion = results["task_completion"]["detail"]
    assert (completion["completion_rate"], completion["judge"]["cached"]) == (0.8, False)
    assert results["llm_score"]["detail"]["judge"]["agreement"] == 1.0
    assert results["semantic_similarity"]["detail"]["method"] == "embedding"
    assert results["safety"]["detail"]["method"] == "moderation"

    repeat = results_by_type(next(o for o in second_outcomes if o["caseKey"] == "repair-booking"))
    assert repeat["task_completion"]["detail"]["judge"]["cached"] is True
    assert repeat["task_completion"]["score"] == results["task_completion"]["score"]
