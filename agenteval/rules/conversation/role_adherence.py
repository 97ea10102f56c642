"""`role_adherence`: does the agent stay within the role it was given?

`role` is the role as text (typically the bot's system prompt: who it is, what
it handles, how it speaks). The JUDGE lists every agent reply that breaks it:
acts outside its remit, drops its persona, or talks in a way the role rules
out. Score: share of replies that stay in role.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.conversation import metric
from agenteval.rules.conversation.language import LanguageParam, chosen_language
from agenteval.rules.registry import register_rule

NAME = "role_adherence"
PROMPT_VERSION = "role_adherence/v1"
LIST = "out_of_role"

INSTRUCTIONS = {
    "en": ("The agent was given this ROLE:\n<role>\n{role}\n</role>\n\nList every agent reply "
           "that breaks the role: it does something the role does not allow or covers a topic "
           "outside it, drops the persona, or speaks in a way the role rules out. For each, "
           "give the turn index of that reply, a short quote copied exactly from it and the "
           "reason. Replies that stay in role are not listed; an empty list means the agent "
           "kept to its role throughout."),
    "zh": ("智能体被赋予了如下角色（ROLE）：\n<role>\n{role}\n</role>\n\n列出智能体违背该角色的"
           "每一条回复：做了角色不允许的事或谈及角色范围以外的话题、脱离了人设、或以角色不允许的"
           "方式说话。每一条给出该回复的轮次编号（turn_index）、从该回复中逐字复制的简短引用"
           "（quote）以及原因（reason）。符合角色的回复不要列出；列表为空表示智能体始终符合角色。"),
}
EXAMPLE = {LIST: [{"turn_index": 1, "quote": "<exact words of that reply>",
                   "reason": "<why it breaks the role>"}], "rationale": "<one sentence>"}
ANSWER_SCHEMA = metric.answer_schema(LIST, metric.issue_schema())
PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "role": {"type": "string", "minLength": 1, "maxLength": 8000,
                 "description": "the role the agent must keep, e.g. its system prompt"},
        **metric.COMMON_PARAMS},
    "required": ["role"],
}


@register_rule(name=NAME, description="The JUDGE model lists the agent replies that break the "
               "given role (e.g. the bot's system prompt; zh/en prompt by the dialog's "
               "language). Score: share of replies in role; evidence cites turn and quote.",
               scope="full_dialog", model_role="JUDGE", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class RoleAdherence:
    role: str
    min_score: float = metric.DEFAULT_MIN_SCORE
    language: LanguageParam = "auto"
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        language = chosen_language(self.language, dialog)
        judged = await metric.judge_whole_dialog(
            NAME, self, dialog, models, language=language, instructions=INSTRUCTIONS[language].format(role=self.role),
            example=EXAMPLE, schema=ANSWER_SCHEMA, prompt_version=PROMPT_VERSION,
            verdict_of=metric.issues_verdict(LIST))
        if isinstance(judged, RuleResult):
            return judged
        breaks = judged.answer.data.get(LIST) or []
        flagged = metric.flagged_turns(breaks, dialog)
        return metric.metric_result(
            NAME, score=metric.clean_share(dialog, flagged), min_score=self.min_score,
            language=language, evidence_key=LIST, evidence=breaks, dialog=dialog,
            judge=judged.answer.judge, extra=judged.extra, out_of_role_turns=flagged,
            rationale=judged.answer.data.get("rationale"))
