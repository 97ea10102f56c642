"""Scorecard and WordLibrary (QA, 质检): named, versioned, content-hashed, immutable versions."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.store.scorecards.versions import StoredScorecard, StoredWordLibrary


@strawberry.type(description="One version of a QA scorecard (docs/scorecards.md); a case or "
                             "monitor refers to it as `ref` (name@version).")
class Scorecard:
    id: strawberry.ID
    name: str
    version: int
    ref: str = strawberry.field(description="name@version, as a `scorecard` rule names it.")
    content_hash: str = strawberry.field(description="sha256 of the canonical document: a "
                                                     "result scored with it records this hash.")
    item_count: int
    document: JSON = strawberry.field(description="The scorecard as stored (JSON).")
    created_at: datetime

    @classmethod
    def from_row(cls, row: StoredScorecard) -> Scorecard:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, version=row.version,
                   ref=f"{row.name}@{row.version}", content_hash=row.content_hash,
                   item_count=len(row.document.get("items") or []), document=JSON(row.document),
                   created_at=row.created_at)


@strawberry.type(description="One version of a word library (sensitive / forbidden words), "
                             "referred to as `ref` by qa_word_library rules.")
class WordLibrary:
    id: strawberry.ID
    name: str
    version: int
    ref: str
    content_hash: str
    word_count: int
    created_at: datetime
    row: strawberry.Private[StoredWordLibrary]

    @strawberry.field(description="The words, in their stored order (at most `first`).")
    def words(self, first: int = 100) -> list[str]:
        return list(self.row.words[:max(0, min(first, 10_000))])

    @classmethod
    def from_row(cls, row: StoredWordLibrary) -> WordLibrary:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, version=row.version,
                   ref=f"{row.name}@{row.version}", content_hash=row.content_hash,
                   word_count=len(row.words), created_at=row.created_at, row=row)
