"""A small GraphQL client over the real ASGI app (httpx.ASGITransport, lifespan included)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from starlette.applications import Starlette

ADMIN_KEY = "test-admin-secret"


class GraphQLErrors(AssertionError):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(errors)
        self.errors = errors

    @property
    def code(self) -> str | None:
        return self.errors[0].get("extensions", {}).get("code")

    @property
    def details(self) -> Any:
        return self.errors[0].get("extensions", {}).get("details")

    @property
    def message(self) -> str:
        return self.errors[0]["message"]


@dataclass
class GraphQLClient:
    http: httpx.AsyncClient
    key: str | None = ADMIN_KEY
    last: dict[str, Any] = field(default_factory=dict)

    def with_key(self, key: str | None) -> GraphQLClient:
        return GraphQLClient(self.http, key)

    async def raw(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"X-API-Key": self.key} if self.key else {}
        response = await self.http.post("/graphql", json={"query": query,
                                                          "variables": variables or {}},
                                        headers=headers)
        assert response.status_code in (200, 400), response.text
        self.last = response.json()
        return self.last

    async def execute(self, query: str, variables: dict[str, Any] | None = None) -> Any:
        """The data, or raises GraphQLErrors."""
        body = await self.raw(query, variables)
        if body.get("errors"):
            raise GraphQLErrors(body["errors"])
        return body["data"]

    async def error(self, query: str, variables: dict[str, Any] | None = None) -> GraphQLErrors:
        """The errors of a request that must fail."""
        body = await self.raw(query, variables)
        assert body.get("errors"), f"expected an error, got {body}"
        return GraphQLErrors(body["errors"])


@contextlib.asynccontextmanager
async def running_app(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver",
                                     timeout=30) as http:
            yield http
