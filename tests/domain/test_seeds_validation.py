"""Seeds validation: the product design's example of seeds passes, unknown keys are kept, bad fields named."""

from __future__ import annotations

import pytest

from agenteval.domain.intelligent.seeds_validation import validate_seeds
from agenteval.errors import ValidationFailed

DESIGN_SEEDS = {
    "personas": [{"name": "老王", "background": "retired teacher", "personality": "impatient",
                  "patience": "low"}],
    "goals": [{"goal": "book an air-conditioner repair", "dimension": "booking",
               "script": {"opening": "我家空调坏了", "follow_ups": ["我叫王伟", "电话 13800138000"],
                          "success_signals": ["预约成功", "booked"]}}],
}


def errors_of(seeds) -> dict[str, str]:
    with pytest.raises(ValidationFailed) as caught:
        validate_seeds(seeds)
    return {error["path"]: error["message"] for error in caught.value.errors}


def test_the_design_example_passes():
    assert validate_seeds(DESIGN_SEEDS) == DESIGN_SEEDS


def test_empty_seeds_and_unknown_keys_are_kept():
    seeds = {"notes": "anything", "personas": [{"name": "A", "hobby": "chess"}]}
    assert validate_seeds(seeds) == seeds
    assert validate_seeds({}) == {}


def test_seeds_must_be_an_object():
    assert errors_of(["persona"]) == {"input.seeds": "must be an object"}


def test_bad_fields_are_named_with_their_paths():
    seeds = {
        "personas": [{"name": 7, "patience": "LOW"}, "just text"],
        "goals": [
            {"dimension": "booking"},
            {"goal": "g", "script": {"follow_ups": "not a list"}},
            {"goal": "g", "script": {"opening": "", "success_signals": ["ok", 3]}},
        ],
    }
    assert errors_of(seeds) == {
        "input.seeds.personas[0].name": "must be a string",
        "input.seeds.personas[0].patience": "must be one of low, medium, high",
        "input.seeds.personas[1]": "must be an object",
        "input.seeds.goals[0].goal": "is required",
        "input.seeds.goals[1].script.opening": "is required",
        "input.seeds.goals[1].script.follow_ups": "must be a list",
        "input.seeds.goals[2].script.opening": "must not be empty",
        "input.seeds.goals[2].script.success_signals[1]": "must be a string",
    }


def test_personas_and_goals_must_be_lists():
    assert errors_of({"personas": {}, "goals": "x"}) == {
        "input.seeds.personas": "must be a list", "input.seeds.goals": "must be a list"}


def test_oversize_seeds_are_refused():
    assert errors_of({"goals": [{"goal": "g"}] * 201}) == {
        "input.seeds.goals": "must have at most 200 items (got 201)"}
    huge = errors_of({"blob": "x" * 200_001})
    assert list(huge) == ["input.seeds"]
    assert errors_of({"goals": [{"goal": "x" * 10_001}]}) == {
        "input.seeds.goals[0].goal": "must be at most 10000 characters (got 10001)"}
