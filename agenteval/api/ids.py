"""Ids as the API receives them: text that must be a UUID, checked at the edge."""

from __future__ import annotations

import uuid

from agenteval.errors import ValidationFailed


def parse_id(value: str, path: str = "id") -> uuid.UUID:
    """The UUID in `value`, or VALIDATION_FAILED naming the argument's `path`."""
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise ValidationFailed.one(path, "is not a valid id") from None
