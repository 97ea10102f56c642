"""`conversation_relevancy`: does each reply answer its turn, in the context of the turns before?

A sliding window: for every turn the agent replied to, the JUDGE reads that
turn and the `window_size - 1` turns before it (one judge call per window)
and says whether the reply is relevant to what the user just said in that
context. Score: relevant replies / replies. Each irrelevant reply is cited as
evidence (turn + quote).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.errors import ModelCallError
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.conversation import metric
from agenteval.rules.conversation.language import DialogLanguage, LanguageParam, chosen_language
from agenteval.rules.dialog_format import format_dialog
from agenteval.rules.judged.judge import (
    JudgeAnswer,
    ask_judge,
    common_detail,
    judge_client,
    judge_error,
    nothing_to_judge,
    response_cache_of,
)
from agenteval.rules.registry import register_rule

NAME = "conversation_relevancy"
PROMPT_VERSION = "conversation_relevancy/v1"
DEFAULT_WINDOW = 3

INSTRUCTIONS = {
    "en": ("Below is a window of a dialog ending at [turn {turn}]. Decide whether the agent's "
           "reply in [turn {turn}] is RELEVANT: it responds to what the user said in that turn, "
           "understood in the context of the earlier turns shown. A reply that ignores the "
           "message, answers something else or falls back to a generic non-answer is not "
           "relevant. Give relevant (true/false), a short quote copied exactly from the reply "
           "of [turn {turn}] and the reason."),
    "zh": ("下面是一段以 [turn {turn}] 结束的对话窗口。判断智能体在 [turn {turn}] 的回复是否相关"
           "（RELEVANT）：结合窗口中较早的轮次来理解，它是否回应了用户在这一轮说的话。忽略用户消息、"
           "答非所问或退回笼统的无效回答都算不相关。给出 relevant（true/false）、从 [turn {turn}] "
           "的回复中逐字复制的简短引用（quote）以及原因（reason）。"),
}
EXAMPLE = {"relevant": False, "quote": "<exact words of the reply>", "reason": "<why>"}
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["relevant", "quote", "reason"],
    "properties": {"relevant": {"type": "boolean"}, "quote": {"type": "string"},
                   "reason": {"type": "string"}}}
PARAMS_SCHEMA: dict[str, Any] = {"properties": {
    "window_size": {"type": "integer", "minimum": 1, "maximum": 20, "default": DEFAULT_WINDOW,
                    "description": "turns the judge reads per reply: it and the ones before"},
    **metric.COMMON_PARAMS}}


def verdict_of(answer: dict[str, Any]) -> dict[str, Any]:
    return {"relevant": bool(answer.get("relevant"))}


def windows(dialog: Sequence[Turn], size: int) -> list[Sequence[Turn]]:
    """One window per replied turn: that turn and up to `size - 1` turns before it."""
    return [dialog[max(0, position - size + 1):position + 1]
            for position, turn in enumerate(dialog) if turn.reply is not None]


def merged_audit(answers: Sequence[JudgeAnswer]) -> dict[str, Any]:
    """One `detail.judge` for all windows: per-window verdicts, cached only if all were."""
    first = answers[0].judge
    audit: dict[str, Any] = {"model": first["model"], "prompt_version": first["prompt_version"],
                             "windows": len(answers),
                             "samples": [a.judge["samples"] for a in answers],
                             "agreement": min(a.judge["agreement"] for a in answers),
                             "cached": all(a.judge["cached"] for a in answers),
                             "raw_output": [a.judge["raw_output"] for a in answers]}
    usages = [a.judge["usage"] for a in answers if "usage" in a.judge]
    if usages:
        audit["usage"] = {key: sum(u.get(key, 0) for u in usages) for key in usages[0]}
    return audit


@register_rule(name=NAME, description="Over a sliding window of turns, the JUDGE model says "
               "whether each reply answers its turn in context (zh/en prompt by the dialog's "
               "language). Score: relevant replies / replies; evidence cites the others.",
               scope="full_dialog", model_role="JUDGE", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class ConversationRelevancy:
    window_size: int = DEFAULT_WINDOW
    min_score: float = metric.DEFAULT_MIN_SCORE
    language: LanguageParam = "auto"
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        nothing = nothing_to_judge(NAME, dialog, self.scope)
        if nothing is not None:
            return nothing
        client = judge_client(models)
        if client is None:
            return RuleResult.failed_to_run(NAME, f"{NAME} needs a JUDGE model")
        language = chosen_language(self.language, dialog)
        # scope last_turn judges only the last reply's window.
        chosen = windows(dialog, self.window_size)
        if self.scope == "last_turn":
            chosen = chosen[-1:]
        answers, truncations = [], []
        for window in chosen:
            text = format_dialog(window, client.endpoint.max_dialog_chars)
            if text.truncation:
                truncations.append(common_detail(text)["dialog_truncated"])
            try:
                answers.append(await ask_judge(
                    client, messages=self.messages(language, window[-1].index, text.text),
                    schema=ANSWER_SCHEMA, prompt_version=PROMPT_VERSION, samples=self.samples,
                    cache=response_cache_of(models) if self.cache else None,
                    verdict_of=verdict_of))
            except ModelCallError as error:
                return judge_error(NAME, error, client, PROMPT_VERSION,
                                   {"language": language, "turn_index": window[-1].index})
        verdicts = [{"turn_index": w[-1].index, "relevant": bool(a.data.get("relevant")),
                     "quote": a.data.get("quote"), "reason": a.data.get("reason")}
                    for w, a in zip(chosen, answers, strict=True)]
        irrelevant = [v for v in verdicts if not v["relevant"]]
        score = round(1 - len(irrelevant) / len(verdicts), 4) if verdicts else 0.0
        extra = {"dialog_truncated": truncations} if truncations else {}
        return metric.metric_result(
            NAME, score=score, min_score=self.min_score, language=language,
            evidence_key="irrelevant", evidence=irrelevant, dialog=dialog,
            judge=merged_audit(answers), extra=extra, window_size=self.window_size,
            irrelevant_turns=[v["turn_index"] for v in irrelevant],
            judged_windows=len(verdicts))

    def messages(self, language: DialogLanguage, turn: int, text: str) -> list[dict[str, Any]]:
        return metric.messages(language, INSTRUCTIONS[language].format(turn=turn), text, EXAMPLE)
