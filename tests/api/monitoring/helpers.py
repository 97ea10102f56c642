"""Shared steps of the monitoring API tests: keys, ingest requests, reading rows."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret } }"""


async def key_of(gql: GraphQLClient, role: str) -> str:
    data = await gql.execute(CREATE_KEY, {"name": f"{role.lower()} key", "role": role})
    return str(data["createApiKey"]["secret"])


def ndjson(lines: list[dict[str, Any]]) -> bytes:
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in lines).encode()


async def post_ingest(http: httpx.AsyncClient, lines: list[dict[str, Any]],
                      key: str = ADMIN_KEY, bearer: bool = False,
                      **kwargs: Any) -> httpx.Response:
    headers = ({"Authorization": f"Bearer {key}"} if bearer else {"X-API-Key": key})
    headers["Content-Type"] = "application/x-ndjson"
    return await http.post("/api/ingest", content=ndjson(lines), headers=headers, **kwargs)


def turn(conversation: str, role: str, content: str, message_id: str | None = None,
         source: str = "shop", **extra: Any) -> dict[str, Any]:
    line: dict[str, Any] = {"source": source, "conversationId": conversation, "role": role,
                            "content": content, **extra}
    if message_id is not None:
        line["messageId"] = message_id
    return line
