"""Conversation sets: logged conversations imported to be judged offline (issue 26 item 2).

A set is stored like a scenario: its dialogs in one JSON column, each
`{"id", "turns": [{"user", "reply", "raw"?, "tool_calls"?, "latency_ms"?}], "metadata"}`, already checked against
the input limits. The API reads the document with the CLI's readers
(api/inputs/conversation_documents.py: jsonl, openai, csv, sampled and redacted the same way);
nothing is stored when anything is wrong (VALIDATION_FAILED).
"""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain import limits
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.errors import NotFound
from agenteval.store.catalog import conversation_sets as stored_sets
from agenteval.store.catalog.conversation_sets import ConversationSet
from agenteval.store.search import index_writes as search_index


def check_dialogs(dialogs: list[dict[str, Any]], errors: FieldErrors | None = None) -> None:
    """Every dialog within the limits a scenario's cases have: refused, never cut. Cheap
    (lengths only), so callers run it before anything scans the text (redaction)."""
    errors = errors if errors is not None else FieldErrors()
    most = limits.current().cases
    if len(dialogs) > most:
        errors.add("document", f"has {len(dialogs)} conversations; at most {most} are "
                   "allowed (AGENTEVAL_MAX_CASES): import a sample of them (`sample`) or "
                   "split the log")
        errors.raise_if_any()
    reply_limit = limits.current().reply_chars
    for index, dialog in enumerate(dialogs):
        path = f"document.conversations[{index}]"
        check_text(errors, f"{path}.id", dialog["id"], max_length=MAX_NAME, required=True)
        for turn, logged in enumerate(dialog["turns"]):
            limits.check_message(errors, f"{path}.turns[{turn}].user", logged["user"])
            check_text(errors, f"{path}.turns[{turn}].reply", logged["reply"],
                       max_length=reply_limit)
            if "tool_calls" in logged:
                limits.check_json_size(errors, f"{path}.turns[{turn}].tool_calls",
                                       logged["tool_calls"])
        limits.check_json_size(errors, f"{path}.metadata", dialog["metadata"])
    errors.raise_if_any()


def _check(name: str | None, dialogs: list[dict[str, Any]]) -> None:
    """The name, and every dialog within the limits."""
    errors = FieldErrors()
    check_text(errors, "name", name, max_length=MAX_NAME)
    if name is not None and not name.strip():
        errors.add("name", "must not be blank")
    check_dialogs(dialogs, errors)


async def store_conversation_set(name: str | None, file_format: str,
                                 dialogs: list[dict[str, Any]], total: int,
                                 skipped: dict[str, int], redacted: dict[str, int]
                                 ) -> ConversationSet:
    """Store a read log's dialogs (api/inputs/conversation_documents.py); nothing on error."""
    _check(name, dialogs)
    for dialog in dialogs:
        for logged in dialog["turns"]:
            if "raw" in logged:  # kept whole when it fits the stored-reply limit
                logged["raw"] = limits.bounded_raw(logged["raw"])
    stored = await stored_sets.create(
        name=(name or f"{file_format} log of {total} conversations").strip(),
        source_format=file_format, dialogs=dialogs, dialog_count=len(dialogs),
        turn_count=sum(len(d["turns"]) for d in dialogs), total_in_document=total,
        skipped=skipped, redacted=redacted)
    search_index.conversation_set_written(stored.id, dialogs)
    return stored


async def get_conversation_set(set_id: uuid.UUID, path: str = "id") -> ConversationSet:
    found = await stored_sets.find(set_id)
    if found is None:
        raise NotFound(f"conversation set {set_id} does not exist", {"path": path})
    return found


async def delete_conversation_set(set_id: uuid.UUID) -> str:
    """The set goes; runs that judged it keep their own copy of its dialogs."""
    found = await get_conversation_set(set_id)
    await search_index.conversation_set_deleted(found.id)
    await stored_sets.remove(found)
    return str(found.id)
