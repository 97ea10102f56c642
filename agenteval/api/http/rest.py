"""What every endpoint outside GraphQL (the downloads, /metrics, /healthz) shares: the
API key, ids in paths, and one error envelope:

    {"error": {"code": "NOT_FOUND", "message": "no such run"}}

`code` is one of the contract's ErrorCode values (UNAVAILABLE included), with the
HTTP status it implies (`HTTP_STATUS`); a VALIDATION_FAILED error adds `details`
({path, message} per bad field) as GraphQL's does. A REST handler raises the
`agenteval.errors` class and `rest_endpoint` answers it; a database that does not
answer becomes 503 UNAVAILABLE (`reason: "database"`), anything else 500 INTERNAL
with an `errorId` in the log line, never Starlette's plain-text page. Routing
mistakes (a method the route does not answer) get the same shape: `rest_http_error`.
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agenteval.api.transport.read_deadlines import BodyTimedOut
from agenteval.errors import AgentEvalError, FieldError, Forbidden, NotFound, Unauthenticated
from agenteval.store.access import api_keys
from agenteval.store.backends.database_outage import (
    DATABASE_UNREACHABLE,
    is_database_unreachable,
    outage,
)
from agenteval.store.models import ApiKey

logger = logging.getLogger("agenteval.api")

HTTP_STATUS = {
    "UNAUTHENTICATED": 401, "FORBIDDEN": 403, "NOT_FOUND": 404, "VALIDATION_FAILED": 400,
    "INVALID_TRANSITION": 409, "CONFLICT": 409, "BUDGET_EXCEEDED": 409,
    "TARGET_ERROR": 502, "MODEL_ERROR": 502, "RATE_LIMITED": 429, "UNAVAILABLE": 503,
    "INTERNAL": 500,
}
KEY_REQUIRED = "a valid API key is required (header X-API-Key)"

Handler = Callable[[Request], Awaitable[Response]]


def error_body(code: str, message: str, details: Any = None, **extra: Any) -> dict[str, Any]:
    """`{"error": {"code", "message", ["details"], …extra}}`."""
    error: dict[str, Any] = {"code": code, "message": message, **extra}
    if details is not None:
        error["details"] = details
    return {"error": error}


def error_response(code: str, message: str, details: Any = None, *,
                   headers: dict[str, str] | None = None, **extra: Any) -> JSONResponse:
    """The envelope with the status its code implies."""
    return JSONResponse(error_body(code, message, details, **extra),
                        status_code=HTTP_STATUS[code], headers=headers)


def rest_endpoint(handler: Handler, *, challenge: str | None = None) -> Handler:
    """`handler` with every error it raises answered in the envelope; a 401 names the
    `challenge` scheme (WWW-Authenticate) when the route takes one besides X-API-Key."""

    @functools.wraps(handler)
    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except BodyTimedOut:
            raise  # a body that did not arrive in time: read_deadlines.py answers 408
        except AgentEvalError as error:
            headers = ({"WWW-Authenticate": challenge}
                       if challenge and error.code == "UNAUTHENTICATED" else None)
            return error_response(error.code, error.message, error.details, headers=headers)
        except Exception as exc:
            if is_database_unreachable(exc):
                outage.noticed(exc)
                return error_response("UNAVAILABLE", DATABASE_UNREACHABLE, reason="database")
            error_id = uuid.uuid4().hex[:12]
            logger.exception("unexpected error %s answering %s %s", error_id, request.method,
                             request.url.path)
            return error_response("INTERNAL", "Unexpected error: it has been logged.",
                                  errorId=error_id)

    return answer


async def authenticated_key(request: Request, *, bearer: bool = False,
                            sending: bool = False) -> ApiKey:
    """The live key of `X-API-Key` (or, with `bearer`, `Authorization: Bearer …`);
    Unauthenticated otherwise. An INGEST key only sends (`sending`): it reads nothing."""
    secret = request.headers.get("x-api-key")
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if bearer and not secret and scheme.lower() == "bearer":
        secret = token.strip()
    key = await api_keys.authenticate(secret)
    if key is None:
        raise Unauthenticated(KEY_REQUIRED if not bearer else
                              "a valid API key is required (X-API-Key or Authorization: Bearer)")
    if key.role == "INGEST" and not sending:
        raise Forbidden("an API key with role INGEST may only send conversations "
                        "(POST /api/ingest, /v1/traces, /v1/logs); it reads nothing")
    if key.role == "REVIEWER":
        raise Forbidden("an API key with role REVIEWER may only read the items of the "
                        "review queues it is given and record reviews (through /graphql)")
    return key


def path_id(request: Request, name: str, missing: str) -> uuid.UUID:
    """The UUID in path parameter `name`; NOT_FOUND (`missing`) when it is not one: the
    URL names no resource, as for an id nothing has."""
    try:
        return uuid.UUID(request.path_params[name])
    except ValueError:
        raise NotFound(missing) from None


async def rest_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's routing errors on a REST route, in the envelope: a method the route
    does not answer is 405 VALIDATION_FAILED on `method` (as /graphql's guard says it)."""
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        message = f"{request.url.path} answers {headers.get('Allow', 'GET')}, not {request.method}"
        body = error_body("VALIDATION_FAILED", message, [FieldError("method", message)])
    elif exc.status_code == 404:
        body = error_body("NOT_FOUND", f"no route for {request.method} {request.url.path}")
    else:
        code = next((c for c, s in HTTP_STATUS.items() if s == exc.status_code), "INTERNAL")
        body = error_body(code, str(exc.detail))
    return JSONResponse(body, status_code=exc.status_code, headers=headers)
