"""Scenario, Case and RuleSpec."""

from __future__ import annotations

import json
from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.types.enums import CaseType, RuleLogic
from agenteval.api.types.output_json import output_json
from agenteval.api.types.static.case_origin import CaseOrigin, eval_names
from agenteval.domain.judging.cases import CaseSpec
from agenteval.domain.judging.cases import RuleSpec as CaseRuleSpec
from agenteval.domain.judging.simulated_cases import SimulatedSpec, simulated_document
from agenteval.domain.static.scenario_document import cases_of, scenario_to_document
from agenteval.errors import ValidationFailed
from agenteval.store import models
from agenteval.yaml_loader import dump_yaml


@strawberry.type
class RuleSpec:
    type: str
    params: JSON
    weight: float
    scope: str | None = strawberry.field(
        default=None, description="last_turn | full_dialog on a case's rules, turn on a "
        "message's; null: the rule type's own scope.")

    @classmethod
    def from_spec(cls, spec: CaseRuleSpec) -> RuleSpec:
        return cls(type=spec.type, params=JSON(spec.params), weight=spec.weight,
                   scope=spec.scope)


@strawberry.type(description="The checks attached to one message of a case: judged on the "
                             "reply to that message.")
class TurnCheck:
    turn_index: int = strawberry.field(description="0-based index into Case.messages.")
    expect: JSON | None = strawberry.field(description="Hard checks like Case.expectation "
                                                       "(contains, not_contains, "
                                                       "max_latency_ms, json, regex).")
    eval_rules: list[RuleSpec]


@strawberry.type(description="A simulated case's user: a persona towards a goal, played by "
                             "the SIMULATOR model or by a script (see CaseInput).")
class SimulatedCase:
    persona: JSON
    goal: str
    opening: str | None
    max_turns: int
    stop_when: JSON
    follow_ups: list[str]
    simulator: str = strawberry.field(description="model | script")

    @classmethod
    def from_spec(cls, spec: SimulatedSpec) -> SimulatedCase:
        document = simulated_document(spec)
        return cls(persona=JSON(spec.persona), goal=spec.goal, opening=spec.opening,
                   max_turns=spec.max_turns, stop_when=JSON(document["stop_when"]),
                   follow_ups=list(spec.follow_ups), simulator=spec.simulator)


@strawberry.type
class Case:
    key: str
    type: CaseType
    messages: list[str]
    expectation: JSON | None
    eval_rules: list[RuleSpec]
    rule_logic: RuleLogic
    rule_pass_threshold: float
    success_threshold: float
    partial_threshold: float
    tags: list[str]
    turn_checks: list[TurnCheck] | None = strawberry.field(
        default=None, description="Per-turn checks, by message; null when the case has none.")
    tool_results: JSON | None = strawberry.field(
        default=None, description="Results for the tools an openai_chat target may call.")
    simulated: SimulatedCase | None = strawberry.field(
        default=None, description="type SIMULATED: who plays the user and when the dialog "
        "ends (messages is then empty); null for other cases.")
    origin: CaseOrigin | None = strawberry.field(
        default=None, description="The intelligent eval's finding or session this case was "
        "drafted from; null for a case written by hand.")

    @classmethod
    def from_spec(cls, spec: CaseSpec) -> Case:
        return cls(key=spec.key, type=CaseType(spec.type), messages=list(spec.messages),
                   expectation=JSON(spec.expectation) if spec.expectation is not None else None,
                   eval_rules=[RuleSpec.from_spec(r) for r in spec.eval_rules],
                   rule_logic=RuleLogic(spec.rule_logic),
                   rule_pass_threshold=spec.rule_pass_threshold,
                   success_threshold=spec.success_threshold,
                   partial_threshold=spec.partial_threshold, tags=list(spec.tags),
                   turn_checks=[TurnCheck(
                       turn_index=index,
                       expect=None if check.expect is None else JSON(check.expect),
                       eval_rules=[RuleSpec.from_spec(r) for r in check.eval_rules])
                       for index, check in sorted(spec.turn_checks.items())] or None,
                   tool_results=None if spec.tool_results is None else JSON(spec.tool_results),
                   simulated=None if spec.simulated is None
                   else SimulatedCase.from_spec(spec.simulated),
                   origin=CaseOrigin.from_spec(spec.origin))


@strawberry.type
class Scenario:
    id: strawberry.ID
    name: str
    description: str | None
    case_count: int
    created_at: datetime
    row: strawberry.Private[models.Scenario]

    @strawberry.field
    def cases(self) -> list[Case]:
        return [Case.from_spec(spec) for spec in cases_of(self.row.cases)]

    @strawberry.field(description="Every case as `cases` gives it with all its fields, as one "
                                  "JSON value (camelCase names, enums by name). The scenario "
                                  "editor reads a 1,000-case scenario this way: one leaf instead "
                                  "of ~90,000 fields, a few milliseconds instead of half a second.")
    async def cases_json(self, info: ResolverInfo) -> JSON | None:
        cases = [output_json(Case.from_spec(spec)) for spec in cases_of(self.row.cases)]
        origins = [case["origin"] for case in cases if case["origin"] is not None]
        names = await eval_names(info, {origin["evalId"] for origin in origins})
        for origin in origins:
            origin["evalName"] = names.get(origin["evalId"])
        return JSON(cases)

    @strawberry.field(description="The scenario file format (`yaml` or `json`); importScenario "
                                  "reads it back as the same scenario.")
    def document(self, format: str | None = "yaml") -> str | None:
        document = scenario_to_document(self.row.name, self.row.description,
                                        cases_of(self.row.cases))
        if format == "json":
            return json.dumps(document, ensure_ascii=False, indent=2)
        if format in ("yaml", None):
            return dump_yaml(document)
        raise ValidationFailed([{"path": "format", "message": "must be yaml or json"}])

    @classmethod
    def from_row(cls, row: models.Scenario) -> Scenario:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, description=row.description,
                   case_count=len(row.cases), created_at=row.created_at, row=row)
