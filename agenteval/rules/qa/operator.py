"""What every QA operator shares: role scope and position params, the judge-once core, and
its verdict as a `RuleResult`.

A QA operator's core is synchronous and pure: `judge(dialog, context)` reads a `QaDialog`
(normalised once per conversation, however many items read it) and answers a
`CheckResult` — `pass`, `fail` or `not_applicable` (its anchor never happened: neither a
pass nor a fail) with the evidence turns. `context` holds the results of the scorecard's
other items, for anchors that refer to them. Registered as a rule, the same core judges a
case's dialog; `not_applicable` then fails unless the rule's `if_not_applicable` says pass,
and `detail.outcome` keeps the three apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.base import ModelProvider
from agenteval.rules.qa.dialog import QaDialog, Utterance, from_turns

Position = Literal["all", "first", "last", "range"]


def helped(title: str, description: str, zh_title: str, zh_description: str, /,
           **spec: Any) -> dict[str, Any]:
    """A param's schema with its help in English and Chinese (the x-i18n convention); the
    texts given here replace a `description` already in `spec`."""
    return {**spec, "title": title, "description": description,
            "x-i18n": {"zh": {"title": zh_title, "description": zh_description}}}


def position_properties() -> dict[str, Any]:
    return {
        "position": helped(
            "Where in the dialog", "all: every utterance of the role; first / last: the first "
            "or last `count` of them; range: the `range` [from, to] (1-based, inclusive)",
            "位置", "all：该角色的全部发言；first/last：前/后 count 句；range：第 from 到 to 句（从 1 起）",
            enum=["all", "first", "last", "range"], default="all"),
        "count": helped("How many", "first / last: how many utterances", "句数",
                        "first/last 时取几句", type="integer", minimum=1, default=1),
        "range": helped("Range", "[from, to], 1-based, inclusive", "区间", "[起, 止]，从 1 起，含两端",
                        type="array", items={"type": "integer", "minimum": 1},
                        minItems=2, maxItems=2),
    }


IF_NOT_APPLICABLE = helped(
    "When not applicable", "as a case rule: the verdict when the check does not apply (its "
    "anchor never happened); scorecards leave it out of the item's denominator instead",
    "不适用时", "作为用例规则时：检查不适用（锚点从未出现）时的结论；评分卡中不适用不计入分母",
    enum=["fail", "pass"], default="fail")


def select(utterances: Sequence[Utterance], position: Position, count: int = 1,
           span: Sequence[int] | None = None) -> Sequence[Utterance]:
    """The utterances at `position` among `utterances` (already scoped to a role)."""
    if position == "first":
        return utterances[:count]
    if position == "last":
        return utterances[-count:]
    if position == "range" and span:
        return utterances[span[0] - 1:span[1]]
    return utterances


def range_problem(params: dict[str, Any]) -> list[tuple[str, str]]:
    if params.get("position") == "range":
        span = params.get("range")
        if not span:
            return [("range", "position range needs range: [from, to]")]
        if span[0] > span[1]:
            return [("range", "from must be ≤ to")]
    return []


class QaOperator(Protocol):
    """The judge-once core of a QA operator."""

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult: ...


def verdict(name: str, check: CheckResult, if_not_applicable: str = "fail") -> RuleResult:
    """The check as a rule's verdict: `detail.outcome` and `detail.evidence` always set."""
    detail = {"outcome": check.outcome, "evidence": list(check.evidence), **check.detail}
    if check.outcome == "error" or check.outcome == "not_judged":
        return RuleResult.failed_to_run(name, check.error or "the check was not judged",
                                        detail=detail)
    passed = check.outcome == "pass" or (check.outcome == "not_applicable"
                                         and if_not_applicable == "pass")
    return RuleResult(name, passed=passed, score=1.0 if passed else 0.0, detail=detail)


async def evaluate_as_rule(name: str, operator: QaOperator, dialog: Sequence[Turn],
                           if_not_applicable: str) -> RuleResult:
    """A case's dialog judged by a QA operator's core (no other items to refer to)."""
    return verdict(name, operator.judge(from_turns(dialog), {}), if_not_applicable)


class RuleShell:
    """The `evaluate` of a registered QA operator: its own core on the case's dialog."""

    NAME = ""
    if_not_applicable: str = "fail"

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        raise NotImplementedError

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        return await evaluate_as_rule(self.NAME, self, dialog, self.if_not_applicable)
