"""CaseOutcome with its Turns and RuleResults."""

from __future__ import annotations

import uuid
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.types.enums import SuccessLevel
from agenteval.api.types.review import HumanReview
from agenteval.api.types.static.case_origin import CaseOrigin
from agenteval.api.types.static.simulator_types import SimulatorDeviation
from agenteval.domain.static.run_views import RuleResultView
from agenteval.domain.statistics import attempt_agreement
from agenteval.engine.review.reads import latest_by_target
from agenteval.engine.review.record import case_target
from agenteval.engine.static.run_reports import StoredOutcome


@strawberry.type(description="A tool call the target's model made on a turn.")
class ToolCall:
    name: str
    arguments: JSON | None


@strawberry.type
class Turn:
    index: int = strawberry.field(
        description="0-based turn of the case (the first is 0); people are shown it from 1")
    sent_message: str
    reply: str | None
    latency_ms: int | None
    error: str | None
    raw_response: JSON | None = strawberry.field(
        default=None, description="The target's decoded response to this turn (its JSON "
        "body, frame or text), bounded by AGENTEVAL_MAX_REPLY_CHARS; null when not stored.")

    tool_calls: list[ToolCall] | None = strawberry.field(
        default=None, description="openai_chat targets with tools: the calls the model made "
        "on this turn, in order; null when the target has no tools.")
    author: str | None = strawberry.field(
        default=None, description="Who wrote sentMessage: simulator (the SIMULATOR model), "
        "script (a simulated case's follow-up) or case (its own text); null: the case's "
        "fixed message.")
    sanitized: list[str] | None = strawberry.field(
        default=None, description="What was replaced to store the target's reply: "
        "lone_surrogate (invalid Unicode, now U+FFFD), nul (removed); null when nothing was.")

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Turn:
        raw, calls = view.get("raw"), view.get("tool_calls")
        return cls(index=view["index"], sent_message=view["sent_message"], reply=view["reply"],
                   latency_ms=view["latency_ms"], error=view["error"],
                   raw_response=None if raw is None else JSON(raw),
                   author=view.get("author"), sanitized=view.get("sanitized"),
                   tool_calls=None if calls is None else [
                       ToolCall(name=c["name"], arguments=JSON(c.get("arguments")))
                       for c in calls])


@strawberry.type
class RuleResult:
    rule_type: str
    implicit: bool
    passed: bool
    score: float
    weight: float
    detail: JSON
    error: str | None
    turn_index: int | None = strawberry.field(
        default=None, description="The 0-based turn a per-turn check judged (= Turn.index); "
        "null for the case's own rules.")

    @classmethod
    def from_view(cls, view: RuleResultView) -> RuleResult:
        turn_index = (view["detail"] or {}).get("turn_index")
        return cls(rule_type=view["rule_type"], implicit=view["implicit"], passed=view["passed"],
                   score=view["score"], weight=view["weight"], detail=JSON(view["detail"]),
                   error=view["error"],
                   turn_index=turn_index if isinstance(turn_index, int) else None)


@strawberry.type
class CaseOutcome:
    case_key: str
    attempt: int
    passed: bool
    success_level: SuccessLevel
    score: float
    intent_passed: bool | None
    completion_rate: float | None
    turns: list[Turn]
    results: list[RuleResult]
    error: str | None
    tags: list[str] | None = strawberry.field(description="The case's tags in the scenario.")
    simulation: JSON | None = strawberry.field(
        default=None, description="Simulated cases: who played the user and why the dialog "
        "ended: {simulator: model|script, model, stop: simulator_done|script_end|phrase|"
        "max_turns|simulator_failed|target_error|simulator_deviated, detail, turns, and when "
        "its user deviated: deviation, deviations, reruns, rerun_deviations, "
        "deviation_error, review}; null for other cases.")
    simulator_deviation: SimulatorDeviation | None = strawberry.field(
        default=None, description="Simulated cases whose user deviated (an invented fact, "
        "role inversion, meta-talk, an early stop): where, why, and what it did to the "
        "attempt; null when the user never deviated.")
    run_id: strawberry.Private[uuid.UUID | None] = None

    @strawberry.field(description="The latest human review of this attempt, if any.")
    async def review(self, info: ResolverInfo) -> HumanReview | None:
        if self.run_id is None:
            return None
        rows = await info.context.loaders.reviews_by_owner.load(self.run_id)
        latest = latest_by_target(rows).get(case_target(self.case_key, self.attempt))
        return None if latest is None else HumanReview.from_row(latest)

    @strawberry.field(description="Share of this case's attempts that gave its most common "
                                  "success level (repeat > 1; null for a single attempt).")
    async def attempt_agreement(self, info: ResolverInfo) -> float | None:
        if self.run_id is None:
            return None
        levels = (await info.context.loaders.levels_by_run.load(self.run_id)).get(self.case_key)
        return attempt_agreement(levels or [])

    @strawberry.field(description="The finding or session the case was drafted from, as in "
                                  "the run's snapshot; null for a case written by hand.")
    async def origin(self, info: ResolverInfo) -> CaseOrigin | None:
        if self.run_id is None:
            return None
        origins = await info.context.loaders.origins_by_run.load(self.run_id)
        return CaseOrigin.from_spec(origins.get(self.case_key))

    @classmethod
    def from_stored(cls, stored: StoredOutcome, run_id: uuid.UUID | None = None) -> CaseOutcome:
        view = stored.view
        return cls(run_id=run_id, case_key=view["case_key"], attempt=view["attempt"],
                   passed=view["passed"],
                   success_level=SuccessLevel(view["success_level"]), score=view["score"],
                   intent_passed=stored.intent_passed, completion_rate=stored.completion_rate,
                   turns=[Turn.from_view(dict(turn)) for turn in view["turns"]],
                   results=[RuleResult.from_view(result) for result in view["results"]],
                   error=view["error"], tags=list(view["tags"]),
                   simulation=None if view.get("simulation") is None
                   else JSON(view.get("simulation")),
                   simulator_deviation=SimulatorDeviation.from_simulation(
                       view.get("simulation")))
