"""Implicit hard rules from a case's `expectation`, judged on the last reply.

Keys: `contains` / `not_contains` (a string or a list; case-insensitive
substring), `max_latency_ms` (a number > 0), `json` (true, or a JSON Schema
the reply's JSON must satisfy), `regex` (a pattern or a list; re.search on the
reply, case-insensitive). Each becomes a RuleResult with
`implicit=True`; any failure fails the case whatever its rule_logic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import RuleResult, Turn
from agenteval.rules import user_patterns
from agenteval.rules.base import last_reply_or_failure
from agenteval.rules.model_free.json_extraction import json_verdict
from agenteval.rules.model_free.json_schema import schema_problem
from agenteval.rules.model_free.response_time import latency_score
from agenteval.yaml_loader import not_a_boolean

EXPECTATION_RULE_TYPES = {
    "contains": "expect_contains",
    "not_contains": "expect_not_contains",
    "max_latency_ms": "expect_max_latency",
    "json": "expect_json",
    "regex": "expect_regex",
}


def validate_expectation(expectation: Any, path: str) -> FieldErrors:
    """Every problem with an `expectation` object; None (no expectation) is fine."""
    errors = FieldErrors()
    if expectation is None:
        return errors
    if not isinstance(expectation, dict):
        errors.add(path, "must be an object")
        return errors
    for key, value in expectation.items():
        check = _CHECKS.get(key)
        if check is None:
            errors.add(f"{path}.{key}", "unknown expectation (known: "
                       + ", ".join(EXPECTATION_RULE_TYPES) + ")")
            continue
        for suffix, message in check(value):
            errors.add(f"{path}.{key}{suffix}", message)
    return errors


def _check_texts(value: Any) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [] if value else [("", "must not be empty")]
    if not isinstance(value, list) or not value:
        return [("", "must be a string or a non-empty list of strings")]
    return [(f"[{i}]", "must be a non-empty string") for i, text in enumerate(value)
            if not isinstance(text, str) or not text]


def _check_latency(value: Any) -> list[tuple[str, str]]:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return [("", "must be a number")]
    return [] if value > 0 else [("", "must be > 0")]


def _check_json(value: Any) -> list[tuple[str, str]]:
    if value is True:
        return []
    if not isinstance(value, dict):
        hint = not_a_boolean(value)
        if hint.endswith("write true or false"):
            return [("", hint.replace("must be true or false", "must be true or a JSON "
                                      "Schema object"))]
        return [("", "must be true or a JSON Schema object")]
    problem = schema_problem(value)
    return [("", problem)] if problem else []


def _check_regex(value: Any) -> list[tuple[str, str]]:
    problems = _check_texts(value)
    if problems:
        return problems
    suffixed = [("", value)] if isinstance(value, str) else [
        (f"[{i}]", pattern) for i, pattern in enumerate(value)]
    for suffix, pattern in suffixed:
        problem = user_patterns.pattern_problem(pattern)
        if problem:
            problems.append((suffix, problem))
    return problems


_CHECKS: dict[str, Callable[[Any], list[tuple[str, str]]]] = {
    "contains": _check_texts,
    "not_contains": _check_texts,
    "max_latency_ms": _check_latency,
    "json": _check_json,
    "regex": _check_regex,
}


def evaluate_expectation(expectation: dict[str, Any] | None,
                         dialog: Sequence[Turn]) -> list[RuleResult]:
    """One implicit RuleResult per expectation key (none without an expectation); never raises."""
    results: list[RuleResult] = []
    for key, value in (expectation or {}).items():
        rule_type = EXPECTATION_RULE_TYPES[key]
        reply = last_reply_or_failure(rule_type, dialog)
        if isinstance(reply, RuleResult):
            results.append(RuleResult(rule_type, False, 0.0, detail=reply.detail, implicit=True))
            continue
        try:
            passed, score, detail = _JUDGES[key](value, reply, dialog[-1])
        except Exception as exc:  # e.g. a schema $ref that does not resolve: a verdict, not a crash
            results.append(RuleResult(rule_type, False, 0.0, implicit=True,
                                      error=f"{rule_type} failed: {type(exc).__name__}: {exc}"))
            continue
        results.append(RuleResult(rule_type, passed, score, detail=detail, implicit=True))
    return results


def _texts(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _judge_contains(value: Any, reply: str, turn: Turn) -> tuple[bool, float, dict[str, Any]]:
    texts = _texts(value)
    matched = [t for t in texts if t.casefold() in reply.casefold()]
    missing = [t for t in texts if t not in matched]
    return not missing, len(matched) / len(texts), {"matched": matched, "missing": missing}


def _judge_not_contains(value: Any, reply: str,
                        turn: Turn) -> tuple[bool, float, dict[str, Any]]:
    texts = _texts(value)
    found = [t for t in texts if t.casefold() in reply.casefold()]
    return not found, 1 - len(found) / len(texts), {"found": found}


def _judge_latency(value: Any, reply: str, turn: Turn) -> tuple[bool, float, dict[str, Any]]:
    if turn.latency_ms is None:
        return False, 0.0, {"reason": "the last turn has no measured latency", "max_ms": value}
    return (turn.latency_ms <= value, latency_score(turn.latency_ms, value),
            {"latency_ms": turn.latency_ms, "max_ms": value})


def _judge_json(value: Any, reply: str, turn: Turn) -> tuple[bool, float, dict[str, Any]]:
    passed, detail = json_verdict(reply, None if value is True else value)
    return passed, 1.0 if passed else 0.0, detail


def _judge_regex(value: Any, reply: str, turn: Turn) -> tuple[bool, float, dict[str, Any]]:
    patterns = _texts(value)
    unmatched = [p for p in patterns if not user_patterns.search(p, reply, ignore_case=True)]
    return (not unmatched, 1 - len(unmatched) / len(patterns),
            {"patterns": patterns, "unmatched": unmatched})


_JUDGES = {
    "contains": _judge_contains,
    "not_contains": _judge_not_contains,
    "max_latency_ms": _judge_latency,
    "json": _judge_json,
    "regex": _judge_regex,
}
