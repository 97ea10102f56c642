"""`qa_llm_dimension`: a QA dimension written as prose, answered by the JUDGE with evidence.

"坐席是否在客户表达不满后先致歉再解决" / "Did the agent apologise before solving, once the
customer complained?" — the judge answers in the structured-output form (a JSON Schema,
one corrective retry, n-sample vote, response cache: the judged-rules machinery in
`rules/judged/judge.py`): `verdict` yes / no / not_applicable (the situation never came up),
with evidence citing turns and exact quotes, and judging examples shown in the prompt.

The evidence policy: a yes or no counts only when at least one quote is found in the
transcript at the turn it cites (`conversation/evidence.py`). Otherwise the verdict is
unverifiable: the check is **not judged** (never a hit, never "not hit"), flagged in
`detail.unverified_quotes`. As a case rule, not judged and a missing model are errors.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.common_params import common_params
from agenteval.rules.conversation.evidence import unverified_quotes, verify_items
from agenteval.rules.conversation.language import LanguageParam, chosen_language
from agenteval.rules.conversation.metric import SYSTEM_PROMPTS
from agenteval.rules.judged.judge import RevisableExamples, judge_dialog
from agenteval.rules.judged.judging_examples import examples_schema, render_examples
from agenteval.rules.qa.operator import IF_NOT_APPLICABLE, helped, verdict
from agenteval.rules.registry import register_rule

NAME = "qa_llm_dimension"
PROMPT_VERSION = "qa_llm_dimension/v1"
VERDICTS = ("yes", "no", "not_applicable")
WORDS = {"yes": ("yes", "符合"), "no": ("no", "不符合"), "not_applicable": ("not applicable", "不适用")}

ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["verdict", "evidence", "rationale"],
    "properties": {
        "verdict": {"enum": list(VERDICTS)},
        "evidence": {"type": "array", "items": {
            "type": "object", "additionalProperties": False,
            "required": ["turn_index", "quote", "reason"],
            "properties": {"turn_index": {"type": "integer"}, "quote": {"type": "string"},
                           "reason": {"type": "string"}}}},
        "rationale": {"type": "string"},
    },
}
EXAMPLE = {"verdict": "no", "evidence": [{"turn_index": 1, "quote": "<exact words>",
                                          "reason": "<why>"}], "rationale": "<one sentence>"}

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "dimension": helped("Dimension", "the QA question in prose (zh or en), answered yes/no",
                            "质检维度", "用自然语言写的质检问题（中文或英文），评审回答符合/不符合",
                            type="string", minLength=4, maxLength=2000),
        "examples": helped("Judging examples", "dialog excerpts with the verdict each deserves "
                           "(yes, no, not_applicable) and why", "判断示例",
                           "对话片段、应得的结论（符合/不符合/不适用）及理由",
                           **examples_schema("verdict", {"enum": list(VERDICTS)},
                                             "the verdict it deserves")),
        "language": helped("Prompt language", "auto follows the dialog", "提示语言",
                           "auto：跟随对话语言", enum=["auto", "zh", "en"], default="auto"),
        "if_not_applicable": IF_NOT_APPLICABLE,
        # The JUDGE rules' common params, with their help (registration keeps these).
        "samples": helped("Judge samples", "the verdict is the majority of this many answers",
                          "评审采样次数", "评审模型作答的次数；判定取多数票",
                          **common_params("JUDGE", "full_dialog")["samples"]),
        "cache": helped("Reuse judge answers", "reuse a stored answer for the same prompt",
                        "复用评审结果", "提示完全相同时复用已保存的评审回答",
                        **common_params("JUDGE", "full_dialog")["cache"]),
        "scope": helped("What the judge reads", "full_dialog or last_turn", "评审范围",
                        "full_dialog：完整对话；last_turn：只看最后一轮",
                        **common_params("JUDGE", "full_dialog")["scope"]),
    },
    "required": ["dimension"],
}

INSTRUCTIONS = {
    "en": ("Answer this quality-assurance question about the agent in the dialog:\n{q}\n"
           "verdict: yes (the agent did what it asks), no (it did not), or not_applicable (the "
           "situation it is about never came up). For yes or no, cite the turns that show it: "
           "turn_index, a short quote copied exactly from that turn, and the reason."),
    "zh": ("请就对话中的坐席（智能体）回答下面的质检问题：\n{q}\n"
           "verdict：yes（做到了）、no（没做到）或 not_applicable（问题所说的情形没有出现）。"
           "回答 yes 或 no 时，引用能说明的轮次：turn_index、从该轮原文逐字复制的简短引用（quote）和原因（reason）。"),
}


@register_rule(name=NAME, description=(
    "QA: a dimension written in prose (zh/en) answered yes / no / not applicable by the JUDGE "
    "with quotes verified against the transcript; an unverifiable answer is not judged and "
    "flagged. 质检：自然语言质检维度（大模型评审，引用须可在原文中核实）。"),
    scope="full_dialog", model_role="JUDGE", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class QaLlmDimension:
    dimension: str
    examples: list[dict[str, Any]] | None = None
    language: LanguageParam = "auto"
    if_not_applicable: str = "fail"
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        language = chosen_language(self.language, dialog)
        instructions = INSTRUCTIONS[language].format(q=self.dimension)

        def messages_with(text: str, examples: Sequence[dict[str, Any]]
                          ) -> list[dict[str, Any]]:
            shown = render_examples(examples, "verdict", language == "zh", WORDS)
            tail = (f"对话：\n{text}\n\n只回答一个 JSON 对象，格式如：" if language == "zh" else
                    f"Dialog:\n{text}\n\nAnswer with one JSON object shaped like: ")
            return [{"role": "system", "content": SYSTEM_PROMPTS[language]},
                    {"role": "user", "content": "\n\n".join(filter(None, [
                        instructions, shown, tail + json.dumps(EXAMPLE, ensure_ascii=False)]))}]

        judged = await judge_dialog(
            NAME, dialog, models, scope=self.scope, samples=self.samples, cache=self.cache,
            prompt_version=PROMPT_VERSION,
            messages=lambda text: messages_with(text, self.examples or []),
            schema=ANSWER_SCHEMA, verdict_of=lambda answer: {"verdict": answer.get("verdict")},
            error_detail={"dimension": self.dimension},
            # A judge revision's examples are learnt per dimension: only this one's join.
            revisable=RevisableExamples(self.examples or [], messages_with,
                                        lambda example: example.get("dimension")
                                        == self.dimension))
        if isinstance(judged, RuleResult):
            return judged
        return verdict(NAME, self.check(judged.answer.data, dialog,
                                        {"dimension": self.dimension, "language": language,
                                         **judged.extra, "judge": judged.answer.judge}),
                       self.if_not_applicable)

    @staticmethod
    def check(answer: dict[str, Any], dialog: Sequence[Turn],
              detail: dict[str, Any]) -> CheckResult:
        """The judge's answer as a check, held to the evidence policy."""
        said = answer.get("verdict")
        evidence = verify_items(answer.get("evidence") or [], dialog)
        body = {**detail, "verdict": said, "rationale": answer.get("rationale")}
        unverified = unverified_quotes(evidence)
        if unverified:
            body["unverified_quotes"] = unverified
        if said == "not_applicable":
            return CheckResult("not_applicable", (), body)
        verified = tuple({**e, "role": "bot"} for e in evidence if e.get("verified"))
        if not verified:
            body["flag"] = "unverified_evidence"
            return CheckResult("not_judged", (), body, error="the judge's answer cites no quote "
                               "found in the transcript: not counted")
        return CheckResult("pass" if said == "yes" else "fail", verified, body)
