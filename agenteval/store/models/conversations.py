"""Logged conversations imported to be judged offline (issue 26 item 2)."""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class ConversationSet(Model):
    """A conversation log as imported: its dialogs (user turns with the logged replies),
    what the import skipped and what it redacted. Stored like a scenario: one JSON column."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    source_format = fields.CharField(max_length=16)
    # [{"id", "turns": [{"user", "reply", "raw"?}], "metadata"}], see engine/catalog/conversation_sets.
    dialogs: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(default=list)
    dialog_count = fields.IntField(default=0)
    turn_count = fields.IntField(default=0)
    total_in_document = fields.IntField(default=0)  # before sampling
    skipped: fields.JSONField[dict[str, int]] = fields.JSONField(default=dict)
    redacted: fields.JSONField[dict[str, int]] = fields.JSONField(default=dict)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "conversation_sets"
