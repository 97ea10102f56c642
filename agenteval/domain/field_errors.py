"""The one collector of bad input fields, behind every VALIDATION_FAILED error.

Validators walk the input once and `add` every problem with its path in the
client's own names (`input.cases[3].evalRules[1].params.minScore`); the caller
raises once at the end, so the client sees all of them together. It is a list of
`{"path", "message"}` entries, so checks written against a plain list (and
`ValidationFailed`) take it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable

from agenteval.errors import FieldError, ValidationFailed


class FieldErrors(list[dict[str, str]]):
    """Collected `{"path", "message"}` entries of one input; true when any were added."""

    def add(self, path: str, message: str) -> None:
        """Record that the field at `path` is wrong, and why."""
        self.append(FieldError(path, message))

    def add_all(self, problems: Iterable[dict[str, str]]) -> None:
        """Record problems another check returned (each has `path` and `message`)."""
        for problem in problems:
            self.add(problem["path"], problem["message"])

    def raise_if_any(self) -> None:
        """ValidationFailed listing every recorded problem, when there is one."""
        if self:
            raise ValidationFailed(self)
