"""Every schema AgentEval validates a model's JSON answer against is one strict mode accepts."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from agenteval.drivers.builtin.llm_analysis import REPORT_SCHEMA, VERDICT_SCHEMA
from agenteval.drivers.builtin.llm_planner import PLAN_EXAMPLE, PLAN_SCHEMA
from agenteval.drivers.builtin.users import SIMULATOR_SCHEMA
from agenteval.llm.structured_output import strict_problems
from agenteval.rules.judged.intent_classification import IntentClassification
from agenteval.rules.judged.llm_score import ANSWER_SCHEMA
from agenteval.rules.judged.task_completion import TaskCompletion

SLOTS = [{"name": "phone", "description": "the phone number"},
         {"name": "address", "description": "where to repair"}]
SCHEMAS = {
    "llm_score": ANSWER_SCHEMA,
    "intent_classification": IntentClassification(
        expected_intent="repair", intent_taxonomy={"repair": "wants a repair"}).answer_schema(),
    "task_completion": TaskCompletion(mode="hybrid", required_slots=SLOTS,
                                      required_steps=[{"name": "confirm",
                                                       "description": "confirms"}]
                                      ).answer_schema(),
    "planner": PLAN_SCHEMA,
    "simulator": SIMULATOR_SCHEMA,
    "verdict": VERDICT_SCHEMA,
    "report": REPORT_SCHEMA,
}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_the_answer_schema_is_strict_mode_compatible(name: str) -> None:
    Draft202012Validator.check_schema(SCHEMAS[name])
    assert strict_problems(SCHEMAS[name]) == []


def test_the_plan_example_in_the_prompt_matches_the_schema_with_nulls_for_optional_fields():
    example = {**PLAN_EXAMPLE, "virtualUsers": [
        {**user, "persona": {**user["persona"]}} for user in PLAN_EXAMPLE["virtualUsers"]]}
    errors = list(Draft202012Validator(PLAN_SCHEMA).iter_errors(example))
    assert errors == []
