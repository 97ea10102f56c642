"""docs/run-json.schema.json, generated from the run document's types.

    python -m agenteval.engine.static.run_json_schema > docs/run-json.schema.json

`schema_of` turns the handful of type forms `run_document_shape.py` uses into JSON
Schema (draft 2020-12): str, int, float, bool, None, Any, Literal, a StrEnum, list,
dict, unions with None, `Annotated[..., Json(...)]` and TypedDicts, each TypedDict
once under `$defs` (closed: `additionalProperties: false`, its total keys
required). Anything else raises TypeError: the generator must grow with the shape,
never guess. tests/gate/test_run_json_schema.py checks the committed file is what
this prints.
"""

from __future__ import annotations

import enum
import json
import types
from typing import (
    Annotated,
    Any,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from agenteval.engine.static import run_document_shape as shape

SCHEMA_ID = "https://agenteval.dev/schemas/run-json.schema.json"
TITLE = "agenteval run --json"
DESCRIPTION = (
    "The CI gate's result, one entry per scenario; GET /api/runs/{id}/report.json answers "
    "one entry. Generated from agenteval/engine/static/run_document_shape.py: do not edit. "
    "Field names are the GraphQL contract's (RunSummary, CaseOutcome, Turn, RuleResult). "
    "Each rule's detail is copied verbatim; its keys are the wire formats of the rule "
    "(see docs/rules.md).")
_PLAIN = {str: "string", bool: "boolean", int: "integer", float: "number",
          type(None): "null"}


def run_json_schema() -> dict[str, Any]:
    """The whole schema: an array of `ScenarioEntry`."""
    definitions: dict[str, dict[str, Any]] = {}
    items = schema_of(shape.ScenarioEntry, definitions)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": TITLE, "description": DESCRIPTION, "type": "array", "items": items,
            "$defs": definitions}


def schema_of(annotation: Any, definitions: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The JSON Schema of `annotation`; TypedDicts are added to `definitions`."""
    origin = get_origin(annotation)
    if origin is Annotated:
        inner, *metadata = get_args(annotation)
        schema = schema_of(inner, definitions)
        for marker in metadata:
            if isinstance(marker, shape.Json):
                schema = {**schema, **marker.keywords}
        return schema
    if annotation is Any:
        return {}
    if annotation in _PLAIN:
        return {"type": _PLAIN[annotation]}
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {"enum": [member.value for member in annotation]}
    if origin is Literal:
        values = list(get_args(annotation))
        return {"const": values[0]} if len(values) == 1 else {"enum": values}
    if origin in (Union, types.UnionType):
        return _nullable(annotation, definitions)
    if origin is list:
        [item] = get_args(annotation)
        return {"type": "array", "items": schema_of(item, definitions)}
    if origin is dict:
        return {"type": "object"}  # a rule's detail, a tool call: keys the producer decides
    if is_typeddict(annotation):
        return _definition(annotation, definitions)
    raise TypeError(f"run_json_schema cannot express {annotation!r}")


def _nullable(annotation: Any, definitions: dict[str, dict[str, Any]]) -> dict[str, Any]:
    members = [member for member in get_args(annotation) if member is not type(None)]
    if len(members) != 1 or len(get_args(annotation)) != 2:
        raise TypeError(f"run_json_schema expresses `T | None` only, not {annotation!r}")
    schema = schema_of(members[0], definitions)
    if isinstance(schema.get("type"), str):
        return {**schema, "type": [schema["type"], "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def _definition(typed: Any, definitions: dict[str, dict[str, Any]]) -> dict[str, Any]:
    name = typed.__name__[0].lower() + typed.__name__[1:]
    if name not in definitions:
        definitions[name] = {}  # reserved first: a type that contains itself terminates
        hints = get_type_hints(typed, include_extras=True)
        schema: dict[str, Any] = {"type": "object"}
        if typed.__doc__:
            schema["description"] = " ".join(typed.__doc__.split())
        schema["required"] = [key for key in hints if key in typed.__required_keys__]
        schema["additionalProperties"] = False
        schema["properties"] = {key: schema_of(_required_form(hint), definitions)
                                for key, hint in hints.items()}
        definitions[name] = schema
    return {"$ref": f"#/$defs/{name}"}


def _required_form(hint: Any) -> Any:
    """`NotRequired[T]` as T (whether a key is required is the TypedDict's to say)."""
    while get_origin(hint) is not None and getattr(get_origin(hint), "_name", None) in (
            "NotRequired", "Required"):
        [hint] = get_args(hint)
    return hint


def main() -> None:
    print(json.dumps(run_json_schema(), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
