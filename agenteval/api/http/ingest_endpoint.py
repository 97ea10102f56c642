"""POST /api/ingest: production conversations sent to monitoring (issue 37).

The key in `X-API-Key` or `Authorization: Bearer …`, of role INGEST, OPERATOR or ADMIN.
The body: JSON or NDJSON turns or whole conversations (domain/monitoring/ingest_lines.py),
gzip allowed. 200 `{"accepted", "duplicates", "conversations"}` means committed. A bad
body is refused whole: 400 VALIDATION_FAILED whose `details` lists every bad line
(`{path: "line 3.role", line, reason, message}`); 413 past the size limit; 429
RATE_LIMITED with `Retry-After` past the backlog limit. Errors in the REST envelope.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agenteval.api.http.request_body import BodyTooLarge, read_limited
from agenteval.api.http.rest import authenticated_key, error_body, error_response, rest_endpoint
from agenteval.config import Settings
from agenteval.domain.monitoring.ingest_lines import IngestLimits
from agenteval.engine.monitoring.ingestion import Backlog, ingest
from agenteval.errors import Forbidden, RateLimited

SENDERS = frozenset({"INGEST", "OPERATOR", "ADMIN"})


async def require_sender(request: Request) -> None:
    key = await authenticated_key(request, bearer=True, sending=True)
    if key.role not in SENDERS:
        raise Forbidden(f"an API key with role {key.role} may not send conversations; it "
                        "needs INGEST, OPERATOR or ADMIN")


def ingest_routes(settings: Settings) -> list[Route]:
    limits = IngestLimits(max_lines=settings.ingest_max_lines,
                          max_content_chars=settings.ingest_max_content_chars)
    backlog = Backlog(settings.ingest_backlog_limit)

    async def post_ingest(request: Request) -> Response:
        await require_sender(request)
        try:
            body = await read_limited(request, settings.ingest_max_body_bytes)
            result = await ingest(body, request.headers.get("content-type", ""),
                                  request.query_params.get("source"), limits, backlog)
        except BodyTooLarge as error:
            return JSONResponse(error_body(error.code, error.message, error.details),
                                status_code=413)
        except RateLimited as error:
            return error_response(error.code, error.message, error.details,
                                  headers={"Retry-After": str(backlog.retry_after_s)})
        return JSONResponse({"accepted": result.accepted, "duplicates": result.duplicates,
                             "conversations": result.conversations})

    return [Route("/api/ingest", rest_endpoint(post_ingest, challenge="Bearer"),
                  methods=["POST"])]
