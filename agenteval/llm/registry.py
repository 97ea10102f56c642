"""The model clients of every configured role: what rules receive as their `models`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agenteval.llm.client import ModelClient, SessionFactory, UsageSink
from agenteval.llm.config import ModelEndpoint


class ModelRegistry:
    """`get(role)` → the role's ModelClient, or None when the role has no model configured."""

    def __init__(self, endpoints: Iterable[ModelEndpoint],
                 session_factory: SessionFactory | None = None,
                 usage_sink: UsageSink | None = None) -> None:
        self._clients: dict[str, ModelClient] = {}
        for endpoint in endpoints:
            if endpoint.role in self._clients:
                raise ValueError(f"two model configs for role {endpoint.role}")
            self._clients[endpoint.role] = ModelClient(endpoint, session_factory, usage_sink)

    def get(self, role: Any) -> ModelClient | None:
        """Accepts "JUDGE" or an enum member whose value or name is the role."""
        name = getattr(role, "value", role)
        return self._clients.get(str(name).upper())

    @property
    def roles(self) -> list[str]:
        return sorted(self._clients)

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()

    async def __aenter__(self) -> ModelRegistry:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
