"""Shared documents, a counting local target and helpers for the intelligent-eval API tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

EVAL_FIELDS = """id name status allowedActions planRevision planFeedback failureReason
  startedAt completedAt lastAgentActivityAt reportMarkdown
  plan { estimatedSessions dimensions budget { maxTurnsPerSession totalMaxTurns } }
  planHistory { revision feedback rejectedAt plan { estimatedSessions } }
  progress { sessionsPlanned sessionsStarted sessionsRunning sessionsClosed turnsUsed
             turnBudget budgetOverruns dimensionsCovered dimensionsPlanned }
  report { summary findings { issue severity evidence { sessionId turnIndex userSaid
           assistantReplied verified } } }"""
CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret } }"""
CREATE_EVAL = f"""mutation($input: CreateIntelligentEvalInput!) {{
  createIntelligentEval(input: $input) {{ {EVAL_FIELDS} }} }}"""
EVAL = f"query($id: ID!) {{ intelligentEval(id: $id) {{ {EVAL_FIELDS} }} }}"
SUBMIT_PLAN = f"""mutation($id: ID!, $plan: PlanInput!) {{
  submitPlan(evalId: $id, plan: $plan) {{ {EVAL_FIELDS} }} }}"""
APPROVE = f"mutation($id: ID!) {{ approvePlan(evalId: $id) {{ {EVAL_FIELDS} }} }}"
REJECT = f"""mutation($id: ID!, $feedback: String!) {{
  rejectPlan(evalId: $id, feedback: $feedback) {{ {EVAL_FIELDS} }} }}"""
CANCEL = f"""mutation($id: ID!, $reason: String) {{
  cancelIntelligentEval(evalId: $id, reason: $reason) {{ {EVAL_FIELDS} }} }}"""
HEARTBEAT = f"""mutation($id: ID!, $note: String) {{
  heartbeat(evalId: $id, note: $note) {{ {EVAL_FIELDS} }} }}"""
SUBMIT_REPORT = f"""mutation($id: ID!, $report: ReportInput!) {{
  submitReport(evalId: $id, report: $report) {{ {EVAL_FIELDS} }} }}"""
SESSION_FIELDS = """id evalId status turnCount virtualUserIndex closedAt
  verdict { goalAchieved achievement issues { description severity turnIndex } }
  messages { index turnIndex role content latencyMs error }"""
CREATE_SESSION = f"""mutation($id: ID!, $input: CreateSessionInput!) {{
  createSession(evalId: $id, input: $input) {{ {SESSION_FIELDS} }} }}"""
SEND = """mutation($id: ID!, $content: String!, $key: String) {
  sendMessage(sessionId: $id, content: $content, idempotencyKey: $key) {
    userMessage { id index turnIndex role content }
    reply { id index turnIndex role content latencyMs error }
    session { id turnCount status } } }"""
CLOSE = f"""mutation($id: ID!, $verdict: VerdictInput!) {{
  closeSession(sessionId: $id, verdict: $verdict) {{ {SESSION_FIELDS} }} }}"""
SESSION = f"query($id: ID!) {{ session(id: $id) {{ {SESSION_FIELDS} }} }}"
EVENTS = """query($id: ID!) { intelligentEval(id: $id) { events(first: 500) { totalCount
  edges { node { sequence type status sessionId detail } } } } }"""

SEEDS = {"personas": [{"name": "老王", "patience": "low"}],
         "goals": [{"goal": "book a repair", "dimension": "booking"}]}
VERDICT = {"goalAchieved": True, "achievement": 0.8,
           "issues": [{"description": "slow", "severity": "LOW", "turnIndex": 0}]}


def plan(sessions: int = 2, per_session: int = 5, total: int = 20) -> dict[str, Any]:
    return {"dimensions": ["booking", "refund"],
            "virtualUsers": [{"persona": {"name": "老王", "patience": "low"},
                              "goal": "book a repair", "dimension": "booking"}],
            "timeDistribution": [{"timeSlot": "0-1h", "sessions": sessions}],
            "estimatedSessions": sessions,
            "budget": {"maxTurnsPerSession": per_session, "totalMaxTurns": total}}


@dataclass
class CountingTarget:
    """An OpenAI-compatible local target that counts requests; "BOOM" in a message → HTTP 400."""

    url: str = ""
    requests: list[list[dict[str, str]]] = field(default_factory=list)

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.requests.append(body["messages"])
        last = body["messages"][-1]["content"]
        if "BOOM" in last:
            return web.json_response({"error": "boom"}, status=400)
        return web.json_response({"choices": [{"message": {"content": f"echo: {last}"}}]})


@pytest.fixture
async def target_server() -> AsyncIterator[CountingTarget]:
    target = CountingTarget()
    app = web.Application()
    app.router.add_post("/v1/chat/completions", target.handle)
    async with local_server(app) as url:
        target.url = f"{url}/v1"
        yield target


async def make_key(gql: GraphQLClient, role: str) -> GraphQLClient:
    data = await gql.execute(CREATE_KEY, {"name": f"{role.lower()} key", "role": role})
    return gql.with_key(data["createApiKey"]["secret"])


async def create_target(gql: GraphQLClient, url: str | None = None) -> str:
    if url is None:
        spec = {"name": "demo", "channelType": "demo", "channelConfig": {}}
    else:
        spec = {"name": "bot", "channelType": "openai_chat",
                "channelConfig": {"base_url": url, "model": "m", "retries": 0}}
    return (await gql.execute(CREATE_TARGET, {"input": spec}))["createTarget"]["id"]


async def create_eval(gql: GraphQLClient, target_id: str, name: str = "海淀 repair eval"
                      ) -> dict[str, Any]:
    data = await gql.execute(CREATE_EVAL, {"input": {
        "name": name, "targetId": target_id, "goal": "check booking", "seeds": SEEDS,
        "intent": "find flaws", "roleDescription": "customers", "timeWindowHours": 24}})
    return data["createIntelligentEval"]


async def executing_eval(gql: GraphQLClient, target_id: str, **plan_args: Any) -> dict[str, Any]:
    created = await create_eval(gql, target_id)
    await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan(**plan_args)})
    return (await gql.execute(APPROVE, {"id": created["id"]}))["approvePlan"]


async def start_session(gql: GraphQLClient, eval_id: str, key: str | None = None) -> str:
    data = await gql.execute(CREATE_SESSION, {"id": eval_id, "input": {
        "persona": {"name": "老王"}, "goal": "book", "dimension": "booking",
        "virtualUserIndex": 0, "idempotencyKey": key}})
    return data["createSession"]["id"]


async def events(gql: GraphQLClient, eval_id: str) -> list[dict[str, Any]]:
    data = await gql.execute(EVENTS, {"id": eval_id})
    return [edge["node"] for edge in data["intelligentEval"]["events"]["edges"]]
