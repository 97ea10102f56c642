"""The error hierarchy that reaches clients: every class maps to one contract ErrorCode."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class AgentEvalError(Exception):
    """An error a client can cause or must know about; never masked."""

    code = "INTERNAL"

    def __init__(self, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    @property
    def extensions(self) -> dict[str, Any]:
        """What graphql-core copies into the GraphQL error's `extensions`."""
        extensions: dict[str, Any] = {"code": self.code}
        if self.details is not None:
            extensions["details"] = self.details
        return extensions


class Unauthenticated(AgentEvalError):
    code = "UNAUTHENTICATED"


class Forbidden(AgentEvalError):
    code = "FORBIDDEN"


class NotFound(AgentEvalError):
    code = "NOT_FOUND"


class FieldError(dict[str, str]):
    """One bad field of a VALIDATION_FAILED error: {"path": ..., "message": ...}."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(path=path, message=message)


class ValidationFailed(AgentEvalError):
    """Bad input; `details` lists every bad field as {"path", "message"}."""

    code = "VALIDATION_FAILED"

    def __init__(self, errors: Iterable[dict[str, str]], message: str | None = None) -> None:
        errors = [FieldError(e["path"], e["message"]) for e in errors]
        summary = "; ".join(f"{e['path']}: {e['message']}" for e in errors[:5])
        if len(errors) > 5:
            summary += f"; and {len(errors) - 5} more"
        super().__init__(message or f"invalid input: {summary}", errors)
        self.errors = errors

    @classmethod
    def one(cls, path: str, message: str) -> ValidationFailed:
        return cls([FieldError(path, message)])


class InvalidTransition(AgentEvalError):
    code = "INVALID_TRANSITION"

    def __init__(self, message: str, status: str, allowed: list[str]) -> None:
        super().__init__(message, {"status": status, "allowed": allowed})


class Conflict(AgentEvalError):
    code = "CONFLICT"


class BudgetExceeded(AgentEvalError):
    code = "BUDGET_EXCEEDED"


class TargetError(AgentEvalError):
    code = "TARGET_ERROR"


class ModelError(AgentEvalError):
    code = "MODEL_ERROR"


class RateLimited(AgentEvalError):
    code = "RATE_LIMITED"


class Unavailable(AgentEvalError):
    """The part of the service that handles this entity is restarting: try again shortly.

    Retrying the same request (with the same idempotency key) after a few seconds
    is safe and is expected to succeed. Causes that a retry cannot cure answer
    with their own code instead (e.g. TARGET_ERROR for a broken target config).
    """

    code = "UNAVAILABLE"

    def __init__(self, message: str = "temporarily unavailable; try again shortly",
                 details: Any = None, reason: str | None = None) -> None:
        super().__init__(message, details)
        self.reason = reason  # what is away ("database"), when known

    @property
    def extensions(self) -> dict[str, Any]:
        extensions = super().extensions
        if self.reason is not None:
            extensions["reason"] = self.reason
        return extensions

