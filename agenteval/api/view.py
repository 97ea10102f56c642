"""Strawberry's ASGI view with our context and websocket authentication."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError

from agenteval.api.context import Context
from agenteval.bootstrap import Services
from agenteval.store import api_keys
from agenteval.store.models import ApiKey


class AgentEvalGraphQL(GraphQL[Context, None]):
    def __init__(self, schema: Any, services: Services, identity: ApiKey | None = None) -> None:
        """`identity` fixes the caller (in-process clients only; never mounted on a route)."""
        # The bundled GraphiQL is served by agenteval.web_ui; strawberry's own loads from a CDN.
        super().__init__(schema, graphql_ide=None,
                         keep_alive=True, keep_alive_interval=15,
                         allowed_origins=_allowed_origins(services))
        self.services = services
        self.identity = identity

    async def get_context(self, request: Request | WebSocket, response: Any) -> Context:
        secret = request.headers.get("x-api-key") if isinstance(request, Request) else None
        context = Context(services=self.services, secret=secret, request=request,
                          response=response)
        if self.identity is not None:
            context._key = self.identity
        return context

    async def on_ws_connect(self, context: Context) -> Any:
        params = context.connection_params if isinstance(context.connection_params, dict) else {}
        secret = params.get("X-API-Key") or params.get("x-api-key") or params.get("apiKey")
        key = await api_keys.authenticate(secret if isinstance(secret, str) else None)
        if key is None:
            raise ConnectionRejectionError({"code": "UNAUTHENTICATED",
                                            "message": "a valid API key is required"})
        context.secret = secret
        context._key = key
        return None


def _allowed_origins(services: Services) -> list[str]:
    settings = services.settings
    origins = [f"http://{settings.host}:{settings.port}", f"http://localhost:{settings.port}",
               f"http://127.0.0.1:{settings.port}"]
    if settings.public_url:
        from urllib.parse import urlsplit

        parts = urlsplit(settings.public_url)
        origins.append(f"{parts.scheme}://{parts.netloc}")
    return origins
