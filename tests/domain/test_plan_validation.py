"""Plan validation: exact error paths for each kind of bad input; the seed spec's plan passes."""

from __future__ import annotations

import copy

import pytest

from agenteval.domain.intelligent.plan_validation import (
    last_slot_end_hours,
    parse_time_slot,
    validate_plan,
)
from agenteval.errors import ValidationFailed

# The v1.0 seed spec's plan example, in the contract's camelCase names.
SEED_PLAN = {
    "dimensions": ["退货流程", "投诉处理", "多轮追问"],
    "virtualUsers": [
        {"persona": {"background": "...", "personality": "...", "patience": "low"},
         "goal": "完成退货"},
        {"persona": {"background": "...", "personality": "...", "patience": "high"},
         "goal": "了解政策"},
    ],
    "timeDistribution": [
        {"timeSlot": "0-2h", "sessions": 1, "scenario": "早间咨询"},
        {"timeSlot": "8-10h", "sessions": 2, "scenario": "工作时段高峰"},
        {"timeSlot": "18-22h", "sessions": 2, "scenario": "晚间投诉"},
    ],
    "estimatedSessions": 5,
    "budget": {"maxTurnsPerSession": 12, "totalMaxTurns": 60},
    "completionCriteria": "每个维度至少一个会话产出评估",
}


def plan(**changes):
    result = copy.deepcopy(SEED_PLAN)
    result.update(changes)
    return result


def errors_of(bad_plan, hours=24) -> dict[str, str]:
    with pytest.raises(ValidationFailed) as caught:
        validate_plan(bad_plan, hours)
    assert caught.value.code == "VALIDATION_FAILED"
    assert caught.value.details == caught.value.errors
    return {error["path"]: error["message"] for error in caught.value.errors}


def test_the_seed_spec_plan_passes_and_comes_back_normalised():
    validated = validate_plan(copy.deepcopy(SEED_PLAN), 24)
    assert validated["dimensions"] == SEED_PLAN["dimensions"]
    assert validated["virtualUsers"][0] == {**SEED_PLAN["virtualUsers"][0], "dimension": None}
    assert validated["timeDistribution"] == SEED_PLAN["timeDistribution"]
    assert validated["estimatedSessions"] == 5
    assert validated["budget"] == {"maxTurnsPerSession": 12, "totalMaxTurns": 60}


def test_optional_fields_may_be_omitted_or_null():
    minimal = plan(completionCriteria=None)
    minimal["timeDistribution"] = [{"timeSlot": "0.5-2h", "sessions": 5}]
    validated = validate_plan(minimal, 24)
    assert validated["completionCriteria"] is None
    assert validated["timeDistribution"][0]["scenario"] is None


def test_empty_dimensions_and_virtual_users_are_refused():
    assert errors_of(plan(dimensions=[], virtualUsers=[])) == {
        "plan.dimensions": "must not be empty",
        "plan.virtualUsers": "must not be empty",
    }


def test_missing_fields_are_each_named():
    assert set(errors_of({})) == {"plan.dimensions", "plan.virtualUsers",
                                   "plan.timeDistribution", "plan.estimatedSessions",
                                   "plan.budget"}


def test_every_bad_field_is_listed_at_once():
    bad = plan(budget={"maxTurnsPerSession": 0, "totalMaxTurns": -1}, estimatedSessions=0)
    bad["virtualUsers"][1]["goal"] = ""
    assert errors_of(bad) == {
        "plan.budget.maxTurnsPerSession": "must be ≥ 1",
        "plan.budget.totalMaxTurns": "must be ≥ 1",
        "plan.estimatedSessions": "must be ≥ 1",
        "plan.virtualUsers[1].goal": "must not be empty",
    }


@pytest.mark.parametrize("slot, message", [
    ("morning", 'must be "<start>-<end>h", e.g. "8-10h"'),
    ("8-10", 'must be "<start>-<end>h", e.g. "8-10h"'),
    ("-1-2h", 'must be "<start>-<end>h", e.g. "8-10h"'),
    ("10-8h", "start (10h) must be before end (8h)"),
    ("4-4h", "start (4h) must be before end (4h)"),
    ("20-25h", "must end within the eval's time window (24h)"),
])
def test_bad_time_slots(slot, message):
    bad = plan()
    bad["timeDistribution"][2]["timeSlot"] = slot
    assert errors_of(bad) == {"plan.timeDistribution[2].timeSlot": message}


def test_time_slot_must_fit_a_shorter_window():
    assert errors_of(plan(), hours=12) == {
        "plan.timeDistribution[2].timeSlot": "must end within the eval's time window (12h)"}


def test_estimated_sessions_must_equal_the_sum_of_slot_sessions():
    assert errors_of(plan(estimatedSessions=6)) == {
        "plan.estimatedSessions": "must equal the sum of timeDistribution[].sessions (5)"}


def test_negative_or_non_integer_slot_sessions():
    bad = plan()
    bad["timeDistribution"][0]["sessions"] = -1
    bad["timeDistribution"][1]["sessions"] = True
    # the sum check is skipped while a count is unusable: no noise on estimatedSessions
    assert errors_of(bad) == {
        "plan.timeDistribution[0].sessions": "must be ≥ 0",
        "plan.timeDistribution[1].sessions": "must be an integer",
    }


def test_persona_must_be_an_object_of_the_seeds_persona_shape():
    bad = plan()
    bad["virtualUsers"][0]["persona"] = "grumpy"
    bad["virtualUsers"][1]["persona"]["patience"] = "none"
    assert errors_of(bad) == {
        "plan.virtualUsers[0].persona": "must be an object",
        "plan.virtualUsers[1].persona.patience": "must be one of low, medium, high",
    }


def test_virtual_user_dimension_must_be_one_of_the_dimensions():
    bad = plan()
    bad["virtualUsers"][0]["dimension"] = "退货流程"
    bad["virtualUsers"][1]["dimension"] = "砍价"
    assert errors_of(bad) == {
        "plan.virtualUsers[1].dimension": "'砍价' is not one of the plan's dimensions"}


def test_duplicate_dimensions_and_unknown_keys_are_refused():
    bad = plan(dimensions=["a", "a"], virtual_users=[])
    bad["virtualUsers"] = [{"persona": {}, "goal": "g"}]
    assert errors_of(bad) == {
        "plan.dimensions[1]": "duplicate dimension 'a'",
        "plan.virtual_users": "unknown field",
    }


def test_oversize_input_is_refused_not_truncated():
    bad = plan(completionCriteria="x" * 10_001)
    bad["virtualUsers"] = [{"persona": {}, "goal": "g"}] * 201
    assert errors_of(bad) == {
        "plan.completionCriteria": "must be at most 10000 characters (got 10001)",
        "plan.virtualUsers": "must have at most 200 items (got 201)",
    }


def test_absurd_counts_are_refused():
    bad = plan(estimatedSessions=10_001, budget={"maxTurnsPerSession": 12,
                                                 "totalMaxTurns": 1_000_001})
    bad["timeDistribution"] = [{"timeSlot": "0-2h", "sessions": 10_001}]
    assert errors_of(bad) == {
        "plan.estimatedSessions": "must be ≤ 10000",
        "plan.timeDistribution[0].sessions": "must be ≤ 10000",
        "plan.budget.totalMaxTurns": "must be ≤ 1000000",
    }


def test_a_plan_that_is_not_an_object():
    assert errors_of(["not", "a", "plan"]) == {"plan": "must be an object"}


@pytest.mark.parametrize("text, hours", [
    ("0-2h", (0.0, 2.0)), ("0.5-2h", (0.5, 2.0)), ("8h-10h", (8.0, 10.0)),
    (" 18 - 22 h ", (18.0, 22.0)),
])
def test_parse_time_slot(text, hours):
    assert parse_time_slot(text) == hours


def test_parse_time_slot_refuses_other_forms():
    with pytest.raises(ValueError):
        parse_time_slot("8-10 hours")


def test_last_slot_end_is_the_latest_end_not_the_last_listed():
    validated = validate_plan(copy.deepcopy(SEED_PLAN), 24)
    assert last_slot_end_hours(validated) == 22.0
    validated["timeDistribution"].reverse()
    assert last_slot_end_hours(validated) == 22.0
    assert last_slot_end_hours(None) == 0.0
