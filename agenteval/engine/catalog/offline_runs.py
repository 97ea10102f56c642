"""Queueing an offline run: a conversation set judged with a scenario's rules or given rules.

The run is a Run like a live one (campaign, target, cases snapshot, the same summary,
report, review and compare) with `offline` set: each case is one logged dialog, its
messages the user's turns, and its snapshot carries the logged replies (`logged`), which
engine/static/offline_attempt.py reads instead of calling a channel. The run's target
is the built-in offline target, which no live run can use; the campaign's scenario is the
one given, or (with `rules`) a scenario made of the set's user turns and the rules, which
can also be run live against a bot to replay the logged questions.

The checks and the cases come from engine/catalog/offline_templates.py, which
`agenteval judge` uses too: a scenario's cases that cannot judge the log are skipped and
named on the run (`offline_skipped`); rules that need what the log lacks are refused.
"""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.engine.catalog.configured_models import judge_configured
from agenteval.engine.catalog.conversation_sets import get_conversation_set
from agenteval.engine.catalog.offline_templates import (
    dialog_case,
    logs_latencies,
    revalidate_judged,
    template_from_rules,
    template_from_scenario,
)
from agenteval.errors import ValidationFailed
from agenteval.store.catalog import campaigns
from agenteval.store.catalog import scenarios as stored_scenarios
from agenteval.store.catalog.campaigns import Run
from agenteval.store.catalog.conversation_sets import ConversationSet
from agenteval.store.catalog.scenarios import Scenario
from agenteval.store.catalog.targets import Target

OFFLINE_TARGET_ID = uuid.UUID("0ff11e00-0000-4000-8000-000000000000")
OFFLINE_TARGET_NAME = "offline — logged replies (nothing sent)"
OFFLINE_CHANNEL = "offline"  # registered nowhere: a live run on this target cannot send


async def offline_target() -> Target:
    """The one target offline runs name (made on first use)."""
    return await campaigns.offline_target(
        OFFLINE_TARGET_ID,
        {"name": OFFLINE_TARGET_NAME, "channel_type": OFFLINE_CHANNEL,
         "description": "Offline runs judge logged conversations: the replies are "
                        "the logged ones and nothing is sent.", "max_concurrency": 8})


async def judge_conversations(set_id: uuid.UUID, scenario_id: uuid.UUID | None,
                              rules: Any) -> Run:
    """A QUEUED offline run of the set (the RunEngine starts it); nothing is stored on error."""
    if (scenario_id is None) == (rules is None):
        raise ValidationFailed.one("scenarioId", "give exactly one of scenarioId and rules")
    found = await get_conversation_set(set_id, "setId")
    judge = await judge_configured()
    latencies = logs_latencies(found.dialogs)
    scenario: Scenario | None = None
    if scenario_id is not None:
        scenario = await stored_scenarios.find(scenario_id)
        if scenario is None:
            raise ValidationFailed.one("scenarioId", "no scenario has this id")
        if not scenario.cases:
            raise ValidationFailed.one("scenarioId", "the scenario has no cases")
        template = template_from_scenario(scenario.cases, latencies)
        revalidate_judged(scenario.cases, template, judge)
    else:
        template = template_from_rules(rules, judge, latencies)
    cases = [dialog_case(dialog, template.checks) for dialog in found.dialogs]
    async with campaigns.transaction():
        if scenario is None:
            scenario = await _rules_scenario(found, cases)
        return await queue_offline_run(scenario, cases, f"Offline: {found.name}",
                                       template.skipped, found.id)


async def queue_offline_run(scenario: Scenario, cases: list[dict[str, Any]], name: str,
                            skipped: list[dict[str, str]],
                            set_id: uuid.UUID | None = None) -> Run:
    """A QUEUED offline run of these cases (`dialog_case`s) under a new campaign of the
    scenario; `skipped`: the scenario's cases left out, with why (kept on the run)."""
    target = await offline_target()
    return await campaigns.queue_offline(scenario, target, name[:200], cases, skipped or None,
                                         set_id)


async def _rules_scenario(found: ConversationSet, cases: list[dict[str, Any]]) -> Scenario:
    # The set's user turns with the rules: a real scenario (without the logged replies).
    return await stored_scenarios.create(
        f"Offline rules: {found.name}"[:200],
        f"The user turns of conversation set {found.name!r} with the rules they "
        "were judged by offline; run it live to replay them against a bot.",
        [{k: v for k, v in case.items() if k != "logged"} for case in cases])
