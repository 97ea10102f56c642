"""Downloads outside GraphQL: a static run's report as Markdown or JSON.

GET /api/runs/{id}/report.md — the run's Markdown report (as `Run.reportMarkdown`);
GET /api/runs/{id}/report.json — the same JSON entry `agenteval run --json` writes
(docs/run-json.schema.json: summary, every attempt with its turns and rule results).
Any role's key in X-API-Key; 401 UNAUTHENTICATED without a valid one, 404 NOT_FOUND
when the run does not exist (or its id is not a UUID) or is still QUEUED (no report
yet). Errors in the REST envelope (`api/http/rest.py`).
"""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agenteval.api.http.rest import authenticated_key, path_id, rest_endpoint
from agenteval.domain.intelligent.eval_report_markdown import safe_filename
from agenteval.engine.static.run_document import scenario_entry, scenario_result
from agenteval.errors import NotFound
from agenteval.store.runs.run_reads import Run, find_run


async def _run(request: Request) -> Run:
    await authenticated_key(request)
    run = await find_run(path_id(request, "run_id", "no such run"))
    if run is None:
        raise NotFound("no such run")
    if run.status == "QUEUED":
        raise NotFound("this run has not started: no report yet")
    return run


async def run_report_markdown(request: Request) -> Response:
    run = await _run(request)
    result = await scenario_result(run, prices=_prices(request))
    return Response(result.report_markdown or "", media_type="text/markdown; charset=utf-8",
                    headers=_attachment(result.scenario_name, run, "md"))


async def run_report_json(request: Request) -> Response:
    run = await _run(request)
    result = await scenario_result(run, prices=_prices(request))
    body = json.dumps(scenario_entry(result), ensure_ascii=False, indent=2, default=str)
    return Response(body, media_type="application/json; charset=utf-8",
                    headers=_attachment(result.scenario_name, run, "json"))


def _prices(request: Request) -> str | None:
    """The model prices setting the report's usage is costed with."""
    prices: str | None = request.app.state.services.settings.model_prices
    return prices


def _attachment(scenario: str, run: Run, extension: str) -> dict[str, str]:
    filename = f"{safe_filename(scenario)}-{str(run.id)[:8]}.{extension}"
    return {"Content-Disposition": f'attachment; filename="{filename}"'}


def run_report_routes() -> list[Route]:
    return [
        Route("/api/runs/{run_id}/report.md", rest_endpoint(run_report_markdown),
              methods=["GET"]),
        Route("/api/runs/{run_id}/report.json", rest_endpoint(run_report_json),
              methods=["GET"]),
    ]
