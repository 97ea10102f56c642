"""What the four conversation metrics share: prompts in zh/en, the evidence schema, scoring.

A metric's judge answers with a list of per-turn problems, each citing
`turn_index`, an exact `quote` and a `reason`. The score is computed here,
not asked of the judge: the share of the agent's replies that show no problem
(`clean_share`), so it is reproducible from the evidence shown. Evidence is
verified against the dialog (`evidence.py`); unverified quotes are flagged in
`detail.unverified_quotes`. passed = score ≥ min_score.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from agenteval.domain.judging.cases import RuleResult, Turn
from agenteval.rules.base import ModelProvider
from agenteval.rules.conversation.evidence import unverified_quotes, verify_items
from agenteval.rules.conversation.language import DialogLanguage
from agenteval.rules.judged.judge import SYSTEM_PROMPT, JudgedDialog, VerdictOf, judge_dialog

DEFAULT_MIN_SCORE = 0.7

ZH_SYSTEM_PROMPT = (
    "你是一名严谨、公正的对话评估员，评估用户与 AI 智能体（客服机器人或助手）之间的对话。"
    "只根据给出的对话判断，不要假设对话中没有的内容。每一轮标为 `[turn i]`，引用某一轮时使用"
    "这个编号。形如 `[… turns 3–17 elided …]` 的一行表示因篇幅省略的轮次。"
    "严格按要求只回答一个 JSON 对象，不要有其他文字。"
)
SYSTEM_PROMPTS: dict[DialogLanguage, str] = {"en": SYSTEM_PROMPT, "zh": ZH_SYSTEM_PROMPT}

COMMON_PARAMS: dict[str, Any] = {
    "min_score": {"type": "number", "minimum": 0, "maximum": 1, "default": DEFAULT_MIN_SCORE,
                  "description": "passed when the 0..1 score is at least this"},
    "language": {"enum": ["auto", "zh", "en"], "default": "auto",
                 "description": "the judge prompt's language; auto follows the dialog"},
}


def issue_schema(**extra: dict[str, Any]) -> dict[str, Any]:
    """One cited problem: the turn, an exact quote from it, why (plus `extra` fields)."""
    properties = {"turn_index": {"type": "integer"}, "quote": {"type": "string"},
                  "reason": {"type": "string"}, **extra}
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}


def answer_schema(list_name: str, item: dict[str, Any]) -> dict[str, Any]:
    """`{list_name: [item…], rationale}`, strict (every property required, nothing else)."""
    return {"type": "object", "additionalProperties": False,
            "required": [list_name, "rationale"],
            "properties": {list_name: {"type": "array", "items": item},
                           "rationale": {"type": "string"}}}


def messages(language: DialogLanguage, instructions: str, dialog_text: str,
             example: dict[str, Any]) -> list[dict[str, Any]]:
    """The system prompt and one user message: instructions, dialog, the answer's shape."""
    if language == "zh":
        tail = (f"对话：\n{dialog_text}\n\n引用（quote）必须从该轮原文中逐字复制。"
                f"只回答一个 JSON 对象，格式如：{json.dumps(example, ensure_ascii=False)}")
    else:
        tail = (f"Dialog:\n{dialog_text}\n\nEvery quote must be copied exactly from the turn "
                "it cites. Answer with a single JSON object shaped like: "
                f"{json.dumps(example, ensure_ascii=False)}")
    return [{"role": "system", "content": SYSTEM_PROMPTS[language]},
            {"role": "user", "content": f"{instructions}\n\n{tail}"}]


def replied_turns(dialog: Sequence[Turn]) -> list[int]:
    """Indexes of the turns where the agent replied: what a metric scores."""
    return [turn.index for turn in dialog if turn.reply is not None]


def flagged_turns(issues: Iterable[dict[str, Any]], dialog: Sequence[Turn]) -> list[int]:
    """The distinct replied turns the issues cite (citations of other turns do not count)."""
    replied = set(replied_turns(dialog))
    return sorted({i["turn_index"] for i in issues if i.get("turn_index") in replied})


def clean_share(dialog: Sequence[Turn], flagged: Sequence[int]) -> float:
    """Share of replied turns with no problem; 0 when the agent never replied."""
    replied = replied_turns(dialog)
    if not replied:
        return 0.0
    return round(1 - len(set(flagged) & set(replied)) / len(replied), 4)


def issues_verdict(list_name: str) -> Any:
    """What the n-sample vote compares: the set of turns flagged."""
    def verdict_of(answer: dict[str, Any]) -> dict[str, Any]:
        return {list_name: sorted({i.get("turn_index") for i in answer.get(list_name) or []
                                   if isinstance(i.get("turn_index"), int)})}
    return verdict_of


def metric_result(name: str, *, score: float, min_score: float, language: DialogLanguage,
                  evidence_key: str, evidence: list[dict[str, Any]], dialog: Sequence[Turn],
                  judge: dict[str, Any], extra: dict[str, Any], **detail: Any) -> RuleResult:
    """The RuleResult of a metric: score, verdict, verified evidence and the audit record."""
    checked = verify_items(evidence, dialog)
    body: dict[str, Any] = {"score": score, "min_score": min_score, "language": language,
                            "judged_turns": len(replied_turns(dialog)), **detail,
                            evidence_key: checked}
    unverified = unverified_quotes(checked)
    if unverified:
        body["unverified_quotes"] = unverified
    body.update({**extra, "judge": judge})
    return RuleResult(name, passed=score >= min_score, score=score, detail=body)


async def judge_whole_dialog(name: str, rule: Any, dialog: Sequence[Turn], models: ModelProvider, *,
                             language: DialogLanguage, instructions: str, example: dict[str, Any],
                             schema: dict[str, Any], prompt_version: str,
                             verdict_of: VerdictOf) -> JudgedDialog | RuleResult:
    """One judge call over the dialog with a metric's prompt, as the rule's samples, cache
    and scope say; a RuleResult when the judge could not answer."""
    def prompt(text: str) -> list[dict[str, Any]]:
        return messages(language, instructions, text, example)

    return await judge_dialog(
        name, dialog, models, scope=rule.scope, samples=rule.samples, cache=rule.cache,
        prompt_version=prompt_version, messages=prompt, schema=schema,
        verdict_of=verdict_of, error_detail={"language": language})
