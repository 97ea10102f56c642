"""Read models of static runs for the API: pages of runs and outcomes, summaries in batches.

`summaries` is the batched form of `run_reports.summary_of`: the summary of a run
that has not ended is computed from its stored attempts, and a page of such
runs costs three statements in all, not three per run.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.store.runs.outcome_reads import outcome_page, outcome_records_by_run
from agenteval.store.runs.run_reads import Run, find_view, run_page, views_by_campaign

__all__ = ["SummaryKey", "find_run", "outcome_page", "outcome_records_by_run", "run_page",
           "runs_by_campaign", "summaries"]


async def find_run(run_id: uuid.UUID) -> Run | None:
    """The run without its cases snapshot (a partial row: see `store.runs.VIEW_FIELDS`)."""
    return await find_view(run_id)


async def runs_by_campaign(campaign_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[Run]]:
    found: dict[uuid.UUID, list[Run]] = {campaign_id: [] for campaign_id in campaign_ids}
    for run in await views_by_campaign(list(found)):
        found[run.campaign_id].append(run)
    return found


@dataclass(frozen=True)
class SummaryKey:
    """What summarising a run's stored attempts needs besides the attempts."""

    run_id: uuid.UUID
    repeat: int
    total: int


async def summaries(keys: Sequence[SummaryKey]) -> dict[uuid.UUID, RunSummaryData]:
    """The runs' summaries computed from their stored attempts (three statements in all)."""
    records = await outcome_records_by_run([key.run_id for key in keys])
    return {key.run_id: summarise(records[key.run_id], key.repeat, expected_total=key.total)
            for key in keys}
