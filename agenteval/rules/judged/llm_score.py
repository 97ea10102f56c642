"""`llm_score`: the JUDGE model scores the reply (or the whole dialog) 0–10 against criteria.

Score = raw_score / 10; passed = raw_score ≥ min_score. Scope `last_turn`
(default) shows the judge the last user message and reply; `full_dialog`
shows every turn (shortened when longer than the JUDGE's max_dialog_chars).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.structured_output import strict_object
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.judged.judge import SYSTEM_PROMPT, RevisableExamples, judge_dialog
from agenteval.rules.judged.judging_examples import examples_schema, is_chinese, render_examples
from agenteval.rules.registry import register_rule

NAME = "llm_score"
PROMPT_VERSION = "llm_score/v1"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "criteria": {"type": "string", "minLength": 1, "maxLength": 4000,
                     "description": "what the judge scores the reply on"},
        "min_score": {"type": "number", "minimum": 0, "maximum": 10, "default": 7,
                      "description": "passed when the judge's 0–10 score is at least this"},
        "examples": examples_schema("score", {"type": "number", "minimum": 0, "maximum": 10},
                                    "the 0–10 score it deserves"),
    },
    "required": ["criteria"],
}

ANSWER_SCHEMA: dict[str, Any] = strict_object({
    "score": {"type": "number", "minimum": 0, "maximum": 10},
    "rationale": {"type": "string"},
})

INSTRUCTIONS = {
    "last_turn": "Score the agent's LAST reply (the turn below) against the criteria.",
    "full_dialog": "Score the agent's behaviour over the WHOLE dialog below against the criteria.",
}


def score_messages(criteria: str, scope: RuleScope, dialog_text: str,
                   examples: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    shown = render_examples(examples, "score", is_chinese(dialog_text))
    user = (
        f"{INSTRUCTIONS[scope]}\n\nCriteria:\n{criteria}\n\n"
        + (f"{shown}\n\n" if shown else "")
        + f"Dialog:\n{dialog_text}\n\n"
        "Give a score from 0 (fails the criteria completely) to 10 (meets them fully). "
        'Answer with a JSON object: {"score": <number 0-10>, "rationale": "<one or two '
        'sentences>"}.'
    )
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


def score_verdict(answer: dict[str, Any]) -> dict[str, Any]:
    return {"raw_score": answer.get("score")}


@register_rule(name=NAME, description="The JUDGE model scores the last reply (or the whole "
               "dialog) from 0 to 10 against the criteria. Score: raw score / 10; passed "
               "when the raw score ≥ min_score.",
               scope="last_turn", model_role="JUDGE", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class LlmScore:
    criteria: str
    min_score: float = 7
    examples: list[dict[str, Any]] = field(default_factory=list)
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "last_turn"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        judged = await judge_dialog(
            NAME, dialog, models, scope=self.scope, samples=self.samples, cache=self.cache,
            prompt_version=PROMPT_VERSION, schema=ANSWER_SCHEMA, verdict_of=score_verdict,
            messages=lambda text: score_messages(self.criteria, self.scope, text, self.examples),
            error_detail={"scope": self.scope},
            revisable=RevisableExamples(self.examples, lambda text, examples: score_messages(
                self.criteria, self.scope, text, examples)))
        if isinstance(judged, RuleResult):
            return judged
        answer, extra = judged.answer, {"scope": self.scope, **judged.extra}
        raw_score = answer.data["score"]
        if isinstance(raw_score, float) and raw_score.is_integer():
            raw_score = int(raw_score)
        return RuleResult(NAME, passed=raw_score >= self.min_score, score=raw_score / 10,
                          detail={"raw_score": raw_score, "rationale": answer.data["rationale"],
                                  "min_score": self.min_score, **extra, "judge": answer.judge})
