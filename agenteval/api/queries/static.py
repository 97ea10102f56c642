"""Queries of static evaluation: rule types, scenarios, campaigns, runs, comparisons."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.inputs import value
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.enums import RunStatus
from agenteval.api.types.static_comparison import CaseDiff, RunComparison
from agenteval.api.types.static_outcome import CaseOutcome
from agenteval.api.types.static_rule_type import RuleType
from agenteval.api.types.static_run import Campaign, Run
from agenteval.api.types.static_scenario import Scenario
from agenteval.domain import run_comparison
from agenteval.engine.catalog.targets import parse_id
from agenteval.engine.static.run_compare import compare_stored_runs
from agenteval.rules import rule_types
from agenteval.store import models


@strawberry.type
class StaticQueries:
    @strawberry.field(permission_classes=[CanRead])
    def rule_types(self) -> list[RuleType]:
        return [RuleType.from_info(info) for info in rule_types()]

    @strawberry.field(permission_classes=[CanRead])
    async def scenarios(self, first: int | None = 50, after: str | None = UNSET) -> Connection[Scenario]:
        return await paginate(models.Scenario.all().order_by("created_at", "id"), first, after,
                              Scenario.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def scenario(self, id: strawberry.ID) -> Scenario | None:
        row = await models.Scenario.get_or_none(id=parse_id(id))
        return Scenario.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def campaigns(self, first: int | None = 50, after: str | None = UNSET) -> Connection[Campaign]:
        return await paginate(models.Campaign.all().order_by("created_at", "id"), first, after,
                              Campaign.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def campaign(self, id: strawberry.ID) -> Campaign | None:
        row = await models.Campaign.get_or_none(id=parse_id(id))
        return Campaign.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def runs(self, first: int | None = 50, after: str | None = UNSET,
                   campaign_id: strawberry.ID | None = UNSET,
                   status: RunStatus | None = UNSET) -> Connection[Run]:
        query = models.Run.all()
        campaign_id, status = value(campaign_id), value(status)
        if campaign_id is not None:
            query = query.filter(campaign_id=parse_id(campaign_id, "campaignId"))
        if status is not None:
            query = query.filter(status=status.value)
        return await paginate(query.order_by("created_at", "id"), first, after, Run.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def run(self, id: strawberry.ID) -> Run | None:
        row = await models.Run.get_or_none(id=parse_id(id))
        return Run.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def compare_runs(self, base_run_id: strawberry.ID,
                           head_run_id: strawberry.ID) -> RunComparison:
        stored = await compare_stored_runs(base_run_id, head_run_id)
        comparison = stored.comparison

        def diff(item: run_comparison.CaseDiff) -> CaseDiff:
            key = (item.case_key, item.attempt)
            return CaseDiff(case_key=item.case_key,
                            base=CaseOutcome.from_stored(stored.base_outcomes[key]),
                            head=CaseOutcome.from_stored(stored.head_outcomes[key]))

        return RunComparison(
            base=Run.from_row(stored.base), head=Run.from_row(stored.head),
            pass_rate_delta=comparison.pass_rate_delta,
            success_rate_delta=comparison.success_rate_delta,
            regressions=[diff(d) for d in comparison.regressions],
            improvements=[diff(d) for d in comparison.improvements],
            unchanged_count=comparison.unchanged_count, markdown=comparison.markdown,
            warnings=comparison.warnings)
