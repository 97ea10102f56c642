"""A strawberry output object as the JSON its GraphQL selection of every field would give.

For a big list that a client reads whole (a 1,000-case scenario in the editor), executing
~90,000 fields one by one costs the server more than half a second; the same values
returned as one JSON leaf cost a few milliseconds. Fields with resolvers are left out (the
caller fills them in, batched), enums are written by name as GraphQL does, and names are
camelCase as the schema's.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from strawberry.utils.str_converters import to_camel_case

# Values that are their own JSON, tested by exact type before any call: a 1,000-case scenario
# has ~90,000 values, most of them these; a call for each was about half of output_json's time.
# (A dict is a JSON scalar's value, written as it is.)
_AS_IS: frozenset[type] = frozenset({str, int, float, bool, type(None), dict})


def output_json(value: Any) -> Any:
    kind = type(value)
    if kind in _AS_IS:
        return value
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, list):
        return [item if type(item) in _AS_IS else output_json(item) for item in value]
    names = _names(kind)
    if names is None:
        return value
    out = {}
    for attribute, name in names:
        item = getattr(value, attribute)
        out[name] = item if type(item) in _AS_IS else output_json(item)
    return out


_NAMES: dict[type, tuple[tuple[str, str], ...] | None] = {}


def _names(kind: type) -> tuple[tuple[str, str], ...] | None:
    """(attribute, GraphQL name) of a strawberry type's plain fields; None for other types."""
    if kind not in _NAMES:
        definition = getattr(kind, "__strawberry_definition__", None)
        _NAMES[kind] = None if definition is None else tuple(
            (field.python_name, field.graphql_name or to_camel_case(field.python_name))
            for field in definition.fields if field.base_resolver is None)
    return _NAMES[kind]
