"""The one collector of bad input fields."""

from __future__ import annotations

import pytest

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import check_text
from agenteval.errors import ValidationFailed


def test_nothing_collected_raises_nothing() -> None:
    errors = FieldErrors()
    assert not errors
    errors.raise_if_any()


def test_every_collected_problem_is_raised_at_once_in_order() -> None:
    errors = FieldErrors()
    errors.add("input.name", "is required")
    errors.add_all([{"path": "input.cases[0].key", "message": "must be a non-empty string"}])
    check_text(errors, "input.description", "x" * 20_000)  # a check written for a plain list
    with pytest.raises(ValidationFailed) as raised:
        errors.raise_if_any()
    assert [(e["path"], e["message"]) for e in raised.value.errors] == [
        ("input.name", "is required"),
        ("input.cases[0].key", "must be a non-empty string"),
        ("input.description", "is 20000 characters long; the limit is 10000"),
    ]
