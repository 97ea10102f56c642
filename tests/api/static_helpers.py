"""Shared GraphQL documents, local misbehaving targets and helpers for the static-evaluation tests."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.support.graphql_client import GraphQLClient

CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret } }"""
IMPORT_SCENARIO = """mutation($document: String!) {
  importScenario(document: $document) { id name caseCount } }"""
CREATE_CAMPAIGN = """mutation($input: CreateCampaignInput!) {
  createCampaign(input: $input) { id name repeat concurrency targets { id } scenario { id } } }"""
START_RUN = """mutation($campaignId: ID!, $targetId: ID) {
  startRun(campaignId: $campaignId, targetId: $targetId) { id status target { id } } }"""
CANCEL_RUN = "mutation($runId: ID!) { cancelRun(runId: $runId) { id status progress { done total } } }"
RUN = """query($id: ID!) { run(id: $id) {
  id status error startedAt completedAt
  progress { runId status total done passed failed errored }
  summary { totalCases passedCases passRate successRate successCount partialCount failureCount
            errorCount passHatK passHatCurve latencyP50Ms latencyP95Ms intentAccuracy avgCompletion }
} }"""
OUTCOMES = """query($id: ID!, $first: Int, $passed: Boolean, $level: SuccessLevel) { run(id: $id) {
  outcomes(first: $first, passed: $passed, successLevel: $level) {
    totalCount
    edges { node { caseKey attempt passed successLevel score error
      turns { index sentMessage reply latencyMs error }
      results { ruleType implicit passed score weight detail error } } } } } }"""



async def make_key(gql: GraphQLClient, role: str) -> GraphQLClient:
    data = await gql.execute(CREATE_KEY, {"name": f"{role.lower()} key", "role": role})
    return gql.with_key(data["createApiKey"]["secret"])


async def create_target(gql: GraphQLClient, channel_type: str = "demo",
                        config: dict[str, Any] | None = None, max_concurrency: int = 8,
                        name: str = "target") -> str:
    data = await gql.execute(CREATE_TARGET, {"input": {
        "name": name, "channelType": channel_type, "channelConfig": config or {},
        "maxConcurrency": max_concurrency}})
    return data["createTarget"]["id"]


async def http_target(gql: GraphQLClient, base_url: str, max_concurrency: int = 8,
                      timeout_s: float = 2.0, retries: int = 0) -> str:
    return await create_target(gql, "http", {
        "url": f"{base_url}/chat", "reply_path": "reply", "timeout_s": timeout_s,
        "retries": retries, "backoff_s": 0}, max_concurrency=max_concurrency, name="http bot")


def document(cases: list[dict[str, Any]], name: str = "scenario") -> str:
    return json.dumps({"name": name, "cases": cases})


def simple_cases(count: int, contains: str = "echo") -> list[dict[str, Any]]:
    return [{"id": f"case-{i:03d}", "messages": [f"hello {i}"],
             "expectation": {"contains": contains}} for i in range(count)]


async def run_scenario(gql: GraphQLClient, target_id: str, cases: list[dict[str, Any]],
                       repeat: int = 1, concurrency: int = 8) -> tuple[str, str]:
    """Import, create a campaign, start it: (campaign id, run id)."""
    scenario = await gql.execute(IMPORT_SCENARIO, {"document": document(cases)})
    campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "campaign", "scenarioId": scenario["importScenario"]["id"],
        "targetIds": [target_id], "repeat": repeat, "concurrency": concurrency}})
    campaign_id = campaign["createCampaign"]["id"]
    runs = await gql.execute(START_RUN, {"campaignId": campaign_id})
    return campaign_id, runs["startRun"][0]["id"]


async def wait_for_run(gql: GraphQLClient, run_id: str, timeout: float = 20.0,
                       statuses: tuple[str, ...] = ("COMPLETED", "CANCELLED", "FAILED")
                       ) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        run = (await gql.execute(RUN, {"id": run_id}))["run"]
        if run["status"] in statuses:
            return run
        if time.monotonic() > deadline:
            raise AssertionError(f"run still {run['status']} after {timeout} s: {run}")
        await asyncio.sleep(0.05)


async def outcomes(gql: GraphQLClient, run_id: str, **filters: Any) -> list[dict[str, Any]]:
    data = await gql.execute(OUTCOMES, {"id": run_id, "first": 500, **filters})
    return [edge["node"] for edge in data["run"]["outcomes"]["edges"]]


@dataclass
class TargetBehaviour:
    """A local bot API that misbehaves on purpose, depending on the message."""

    delay_s: float = 0.0
    in_flight: int = 0
    max_in_flight: int = 0
    requests: list[dict[str, Any]] = field(default_factory=list)

    async def chat(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        message = str(body.get("message", ""))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delay_s)
            if "slow" in message:
                await asyncio.sleep(30)
            if "boom" in message:
                return web.Response(status=500, text="internal error")
            if "garbage" in message:
                return web.Response(text="<html>not json</html>", content_type="text/html")
            return web.json_response({"reply": f"echo: {message}",
                                      "session_id": body.get("session_id")})
        finally:
            self.in_flight -= 1

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/chat", self.chat)
        return app


