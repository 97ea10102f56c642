"""The records static evaluation is made of: case specs, dialog turns and rule results.

Plain dataclasses with no I/O, shared by the scenario parser, the rules, the
judgement functions and the run engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain.judging.case_origin import CaseOrigin
from agenteval.domain.judging.simulated_cases import SimulatedSpec

CaseType = Literal["SINGLE_TURN", "MULTI_TURN", "SIMULATED"]
# Who wrote a turn's user message: the case's own text, its scripted follow-ups, or the
# SIMULATOR model (simulated cases); None on turns stored before it was recorded.
TurnAuthor = Literal["case", "script", "simulator"]
RuleLogic = Literal["ALL", "ANY", "WEIGHTED"]
SuccessLevel = Literal["SUCCESS", "PARTIAL", "FAILURE"]
RuleStatus = Literal["passed", "failed", "error"]

DEFAULT_RULE_PASS_THRESHOLD = 0.7
DEFAULT_SUCCESS_THRESHOLD = 0.8
DEFAULT_PARTIAL_THRESHOLD = 0.5


@dataclass(frozen=True)
class RuleSpec:
    """One configured rule of a case: its registered type, params and weight."""

    type: str
    params: dict[str, Any] = field(default_factory=dict)
    weight: float = 1.0
    # "last_turn" | "full_dialog" on a case's rules, "turn" on a message's; None: the
    # rule's own (a message's rules always judge that message's turn).
    scope: str | None = None


@dataclass(frozen=True)
class TurnCheck:
    """The checks attached to one message of a case, judged on the reply to that message
    (the dialog as it stood after that turn): `expect` is hard like a case's
    `expectation`, `eval_rules` count in the case's rule logic like its own rules."""

    expect: dict[str, Any] | None = None
    eval_rules: list[RuleSpec] = field(default_factory=list)


@dataclass(frozen=True)
class CaseSpec:
    """One case of a scenario, validated; `key` is its id inside the scenario."""

    key: str
    messages: list[str]
    type: CaseType = "SINGLE_TURN"
    expectation: dict[str, Any] | None = None
    eval_rules: list[RuleSpec] = field(default_factory=list)
    rule_logic: RuleLogic = "ALL"
    rule_pass_threshold: float = DEFAULT_RULE_PASS_THRESHOLD
    success_threshold: float = DEFAULT_SUCCESS_THRESHOLD
    partial_threshold: float = DEFAULT_PARTIAL_THRESHOLD
    tags: list[str] = field(default_factory=list)
    # By 0-based message index; only messages that have checks appear.
    turn_checks: dict[int, TurnCheck] = field(default_factory=dict)
    # openai_chat targets with tools: tool name → result (or {"calls": [...]}), see
    # channels/tool_calls.py; None when the case supplies none.
    tool_results: dict[str, Any] | None = None
    # type SIMULATED: who plays the user and how the dialog ends (messages stay empty).
    simulated: SimulatedSpec | None = None
    # The intelligent eval's finding or session this case was drafted from; None: written
    # by hand (see domain/judging/case_origin.py).
    origin: CaseOrigin | None = None


@dataclass(frozen=True)
class Turn:
    """One user message sent to the target and what came back (reply or error)."""

    index: int
    sent_message: str
    reply: str | None
    latency_ms: int | None
    error: str | None = None
    # The target's decoded response (JSON value or text) as it sent it, for rules that
    # check what the bot did (`json_path`); bounded like a reply when stored.
    raw: Any = None
    # The tool calls the target made on this turn ([{name, arguments}]); None: none known.
    tool_calls: list[dict[str, Any]] | None = None
    # Who wrote `sent_message` (simulated cases); None: the case's fixed message.
    author: TurnAuthor | None = None
    # What was replaced to make the reply storable (domain/storable_text.py); () : nothing.
    sanitized: tuple[str, ...] = ()


# A rule's version starts at 1; provenance records it only once a rule moves past it,
# so the stored results of every version-1 rule keep exactly their old shape.
FIRST_RULE_VERSION = 1


@dataclass(frozen=True)
class RuleProvenance:
    """Which rule produced a result: its type, the effective params it was built with
    (aliases renamed, defaults filled in) and the rule's version."""

    type: str
    params: dict[str, Any]
    version: int = FIRST_RULE_VERSION

    def as_json(self) -> dict[str, Any]:
        """The provenance as stored in a result's detail (`detail.rule`)."""
        stored: dict[str, Any] = {"type": self.type, "params": self.params}
        if self.version != FIRST_RULE_VERSION:
            stored["version"] = self.version
        return stored


@dataclass(frozen=True)
class RuleResult:
    """The verdict of one rule (or implicit expectation rule) on one case attempt.

    Every score is in [0, 1]. A rule that could not run has `error` set,
    `passed` False and `score` 0 — never a silent pass. `rule` is set by the
    registry for configured rules (None for implicit expectation rules).
    """

    rule_type: str
    passed: bool
    score: float
    weight: float = 1.0
    detail: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    implicit: bool = False
    rule: RuleProvenance | None = None
    # The 0-based turn a per-turn check judged (None: the case-level rules' dialog).
    turn_index: int | None = None

    @property
    def status(self) -> RuleStatus:
        """`error` when the rule could not judge, else `passed` or `failed`."""
        if self.error is not None:
            return "error"
        return "passed" if self.passed else "failed"

    def stored_detail(self) -> dict[str, Any]:
        """The detail as stored and served: the rule's own detail, plus `rule` provenance."""
        detail = self.detail if self.turn_index is None else {
            **self.detail, "turn_index": self.turn_index}
        if self.rule is None:
            return detail
        return {**detail, "rule": self.rule.as_json()}

    @classmethod
    def failed_to_run(cls, rule_type: str, error: str, weight: float = 1.0,
                      detail: dict[str, Any] | None = None,
                      rule: RuleProvenance | None = None) -> RuleResult:
        """The result of a rule that could not judge: not passed, score 0, `error` says why."""
        return cls(rule_type, passed=False, score=0.0, weight=weight,
                   detail=detail or {}, error=error, rule=rule)
