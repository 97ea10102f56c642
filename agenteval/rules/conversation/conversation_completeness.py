"""`conversation_completeness`: were the user's intentions across the dialog met?

The JUDGE lists each distinct thing the user wanted over the whole dialog
(not only the first request: a later "and also…" or a change of mind counts),
whether the agent met it, where the user asked (turn + quote) and, when met,
where the agent did it. Score: met intentions / intentions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.conversation import metric
from agenteval.rules.conversation.evidence import verify_items
from agenteval.rules.conversation.language import LanguageParam, chosen_language
from agenteval.rules.registry import register_rule

NAME = "conversation_completeness"
PROMPT_VERSION = "conversation_completeness/v1"
LIST = "intentions"

INSTRUCTIONS = {
    "en": ("List each distinct INTENTION the user expressed over the whole dialog (what they "
           "wanted done or answered — including later requests and changes of mind, not only "
           "the first request). For each, give a short description, the turn index where the "
           "user expressed it with a quote copied exactly from the user's message, whether the "
           "agent met it by the end of the dialog (met), and when met the turn where it did "
           "(met_turn_index, else null). An intention the user later withdrew is not listed."),
    "zh": ("列出用户在整个对话中表达的每一个不同的意图（INTENTION，用户想办成或想得到答复的事——"
           "包括后来的请求和改变主意，而不只是第一个请求）。每一个给出简短描述（intention）、"
           "用户表达它的轮次编号（turn_index）和从用户消息中逐字复制的引用（quote）、到对话结束时"
           "智能体是否满足了它（met），满足时给出满足它的轮次（met_turn_index，否则为 null）。"
           "用户后来撤回的意图不要列出。"),
}
EXAMPLE = {LIST: [{"intention": "<what the user wanted>", "turn_index": 0,
                   "quote": "<exact words of the user>", "met": False, "met_turn_index": None,
                   "reason": "<why>"}], "rationale": "<one sentence>"}
ANSWER_SCHEMA = metric.answer_schema(LIST, metric.issue_schema(
    intention={"type": "string"}, met={"type": "boolean"},
    met_turn_index={"type": ["integer", "null"]}))


def verdict_of(answer: dict[str, Any]) -> dict[str, Any]:
    """The vote compares how many intentions there were and which were met."""
    return {LIST: [bool(i.get("met")) for i in answer.get(LIST) or []]}


@register_rule(name=NAME, description="The JUDGE model lists the user's intentions over the "
               "whole dialog and whether each was met (zh/en prompt by the dialog's language). "
               "Score: met / intentions; evidence cites the turn and quote of each.",
               scope="full_dialog", model_role="JUDGE",
               params_schema={"properties": dict(metric.COMMON_PARAMS)})
@dataclass(frozen=True)
class ConversationCompleteness:
    min_score: float = metric.DEFAULT_MIN_SCORE
    language: LanguageParam = "auto"
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        language = chosen_language(self.language, dialog)

        judged = await metric.judge_whole_dialog(
            NAME, self, dialog, models, language=language, instructions=INSTRUCTIONS[language],
            example=EXAMPLE, schema=ANSWER_SCHEMA, prompt_version=PROMPT_VERSION,
            verdict_of=verdict_of)
        if isinstance(judged, RuleResult):
            return judged
        intentions = judged.answer.data.get(LIST) or []
        met = [i for i in intentions if i.get("met")]
        # No intention found: nothing was asked that went unmet, but nothing to credit either.
        score = round(len(met) / len(intentions), 4) if intentions else 0.0
        unmet = [i["intention"] for i in verify_items(intentions, dialog) if not i.get("met")]
        return metric.metric_result(
            NAME, score=score, min_score=self.min_score, language=language,
            evidence_key=LIST, evidence=intentions, dialog=dialog, judge=judged.answer.judge,
            extra=judged.extra, unmet_intentions=unmet,
            rationale=judged.answer.data.get("rationale"))
