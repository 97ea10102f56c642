"""Downloads outside GraphQL: an intelligent eval's report as a Markdown file.

GET /api/intelligent-evals/{id}/report.md and …/report/markdown (the seed
spec's name): any role's key in X-API-Key; 401 JSON without a valid one, 404
when the eval or its report does not exist.
"""

from __future__ import annotations

import uuid

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agenteval.domain.eval_report_markdown import safe_filename
from agenteval.engine.intelligent.reads import find_eval
from agenteval.engine.intelligent.views import report_markdown
from agenteval.store import api_keys


async def eval_report_markdown(request: Request) -> Response:
    key = await api_keys.authenticate(request.headers.get("x-api-key"))
    if key is None:
        return JSONResponse({"error": {"code": "UNAUTHENTICATED",
                                       "message": "a valid API key is required (header X-API-Key)"}},
                            status_code=401)
    try:
        eval_id = uuid.UUID(request.path_params["eval_id"])
    except ValueError:
        return _not_found("no such intelligent eval")
    row = await find_eval(eval_id)
    if row is None:
        return _not_found("no such intelligent eval")
    markdown = await report_markdown(row, request.app.state.services.settings.model_prices)
    if markdown is None:
        return _not_found("this eval has no report yet")
    filename = f"{safe_filename(row.name)}.md"
    return Response(markdown, media_type="text/markdown; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": "NOT_FOUND", "message": message}}, status_code=404)


def intelligent_report_routes() -> list[Route]:
    return [
        Route("/api/intelligent-evals/{eval_id}/report.md", eval_report_markdown, methods=["GET"]),
        Route("/api/intelligent-evals/{eval_id}/report/markdown", eval_report_markdown,
              methods=["GET"]),
    ]
