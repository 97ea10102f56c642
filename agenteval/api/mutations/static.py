"""Mutations of static evaluation: scenarios, campaigns, starting and cancelling runs."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.inputs.static import (
    CreateCampaignInput,
    CreateScenarioInput,
    UpdateScenarioInput,
    case_input_dict,
)
from agenteval.api.permissions import IsOperator
from agenteval.api.types.static.static_run import Campaign, Run
from agenteval.api.types.static.static_scenario import Scenario
from agenteval.api.unset import value
from agenteval.engine.catalog import campaigns, scenarios
from agenteval.store.access.api_keys import key_label


@strawberry.type
class StaticMutations:
    @strawberry.mutation(permission_classes=[IsOperator])
    async def create_scenario(self, input: CreateScenarioInput) -> Scenario:
        row = await scenarios.create_scenario(
            input.name, value(input.description), [case_input_dict(c) for c in input.cases])
        return Scenario.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="The JSON (or YAML) scenario file format.")
    async def import_scenario(self, document: str) -> Scenario:
        return Scenario.from_row(await scenarios.import_scenario(document))

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Given cases replace all cases.")
    async def update_scenario(self, id: strawberry.ID, input: UpdateScenarioInput) -> Scenario:
        cases = value(input.cases)
        row = await scenarios.update_scenario(
            parse_id(id), value(input.name), value(input.description),
            None if cases is None else [case_input_dict(c) for c in cases])
        return Scenario.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="CONFLICT while a campaign uses it.")
    async def delete_scenario(self, id: strawberry.ID) -> strawberry.ID:
        return strawberry.ID(await scenarios.delete_scenario(parse_id(id)))

    @strawberry.mutation(permission_classes=[IsOperator])
    async def create_campaign(self, input: CreateCampaignInput) -> Campaign:
        row = await campaigns.create_campaign(input.name, input.scenario_id,
                                              list(input.target_ids), input.repeat,
                                              input.concurrency)
        return Campaign.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="One run per target of the campaign (or the one given).")
    async def start_run(self, info: ResolverInfo, campaign_id: strawberry.ID,
                        target_id: strawberry.ID | None = UNSET) -> list[Run]:
        wanted_target = value(target_id)
        runs = await info.context.services.runs.start_campaign(
            parse_id(campaign_id, "campaignId"),
            None if wanted_target is None else parse_id(wanted_target, "targetId"),
            key_label(await info.context.require_key()))
        return [Run.from_record(run) for run in runs]

    @strawberry.mutation(permission_classes=[IsOperator])
    async def cancel_run(self, info: ResolverInfo, run_id: strawberry.ID) -> Run:
        run = await info.context.services.runs.cancel(
            parse_id(run_id, "runId"), key_label(await info.context.require_key()))
        return Run.from_record(run)
