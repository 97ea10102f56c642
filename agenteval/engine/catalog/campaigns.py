"""Creating campaigns and queueing their runs (the RunEngine starts them)."""

from __future__ import annotations

import uuid

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.domain.static.queued_targets import targets_to_queue
from agenteval.domain.static.scenario_document import revalidate_cases
from agenteval.engine.catalog.configured_models import judge_configured, simulator_configured
from agenteval.engine.catalog.offline_runs import OFFLINE_CHANNEL
from agenteval.errors import NotFound
from agenteval.rules import RULE_CATALOG
from agenteval.store.catalog import campaigns as stored
from agenteval.store.catalog import scenarios as stored_scenarios
from agenteval.store.catalog import targets as stored_targets
from agenteval.store.catalog.campaigns import Campaign, Run
from agenteval.store.catalog.scenarios import Scenario
from agenteval.store.catalog.targets import Target

MAX_REPEAT = 100
MAX_CONCURRENCY = 1000


async def create_campaign(name: str, scenario_id: str, target_ids: list[str], repeat: int,
                          concurrency: int) -> Campaign:
    """Validate every field (rules re-checked against today's registry and models), then store."""
    errors = FieldErrors()
    check_text(errors, "input.name", name, max_length=MAX_NAME, required=True)
    if not 1 <= repeat <= MAX_REPEAT:
        errors.add("input.repeat", f"must be between 1 and {MAX_REPEAT}")
    if not 1 <= concurrency <= MAX_CONCURRENCY:
        errors.add("input.concurrency", f"must be between 1 and {MAX_CONCURRENCY}")
    scenario = await _scenario_or_error(scenario_id, errors)
    targets = await _targets_or_errors(target_ids, errors)
    if scenario is not None and not scenario.cases:
        errors.add("input.scenarioId", "the scenario has no cases")
    errors.raise_if_any()
    assert scenario is not None
    revalidate_cases(scenario.cases, RULE_CATALOG, await judge_configured(),
                     path="input.scenarioId.cases",
                     simulator_configured=await simulator_configured())
    return await stored.create(name.strip(), scenario, repeat, concurrency, targets)


async def _scenario_or_error(scenario_id: str, errors: FieldErrors) -> Scenario | None:
    parsed = _input_id(scenario_id, "input.scenarioId", errors)
    if parsed is None:
        return None
    scenario = await stored_scenarios.find(parsed)
    if scenario is None:
        errors.add("input.scenarioId", "no scenario has this id")
    return scenario


async def _targets_or_errors(target_ids: list[str], errors: FieldErrors) -> list[Target]:
    if not target_ids:
        errors.add("input.targetIds", "must name at least one target")
        return []
    targets: list[Target] = []
    seen: set[str] = set()
    for index, raw in enumerate(target_ids):
        path = f"input.targetIds[{index}]"
        target_id = _input_id(raw, path, errors)
        if target_id is None:
            continue
        if str(target_id) in seen:
            errors.add(path, "is listed twice")
            continue
        seen.add(str(target_id))
        target = await stored_targets.find(target_id)
        if target is None:
            errors.add(path, "no target has this id")
        elif target.channel_type == OFFLINE_CHANNEL:
            errors.add(path, "is the offline target: it only judges logged conversations "
                       "(judgeConversations)")
        else:
            targets.append(target)
    return targets


def _input_id(raw: str, path: str, errors: FieldErrors) -> uuid.UUID | None:
    """The id in an input field, or None with the field's error collected."""
    try:
        return uuid.UUID(str(raw))
    except ValueError:
        errors.add(path, "is not a valid id")
        return None


async def get_campaign(campaign_id: uuid.UUID) -> Campaign:
    campaign = await stored.find(campaign_id)
    if campaign is None:
        raise NotFound(f"campaign {campaign_id} does not exist")
    return campaign


async def queue_runs(campaign_id: uuid.UUID, target_id: uuid.UUID | None) -> list[Run]:
    """One QUEUED run per target of the campaign (or the one given), stored in one transaction."""
    campaign = await get_campaign(campaign_id)
    scenario = await stored_scenarios.find(campaign.scenario_id)
    chosen = targets_to_queue(await stored.targets_of(campaign), lambda target: target.id,
                              target_id, has_cases=scenario is not None and bool(scenario.cases))
    assert scenario is not None  # refused above otherwise
    return await stored.queue_runs(campaign, scenario, chosen)


async def queue_run_ids(campaign_id: uuid.UUID, target_id: uuid.UUID | None
                        ) -> list[uuid.UUID]:
    """`queue_runs`, its runs' ids: the RunEngine's `QueueRuns` port in the service."""
    return [run.id for run in await queue_runs(campaign_id, target_id)]
