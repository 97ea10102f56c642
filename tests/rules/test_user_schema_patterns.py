"""JSON Schema `pattern`s written by users run on RE2: a catastrophic one judges a short
reply at once, one RE2 cannot run is a params problem naming where it is."""

from __future__ import annotations

import json
import time

from agenteval.rules.model_free.json_extraction import json_verdict
from agenteval.rules.model_free.json_schema import json_schema_verdict, schema_problem


def test_a_catastrophic_pattern_is_judged_in_linear_time() -> None:
    schema = {"type": "object", "properties": {"code": {"type": "string", "pattern": "^(a+)+$"}},
              "patternProperties": {"^(x+)+$": {"type": "integer"}}}
    reply = json.dumps({"code": "a" * 40 + "!", "x" * 40 + "!": "not checked"})
    started = time.perf_counter()
    passed, detail = json_schema_verdict(reply, schema)
    also, _ = json_verdict(reply, schema)
    assert time.perf_counter() - started < 0.5  # Python's re: minutes
    assert not passed and not also
    assert "must match the pattern" in json.dumps(detail)


def test_a_pattern_re2_cannot_run_is_a_schema_problem() -> None:
    problem = schema_problem({"properties": {"a": {"pattern": "(?<=x)y"}}})
    assert problem is not None and "RE2" in problem and ".properties.a.pattern" in problem
    assert schema_problem({"properties": {"a": {"pattern": "^[A-Z]{2}\\d+$"}}}) is None
