"""The planner role played by the PLANNER model: eval inputs (+ feedback) → a PlanInput.

The answer is validated locally with the server's own `validate_plan`; an
invalid plan gets one repair request listing the errors. The caller falls
back to the scripted plan when the model fails twice.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from agenteval.domain.intelligent.plan_validation import validate_plan
from agenteval.drivers.builtin.provenance import Trail
from agenteval.drivers.builtin.texts import ANSWER_IN, language_of
from agenteval.errors import ValidationFailed
from agenteval.llm import ModelCallError, ModelClient
from agenteval.llm.structured_output import strict_object

logger = logging.getLogger("agenteval.driver")

_NULLABLE_TEXT = {"type": ["string", "null"]}
PLAN_SCHEMA: dict[str, Any] = strict_object({
    "dimensions": {"type": "array", "items": {"type": "string"}},
    "virtualUsers": {"type": "array", "items": strict_object({
        "persona": strict_object({
            "name": _NULLABLE_TEXT, "background": _NULLABLE_TEXT,
            "personality": _NULLABLE_TEXT,
            # Not nullable: llama.cpp's grammar ignores an enum beside a list of types.
            "patience": {"type": "string", "enum": ["low", "medium", "high"]}}),
        "goal": {"type": "string"},
        "dimension": _NULLABLE_TEXT})},
    "timeDistribution": {"type": "array", "items": strict_object({
        "timeSlot": {"type": "string"}, "sessions": {"type": "integer"},
        "scenario": _NULLABLE_TEXT})},
    "estimatedSessions": {"type": "integer"},
    "budget": strict_object({"maxTurnsPerSession": {"type": "integer"},
                             "totalMaxTurns": {"type": "integer"}}),
    "completionCriteria": _NULLABLE_TEXT,
})

PLAN_EXAMPLE = {
    "dimensions": ["returns", "complaints"],
    "virtualUsers": [{"persona": {"name": "Ann", "background": "...", "personality": "...",
                                  "patience": "low"},
                      "goal": "return a broken kettle", "dimension": "returns"}],
    "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1, "scenario": "morning"},
                         {"timeSlot": "18-22h", "sessions": 2, "scenario": "evening"}],
    "estimatedSessions": 3,
    "budget": {"maxTurnsPerSession": 10, "totalMaxTurns": 30},
    "completionCriteria": "every dimension has a closed session",
}


def planner_messages(eval_: dict[str, Any]) -> list[dict[str, str]]:
    feedback = [entry["feedback"] for entry in eval_.get("planHistory") or []
                if entry.get("feedback")]
    brief = {
        "goal": eval_.get("goal"), "intent": eval_.get("intent"),
        "roleDescription": eval_.get("roleDescription"),
        "timeWindowHours": eval_.get("timeWindowHours"), "seeds": eval_.get("seeds"),
        "target": (eval_.get("target") or {}).get("name"),
        "feedbackOnEarlierPlans": feedback,
        "previousPlan": eval_.get("plan"),
    }
    system = (
        "You plan an evaluation of a conversational agent by virtual users. Answer with one "
        "JSON object in this shape (camelCase keys): " + json.dumps(PLAN_EXAMPLE) + ". Rules: "
        "dimensions non-empty and unique; every virtual user's dimension is one of them; "
        "persona has name, background, personality and patience (low|medium|high); timeSlot "
        'is "<start>-<end>h" with 0 <= start < end <= timeWindowHours; estimatedSessions '
        "equals the sum of timeDistribution[].sessions; budget values >= 1. Spread sessions "
        "realistically over the window. Address every feedback on earlier plans. "
        + ANSWER_IN[language_of(eval_)])
    return [{"role": "system", "content": system},
            {"role": "user", "content": "Evaluation brief (JSON):\n"
                                        + json.dumps(brief, ensure_ascii=False)}]


async def model_plan(model: ModelClient, eval_: dict[str, Any], trail: Trail | None = None
                     ) -> dict[str, Any] | None:
    """A plan that passes validation, or None when the model could not produce one (`trail`
    records which, and why)."""
    trail = trail or Trail.of("plan", model)
    window = int(eval_.get("timeWindowHours") or 24)
    messages = planner_messages(eval_)
    for attempt in range(2):
        try:
            answer = await model.chat(messages, json_schema=PLAN_SCHEMA, schema_name="plan")
        except ModelCallError as error:
            logger.warning("planner model failed: %s", error)
            trail.model_failed(error)
            return None
        plan = {key: value for key, value in (answer.data or {}).items() if value is not None}
        try:
            validated = validate_plan(plan, window)
            trail.used_model()
            return validated
        except ValidationFailed as invalid:
            if attempt == 1:
                logger.warning("planner model's repaired plan is still invalid: %s", invalid)
                trail.used_script("invalid_plan", f"the repaired plan is still invalid: "
                                                  f"{json.dumps(invalid.errors)[:200]}")
                return None
            messages = [*messages, {"role": "assistant", "content": answer.text},
                        {"role": "user", "content": "That plan is invalid: "
                         + json.dumps(invalid.errors, ensure_ascii=False)
                         + ". Answer with the corrected plan as one JSON object."}]
    return None
