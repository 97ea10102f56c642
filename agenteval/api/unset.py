"""Optional arguments and input fields the client left out (strawberry's UNSET)."""

from typing import Any, TypeVar

from strawberry import UNSET

T = TypeVar("T")


def value(field: T, default: Any = None) -> T | Any:
    """An optional argument's or input field's value, `default` when the client left it out."""
    return default if field is UNSET else field
