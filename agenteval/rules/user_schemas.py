"""JSON Schemas written by users, validated with their `pattern`s on RE2.

jsonschema's `pattern` and `patternProperties` call Python's backtracking `re.search`:
a user's schema with `"pattern": "(a+)+$"` would freeze the event loop on a short
reply. `UserSchemaValidator` is Draft 2020-12 with those two keywords matched by
`user_patterns` (linear time); `pattern_problems` names the patterns RE2 refuses, so a
scenario carrying one is refused when it is saved.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators

from agenteval.rules import user_patterns


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not user_patterns.search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, properties: dict[str, Any], instance: Any,
                        schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in properties.items():
        for key, value in instance.items():
            if user_patterns.search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


# A Draft202012Validator subclass in all but name (jsonschema's `extend` is untyped).
UserSchemaValidator: type[Draft202012Validator] = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {"pattern": _pattern, "patternProperties": _pattern_properties})


def pattern_problems(schema: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path in the schema, message) of every `pattern` / `patternProperties` key RE2
    cannot run (iterative over the schema's nesting)."""
    pending: list[tuple[Any, str]] = [(schema, path)]
    while pending:
        node, where = pending.pop()
        if isinstance(node, dict):
            pattern = node.get("pattern")
            if isinstance(pattern, str):
                problem = user_patterns.pattern_problem(pattern)
                if problem:
                    yield f"{where}.pattern", problem
            properties = node.get("patternProperties")
            if isinstance(properties, dict):
                for key in properties:
                    problem = user_patterns.pattern_problem(key)
                    if problem:
                        yield f"{where}.patternProperties[{key!r}]", problem
            pending.extend((value, f"{where}.{key}") for key, value in node.items())
        elif isinstance(node, list):
            pending.extend((value, f"{where}[{index}]") for index, value in enumerate(node))
