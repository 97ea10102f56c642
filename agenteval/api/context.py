"""The context of every resolver: the services, the caller and fresh DataLoaders.

Over HTTP a context lives for one request. Over a websocket strawberry builds
ONE context for the whole connection, so each operation of the connection
starts with its own DataLoaders (`start_operation`, called by the view's
websocket handlers at the top of the operation's task): one operation's batch
never waits for, or fails with, another's.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeAlias

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from strawberry.types import Info

from agenteval.api.dataloaders import DataLoaders
from agenteval.store.access import api_keys
from agenteval.store.models import ApiKey

if TYPE_CHECKING:
    from agenteval.engine.services import Services


class _NotLookedUp:
    """The caller's key has not been looked up yet (None means: looked up, none valid)."""


_NOT_LOOKED_UP: Final = _NotLookedUp()
# Set at the top of each websocket operation's task; child tasks inherit it.
_operation_loaders: ContextVar[DataLoaders | None] = ContextVar("operation_loaders",
                                                                default=None)


def start_operation() -> None:
    """Give the websocket operation running in this task its own fresh DataLoaders."""
    _operation_loaders.set(DataLoaders())


@dataclass
class Context:
    services: Services
    # None only for in-process execution without a transport (schema.execute in tests).
    request: Request | WebSocket | None = None
    response: Response | WebSocket | None = None
    secret: str | None = None
    # Set by strawberry on websockets: the connection_init payload.
    connection_params: object = None
    _request_loaders: DataLoaders = field(default_factory=DataLoaders, repr=False)
    _key: ApiKey | None | _NotLookedUp = field(default=_NOT_LOOKED_UP, repr=False)

    @property
    def loaders(self) -> DataLoaders:
        """This operation's DataLoaders."""
        # Only a websocket context looks at the task's operation loaders: tasks inherit
        # context variables, so an HTTP request served inside a task that a websocket
        # operation started (an actor calling the API in-process) must not see them.
        operation = _operation_loaders.get() if isinstance(self.request, WebSocket) else None
        return operation or self._request_loaders

    def identify(self, key: ApiKey, secret: str | None = None) -> None:
        """Fix the caller (a websocket authenticated on connect, or an in-process client)."""
        self._key = key
        if secret is not None:
            self.secret = secret

    async def api_key(self) -> ApiKey | None:
        """The caller's key, looked up once per context."""
        if isinstance(self._key, _NotLookedUp):
            self._key = await api_keys.authenticate(self.secret)
        return self._key

    async def require_key(self) -> ApiKey:
        key = await self.api_key()
        assert key is not None, "permission classes run before resolvers"
        return key


# What resolvers receive: `info.context` is a Context.
ResolverInfo: TypeAlias = Info[Context, None]
