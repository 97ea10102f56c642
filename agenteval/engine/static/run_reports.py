"""The read side of static runs: summaries and the Markdown report.

SQL-level persistence lives in `store/runs/run_store.py` and pure records in
`domain/static/run_records.py`; the names other modules read through this module
(statuses, progress, stored outcomes) are re-exported here. Each function takes the run
as a `ReportedRun`: the record its store hands out (or a row the API still reads).
"""

from __future__ import annotations

from agenteval.domain.static import run_state
from agenteval.domain.static.run_records import summary_from_json, summary_to_json
from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.domain.static.run_views import OutcomeView, RunView
from agenteval.domain.static.stored_run import ReportedRun
from agenteval.store.runs.run_reads import run_names
from agenteval.store.runs.run_store import (
    StoredOutcome,
    outcome_records,
    progress_of,
    stored_outcomes,
    stored_progress,
)

TERMINAL = run_state.TERMINAL_STATUSES
ACTIVE = run_state.ACTIVE_STATUSES

__all__ = ["ACTIVE", "TERMINAL", "StoredOutcome", "compute_summary", "outcome_views",
           "progress_of", "report_markdown", "run_view", "stored_outcomes", "stored_progress",
           "summary_of", "summary_to_json"]


async def compute_summary(run: ReportedRun) -> RunSummaryData:
    """The summary of the run's stored attempts."""
    return summarise(await outcome_records(run.id), run.repeat, expected_total=run.total)


async def summary_of(run: ReportedRun) -> RunSummaryData:
    """The stored summary of an ended run, or one computed now from the stored attempts."""
    if run.summary is not None:
        return summary_from_json(run.summary)
    return await compute_summary(run)


async def outcome_views(run: ReportedRun) -> list[OutcomeView]:
    return [stored.view for stored in await stored_outcomes(run)]


async def run_view(run: ReportedRun) -> RunView:
    names = await run_names(run.id)
    return RunView(id=str(run.id), status=run.status, campaign_name=names.campaign_name,
                   scenario_name=names.scenario_name,
                   target_name=names.target_name, created_at=run.created_at,
                   started_at=run.started_at, completed_at=run.completed_at, error=run.error,
                   offline=run.offline)


async def report_markdown(run: ReportedRun, model_prices: str | None = None) -> str | None:
    """The run's Markdown report, its model usage at the end; None while it is QUEUED.

    `model_prices` is the AGENTEVAL_MODEL_PRICES setting (the usage's estimated cost)."""
    # Imported here: the renderers, the reviews and the usage are the report's alone, and
    # the CI gate, which imports this module for the run's state, never renders one.
    from agenteval.domain.static.run_report import render_run_report
    from agenteval.domain.usage_report import usage_section
    from agenteval.engine.catalog.usage import usage_of
    from agenteval.engine.review.report import run_review_markdown
    from agenteval.engine.static.regression_origins import regression_markdown

    if run.status == run_state.QUEUED:
        return None
    totals = await usage_of(run_id=run.id, prices_setting=model_prices)
    outcomes = await outcome_views(run)
    return render_run_report(await run_view(run), await summary_of(run), outcomes,
                             [await regression_markdown(run.id, outcomes),
                              await run_review_markdown(run.id), usage_section(totals)])
