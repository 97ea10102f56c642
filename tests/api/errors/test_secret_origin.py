"""A stored secret never goes to a new origin: the placeholder is refused when the URL's
scheme, host or port changes; the secret must be entered again."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.channels.secrets import SECRET_PLACEHOLDER
from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import GraphQLClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

CREATE = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
UPDATE = ("mutation($id: ID!, $input: UpdateTargetInput!) { updateTarget(id: $id, input: $input) "
          "{ channelConfig } }")
HTTP = {"url": "http://127.0.0.1:9/chat", "reply_path": "answer",
        "headers": {"Authorization": "Bearer s3cret", "X-Trace": "t"}}
OPENAI = {"base_url": "http://127.0.0.1:9/v1", "model": "m", "api_key": "sk-stored"}


async def target(client: GraphQLClient, channel_type: str, config: dict[str, Any]) -> str:
    data = await client.execute(CREATE, {"input": {"name": "t", "channelType": channel_type,
                                                   "channelConfig": config}})
    return data["createTarget"]["id"]


@pytest.mark.parametrize("url", ["http://evil.example/chat", "https://127.0.0.1:9/chat",
                                 "http://127.0.0.1:10/chat"])
async def test_a_new_origin_with_the_placeholder_is_refused(client: GraphQLClient,
                                                            url: str) -> None:
    target_id = await target(client, "http", HTTP)
    before = await row_counts()
    masked = {**HTTP, "url": url, "headers": {"Authorization": SECRET_PLACEHOLDER,
                                               "X-Trace": SECRET_PLACEHOLDER}}
    error = await client.error(UPDATE, {"id": target_id, "input": {"channelConfig": masked}})
    assert error.code == "VALIDATION_FAILED"
    assert sorted(d["path"] for d in error.details) == [
        "input.channelConfig.headers.Authorization", "input.channelConfig.headers.X-Trace"]
    assert await row_counts() == before
    stored = await client.execute("query($id: ID!) { target(id: $id) { channelConfig } }",
                                  {"id": target_id})
    assert stored["target"]["channelConfig"]["url"] == HTTP["url"]


async def test_the_same_origin_keeps_the_secret(client: GraphQLClient) -> None:
    target_id = await target(client, "http", HTTP)
    masked = {**HTTP, "url": "http://127.0.0.1:9/other",
              "headers": {"Authorization": SECRET_PLACEHOLDER}}
    data = await client.execute(UPDATE, {"id": target_id, "input": {"channelConfig": masked}})
    assert data["updateTarget"]["channelConfig"]["headers"] == {
        "Authorization": SECRET_PLACEHOLDER}


async def test_a_new_origin_with_secrets_entered_again_is_accepted(
        client: GraphQLClient) -> None:
    target_id = await target(client, "http", HTTP)
    config = {**HTTP, "url": "http://127.0.0.2:9/chat", "headers": {"Authorization": "new"}}
    data = await client.execute(UPDATE, {"id": target_id, "input": {"channelConfig": config}})
    assert data["updateTarget"]["channelConfig"]["url"] == "http://127.0.0.2:9/chat"


async def test_a_model_api_key_is_not_sent_to_a_new_base_url(client: GraphQLClient) -> None:
    target_id = await target(client, "openai_chat", OPENAI)
    masked = {**OPENAI, "base_url": "http://127.0.0.3:9/v1", "api_key": SECRET_PLACEHOLDER}
    error = await client.error(UPDATE, {"id": target_id, "input": {"channelConfig": masked}})
    assert error.code == "VALIDATION_FAILED"
    assert [d["path"] for d in error.details] == ["input.channelConfig.api_key"]
