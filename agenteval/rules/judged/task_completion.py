"""`task_completion`: did the dialog collect the required slots / complete the required steps?

The JUDGE model reads the whole dialog and says, for each slot (information
to collect) or step (action to take, in the listed order), whether it
happened, in which turn, and a short quote. Claims are then checked against
the dialog and step order is computed from the turns (`task_completion_check`).

Score = completion rate: filled slots / slots (slot), counted steps / steps
(step), or their weighted mean with slot_weight / step_weight (hybrid).
passed = rate ≥ min_completion_rate.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain.alignment.examples import merged_examples
from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.structured_output import strict_object
from agenteval.rules.base import ModelProvider, RuleScope
from agenteval.rules.judged.judge import SYSTEM_PROMPT, RevisableExamples, judge_dialog
from agenteval.rules.judged.judging_examples import (
    MAX_EXAMPLES,
    examples_schema,
    is_chinese,
    render_examples,
)
from agenteval.rules.judged.task_completion_check import (
    check_claims,
    mark_step_order,
    slot_rate,
    step_rate,
    steps_in_order_share,
)
from agenteval.rules.registry import register_rule

NAME = "task_completion"
PROMPT_VERSION = "task_completion/v1"
Mode = Literal["slot", "step", "hybrid"]

_ITEM = {"type": "object", "additionalProperties": False, "required": ["name", "description"],
         "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100},
                        "description": {"type": "string", "minLength": 1, "maxLength": 1000},
                        "examples": examples_schema("filled", {"type": "boolean"},
                                                    "whether it counts (filled, or done)"),
                        "keywords": {"type": "array", "maxItems": 20,
                                     "items": {"type": "string", "minLength": 1,
                                               "maxLength": 100},
                                     "description": "a long dialog keeps the turns that "
                                                    "mention one of these"}}}
_SLOT_WORDS = {True: ("filled", "已收集"), False: ("not filled", "未收集")}
_STEP_WORDS = {True: ("done", "已完成"), False: ("not done", "未完成")}
_ITEMS = {"type": "array", "items": _ITEM, "minItems": 1, "maxItems": 50}

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "mode": {"enum": ["slot", "step", "hybrid"], "default": "slot"},
        "required_slots": {**_ITEMS, "description": "information the agent must collect: "
                           "{name, description, examples?: [{dialog_excerpt, filled, why}], "
                           "keywords?: [text]}: the examples are shown to the judge; a long "
                           "dialog keeps the turns that mention a keyword"},
        "required_steps": {**_ITEMS, "description": "actions the agent must take, in order: "
                           "{name, description, examples?: [{dialog_excerpt, filled (= done), "
                           "why}], keywords?: [text]}"},
        "slot_weight": {"type": "number", "minimum": 0, "default": 0.5},
        "step_weight": {"type": "number", "minimum": 0, "default": 0.5},
        "min_completion_rate": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.6},
        "strict_order": {"type": "boolean", "default": False,
                         "description": "steps done out of order do not count as done"},
    },
}


def check_params(params: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    mode = params["mode"]
    needed = {"slot": ["required_slots"], "step": ["required_steps"],
              "hybrid": ["required_slots", "required_steps"]}[mode]
    for name in needed:
        if not params.get(name):
            problems.append((name, f"is required in {mode} mode"))
    for name in ("required_slots", "required_steps"):
        seen: set[str] = set()
        for index, item in enumerate(params.get(name) or []):
            if item["name"] in seen:
                problems.append((f"{name}[{index}].name", f"duplicate name {item['name']!r}"))
            seen.add(item["name"])
    if mode == "hybrid" and params["slot_weight"] + params["step_weight"] <= 0:
        problems.append(("slot_weight", "slot_weight + step_weight must be > 0"))
    return problems


def _claims_schema(items: Sequence[dict[str, Any]], flag: str) -> dict[str, Any]:
    claim = strict_object({
        flag: {"type": "boolean"},
        "turn_index": {"type": ["integer", "null"]},
        "quote": {"type": ["string", "null"]},
    })
    return strict_object({item["name"]: claim for item in items})


def _listing(items: Sequence[dict[str, Any]], numbered: bool, zh: bool = False,
             added: Sequence[dict[str, Any]] = ()) -> str:
    """One line per slot or step, each followed by its judging examples (if any): its own,
    then a judge revision's for that item (`added`, keyed "slot:<name>" / "step:<name>")."""
    lines = []
    kind = "step" if numbered else "slot"
    for i, item in enumerate(items):
        lines.append(f"{f'{i + 1}. ' if numbered else '- '}{item['name']}: {item['description']}")
        learnt = [e for e in added if e.get("item") == f"{kind}:{item['name']}"]
        examples = merged_examples(item.get("examples") or [], learnt, MAX_EXAMPLES)
        shown = render_examples(examples, "filled", zh,
                                _STEP_WORDS if numbered else _SLOT_WORDS, indent="   ")
        if shown:
            lines.append(shown)
    return "\n".join(lines)


@register_rule(name=NAME, description="The JUDGE model checks over the whole dialog which "
               "required slots were collected and which required steps were done (and in "
               "which order). Score: completion rate (weighted in hybrid mode).",
               scope="full_dialog", model_role="JUDGE", params_schema=PARAMS_SCHEMA,
               check_params=check_params)
@dataclass(frozen=True)
class TaskCompletion:
    mode: Mode = "slot"
    required_slots: list[dict[str, Any]] = field(default_factory=list)
    required_steps: list[dict[str, Any]] = field(default_factory=list)
    slot_weight: float = 0.5
    step_weight: float = 0.5
    min_completion_rate: float = 0.6
    strict_order: bool = False
    samples: int = 1
    cache: bool = True
    scope: RuleScope = "full_dialog"

    @property
    def slots(self) -> list[dict[str, Any]]:
        return self.required_slots if self.mode in ("slot", "hybrid") else []

    @property
    def steps(self) -> list[dict[str, Any]]:
        return self.required_steps if self.mode in ("step", "hybrid") else []

    def answer_schema(self) -> dict[str, Any]:
        properties: dict[str, Any] = {"rationale": {"type": "string"}}
        if self.slots:
            properties["slots"] = _claims_schema(self.slots, "filled")
        if self.steps:
            properties["steps"] = _claims_schema(self.steps, "done")
        return strict_object(properties)

    def revision_fits(self, example: Mapping[str, Any]) -> bool:
        """A judge revision's example joins the slot or step it names, when that item is
        judged here and its own examples leave room."""
        items = {**{f"slot:{s['name']}": s for s in self.slots},
                 **{f"step:{s['name']}": s for s in self.steps}}
        item = items.get(str(example.get("item")))
        return item is not None and len(item.get("examples") or []) < MAX_EXAMPLES

    def messages(self, dialog_text: str,
                 added: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
        parts = ["Decide from the dialog below what the agent achieved."]
        example: dict[str, Any] = {}
        if self.slots:
            parts.append("Slots (information the agent had to obtain from or confirm with the "
                         f"user):\n{_listing(self.slots, False, is_chinese(dialog_text), added)}")
            example["slots"] = {self.slots[0]["name"]: {
                "filled": True, "turn_index": 1, "quote": "<exact words from that turn>"}}
        if self.steps:
            parts.append("Steps (actions the agent had to take, in this order):\n"
                         f"{_listing(self.steps, True, is_chinese(dialog_text), added)}")
            example["steps"] = {self.steps[0]["name"]: {
                "done": False, "turn_index": None, "quote": None}}
        example["rationale"] = "<one or two sentences>"
        parts.append(f"Dialog:\n{dialog_text}")
        parts.append(
            "For EVERY slot say whether it was filled and for EVERY step whether it was done; "
            "when yes, give the turn index where it happened and a short quote copied exactly "
            "from that turn; when no, use null for both. Answer with a JSON object keyed by "
            f"the names, like: {json.dumps(example, ensure_ascii=False)}")
        return [{"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": "\n\n".join(parts)}]

    def verdict_of(self, answer: dict[str, Any]) -> dict[str, Any]:
        """What the vote compares: each slot's filled and each step's done flag."""
        verdict: dict[str, Any] = {}
        if self.slots:
            verdict["slots"] = {s["name"]: bool((answer.get("slots") or {}).get(s["name"], {})
                                                .get("filled")) for s in self.slots}
        if self.steps:
            verdict["steps"] = {s["name"]: bool((answer.get("steps") or {}).get(s["name"], {})
                                                .get("done")) for s in self.steps}
        return verdict

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        judged = await judge_dialog(
            NAME, dialog, models, scope=self.scope, samples=self.samples, cache=self.cache,
            prompt_version=PROMPT_VERSION, messages=self.messages, schema=self.answer_schema(),
            verdict_of=self.verdict_of, error_detail={"mode": self.mode},
            keep_keywords=[word for item in [*self.slots, *self.steps]
                           for word in item.get("keywords") or []],
            # The items carry their own examples; a revision's are added per item.
            revisable=RevisableExamples((), self.messages, self.revision_fits))
        if isinstance(judged, RuleResult):
            return judged
        return self.result(judged.answer.data, judged.answer.judge, dialog, judged.extra)

    def result(self, data: dict[str, Any], judge: dict[str, Any], dialog: Sequence[Turn],
               extra: dict[str, Any]) -> RuleResult:
        slots = check_claims(self.slots, data.get("slots") or {}, "filled", dialog)
        steps = check_claims(self.steps, data.get("steps") or {}, "done", dialog)
        mark_step_order(steps)
        rates = {}
        if slots:
            rates["slot"] = slot_rate(slots)
        if steps:
            rates["step"] = step_rate(steps, self.strict_order)
        if self.mode == "hybrid":
            total = self.slot_weight + self.step_weight
            rate = (self.slot_weight * rates["slot"] + self.step_weight * rates["step"]) / total
        else:
            rate = rates[self.mode]
        rate = round(rate, 4)
        detail: dict[str, Any] = {"mode": self.mode, "completion_rate": rate,
                                  "min_completion_rate": self.min_completion_rate,
                                  "slots": slots, "steps": steps}
        if self.mode == "hybrid":
            detail["slot_rate"], detail["step_rate"] = (round(rates["slot"], 4),
                                                        round(rates["step"], 4))
            detail["weights"] = {"slot": self.slot_weight, "step": self.step_weight}
        if steps:
            detail["steps_in_order"] = steps_in_order_share(steps)
            detail["strict_order"] = self.strict_order
        unverified = [c["name"] for c in (*slots, *steps) if c.get("quote_verified") is False]
        if unverified:
            detail["unverified_quotes"] = unverified
        detail.update({"rationale": data.get("rationale"), **extra, "judge": judge})
        return RuleResult(NAME, passed=rate >= self.min_completion_rate, score=rate,
                          detail=detail)
