"""Downloads outside GraphQL: a static run's report as Markdown or JSON.

GET /api/runs/{id}/report.md — the run's Markdown report (as `Run.reportMarkdown`);
GET /api/runs/{id}/report.json — the same JSON entry `agenteval run --json` writes
(docs/run-json.schema.json: summary, every attempt with its turns and rule results).
Any role's key in X-API-Key; 401 JSON without a valid one, 404 when the run does not
exist or is still QUEUED (no report yet).
"""

from __future__ import annotations

import json
import uuid

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agenteval.domain.eval_report_markdown import safe_filename
from agenteval.engine.static.run_document import scenario_entry, scenario_result
from agenteval.store import api_keys
from agenteval.store.models import Run


async def _run(request: Request) -> Run | Response:
    key = await api_keys.authenticate(request.headers.get("x-api-key"))
    if key is None:
        return JSONResponse({"error": {"code": "UNAUTHENTICATED",
                                       "message": "a valid API key is required (header X-API-Key)"}},
                            status_code=401)
    try:
        run_id = uuid.UUID(request.path_params["run_id"])
    except ValueError:
        return _not_found("no such run")
    run = await Run.get_or_none(id=run_id)
    if run is None:
        return _not_found("no such run")
    if run.status == "QUEUED":
        return _not_found("this run has not started: no report yet")
    return run


async def run_report_markdown(request: Request) -> Response:
    run = await _run(request)
    if isinstance(run, Response):
        return run
    result = await scenario_result(run, prices=_prices(request))
    return Response(result.report_markdown or "", media_type="text/markdown; charset=utf-8",
                    headers=_attachment(result.scenario_name, run, "md"))


async def run_report_json(request: Request) -> Response:
    run = await _run(request)
    if isinstance(run, Response):
        return run
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


def _not_found(message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": "NOT_FOUND", "message": message}}, status_code=404)


def run_report_routes() -> list[Route]:
    return [
        Route("/api/runs/{run_id}/report.md", run_report_markdown, methods=["GET"]),
        Route("/api/runs/{run_id}/report.json", run_report_json, methods=["GET"]),
    ]
