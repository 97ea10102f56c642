"""Texts made storable before they reach a database (a minimal sanitiser).

PostgreSQL refuses NUL in text and `\\u0000` in JSONB, and neither backend can encode a
lone UTF-16 surrogate (JSON allows `"\\ud800"`). Each is replaced by U+FFFD, so the
stored text keeps its length and shape. Linear in the input.

The hard-to-break issue is writing the project's shared sanitiser; until it is on main,
monitoring uses this one (noted for the lead in the issue's report).
"""

from __future__ import annotations

import re
from typing import Any

REPLACEMENT = "\ufffd"
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> str:
    """`text` with NUL and lone surrogates replaced."""
    return _UNSTORABLE.sub(REPLACEMENT, text)


def storable_json(value: Any) -> Any:
    """A JSON value with every string (keys included) made storable."""
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, list):
        return [storable_json(item) for item in value]
    if isinstance(value, dict):
        return {storable(str(key)): storable_json(item) for key, item in value.items()}
    return value
