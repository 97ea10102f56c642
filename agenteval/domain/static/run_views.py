"""The plain-dict shapes a static run is rendered from (the engine builds them from rows).

- `RunView`: id, status, campaign_name, scenario_name, target_name, and optionally
  created_at / started_at / completed_at (datetime or ISO string) and error.
- `OutcomeView`: one case attempt: case_key, attempt, success_level, passed, score,
  error, tags, turns (`TurnView`s) and results (`RuleResultView`s), the same fields as
  the contract's CaseOutcome, Turn and RuleResult in snake_case. A per-turn check's
  result has `detail.turn_index` (0-based), the turn whose reply it judged. A simulated
  case's attempt has `simulation` (who played the user, why the dialog ended) and its
  turns an `author`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, NotRequired, TypedDict

from agenteval.domain.judging.cases import SuccessLevel


class RunView(TypedDict):
    id: str
    status: str
    campaign_name: str
    scenario_name: str
    target_name: str
    created_at: NotRequired[datetime | str | None]
    started_at: NotRequired[datetime | str | None]
    completed_at: NotRequired[datetime | str | None]
    error: NotRequired[str | None]
    offline: NotRequired[bool]  # judged logged conversations: nothing was sent


class TurnView(TypedDict):
    index: int
    sent_message: str
    reply: str | None
    latency_ms: int | None
    error: str | None
    raw: NotRequired[Any]  # the target's decoded response (bounded), when stored
    tool_calls: NotRequired[list[dict[str, Any]] | None]  # openai_chat with tools
    author: NotRequired[str | None]  # case | script | simulator (simulated cases)
    sanitized: NotRequired[list[str] | None]  # what was replaced to store the reply


class RuleResultView(TypedDict):
    rule_type: str
    implicit: bool
    passed: bool
    score: float
    weight: float
    detail: dict[str, Any]
    error: str | None


class OutcomeView(TypedDict):
    case_key: str
    attempt: int
    success_level: SuccessLevel
    passed: bool
    score: float
    error: str | None
    tags: list[str]
    turns: list[TurnView]
    results: list[RuleResultView]
    # Simulated cases: {simulator, model, stop, detail, turns}; None otherwise.
    simulation: NotRequired[dict[str, Any] | None]
