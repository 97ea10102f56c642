"""A stored run as a ScenarioResult: what the gate's writers and the run downloads read."""

from __future__ import annotations

import os

from agenteval.domain.usage_report import usage_line
from agenteval.engine.catalog.usage import usage_of
from agenteval.engine.static.run_store import (
    report_markdown,
    run_view,
    stored_outcomes,
    summary_of,
)
from agenteval.gate.results import AttemptResult, ScenarioResult
from agenteval.store.models import Run


async def scenario_result(run: Run, source: str | None = None, *, with_report: bool = True,
                          details_of_successes: bool = True) -> ScenarioResult:
    """The run with its summary and every attempt (turns and rule results included).

    `source` is the scenario file the gate read; stored runs name their scenario instead.
    Without `with_report` the Markdown report is not rendered (`report_markdown` None):
    the gate renders it only for --report. Without `details_of_successes` the plain
    successes carry no turns or rule results: the gate reads them only for --json and
    --junit, which write every attempt's dialog.
    """
    view = await run_view(run)
    prices = os.environ.get("AGENTEVAL_MODEL_PRICES")  # as Settings.from_env reads it
    started, ended = run.started_at, run.completed_at
    duration = (ended - started).total_seconds() if started and ended else None
    return ScenarioResult(
        scenario_name=view["scenario_name"], source=source or f"scenario {view['scenario_name']}",
        target_name=view["target_name"], run_id=str(run.id), status=run.status,
        summary=await summary_of(run),
        attempts=[AttemptResult(stored.view, stored.intent_passed, stored.completion_rate)
                  for stored in await stored_outcomes(
                      run, details_of_successes=details_of_successes)],
        repeat=run.repeat, concurrency=run.concurrency, error=run.error, duration_s=duration,
        report_markdown=await report_markdown(run, prices) if with_report else None,
        model_usage=usage_line(await usage_of(run_id=run.id, prices_setting=prices)))
