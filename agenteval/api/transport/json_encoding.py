"""JSON in and out of the GraphQL view, for HTTP and websocket messages alike.

Out: always valid JSON, even over a non-finite number stored before it was
refused. Python writes `NaN`/`Infinity` by default, which browsers' JSON.parse
rejects; input now refuses them (api/input_checks.py), but rows stored earlier
(SQLite kept them) must not make every later listing unreadable: they answer
as null.
In: JSON nested past the parser's recursion limit is a JSON error like any
other (a websocket then closes with 4400), not an exception that kills it.
"""

from __future__ import annotations

import json
import math
from typing import Any


def encode_graphql_json(data: object) -> str:
    """Compact JSON of a GraphQL response; non-finite floats become null."""
    try:
        return json.dumps(data, separators=(",", ":"), allow_nan=False)
    except ValueError:
        return json.dumps(_finite(data), separators=(",", ":"), allow_nan=False)


def decode_graphql_json(data: str | bytes) -> object:
    """`json.loads`, with nesting too deep to parse reported as a JSONDecodeError."""
    try:
        return json.loads(data)
    except RecursionError:
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        raise json.JSONDecodeError("JSON nested too deeply", text[:100], 0) from None


class GraphQLJson:
    """Mixin for the GraphQL view: its JSON encoding and decoding."""

    def encode_json(self, data: object) -> str:
        return encode_graphql_json(data)

    def decode_json(self, data: str | bytes) -> object:
        return decode_graphql_json(data)


def _finite(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value
