"""Credentials inside URLs and params are write-only like every other secret (issue 27, 5).

A target URL's userinfo and query values, a model config's `baseUrl` the same way and
its `params.headers` values read as `********` by every key; sent back as `********`
they keep the stored value; sent to another origin they must be entered again; and no
error or log line quotes them. Before, every key (VIEWER included) read them."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from agenteval.store.models import ModelConfig, Target
from tests.api.intelligent_support import make_key
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

P = "********"
CREATE = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id channelConfig } }"
UPDATE = """mutation($id: ID!, $i: UpdateTargetInput!) {
  updateTarget(id: $id, input: $i) { channelConfig } }"""
READ = "query($id: ID!) { target(id: $id) { channelConfig } }"
PROBE = "mutation($id: ID!) { probeTarget(id: $id) { ok reply error } }"
SET_MODEL = """mutation($i: ModelConfigInput!) {
  setModelConfig(role: JUDGE, input: $i) { baseUrl params hasApiKey } }"""
MODELS = "{ modelConfigs { role baseUrl params } }"


@dataclass
class RecordingBot:
    url: str = ""
    seen: list[dict[str, Any]] = field(default_factory=list)

    async def handle(self, request: web.Request) -> web.Response:
        self.seen.append({"query": dict(request.query),
                          "authorization": request.headers.get("Authorization")})
        return web.json_response({"reply": "hello"})


@pytest.fixture
async def bot() -> AsyncIterator[RecordingBot]:
    recording = RecordingBot()
    app = web.Application()
    app.router.add_post("/chat", recording.handle)
    async with local_server(app) as url:
        recording.url = url
        yield recording


def http_target(url: str) -> dict[str, Any]:
    return {"name": "bot", "channelType": "http",
            "channelConfig": {"url": url, "reply_path": "reply"}}


def with_secrets(base: str) -> str:
    return base.replace("http://", "http://alice:s3cret@") + "/chat?token=t0ken&lang=en"


def masked(base: str) -> str:
    return base.replace("http://", f"http://{P}@") + f"/chat?token={P}&lang={P}"


async def test_a_target_urls_credentials_read_masked_by_every_key(
        gql: GraphQLClient, bot: RecordingBot) -> None:
    created = (await gql.execute(CREATE, {"i": http_target(with_secrets(bot.url))}))["createTarget"]
    assert created["channelConfig"]["url"] == masked(bot.url)
    viewer = await make_key(gql, "VIEWER")
    for client in (gql, viewer):
        read = (await client.execute(READ, {"id": created["id"]}))["target"]
        assert read["channelConfig"]["url"] == masked(bot.url)
        assert "s3cret" not in str(client.last) and "t0ken" not in str(client.last)
    # The stored URL is whole, and it is what the target is called with.
    stored = await Target.get(id=created["id"])
    assert stored.channel_config["url"] == with_secrets(bot.url)
    assert (await gql.execute(PROBE, {"id": created["id"]}))["probeTarget"]["ok"]
    assert bot.seen[-1]["query"] == {"token": "t0ken", "lang": "en"}
    assert bot.seen[-1]["authorization"] is not None  # alice:s3cret as Basic


async def test_the_masked_url_sent_back_keeps_the_stored_credentials(
        gql: GraphQLClient, bot: RecordingBot) -> None:
    target_id = (await gql.execute(CREATE, {"i": http_target(with_secrets(bot.url))})
                 )["createTarget"]["id"]
    read = (await gql.execute(READ, {"id": target_id}))["target"]["channelConfig"]
    await gql.execute(UPDATE, {"id": target_id, "i": {"channelConfig": read}})
    assert (await Target.get(id=target_id)).channel_config["url"] == with_secrets(bot.url)
    # A changed value replaces its own part only.
    read["url"] = read["url"].replace(f"lang={P}", "lang=fr")
    await gql.execute(UPDATE, {"id": target_id, "i": {"channelConfig": read}})
    assert (await Target.get(id=target_id)).channel_config["url"] == \
        with_secrets(bot.url).replace("lang=en", "lang=fr")


async def test_masked_credentials_are_refused_for_another_origin(
        gql: GraphQLClient, bot: RecordingBot) -> None:
    target_id = (await gql.execute(CREATE, {"i": http_target(with_secrets(bot.url))})
                 )["createTarget"]["id"]
    read = (await gql.execute(READ, {"id": target_id}))["target"]["channelConfig"]
    read["url"] = read["url"].replace("127.0.0.1", "attacker.example")
    error = await gql.error(UPDATE, {"id": target_id, "i": {"channelConfig": read}})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.channelConfig.url"
    assert (await Target.get(id=target_id)).channel_config["url"] == with_secrets(bot.url)


async def test_a_failed_probe_quotes_no_credentials(
        gql: GraphQLClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    url = "http://alice:s3cret@127.0.0.1:9/chat?token=t0ken"
    target_id = (await gql.execute(CREATE, {"i": http_target(url)}))["createTarget"]["id"]
    probe = (await gql.execute(PROBE, {"id": target_id}))["probeTarget"]
    assert probe["ok"] is False and probe["error"]
    for text in (probe["error"], caplog.text):
        assert "s3cret" not in text and "t0ken" not in text


async def test_a_model_configs_url_and_header_values_are_write_only(gql: GraphQLClient) -> None:
    base = "https://alice:s3cret@models.example/v1?api-key=k3y"
    params = {"headers": {"X-Secret": "h3ader"}, "temperature": 0}
    answer = (await gql.execute(SET_MODEL, {"i": {
        "provider": "openai", "model": "m", "baseUrl": base, "params": params}}))
    expected_url = f"https://{P}@models.example/v1?api-key={P}"
    assert answer["setModelConfig"]["baseUrl"] == expected_url
    assert answer["setModelConfig"]["params"] == {"headers": {"X-Secret": P}, "temperature": 0}
    viewer = await make_key(gql, "VIEWER")
    read = (await viewer.execute(MODELS))["modelConfigs"]
    assert [c["baseUrl"] for c in read] == [expected_url]
    assert "s3cret" not in str(viewer.last) and "k3y" not in str(viewer.last)
    assert "h3ader" not in str(viewer.last)
    # Sent back masked: kept.
    await gql.execute(SET_MODEL, {"i": {"provider": "openai", "model": "m",
                                        "baseUrl": expected_url, "params": read[0]["params"]}})
    row = await ModelConfig.get(role="JUDGE")
    assert row.base_url == base and row.params == params
    # To another origin: entered again.
    error = await gql.error(SET_MODEL, {"i": {
        "provider": "openai", "model": "m",
        "baseUrl": expected_url.replace("models.example", "attacker.example"),
        "params": read[0]["params"]}})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == {"input.baseUrl", "input.params.headers.X-Secret"}
    assert (await ModelConfig.get(role="JUDGE")).base_url == base
