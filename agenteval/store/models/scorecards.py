"""Scorecards and word libraries (QA, 质检): named, versioned, immutable once stored.

A version is never edited in place — editing a scorecard saves the next version — so a
result scored with `name@version` (its detail records the ref and the content hash) is
never rescored silently.
"""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class ScorecardRecord(Model):
    """One version of a scorecard: its document as written (validated) and content hash."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=80)
    version = fields.IntField()
    content_hash = fields.CharField(max_length=71)
    document: fields.JSONField[dict[str, Any]] = fields.JSONField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "scorecards"
        unique_together = (("name", "version"),)


class WordLibraryRecord(Model):
    """One version of a word library (sensitive / forbidden words)."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=80)
    version = fields.IntField()
    content_hash = fields.CharField(max_length=71)
    words: fields.JSONField[list[str]] = fields.JSONField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "word_libraries"
        unique_together = (("name", "version"),)
