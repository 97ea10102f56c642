"""The one error a model call ends in: classified, readable, safe to show."""

from __future__ import annotations

from typing import Literal

from agenteval.errors import ModelError
from agenteval.logs import redact

ModelErrorKind = Literal["timeout", "connection", "http_status", "bad_response", "invalid_output",
                         "cut"]


class ModelCallError(ModelError):
    """A model call that failed after its retries; callers turn it into a MODEL_ERROR result.

    `kind`: timeout, connection, http_status (`status` set), bad_response (the
    server's answer is not what the OpenAI API returns) or invalid_output (the
    model's answer did not match the schema, even after the corrective retry) or cut (the
    answer stopped at max_tokens, finish_reason `length`, before its JSON was complete).
    The message names role, model and base URL, never the API key.
    """

    def __init__(self, kind: ModelErrorKind, message: str, status: int | None = None) -> None:
        # Stored with results and reports: secret-looking values never in it (callers
        # that know the endpoint also mask its own secrets: ModelEndpoint.masked).
        message = redact(message)
        super().__init__(message, {"kind": kind, "status": status})
        self.kind: ModelErrorKind = kind
        self.status = status
