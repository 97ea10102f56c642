"""A conversation log document read for `importConversations`: the CLI's readers
(domain/logs/conversation_logs.py), sampling and redaction, as the plain dialog documents the
catalog stores (engine/catalog/conversation_sets.py); a document that cannot be read is
VALIDATION_FAILED at `document`, with the line or row the reader names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.domain.logs.conversation_logs import (
    FORMATS,
    LogUnreadable,
    read_conversations,
)
from agenteval.domain.logs.conversation_logs import sample as sample_log
from agenteval.domain.logs.log_redaction import redact
from agenteval.engine.catalog import conversation_sets
from agenteval.errors import ValidationFailed

MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class ReadLog:
    dialogs: list[dict[str, Any]]  # Dialog.document(): {"id", "turns": [...], "metadata"}
    total: int  # conversations with a user message in the document, before sampling
    skipped: dict[str, int]
    redacted: dict[str, int]


def _check_arguments(file_format: str, sample: int | None, seed: int | None,
                     redact_names: list[str]) -> None:
    errors = FieldErrors()
    if file_format not in FORMATS:
        errors.add("format", f"must be one of {', '.join(FORMATS)}")
    if sample is not None and sample < 1:
        errors.add("sample", "must be at least 1")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        errors.add("seed", f"must be between 0 and {MAX_SEED}")
    for index, name in enumerate(redact_names):
        check_text(errors, f"redact[{index}]", name, max_length=MAX_NAME, required=True)
    errors.raise_if_any()


def read_log(document: str, file_format: str, sample: int | None, seed: int | None,
             redact_names: list[str]) -> ReadLog:
    _check_arguments(file_format, sample, seed, redact_names)
    try:
        log = read_conversations(document, file_format)
    except LogUnreadable as exc:
        raise ValidationFailed.one("document", str(exc)) from None
    total = len(log.dialogs)
    log = sample_log(log, sample, seed or 0)
    # Sizes before any scan of the text: redaction's patterns never see an oversized one.
    conversation_sets.check_dialogs([d.document() for d in log.dialogs])
    log, redacted = redact(log, redact_names)
    if not log.dialogs:
        raise ValidationFailed.one("document", "holds no conversation with a user message")
    return ReadLog([d.document() for d in log.dialogs], total, dict(log.skipped),
                   redacted)
