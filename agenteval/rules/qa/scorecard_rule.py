"""`scorecard`: a whole scorecard as one hard rule of a case (a second lens beside the tiers).

The case refers to a scorecard loaded in this process by `name@version` (the CLI's
`--scorecard FILE` loads the file; the server loads the stored ones) and, to pin exactly
the content it was written against, its `content_hash`: a scorecard edited since then is
an error, never a silent rescore. The verdict is *implicit* (hard): a veto, a total below
the pass band or an item that could not be judged fails the case whatever its rule logic,
so a case is never SUCCESS while a veto fired. Score: total / base, at most 1. Detail: the
conversation's whole scorecard result (total, grade, vetoes, each item's hit and evidence).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.scorecards.document import Scorecard
from agenteval.rules.base import ModelProvider
from agenteval.rules.qa.operator import helped
from agenteval.rules.qa.scorecard_runner import CompiledScorecard, compile_scorecard
from agenteval.rules.qa.scorecard_runner import score_conversation as run_scorecard
from agenteval.rules.registry import register_rule

NAME = "scorecard"

_LOADED: dict[str, CompiledScorecard] = {}


def register_scorecard(scorecard: Scorecard) -> CompiledScorecard:
    """Make a (validated) scorecard available to `scorecard` rules by its `name@version`."""
    compiled = compile_scorecard(scorecard)
    _LOADED[scorecard.ref] = compiled
    return compiled


def forget_scorecard(ref: str) -> None:
    """Drop a scorecard from the process (its database is no longer the one in use)."""
    _LOADED.pop(ref, None)


def loaded_scorecard(ref: str) -> CompiledScorecard | None:
    return _LOADED.get(ref)


def rule_spec(scorecard: Scorecard) -> dict[str, Any]:
    """The case rule that applies `scorecard`, pinned to its content."""
    return {"type": NAME, "params": {"scorecard": scorecard.ref,
                                     "content_hash": scorecard.content_hash}}


PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "scorecard": helped("Scorecard", "name@version of a loaded scorecard", "评分卡",
                            "已加载评分卡的 名称@版本", type="string", pattern=r"^.+@\d+$"),
        "content_hash": helped("Content hash", "the content the case was written against "
                               "(sha256:…); a scorecard edited since is an error",
                               "内容哈希", "用例编写时评分卡的内容哈希；之后被修改则报错，绝不静默重评",
                               type="string", pattern=r"^sha256:[0-9a-f]{64}$"),
    },
    "required": ["scorecard"],
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    compiled = _LOADED.get(params["scorecard"])
    if compiled is None:
        return [("scorecard", f"no scorecard {params['scorecard']!r} is loaded")]
    wanted = params.get("content_hash")
    if wanted is not None and wanted != compiled.scorecard.content_hash:
        return [("content_hash", "the scorecard's content changed since this hash "
                                 f"(now {compiled.scorecard.content_hash[:19]}…)")]
    return []


@register_rule(name=NAME, description=(
    "A QA scorecard (name@version) as a hard rule: base ± points per item hit, grade band, "
    "vetoes; fails on a veto, a total below the pass band, or an item that could not be "
    "judged. Score: total / base. 质检评分卡：一票否决或低于合格线即判失败。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class ScorecardRule:
    scorecard: str
    content_hash: str | None = None

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        problems = check({"scorecard": self.scorecard, "content_hash": self.content_hash})
        if problems:
            return RuleResult(NAME, False, 0.0, implicit=True, error=problems[0][1])
        compiled = _LOADED[self.scorecard]
        result = await run_scorecard(compiled, dialog, models, conversation_id=case.key)
        base = compiled.scorecard.base or 1.0
        error = (f"items could not be judged: {', '.join(result.errors)}"
                 if result.errors else None)
        return RuleResult(NAME, passed=result.passed, score=max(0.0, min(1.0, result.total / base)),
                          detail=result.as_json(), error=error, implicit=True)
