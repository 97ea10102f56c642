"""Inputs for scenarios and campaigns.

Optional fields default to UNSET (no default in the SDL, as in the contract);
`case_input_dict` turns a CaseInput into the camelCase dict the domain
validator checks, leaving UNSET fields out.
"""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.types.enums import CaseType, RuleLogic


@strawberry.input
class RuleSpecInput:
    type: str
    params: JSON = strawberry.field(default_factory=dict)
    weight: float = 1.0
    scope: str | None = UNSET


@strawberry.input(description="Checks on the reply to one message (see Case.turnChecks).")
class TurnCheckInput:
    turn_index: int
    expect: JSON | None = UNSET
    eval_rules: list[RuleSpecInput] = strawberry.field(default_factory=list)


@strawberry.input(description="Where a case came from (see CaseOrigin); kept as given.")
class CaseOriginInput:
    eval_id: strawberry.ID
    session_id: strawberry.ID | None = UNSET
    finding_id: strawberry.ID | None = UNSET
    finding_index: int | None = UNSET


@strawberry.input
class CaseInput:
    key: str
    type: CaseType | None = UNSET
    messages: list[str]
    expectation: JSON | None = UNSET
    eval_rules: list[RuleSpecInput] = strawberry.field(default_factory=list)
    rule_logic: RuleLogic = RuleLogic.ALL
    rule_pass_threshold: float = 0.7
    success_threshold: float = 0.8
    partial_threshold: float = 0.5
    tags: list[str] = strawberry.field(default_factory=list)
    turn_checks: list[TurnCheckInput] | None = UNSET
    tool_results: JSON | None = strawberry.field(
        default=UNSET, description="openai_chat targets with tools: tool name → its result "
        "(or {\"calls\": [...]}, one per call).")
    persona: JSON | None = strawberry.field(
        default=UNSET, description="type SIMULATED: who the simulated user is (the seeds' "
        "persona: name, background, personality, patience low|medium|high).")
    goal: str | None = strawberry.field(
        default=UNSET, description="type SIMULATED (required): what the simulated user wants.")
    opening: str | None = strawberry.field(
        default=UNSET, description="type SIMULATED: the first message, as written.")
    max_turns: int | None = strawberry.field(
        default=UNSET, description="type SIMULATED: at most this many user turns (default 10).")
    stop_when: JSON | None = strawberry.field(
        default=UNSET, description="type SIMULATED: {simulator: true} (the simulator says "
        "it is done) and/or {phrase: \"...\"} (a phrase appears in a reply).")
    follow_ups: list[str] | None = strawberry.field(
        default=UNSET, description="type SIMULATED: scripted user turns after the opening "
        "(facts the SIMULATOR may give, when a model plays).")
    simulator: str | None = strawberry.field(
        default=UNSET, description="type SIMULATED: model (the SIMULATOR model writes the "
        "turns; one must be configured) or script (follow-ups, no model). Default: script "
        "when followUps are given, else model. Give messages: [] with this type.")
    origin: CaseOriginInput | None = strawberry.field(
        default=UNSET, description="The finding or session the case was drafted from "
        "(CaseDraft.case.origin).")


@strawberry.input
class CreateScenarioInput:
    name: str
    description: str | None = UNSET
    cases: list[CaseInput]


@strawberry.input
class UpdateScenarioInput:
    name: str | None = UNSET
    description: str | None = UNSET
    cases: list[CaseInput] | None = UNSET


@strawberry.input
class CreateCampaignInput:
    name: str
    scenario_id: strawberry.ID
    target_ids: list[strawberry.ID]
    repeat: int = 1
    concurrency: int = 8


def _rule_dict(rule: RuleSpecInput) -> dict[str, Any]:
    data: dict[str, Any] = {"type": rule.type, "params": rule.params, "weight": rule.weight}
    if rule.scope is not UNSET and rule.scope is not None:
        data["scope"] = rule.scope
    return data


def case_input_dict(case: CaseInput) -> dict[str, Any]:
    data: dict[str, Any] = {
        "key": case.key,
        "messages": list(case.messages),
        "evalRules": [_rule_dict(r) for r in case.eval_rules],
        "ruleLogic": case.rule_logic.value,
        "rulePassThreshold": case.rule_pass_threshold,
        "successThreshold": case.success_threshold,
        "partialThreshold": case.partial_threshold,
        "tags": list(case.tags),
    }
    if case.type is not UNSET and case.type is not None:
        data["type"] = case.type.value
    if case.expectation is not UNSET and case.expectation is not None:
        data["expectation"] = case.expectation
    if case.tool_results is not UNSET and case.tool_results is not None:
        data["toolResults"] = case.tool_results
    for name, key in (("persona", "persona"), ("goal", "goal"), ("opening", "opening"),
                      ("max_turns", "maxTurns"), ("stop_when", "stopWhen"),
                      ("follow_ups", "followUps"), ("simulator", "simulator")):
        value = getattr(case, name)
        if value is not UNSET and value is not None:
            data[key] = value
    if case.origin is not UNSET and case.origin is not None:
        data["origin"] = _origin_dict(case.origin)
    if case.turn_checks is not UNSET and case.turn_checks is not None:
        data["turnChecks"] = [
            {"turnIndex": check.turn_index,
             **({} if check.expect is UNSET or check.expect is None
                else {"expect": check.expect}),
             "evalRules": [_rule_dict(r) for r in check.eval_rules]}
            for check in case.turn_checks]
    return data


def _origin_dict(origin: CaseOriginInput) -> dict[str, Any]:
    fields = {"evalId": origin.eval_id, "sessionId": origin.session_id,
              "findingId": origin.finding_id, "findingIndex": origin.finding_index}
    return {key: item if key == "findingIndex" else str(item) for key, item in fields.items()
            if item is not UNSET and item is not None}
