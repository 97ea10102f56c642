"""Queries of static evaluation: rule types, scenarios, campaigns, runs, comparisons."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, order_name, search_term
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.enums import RunStatus
from agenteval.api.types.static.static_comparison import (
    CaseDiff,
    ChangedCase,
    ComparisonSignificance,
    RunComparison,
)
from agenteval.api.types.static.static_outcome import CaseOutcome
from agenteval.api.types.static.static_rule_type import RuleType
from agenteval.api.types.static.static_run import Campaign, Run
from agenteval.api.types.static.static_scenario import Scenario
from agenteval.api.unset import value
from agenteval.domain.static import run_comparison
from agenteval.engine.catalog import reads as catalog
from agenteval.engine.paging import Page
from agenteval.engine.static import reads as runs
from agenteval.engine.static.run_compare import compare_stored_runs
from agenteval.rules import rule_types
from agenteval.store.catalog import campaigns as campaign_rows
from agenteval.store.catalog import scenarios as scenario_rows
from agenteval.store.runs.run_reads import Run as RunRow


@strawberry.type
class StaticQueries:
    @strawberry.field(permission_classes=[CanRead])
    def rule_types(self) -> list[RuleType]:
        return [RuleType.from_info(info) for info in rule_types()]

    @strawberry.field(permission_classes=[CanRead])
    async def scenarios(self, first: int | None = 50, after: str | None = UNSET,
                        search: str | None = UNSET,
                        order_by: ListOrder | None = UNSET) -> Connection[Scenario]:
        term, order = search_term(value(search)), order_name(value(order_by),
                                                            ListOrder.OLDEST_FIRST)
        return await paginate(
            lambda offset, limit: scenario_rows.scenario_page(term, order, offset, limit),
            first, after, Scenario.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def scenario(self, id: strawberry.ID) -> Scenario | None:
        row = await catalog.find_scenario(parse_id(id))
        return Scenario.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def campaigns(self, first: int | None = 50, after: str | None = UNSET,
                        search: str | None = UNSET, order_by: ListOrder | None = UNSET,
                        scenario_id: strawberry.ID | None = UNSET) -> Connection[Campaign]:
        term, wanted_scenario = search_term(value(search)), value(scenario_id)
        scenario_uuid = (None if wanted_scenario is None
                         else parse_id(wanted_scenario, "scenarioId"))
        order = order_name(value(order_by), ListOrder.OLDEST_FIRST)
        return await paginate(
            lambda offset, limit: campaign_rows.campaign_page(term, scenario_uuid, order,
                                                              offset, limit),
            first, after, Campaign.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def campaign(self, id: strawberry.ID) -> Campaign | None:
        row = await catalog.find_campaign(parse_id(id))
        return Campaign.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def runs(self, first: int | None = 50, after: str | None = UNSET,
                   campaign_id: strawberry.ID | None = UNSET,
                   status: RunStatus | None = UNSET,
                   # Runs of every campaign over this scenario, to compare across campaigns.
                   scenario_id: strawberry.ID | None = UNSET) -> Connection[Run]:
        wanted_campaign, wanted_status = value(campaign_id), value(status)
        campaign_uuid = (None if wanted_campaign is None
                         else parse_id(wanted_campaign, "campaignId"))
        wanted_scenario = value(scenario_id)

        async def load(offset: int, limit: int) -> Page[RunRow]:
            return await runs.run_page(
                offset, limit, campaign_id=campaign_uuid,
                status=None if wanted_status is None else wanted_status.value,
                scenario_id=None if wanted_scenario is None
                else parse_id(wanted_scenario, "scenarioId"))

        return await paginate(load, first, after, Run.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def run(self, id: strawberry.ID) -> Run | None:
        row = await runs.find_run(parse_id(id))
        return Run.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def compare_runs(self, base_run_id: strawberry.ID,
                           head_run_id: strawberry.ID) -> RunComparison:
        stored = await compare_stored_runs(parse_id(base_run_id, "baseRunId"),
                                           parse_id(head_run_id, "headRunId"))
        comparison = stored.comparison

        def diff(item: run_comparison.CaseDiff) -> CaseDiff:
            key = (item.case_key, item.attempt)
            return CaseDiff(case_key=item.case_key,
                            base=CaseOutcome.from_stored(stored.base_outcomes[key],
                                                         stored.base.id),
                            head=CaseOutcome.from_stored(stored.head_outcomes[key],
                                                         stored.head.id),
                            flaky=item.flaky)

        return RunComparison(
            base=Run.from_row(stored.base), head=Run.from_row(stored.head),
            pass_rate_delta=comparison.pass_rate_delta,
            success_rate_delta=comparison.success_rate_delta,
            regressions=[diff(d) for d in comparison.regressions],
            improvements=[diff(d) for d in comparison.improvements],
            unchanged_count=comparison.unchanged_count, markdown=comparison.markdown,
            warnings=comparison.warnings,
            changed_cases=[ChangedCase(case_key=c.case_key,
                                       definition_changed=c.definition_changed,
                                       judge_changed=c.judge_changed)
                           for c in comparison.changed],
            significance=None if comparison.significance is None
            else ComparisonSignificance.from_data(comparison.significance))
