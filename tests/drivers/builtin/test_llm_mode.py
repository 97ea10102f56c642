"""LLM mode against a scripted OpenAI-compatible server: planner, simulator, verdicts, report."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from agenteval.config import Settings
from agenteval.drivers.builtin.detectors import Turn
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.llm_analysis import model_report, model_verdict
from agenteval.drivers.builtin.llm_planner import model_plan
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from agenteval.drivers.builtin.users import ModelUser
from agenteval.drivers.builtin.verdict import Expectations
from agenteval.llm import ModelEndpoint, ModelRegistry
from tests.drivers.builtin.test_lifecycle import APPROVE, EVAL, demo_eval, key
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

PLAN = {"dimensions": ["booking"],
        "virtualUsers": [{"persona": {"name": "Ann", "patience": "low"},
                          "goal": "book a fridge repair", "dimension": "booking"}],
        "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1}],
        "estimatedSessions": 1, "budget": {"maxTurnsPerSession": 4, "totalMaxTurns": 4}}
EVAL_INPUT = {"goal": "check", "seeds": {}, "intent": "i", "roleDescription": "r",
              "timeWindowHours": 24, "planHistory": [{"feedback": "more evening sessions"}]}


@pytest.fixture
async def llm() -> AsyncIterator[FakeLLMServer]:
    async with FakeLLMServer() as server:
        yield server


def registry(server: FakeLLMServer, *roles: str) -> ModelRegistry:
    return ModelRegistry([ModelEndpoint(role=role, model=f"{role.lower()}-model",  # type: ignore[arg-type]
                                        base_url=server.url, params={"retries": 0})
                          for role in roles])


def system_prompt(body: dict[str, Any]) -> str:
    return body["messages"][0]["content"]


async def test_the_planner_model_plan_is_validated_and_repaired_once(llm: FakeLLMServer) -> None:
    broken = {**PLAN, "estimatedSessions": 3}
    llm.script("chat", json.dumps(broken), json.dumps(PLAN))
    async with registry(llm, "PLANNER") as models:
        plan = await model_plan(models.get("PLANNER"), EVAL_INPUT)
    assert plan is not None and plan["estimatedSessions"] == 1
    first, repair = llm.requests_to("chat")
    assert "more evening sessions" in first.body["messages"][1]["content"]
    assert "estimatedSessions" in repair.body["messages"][-1]["content"]


async def test_a_plan_still_invalid_after_the_repair_gives_none(llm: FakeLLMServer) -> None:
    llm.script("chat", json.dumps({**PLAN, "dimensions": []}), json.dumps({**PLAN,
                                                                          "dimensions": []}))
    async with registry(llm, "PLANNER") as models:
        assert await model_plan(models.get("PLANNER"), EVAL_INPUT) is None


async def test_the_simulator_plays_the_persona_until_done(llm: FakeLLMServer) -> None:
    llm.script("chat", json.dumps({"message": "My fridge is warm", "done": False}),
               json.dumps({"message": "", "done": True, "reason": "booked"}))
    async with registry(llm, "SIMULATOR") as models:
        user = ModelUser(models.get("SIMULATOR"), {"name": "Ann", "patience": "low"},
                         "book a repair", ["My name is Ann"])
        assert await user.next_message([]) == "My fridge is warm"
        assert await user.next_message([Turn(0, "My fridge is warm", "booked")]) is None
    assert user.stop_reason == "booked"
    prompt = system_prompt(llm.requests_to("chat")[0].body)
    assert '"Ann"' in prompt and "impatient" in prompt and "My name is Ann" in prompt


async def test_a_failing_simulator_still_opens_with_the_script(llm: FakeLLMServer) -> None:
    llm.script("chat", "not json", "still not json")
    async with registry(llm, "SIMULATOR") as models:
        user = ModelUser(models.get("SIMULATOR"), {}, "goal", (), "我家空调坏了")
        assert await user.next_message([]) == "我家空调坏了"


async def test_a_model_verdict_is_cleaned_and_validated(llm: FakeLLMServer) -> None:
    llm.script("chat", json.dumps({"goalAchieved": True, "achievement": 0.5, "issues": [
        {"description": "no time asked", "severity": "HIGH", "turnIndex": 0},
        {"description": "bad index", "severity": "LOW", "turnIndex": 9}]}))
    async with registry(llm, "ANALYST") as models:
        verdict = await model_verdict(models.get("ANALYST"), {"goal": "g"},
                                      [Turn(0, "hi", "booked")], Expectations())
    assert verdict is not None and verdict["achievement"] == 0.5
    assert [i["turnIndex"] for i in verdict["issues"]] == [0, None]


async def test_a_model_report_takes_its_quotes_from_the_transcript(llm: FakeLLMServer) -> None:
    llm.script("chat", json.dumps({"summary": "s", "scores": [{"dimension": "b", "score": 12}],
                                   "findings": [{"issue": "no time", "severity": "HIGH",
                                                 "suggestion": "ask", "evidence": [
                                                     {"sessionId": "s1", "turnIndex": 0,
                                                      "userSaid": "made up"},
                                                     {"sessionId": "nope", "turnIndex": 0}]}]}))
    session = {"id": "s1", "messages": [
        {"role": "USER", "turnIndex": 0, "content": "空调坏了"},
        {"role": "ASSISTANT", "turnIndex": 0, "content": "预约成功", "error": None}]}
    async with registry(llm, "ANALYST") as models:
        report = await model_report(models.get("ANALYST"), {"goal": "g"}, [session])
    assert report is not None
    assert report["findings"][0]["evidence"] == [{"sessionId": "s1", "turnIndex": 0,
                                                  "userSaid": "空调坏了",
                                                  "assistantReplied": "预约成功"}]
    assert report["scores"] == [{"dimension": "b", "score": 10.0}]


def role_player(body: dict[str, Any]) -> str:
    """Answers as whichever role the system prompt asks for."""
    prompt = system_prompt(body)
    if prompt.startswith("You plan"):
        return json.dumps({**PLAN, "virtualUsers": [{**PLAN["virtualUsers"][0],
                                                     "goal": "预约冰箱维修"}]})
    if prompt.startswith("You play a customer"):
        turns = body["messages"][1]["content"].count("customer:")
        script = ["我家冰箱坏了，不制冷", "我叫李娜", "电话 13800138000", "地址是上海市徐汇区 1 号"]
        if turns >= len(script):
            return json.dumps({"message": "", "done": True, "reason": "booked"})
        return json.dumps({"message": script[turns], "done": False})
    if prompt.startswith("You judge"):
        return json.dumps({"goalAchieved": True, "achievement": 0.5, "issues": [
            {"description": "never asked for a time", "severity": "HIGH", "turnIndex": 3}],
            "suggestions": ["ask for a time"]})
    sessions = json.loads(body["messages"][1]["content"])["sessions"]
    return json.dumps({"summary": "Mia books without a time.", "findings": [
        {"issue": "No visit time asked", "severity": "HIGH", "dimension": "booking",
         "suggestion": "Ask for a time", "evidence": [{"sessionId": sessions[0]["sessionId"],
                                                       "turnIndex": 3}]}]})


async def test_every_role_uses_its_model_through_the_real_api(app, gql: GraphQLClient) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)
    async with FakeLLMServer(chat=role_player) as server, \
            registry(server, "PLANNER", "SIMULATOR", "ANALYST") as models:
        assert (await drive(agent, eval_id, "planner", settings, models)).detail["mode"] == "model"
        await operator.execute(APPROVE, {"id": eval_id})
        evaluated = await drive(agent, eval_id, "evaluator", settings, models)
        assert evaluated.detail["simulator"] == "model" and evaluated.detail["turnsSent"] == 4
        reported = await drive(agent, eval_id, "analyst", settings, models)
    assert reported.detail == {"mode": "model", "findings": 1, "provenance": {
        "source": "model", "model": "analyst-model", "reason": None, "detail": None,
        "calls": {"model": 1, "script": 0}}}
    final = (await gql.execute(EVAL, {"id": eval_id}))["intelligentEval"]
    assert final["status"] == "COMPLETED"
    [finding] = final["report"]["findings"]
    [evidence] = finding["evidence"]
    assert evidence["verified"] and evidence["userSaid"] == "地址是上海市徐汇区 1 号"
    assert "预约成功" in evidence["assistantReplied"]


async def test_a_missing_model_role_falls_back_to_scripted(app, gql: GraphQLClient) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    async with FakeLLMServer() as server, registry(server, "SIMULATOR") as models:
        planned = await drive(agent, eval_id, "planner", Settings(time_scale=0.0), models)
    assert planned.detail["mode"] == "scripted" and not server.requests
