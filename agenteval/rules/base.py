"""The contracts a rule plugin is written against: model access, evaluator, type info.

A rule is registered with `@register_rule` (see `registry.py`). The decorated
target is either a class whose instances have an `async def evaluate(case,
dialog, models)` or a factory returning such an object or coroutine function;
it is built with the rule's validated params as keyword arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from agenteval.domain.judging.cases import FIRST_RULE_VERSION, CaseSpec, RuleResult, Turn

RuleScope = Literal["last_turn", "full_dialog"]
RuleModelRole = Literal["JUDGE", "EMBEDDING", "MODERATION"]
RULE_SCOPES: tuple[RuleScope, ...] = ("last_turn", "full_dialog")
RULE_MODEL_ROLES: tuple[RuleModelRole, ...] = ("JUDGE", "EMBEDDING", "MODERATION")


class ModelProvider(Protocol):
    """Gives rules the model client configured for a role, or None when there is none."""

    def get(self, role: str) -> Any | None: ...


class NoModels:
    """A ModelProvider with no model configured for any role (model-free evaluation)."""

    def get(self, role: str) -> Any | None:
        return None


NO_MODELS = NoModels()


class RuleEvaluator(Protocol):
    """What a built rule is called as: one case attempt in, one verdict out."""

    async def __call__(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult: ...


@dataclass(frozen=True)
class RuleTypeInfo:
    """A registered rule type as the `ruleTypes` query shows it.

    `model_required` is True for JUDGE rules (refused when no JUDGE is
    configured); EMBEDDING and MODERATION rules fall back to built-in methods.
    `version` is recorded in every result's provenance.
    """

    name: str
    description: str
    scope: RuleScope
    model_role: RuleModelRole | None
    params_schema: dict[str, Any] = field(default_factory=dict)
    version: int = FIRST_RULE_VERSION

    @property
    def model_required(self) -> bool:
        return self.model_role == "JUDGE"


def last_reply_or_failure(rule_type: str, dialog: Sequence[Turn]) -> str | RuleResult:
    """The last turn's reply, or a failing verdict saying why there is nothing to judge.

    A target error is the dialog's failure, not the rule's: the verdict is
    `passed: False` with the reason in `detail` (the engine records the
    target error on the case itself).
    """
    if not dialog:
        return RuleResult(rule_type, passed=False, score=0.0,
                          detail={"reason": "the dialog has no turns to evaluate"})
    turn = dialog[-1]
    if turn.error is not None or turn.reply is None:
        why = f"target error: {turn.error}" if turn.error else "the target sent no reply"
        return RuleResult(rule_type, passed=False, score=0.0,
                          detail={"reason": f"no reply to evaluate ({why})",
                                  "turn_index": turn.index})
    return turn.reply
