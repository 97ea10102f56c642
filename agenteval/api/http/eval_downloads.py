"""Downloads outside GraphQL: an intelligent eval's report as a Markdown file.

GET /api/intelligent-evals/{id}/report.md and …/report/markdown (the seed
spec's name): any role's key in X-API-Key; 401 UNAUTHENTICATED without a valid
one, 404 NOT_FOUND when the eval or its report does not exist (an id that is not
a UUID names no eval either). Errors in the REST envelope (`api/http/rest.py`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agenteval.api.http.rest import authenticated_key, path_id, rest_endpoint
from agenteval.domain.intelligent.eval_report_markdown import safe_filename
from agenteval.engine.intelligent.eval_report import report_markdown
from agenteval.engine.intelligent.reads import find_eval
from agenteval.errors import NotFound


async def eval_report_markdown(request: Request) -> Response:
    await authenticated_key(request)
    row = await find_eval(path_id(request, "eval_id", "no such intelligent eval"))
    if row is None:
        raise NotFound("no such intelligent eval")
    markdown = await report_markdown(row, request.app.state.services.settings.model_prices)
    if markdown is None:
        raise NotFound("this eval has no report yet")
    filename = f"{safe_filename(row.name)}.md"
    return Response(markdown, media_type="text/markdown; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def intelligent_report_routes() -> list[Route]:
    endpoint = rest_endpoint(eval_report_markdown)
    return [
        Route("/api/intelligent-evals/{eval_id}/report.md", endpoint, methods=["GET"]),
        Route("/api/intelligent-evals/{eval_id}/report/markdown", endpoint, methods=["GET"]),
    ]
