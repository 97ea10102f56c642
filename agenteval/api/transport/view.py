"""Strawberry's ASGI view with our context and websocket authentication."""

from __future__ import annotations

from typing import Any, cast

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketDisconnect
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.http import GraphQLHTTPResponse, process_result
from strawberry.http.exceptions import WebSocketDisconnected
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
    Operation,
)
from strawberry.types import ExecutionResult

from agenteval.api.context import Context, start_operation
from agenteval.api.transport import ws_auth
from agenteval.api.transport.direct_frames import TRANSPORT_WS, deliver_directly
from agenteval.api.transport.json_encoding import GraphQLJson
from agenteval.api.transport.legacy_ws import LegacyWSHandler
from agenteval.api.transport.media_types import (
    GRAPHQL_RESPONSE_JSON,
    is_request_error,
    negotiated,
    shaped,
)
from agenteval.api.transport.prebuilt_frames import next_frame
from agenteval.config import Settings
from agenteval.engine.services import Services
from agenteval.store.access import api_keys
from agenteval.store.backends.database_outage import (
    DATABASE_UNREACHABLE,
    is_database_unreachable,
    outage,
)
from agenteval.store.models import ApiKey


class _TransportWSHandler(BaseGraphQLTransportWSHandler[Context, None]):
    """graphql-transport-ws: every operation runs in its own task, with its own loaders."""

    async def run_operation(self, operation: Operation[Context, None]) -> None:
        start_operation()
        socket = getattr(self.websocket, "ws", None)
        if socket is not None:  # a subscription's live events may skip strawberry (fanout.py)
            deliver_directly(socket.scope, TRANSPORT_WS, operation.id)
        await super().run_operation(operation)

    async def send_message(self, message: Any) -> None:
        """A `next` frame's data encoded once for every subscriber (prebuilt_frames.py)."""
        frame = next_frame(message)
        if frame is None:
            await super().send_message(message)
            return
        socket = getattr(self.websocket, "ws", None)
        if socket is None:  # not strawberry's ASGI adapter: the generic path
            await super().send_message(message)
            return
        try:
            await socket.send_text(frame)
        except WebSocketDisconnect as exc:
            raise WebSocketDisconnected from exc


class AgentEvalGraphQL(GraphQLJson, GraphQL[Context, None]):
    graphql_transport_ws_handler_class = _TransportWSHandler
    graphql_ws_handler_class = LegacyWSHandler

    def __init__(self, schema: Any, settings: Settings, services: Services | None = None,
                 identity: ApiKey | None = None) -> None:
        """`services`: given here, or set by the app's lifespan once it has started them
        (the view is mounted before). `identity` fixes the caller (in-process clients
        only; never mounted on a route)."""
        # The bundled GraphiQL is served by agenteval.web_ui; strawberry's own loads from a CDN.
        super().__init__(schema, graphql_ide=None,
                         keep_alive=True, keep_alive_interval=15,
                         allowed_origins=_allowed_origins(settings))
        self.services = services
        self.identity = identity

    async def get_context(self, request: Request | WebSocket,
                          response: Response | WebSocket) -> Context:
        assert self.services is not None, "the app's lifespan has not started"
        secret = request.headers.get("x-api-key") if isinstance(request, Request) else None
        context = Context(services=self.services, request=request, response=response,
                          secret=secret)
        if self.identity is not None:
            context.identify(self.identity)
        return context

    async def get_sub_response(self, request: Request | WebSocket) -> Response:
        sub_response = await super().get_sub_response(request)
        sub_response.media_type = negotiated(request.headers.get("accept"))
        return sub_response

    async def process_result(self, request: Request | WebSocket,
                             result: ExecutionResult) -> GraphQLHTTPResponse:
        answer = process_result(result)
        if not isinstance(request, Request):
            return answer
        media_type = negotiated(request.headers.get("accept"))
        return cast(GraphQLHTTPResponse,
                    shaped(answer, media_type, is_request_error(result.data, result.errors)))

    def create_response(self, response_data: GraphQLHTTPResponse | list[GraphQLHTTPResponse],
                        sub_response: Response) -> Response:
        response = super().create_response(response_data, sub_response)
        if sub_response.media_type == GRAPHQL_RESPONSE_JSON:
            response.headers["content-type"] = GRAPHQL_RESPONSE_JSON
            if isinstance(response_data, dict) and "data" not in response_data:
                response.status_code = 400  # a request error: nothing was executed
        return response

    async def on_ws_connect(self, context: Context) -> Any:
        params = context.connection_params if isinstance(context.connection_params, dict) else {}
        secret = params.get("X-API-Key") or params.get("x-api-key") or params.get("apiKey")
        try:
            key = await api_keys.authenticate(secret if isinstance(secret, str) else None)
        except Exception as exc:
            if not is_database_unreachable(exc):
                raise
            outage.noticed(exc)
            raise ConnectionRejectionError({"code": "UNAVAILABLE", "reason": "database",
                                            "message": DATABASE_UNREACHABLE}) from None
        if key is None:
            raise ConnectionRejectionError({"code": "UNAUTHENTICATED",
                                            "message": "a valid API key is required"})
        context.identify(key, secret)
        if isinstance(context.request, WebSocket):  # revocation closes the socket
            ws_auth.watch(context.services.events, context.request, key)
        return None


def _allowed_origins(settings: Settings) -> list[str]:
    origins = [f"http://{settings.host}:{settings.port}", f"http://localhost:{settings.port}",
               f"http://127.0.0.1:{settings.port}"]
    if settings.public_url:
        from urllib.parse import urlsplit

        parts = urlsplit(settings.public_url)
        origins.append(f"{parts.scheme}://{parts.netloc}")
    return origins
