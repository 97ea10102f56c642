"""A real instrumented app (the `openai` client under OpenInference or the OpenTelemetry
GenAI instrumentation, against a local fake OpenAI server) exports with the real OTLP/HTTP
exporter to the real app served by uvicorn; its conversations appear, close and are judged."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest
from starlette.applications import Starlette

from agenteval.config import Settings
from tests.api.monitoring.otel.fake_openai import fake_openai
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.local_server import Serve
from tests.support.uvicorn_server import uvicorn_server

APP = Path(__file__).with_name("instrumented_app.py")
ROOT = Path(__file__).resolve().parents[4]
TURNS = """query($c: ID!) { monitoredTurns(conversationId: $c) { position role content } }"""
CONVERSATIONS = "{ monitoredConversations { id externalId status inferred sourceId } }"
SOURCES = "{ monitoredSources { id name } }"
MONITOR = """mutation($judge: JSON!) { createMonitor(name: "otel", judge: $judge) { id } }"""
VERDICTS = "{ monitorVerdicts { status passed conversationId } }"


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    monitoring_poll_s=0.1)


def mia(message: str) -> str:
    return "Your order ships today." if "order" in message else "Happy to help, thank you!"


async def run_app(library: str, conversation: str, otlp: str, openai_url: str,
                  *messages: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           # docs/monitoring.md: the standard OTLP exporter variables, nothing else.
           "OTEL_EXPORTER_OTLP_ENDPOINT": otlp,
           "OTEL_EXPORTER_OTLP_HEADERS": f"x-api-key={ADMIN_KEY}",
           "OTEL_SERVICE_NAME": "mia-shop",
           "OPENAI_BASE_URL": f"{openai_url}/v1", "OPENAI_API_KEY": "unused"}
    if library.startswith("openai-v2"):
        env["OTEL_SEMCONV_STABILITY_OPT_IN"] = "gen_ai_latest_experimental"
        env["OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"] = (
            "EVENT_ONLY" if library == "openai-v2-logs" else "SPAN_ONLY")
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(APP), library, conversation, *messages, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 0, err.decode()[-3000:]
    return out.decode()


async def until(check: object, gql: GraphQLClient, query: str, timeout_s: float = 20) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        data = await gql.execute(query)
        if check(data):  # type: ignore[operator]
            return data
        assert time.monotonic() < deadline, data
        await asyncio.sleep(0.2)


@pytest.mark.parametrize("library", ["openinference", "openai-v2", "openai-v2-logs"])
async def test_an_instrumented_apps_conversation_appears_closes_and_is_judged(
        library: str, app: Starlette, gql: GraphQLClient, serve: Serve) -> None:
    openai_url = await serve(fake_openai(mia))
    await gql.execute(MONITOR, {"judge": {"rules": [
        {"type": "keyword_match", "params": {"keywords": ["thank"]}}]}})
    async with uvicorn_server(app, lifespan="off") as base:
        await run_app(library, "conv-42", base, openai_url, "where is my order?",
                      "ok, bye")
    data = await until(lambda d: d["monitoredConversations"], gql, CONVERSATIONS)
    [conversation] = data["monitoredConversations"]
    if library == "openai-v2-logs":  # no id in the log events: grouped by shared prefix
        assert conversation["inferred"] and conversation["externalId"].startswith("otel-")
    else:
        assert conversation["externalId"] == "conv-42" and not conversation["inferred"]
    turns = (await gql.execute(TURNS, {"c": conversation["id"]}))["monitoredTurns"]
    assert [(t["role"], t["content"]) for t in turns] == [
        ("user", "where is my order?"), ("assistant", "Your order ships today."),
        ("user", "ok, bye"), ("assistant", "Happy to help, thank you!")]
    sources = (await gql.execute(SOURCES))["monitoredSources"]
    assert [s["name"] for s in sources] == ["mia-shop"]
    # It closes (the source's quiet period, shortened here) and is judged.
    await gql.execute("""mutation { createMonitoredSource(name: "unused", quietPeriodSeconds: 1)
                         { id } }""")
    from agenteval.store.models import MonitoredSource
    await MonitoredSource.filter(name="mia-shop").update(quiet_period_s=0.5)
    verdicts = await until(lambda d: d["monitorVerdicts"], gql, VERDICTS)
    assert verdicts["monitorVerdicts"][0]["status"] == "JUDGED"
    assert verdicts["monitorVerdicts"][0]["passed"] is True
