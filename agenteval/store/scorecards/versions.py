"""Scorecard and word-library versions on the database, handed out as frozen records.

A `name@version` is unique: `create_*` returns None when another writer stored that ref
first (the caller re-reads it and compares content hashes).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from agenteval.store.models import ScorecardRecord, WordLibraryRecord


@dataclass(frozen=True)
class StoredScorecard:
    id: uuid.UUID
    name: str
    version: int
    content_hash: str
    document: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class StoredWordLibrary:
    id: uuid.UUID
    name: str
    version: int
    content_hash: str
    words: list[str]
    created_at: datetime


def _scorecard(row: ScorecardRecord) -> StoredScorecard:
    return StoredScorecard(id=row.id, name=row.name, version=row.version,
                           content_hash=row.content_hash, document=row.document,
                           created_at=row.created_at)


def _library(row: WordLibraryRecord) -> StoredWordLibrary:
    return StoredWordLibrary(id=row.id, name=row.name, version=row.version,
                             content_hash=row.content_hash, words=row.words,
                             created_at=row.created_at)


async def scorecard(name: str, version: int) -> StoredScorecard | None:
    row = await ScorecardRecord.get_or_none(name=name, version=version)
    return None if row is None else _scorecard(row)


async def create_scorecard(name: str, version: int, content_hash: str,
                           document: dict[str, Any]) -> StoredScorecard | None:
    """The new version, or None when the ref was stored meanwhile (unique name+version)."""
    try:
        return _scorecard(await ScorecardRecord.create(
            name=name, version=version, content_hash=content_hash, document=document))
    except IntegrityError:
        return None


async def scorecards(name: str | None = None) -> list[StoredScorecard]:
    """Every version (or one name's), by name then newest version first."""
    query = ScorecardRecord.all() if name is None else ScorecardRecord.filter(name=name)
    return [_scorecard(row) for row in await query.order_by("name", "-version")]


async def word_library(name: str, version: int) -> StoredWordLibrary | None:
    row = await WordLibraryRecord.get_or_none(name=name, version=version)
    return None if row is None else _library(row)


async def create_word_library(name: str, version: int, content_hash: str,
                              words: list[str]) -> StoredWordLibrary | None:
    """The new version, or None when the ref was stored meanwhile (unique name+version)."""
    try:
        return _library(await WordLibraryRecord.create(
            name=name, version=version, words=words, content_hash=content_hash))
    except IntegrityError:
        return None


async def word_libraries(name: str | None = None) -> list[StoredWordLibrary]:
    """Every version (or one name's), by name then newest version first."""
    query = WordLibraryRecord.all() if name is None else WordLibraryRecord.filter(name=name)
    return [_library(row) for row in await query.order_by("name", "-version")]
