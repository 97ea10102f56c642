"""Verdict validation: achievement in 0..1, issues on turns that exist, severities, sizes."""

from __future__ import annotations

import pytest

from agenteval.domain.intelligent.verdict_validation import validate_verdict
from agenteval.errors import ValidationFailed

GOOD = {
    "goalAchieved": True,
    "achievement": 0.8,
    "issues": [{"description": "asked twice for the phone number", "severity": "MEDIUM",
                "turnIndex": 2}],
    "suggestions": ["remember slots already given"],
    "notes": "booked in the end",
}


def errors_of(verdict, turn_count=3) -> dict[str, str]:
    with pytest.raises(ValidationFailed) as caught:
        validate_verdict(verdict, turn_count)
    return {error["path"]: error["message"] for error in caught.value.errors}


def test_a_good_verdict_passes():
    assert validate_verdict(GOOD, 3) == GOOD


def test_defaults_fill_omitted_lists_and_integers_become_floats():
    assert validate_verdict({"goalAchieved": False, "achievement": 0}, 0) == {
        "goalAchieved": False, "achievement": 0.0, "issues": [], "suggestions": [],
        "notes": None}


def test_lower_case_severity_is_accepted_and_upper_cased():
    verdict = {**GOOD, "issues": [{"description": "d", "severity": "high"}]}
    assert validate_verdict(verdict, 3)["issues"] == [
        {"description": "d", "severity": "HIGH", "turnIndex": None}]


@pytest.mark.parametrize("achievement, message", [
    (1.01, "must be ≤ 1.0"), (-0.1, "must be ≥ 0.0"), ("0.5", "must be a number"),
    (True, "must be a number"), (float("nan"), "must be a number"),
])
def test_achievement_must_be_between_0_and_1(achievement, message):
    assert errors_of({**GOOD, "achievement": achievement}) == {"verdict.achievement": message}


def test_issue_turn_index_must_exist_in_the_session():
    issues = [{"description": "a", "severity": "LOW", "turnIndex": 3},
              {"description": "b", "severity": "LOW", "turnIndex": -1},
              {"description": "c", "severity": "LOW", "turnIndex": 2}]
    assert errors_of({**GOOD, "issues": issues}) == {
        "verdict.issues[0].turnIndex": "no turn 3 in this session (it has 3 turns)",
        "verdict.issues[1].turnIndex": "must be ≥ 0",
    }


def test_every_bad_field_is_named():
    verdict = {"achievement": 0.5, "issues": [{"severity": "URGENT"}, "x"],
               "suggestions": ["ok", ""], "notes": "n" * 10_001, "score": 3}
    assert errors_of(verdict) == {
        "verdict.goalAchieved": "is required",
        "verdict.issues[0].description": "is required",
        "verdict.issues[0].severity": "must be one of HIGH, MEDIUM, LOW",
        "verdict.issues[1]": "must be an object",
        "verdict.suggestions[1]": "must not be empty",
        "verdict.notes": "must be at most 10000 characters (got 10001)",
        "verdict.score": "unknown field",
    }


def test_too_many_issues_are_refused():
    issues = [{"description": "d", "severity": "LOW"}] * 201
    assert errors_of({**GOOD, "issues": issues}) == {
        "verdict.issues": "must have at most 200 items (got 201)"}
