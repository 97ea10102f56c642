"""A GraphQL client of the app in process (no socket), with the benches' admin key."""

from __future__ import annotations

from typing import Any

from agenteval.drivers.builtin.transport import AsgiTransport

ADMIN_KEY = "bench-admin-key"


class Client:
    def __init__(self, app: object) -> None:
        self.transport = AsgiTransport(app)

    async def __call__(self, query: str, variables: dict[str, Any] | None = None) -> Any:
        _, body = await self.transport.post_json({"query": query, "variables": variables or {}},
                                                 {"X-API-Key": ADMIN_KEY})
        if body.get("errors"):
            raise RuntimeError(body["errors"])
        return body["data"]
