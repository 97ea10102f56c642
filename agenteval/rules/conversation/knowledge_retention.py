"""`knowledge_retention`: does the agent keep what the user already said?

The JUDGE lists every agent reply that forgets, contradicts or asks again for
information the user gave in an earlier turn, or loses the thread of the
conversation so far (a generic "I didn't understand" to an answer that only
makes sense in context). Score: share of replies with no such lapse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.conversation import metric
from agenteval.rules.conversation.language import LanguageParam, chosen_language
from agenteval.rules.registry import register_rule

NAME = "knowledge_retention"
PROMPT_VERSION = "knowledge_retention/v1"
LIST = "lapses"

INSTRUCTIONS = {
    "en": ("Check whether the agent RETAINS what the user has told it. List every agent reply "
           "that forgets, ignores, contradicts or asks again for information the user already "
           "gave in an earlier turn, or that loses the thread of the conversation (for example "
           "a generic \"I didn't understand\" to a message that only makes sense in the context "
           "of the earlier turns). For each, give the turn index of that agent reply, a short "
           "quote copied exactly from it, the earlier turn the forgotten information came from "
           "(remembered_turn_index, or null) and the reason. A reply that retains everything "
           "is not listed; an empty list means no lapse."),
    "zh": ("检查智能体是否记住了用户已经告诉它的信息。列出智能体的每一条这样的回复：遗忘、忽略、"
           "与之矛盾或再次询问用户在之前轮次已经提供的信息，或者丢失了对话的上下文（例如对一条只有"
           "结合前文才能理解的消息回答笼统的“我没太明白”）。每一条给出该回复所在的轮次编号"
           "（turn_index）、从该回复中逐字复制的简短引用（quote）、被遗忘信息所在的较早轮次"
           "（remembered_turn_index，没有则为 null）以及原因（reason）。记住了一切的回复不要列出；"
           "列表为空表示没有遗忘。"),
}
EXAMPLE = {LIST: [{"turn_index": 2, "quote": "<exact words of that reply>",
                   "remembered_turn_index": 1, "reason": "<why>"}], "rationale": "<one sentence>"}
ANSWER_SCHEMA = metric.answer_schema(LIST, metric.issue_schema(
    remembered_turn_index={"type": ["integer", "null"]}))


@register_rule(name=NAME, description="The JUDGE model lists the agent replies that forget or "
               "re-ask what the user already said (zh/en prompt by the dialog's language). "
               "Score: share of replies without such a lapse; evidence cites turn and quote.",
               scope="full_dialog", model_role="JUDGE",
               params_schema={"properties": dict(metric.COMMON_PARAMS)})
@dataclass(frozen=True)
class KnowledgeRetention:
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
            verdict_of=metric.issues_verdict(LIST))
        if isinstance(judged, RuleResult):
            return judged
        lapses = judged.answer.data.get(LIST) or []
        flagged = metric.flagged_turns(lapses, dialog)
        return metric.metric_result(
            NAME, score=metric.clean_share(dialog, flagged), min_score=self.min_score,
            language=language, evidence_key=LIST, evidence=lapses, dialog=dialog,
            judge=judged.answer.judge, extra=judged.extra, lapsed_turns=flagged,
            rationale=judged.answer.data.get("rationale"))
