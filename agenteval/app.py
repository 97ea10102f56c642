"""The ASGI application: GraphQL, health, downloads; services started in the lifespan."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute

from agenteval.api.http.eval_downloads import intelligent_report_routes
from agenteval.api.http.ingest_endpoint import ingest_routes
from agenteval.api.http.metrics_endpoint import metrics_routes
from agenteval.api.http.otlp_endpoint import otlp_routes
from agenteval.api.http.rest import HTTP_STATUS, error_body, rest_http_error
from agenteval.api.http.run_downloads import run_report_routes
from agenteval.api.schema import build_schema
from agenteval.api.transport.http_guard import GraphQLHTTPGuard
from agenteval.api.transport.read_deadlines import BodyDeadline
from agenteval.api.transport.view import AgentEvalGraphQL
from agenteval.bootstrap import running_services
from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.transport import AsgiTransport
from agenteval.engine.intelligent.wakeups import Notifier
from agenteval.engine.services import Services
from agenteval.store import database
from agenteval.store.access.api_keys import internal_identity
from agenteval.store.backends.database_outage import DATABASE_UNREACHABLE
from agenteval.web_ui import mount_web_ui


def create_app(settings: Settings | None = None, *, migrate: bool = True,
               notifier: Notifier | None = None, start_work: bool = True) -> Starlette:
    """The app; `notifier` replaces the driver that wakes agents (tests).

    `start_work=False`: the lifespan leaves `services.work` for the server to start
    once it listens (`agenteval serve`)."""
    settings = settings or Settings.from_env()
    schema = build_schema(settings)
    # Mounted now; its services are given by the lifespan, which starts them.
    graphql = AgentEvalGraphQL(schema, settings)

    async def healthz(request: Request) -> JSONResponse:
        if await database.database_answers():
            return JSONResponse({"status": "ok"})
        # The REST envelope, next to the status a load balancer's check may read.
        return JSONResponse({"status": "unavailable", "reason": "database",
                             **error_body("UNAVAILABLE", DATABASE_UNREACHABLE,
                                          reason="database")},
                            status_code=HTTP_STATUS["UNAVAILABLE"])

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with running_services(settings, migrate=migrate, in_process=in_process_api,
                                    notifier=notifier, start_work=start_work) as services:
            app.state.services = graphql.services = services
            yield

    routes = [
        Route("/healthz", healthz),
        Route("/graphql", graphql, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", graphql),
        *intelligent_report_routes(),
        *metrics_routes(settings),
        *run_report_routes(),
        *ingest_routes(settings),
        *otlp_routes(settings),
    ]
    guard = Middleware(GraphQLHTTPGuard, max_body_bytes=settings.max_body_bytes,
                       max_json_depth=settings.max_json_depth)
    deadline = Middleware(BodyDeadline, timeout_s=settings.request_body_timeout_s)
    # A routing error (a method a route does not answer) in the REST envelope too.
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[deadline, guard],
                    exception_handlers={HTTPException: rest_http_error})
    mount_web_ui(app, graphql=graphql, graphiql=settings.graphiql)  # what no route answers
    return app


def in_process_api(services: Services, role: str, name: str) -> AgentEvalApi:
    """The same GraphQL operations an external agent uses, in process, acting with `role`
    under an in-memory identity called `name` (no stored API key)."""
    view = AgentEvalGraphQL(build_schema(services.settings), services.settings, services,
                            identity=internal_identity(name, role))
    return AgentEvalApi(AsgiTransport(view), api_key="")

