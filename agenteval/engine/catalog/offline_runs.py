"""Queueing an offline run: a conversation set judged with a scenario's rules or given rules.

The run is a Run like a live one (campaign, target, cases snapshot, the same summary,
report, review and compare) with `offline` set: each case is one logged dialog, its
messages the user's turns, and its snapshot carries the logged replies (`logged`), which
engine/static/offline_attempt.py reads instead of calling a channel. The run's target
is the built-in offline target, which no live run can use; the campaign's scenario is the
one given, or (with `rules`) a scenario made of the set's user turns and the rules, which
can also be run live against a bot to replay the logged questions.

Rules that need what a log lacks (latency) are refused, naming the rule
(domain/logs/offline_rules.py, the CLI's check too).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.logs.offline_rules import log_refusals
from agenteval.domain.static.scenario_case_validation import DOCUMENT_FIELDS, validate_cases
from agenteval.domain.static.scenario_document import case_to_document, revalidate_cases
from agenteval.engine.catalog.conversation_sets import get_conversation_set
from agenteval.engine.catalog.models import judge_configured
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG
from agenteval.store.models import Campaign, ConversationSet, Run, Scenario, Target

OFFLINE_TARGET_ID = uuid.UUID("0ff11e00-0000-4000-8000-000000000000")
OFFLINE_TARGET_NAME = "offline — logged replies (nothing sent)"
OFFLINE_CHANNEL = "offline"  # registered nowhere: a live run on this target cannot send
RULE_FIELDS = ("expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
               "success_threshold", "partial_threshold", "tags", "turn_checks")
CHECK_FIELDS = ("expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
                "success_threshold", "partial_threshold")


async def offline_target() -> Target:
    """The one target offline runs name (made on first use)."""
    target, _ = await Target.get_or_create(
        id=OFFLINE_TARGET_ID,
        defaults={"name": OFFLINE_TARGET_NAME, "channel_type": OFFLINE_CHANNEL,
                  "description": "Offline runs judge logged conversations: the replies are "
                                 "the logged ones and nothing is sent.", "max_concurrency": 8})
    return target


def _template_from_rules(rules: Any, judge: bool) -> dict[str, Any]:
    """The rules (the `agenteval judge` rules file, as JSON) validated as one case's checks;
    `turn_checks: [{turn_index, expect?, eval_rules?}]` checks a logged turn by its index."""
    if not isinstance(rules, dict):
        raise ValidationFailed.one("rules", "must be an object with " + ", ".join(RULE_FIELDS))
    errors = FieldErrors()
    for unknown in (k for k in rules if k not in RULE_FIELDS):
        errors.add(f"rules.{unknown}", "is not a rules field (known: "
                   + ", ".join(RULE_FIELDS) + ")")
    if not rules.get("eval_rules") and not rules.get("expectation") \
            and not rules.get("turn_checks"):
        errors.add("rules", "give eval_rules, expectation or turn_checks: without them "
                   "nothing is judged")
    messages: list[Any] = []
    where: dict[str, str] = {}  # "rules.messages[2]" → "rules.turn_checks[0]": the client's names
    for index, check in enumerate(rules.get("turn_checks") or []):
        at = check.get("turn_index") if isinstance(check, dict) else None
        if not isinstance(at, int) or not 0 <= at < 1000:
            errors.add(f"rules.turn_checks[{index}].turn_index", "must be 0 to 999")
            continue
        for unknown in (k for k in check if k not in ("turn_index", "expect", "eval_rules")):
            errors.add(f"rules.turn_checks[{index}].{unknown}",
                       "is not a turn check field (known: turn_index, expect, eval_rules)")
        messages += ["(logged)"] * (at + 1 - len(messages))
        messages[at] = {"user": "(logged)", **{k: v for k, v in check.items()
                                                 if k in ("expect", "eval_rules")}}
        where[f"rules.messages[{at}]"] = f"rules.turn_checks[{index}]"
    errors.raise_if_any()
    case = {k: v for k, v in rules.items() if k in CHECK_FIELDS or k == "tags"}
    case.update(id="rules", type="multi_turn", messages=messages or ["(logged)"])
    errors.add_all(log_refusals(case, "rules"))
    specs = validate_cases([case], "rules", DOCUMENT_FIELDS, RULE_CATALOG, judge, errors)
    for error in errors:  # the paths of one case: "rules.eval_rules[0]", not "rules[0]…"
        if error["path"].startswith("rules[0]"):
            error["path"] = "rules" + error["path"][len("rules[0]"):]
        for ours, theirs in where.items():
            if error["path"].startswith(ours):
                error["path"] = theirs + error["path"][len(ours):]
    errors.raise_if_any()
    return case_to_document(specs[0])


def _template_from_scenario(scenario: Scenario) -> dict[str, Any]:
    """One case's checks out of a scenario's: the first case's logic and thresholds, every
    case's eval rules (once each), the first expectation, and the per-turn checks by index
    (the first case's check wins at an index)."""
    errors = FieldErrors()
    for index, document in enumerate(scenario.cases):
        errors.add_all(log_refusals(document, f"scenarioId.cases[{index}]"))
    errors.raise_if_any()
    first = scenario.cases[0]
    template = {k: first[k] for k in CHECK_FIELDS if k in first}
    seen, rules = set(), []
    for document in scenario.cases:
        for rule in document.get("eval_rules", []):
            if (key := json.dumps(rule, sort_keys=True)) not in seen:
                seen.add(key)
                rules.append(rule)
    template["eval_rules"] = rules
    expectations = [d["expectation"] for d in scenario.cases if "expectation" in d]
    if expectations:  # the first case's that has one
        template["expectation"] = expectations[0]
    checks: dict[int, dict[str, Any]] = {}
    for document in scenario.cases:
        for at, message in enumerate(document["messages"]):
            if isinstance(message, dict):
                checks.setdefault(at, message)
    template["messages"] = [checks.get(at, "(logged)") for at in range(max(checks, default=-1) + 1)]
    template["tags"] = []
    return template


def _dialog_case(dialog: dict[str, Any], template: dict[str, Any]) -> dict[str, Any]:
    """A logged dialog as a case with the template's checks; `logged` holds its replies."""
    checks = template.get("messages") or []
    messages: list[Any] = []
    for at, turn in enumerate(dialog["turns"]):
        check = checks[at] if at < len(checks) else None
        messages.append({**check, "user": turn["user"]} if isinstance(check, dict)
                        else turn["user"])
    case = {k: template[k] for k in CHECK_FIELDS if k in template}
    case.update(id=dialog["id"], type="single_turn" if len(messages) == 1 else "multi_turn",
                messages=messages, tags=["offline", *template.get("tags", [])],
                logged=[{"reply": t["reply"], "raw": t.get("raw")} for t in dialog["turns"]])
    return case


async def judge_conversations(set_id: uuid.UUID, scenario_id: uuid.UUID | None,
                              rules: Any) -> Run:
    """A QUEUED offline run of the set (the RunEngine starts it); nothing is stored on error."""
    if (scenario_id is None) == (rules is None):
        raise ValidationFailed.one("scenarioId", "give exactly one of scenarioId and rules")
    found = await get_conversation_set(set_id, "setId")
    judge = await judge_configured()
    scenario: Scenario | None = None
    if scenario_id is not None:
        scenario = await Scenario.get_or_none(id=scenario_id)
        if scenario is None:
            raise ValidationFailed.one("scenarioId", "no scenario has this id")
        if not scenario.cases:
            raise ValidationFailed.one("scenarioId", "the scenario has no cases")
        revalidate_cases(scenario.cases, RULE_CATALOG, judge, path="scenarioId.cases")
        template = _template_from_scenario(scenario)
    else:
        template = _template_from_rules(rules, judge)
    cases = [_dialog_case(dialog, template) for dialog in found.dialogs]
    target = await offline_target()
    async with in_transaction():
        if scenario is None:
            scenario = await _rules_scenario(found, cases)
        campaign = await Campaign.create(name=f"Offline: {found.name}"[:200], scenario=scenario,
                                         repeat=1, concurrency=8)
        await campaign.targets.add(target)
        return await Run.create(campaign=campaign, target=target, status="QUEUED", cases=cases,
                                repeat=1, concurrency=8, total=len(cases), offline=True,
                                conversation_set_id=found.id)


async def _rules_scenario(found: ConversationSet, cases: list[dict[str, Any]]) -> Scenario:
    # The set's user turns with the rules: a real scenario (without the logged replies).
    return await Scenario.create(
        name=f"Offline rules: {found.name}"[:200],
        description=f"The user turns of conversation set {found.name!r} with the rules they "
                    "were judged by offline; run it live to replay them against a bot.",
        cases=[{k: v for k, v in case.items() if k != "logged"} for case in cases])
