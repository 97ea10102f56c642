"""Reading static runs for the API and the reports: pages and lookups of runs without
their cases snapshot (`VIEW_FIELDS`), a whole run, and the names a run's view shows.

The run rows still cross this port (the API's types read their attributes); exported
here so the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.store.models import Campaign, IntelligentEval, Run, Target
from agenteval.store.paging import Page, page_of, where_given
from agenteval.store.runs.run_store import VIEW_FIELDS

__all__ = ["Run", "RunNames", "SideNames", "eval_reports", "find_run", "find_view",
           "run_names", "run_page", "side_names", "views_by_campaign"]


async def run_page(offset: int, limit: int, campaign_id: uuid.UUID | None = None,
                   status: str | None = None, scenario_id: uuid.UUID | None = None
                   ) -> Page[Run]:
    """Runs without their cases snapshot, oldest first: of one campaign, in one status,
    of any campaign over one scenario, when given."""
    query = Run.all().only(*VIEW_FIELDS)
    query = where_given(
        query, campaign__scenario_id=scenario_id, campaign_id=campaign_id, status=status)
    return await page_of(query.order_by("created_at", "id"), offset, limit)


async def find_view(run_id: uuid.UUID) -> Run | None:
    """The run without its cases snapshot (a partial row: see `VIEW_FIELDS`)."""
    return await Run.filter(id=run_id).only(*VIEW_FIELDS).first()


async def find_run(run_id: uuid.UUID) -> Run | None:
    """The whole run, its cases snapshot included."""
    return await Run.get_or_none(id=run_id)


async def views_by_campaign(campaign_ids: Sequence[uuid.UUID]) -> list[Run]:
    """The campaigns' runs (without snapshots), oldest first."""
    return list(await Run.filter(campaign_id__in=list(campaign_ids)).only(*VIEW_FIELDS)
                .order_by("created_at", "id"))


@dataclass(frozen=True)
class RunNames:
    campaign_name: str
    scenario_name: str
    target_name: str


async def run_names(run_id: uuid.UUID) -> RunNames:
    # Only the names: fetching the campaign's scenario would decode its every case.
    names = await Run.filter(id=run_id).first().values(
        "campaign__name", "campaign__scenario__name", "target__name")
    return RunNames(names["campaign__name"], names["campaign__scenario__name"],
                    names["target__name"])


@dataclass(frozen=True)
class SideNames:
    """What a compared run's side is labelled with (None: deleted since)."""

    target_name: str | None
    scenario_name: str | None
    scenario_id: uuid.UUID | None


async def side_names(run: Run) -> SideNames:
    target = await Target.get_or_none(id=run.target_id)
    campaign = await Campaign.get_or_none(id=run.campaign_id).prefetch_related("scenario")
    return SideNames(target.name if target else None,
                     campaign.scenario.name if campaign else None,
                     campaign.scenario_id if campaign else None)


async def eval_reports(eval_ids: Sequence[uuid.UUID]) -> list[dict[str, Any]]:
    """{id, name, report} of the evals that still exist among these."""
    return list(await IntelligentEval.filter(id__in=list(eval_ids)).values("id", "name",
                                                                          "report"))
