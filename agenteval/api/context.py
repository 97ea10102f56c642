"""The per-request (HTTP) or per-connection (websocket) context of resolvers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agenteval.store import api_keys
from agenteval.store.models import ApiKey

if TYPE_CHECKING:
    from agenteval.bootstrap import Services

UNSET: Any = object()


@dataclass
class Context:
    services: Services
    secret: str | None
    request: Any = None
    response: Any = None
    connection_params: Any = None
    _key: Any = field(default=UNSET, repr=False)

    async def api_key(self) -> ApiKey | None:
        """The caller's key, looked up once per context."""
        if self._key is UNSET:
            self._key = await api_keys.authenticate(self.secret)
        return self._key

    async def require_key(self) -> ApiKey:
        key = await self.api_key()
        assert key is not None, "permission classes run before resolvers"
        return key
