"""GraphQL input types, one module per domain."""

from typing import Any, TypeVar

from strawberry import UNSET

T = TypeVar("T")


def value(field: T, default: Any = None) -> T | Any:
    """An optional input field's value, `default` when the client left it out."""
    return default if field is UNSET else field
