"""Responses are always valid JSON, even over a non-finite number stored before it was refused.

Python writes `NaN`/`Infinity` by default, which browsers' JSON.parse rejects;
input now refuses them (api/input_checks.py), but rows stored earlier (SQLite
kept them) must not make every later listing unreadable: they answer as null.
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


def _finite(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value
