"""Implicit hard rules from a case's expectation: validation by path, verdicts on the last reply."""

from __future__ import annotations

import pytest

from agenteval.rules import evaluate_expectation, validate_expectation
from tests.support.turns import reply_turn


@pytest.mark.parametrize("expectation, errors", [
    (None, []),
    ({}, []),
    ({"contains": "x", "not_contains": ["a", "b"], "max_latency_ms": 800, "json": True}, []),
    ({"json": {"type": "object"}}, []),
    ("contains x", [("e", "must be an object")]),
    ({"contain": "x"}, [("e.contain", "unknown expectation (known: contains, not_contains, "
                                      "max_latency_ms, json, regex)")]),
    ({"contains": ""}, [("e.contains", "must not be empty")]),
    ({"contains": []}, [("e.contains", "must be a string or a non-empty list of strings")]),
    ({"not_contains": ["ok", 3]}, [("e.not_contains[1]", "must be a non-empty string")]),
    ({"max_latency_ms": "fast"}, [("e.max_latency_ms", "must be a number")]),
    ({"max_latency_ms": True}, [("e.max_latency_ms", "must be a number")]),
    ({"max_latency_ms": 0}, [("e.max_latency_ms", "must be > 0")]),
    ({"json": False}, [("e.json", "must be true or a JSON Schema object")]),
    ({"json": {"type": 5}}, [("e.json", None)]),
])
def test_validate_expectation(expectation, errors):
    found = validate_expectation(expectation, "e")
    assert [e["path"] for e in found] == [path for path, _ in errors]
    for error, (_, message) in zip(found, errors, strict=True):
        if message is not None:
            assert error["message"] == message
        else:
            assert error["message"].startswith("is not a valid JSON Schema")


def results_by_type(expectation, dialog):
    results = evaluate_expectation(expectation, dialog)
    assert all(r.implicit for r in results)
    return {r.rule_type: r for r in results}


def test_each_key_becomes_one_implicit_rule():
    results = results_by_type({"contains": ["预约", "成功"], "not_contains": "抱歉",
                               "max_latency_ms": 500, "json": True},
                              [reply_turn('预约成功 {"ok": true}', latency_ms=250)])
    assert set(results) == {"expect_contains", "expect_not_contains", "expect_max_latency",
                            "expect_json"}
    assert all(r.passed and r.score == 1.0 for r in results.values())


def test_failures_explain_themselves():
    results = results_by_type({"contains": ["Booked", "ticket"], "not_contains": ["sorry", "no"],
                               "max_latency_ms": 500, "json": {"type": "array"}},
                              [reply_turn('Sorry, booked. {"a": 1}', latency_ms=1000)])
    contains = results["expect_contains"]
    assert (contains.passed, contains.score) == (False, 0.5)
    assert contains.detail == {"matched": ["Booked"], "missing": ["ticket"]}
    not_contains = results["expect_not_contains"]
    assert (not_contains.passed, not_contains.score, not_contains.detail) == (
        False, 0.5, {"found": ["sorry"]})
    latency = results["expect_max_latency"]
    assert (latency.passed, latency.score) == (False, 0.5)
    assert results["expect_json"].detail["violations"] == [
        {"path": "$", "message": "must be a list"}]


def test_an_error_turn_fails_every_implicit_rule():
    results = evaluate_expectation({"not_contains": "x", "max_latency_ms": 10},
                                   [reply_turn(None, latency_ms=None, error="connection")])
    assert [(r.rule_type, r.passed, r.implicit) for r in results] == [
        ("expect_not_contains", False, True), ("expect_max_latency", False, True)]
    assert results[0].detail["reason"] == "no reply to evaluate (target error: connection)"


def test_no_expectation_no_results():
    assert evaluate_expectation(None, [reply_turn("x")]) == []


def test_a_schema_that_cannot_be_resolved_is_an_error_result_not_a_raise():
    [result] = evaluate_expectation({"json": {"$ref": "#/$defs/missing"}}, [reply_turn("{}")])
    assert (result.rule_type, result.passed, result.implicit) == ("expect_json", False, True)
    assert result.error.startswith("expect_json failed:")


def test_remote_references_are_refused_at_validation():
    [error] = validate_expectation({"json": {"$ref": "https://example.com/s.json"}}, "e")
    assert error["path"] == "e.json" and "only local $ref" in error["message"]
