"""`intent_classification`: did the agent understand what the user wanted?

The JUDGE model picks the user's intent from the taxonomy (or "other"), with
a confidence, and says whether the agent's replies show it understood that
intent correctly, partly or wrongly (正确 / 部分正确 / 错误).

passed = predicted == expected and (understanding == "correct" or
(understanding == "partial" and accept_partial)). Score: 1 for a correct
understanding of the expected intent, 0.5 for a partial one, else 0.
The judge reads the whole dialog by default (the intent is usually stated in
the first message); `scope: last_turn` limits it to the last turn.
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

NAME = "intent_classification"
PROMPT_VERSION = "intent_classification/v1"
OTHER = "other"
UNDERSTANDINGS = ("correct", "partial", "wrong")

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "expected_intent": {"type": "string", "minLength": 1, "maxLength": 100},
        "intent_taxonomy": {"type": "object", "minProperties": 1, "maxProperties": 100,
                            "additionalProperties": {"type": "string", "maxLength": 1000},
                            "description": "intent name → what it means"},
        "accept_partial": {"type": "boolean", "default": False,
                           "description": "a partly correct understanding passes too"},
        "examples": examples_schema("intent", {"type": "string", "minLength": 1,
                                               "maxLength": 100},
                                    "the intent it shows (a taxonomy name)"),
    },
    "required": ["expected_intent", "intent_taxonomy"],
}


def check_params(params: dict[str, Any]) -> list[tuple[str, str]]:
    expected, taxonomy = params["expected_intent"], params["intent_taxonomy"]
    problems = []
    if expected != OTHER and expected not in taxonomy:
        problems.append(("expected_intent", f"{expected!r} is not in intent_taxonomy "
                         f"(known: {', '.join(sorted(taxonomy))}, or {OTHER!r})"))
    for index, example in enumerate(params.get("examples") or []):
        if example["intent"] != OTHER and example["intent"] not in taxonomy:
            problems.append((f"examples[{index}].intent",
                             f"{example['intent']!r} is not in intent_taxonomy"))
    return problems


@register_rule(name=NAME, description="The JUDGE model classifies the user's intent from a "
               "taxonomy and says whether the agent understood it correctly, partly or "
               "wrongly. Passed when the intent is the expected one and understood correctly "
               "(or partly, with accept_partial).",
               scope="full_dialog", model_role="JUDGE", params_schema=PARAMS_SCHEMA,
               check_params=check_params)
@dataclass(frozen=True)
class IntentClassification:
    expected_intent: str
    intent_taxonomy: dict[str, str]
    accept_partial: bool = False
    examples: list[dict[str, Any]] = field(default_factory=list)
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    @property
    def intents(self) -> list[str]:
        return [*self.intent_taxonomy, *([] if OTHER in self.intent_taxonomy else [OTHER])]

    def answer_schema(self) -> dict[str, Any]:
        return strict_object({"intent": {"type": "string", "enum": self.intents},
                              "understanding": {"type": "string",
                                                "enum": list(UNDERSTANDINGS)},
                              "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                              "rationale": {"type": "string"}})

    def messages(self, dialog_text: str) -> list[dict[str, Any]]:
        return self.messages_with(dialog_text, self.examples)

    def messages_with(self, dialog_text: str, examples: Sequence[dict[str, Any]]
                      ) -> list[dict[str, Any]]:
        taxonomy = "\n".join(f"- {name}: {meaning}"
                             for name, meaning in self.intent_taxonomy.items())
        if OTHER not in self.intent_taxonomy:
            taxonomy += f"\n- {OTHER}: none of the above"
        shown = render_examples(examples, "intent", is_chinese(dialog_text))
        user = (
            "1. Classify what the USER wants in the dialog below into exactly one intent of "
            f"this taxonomy:\n{taxonomy}\n\n"
            "2. Judge whether the AGENT's replies show it understood that intent: "
            '"correct" (understood and addressed it), "partial" (got the topic but '
            'misread part of the need), or "wrong" (misunderstood or ignored it).\n\n'
            + (f"{shown}\n\n" if shown else "")
            + f"Dialog:\n{dialog_text}\n\n"
            'Answer with a JSON object: {"intent": "<one name from the taxonomy>", '
            '"understanding": "correct" | "partial" | "wrong", "confidence": <0-1>, '
            '"rationale": "<one or two sentences>"}.'
        )
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]

    @staticmethod
    def verdict_of(answer: dict[str, Any]) -> dict[str, Any]:
        return {"predicted": answer.get("intent"), "understanding": answer.get("understanding")}

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        judged = await judge_dialog(
            NAME, dialog, models, scope=self.scope, samples=self.samples, cache=self.cache,
            prompt_version=PROMPT_VERSION, messages=self.messages, schema=self.answer_schema(),
            verdict_of=self.verdict_of,
            # A judge revision's examples join the rule's own when their intent is one of
            # this rule's (another rule's taxonomy may not have it).
            revisable=RevisableExamples(self.examples, self.messages_with,
                                        lambda example: example.get("intent") in self.intents),
            # `expected` keeps a failed case in the intent confusion matrix's row.
            error_detail={"expected": self.expected_intent, "predicted": None})
        if isinstance(judged, RuleResult):
            return judged
        answer = judged.answer
        predicted, understanding = answer.data["intent"], answer.data["understanding"]
        matched = predicted == self.expected_intent
        passed = matched and (understanding == "correct"
                              or (understanding == "partial" and self.accept_partial))
        score = (1.0 if understanding == "correct" else 0.5 if understanding == "partial"
                 else 0.0) if matched else 0.0
        return RuleResult(NAME, passed=passed, score=score, detail={
            "expected": self.expected_intent, "predicted": predicted,
            "understanding": understanding, "confidence": answer.data["confidence"],
            "accept_partial": self.accept_partial, "rationale": answer.data["rationale"],
            "scope": self.scope, **judged.extra, "judge": answer.judge})
