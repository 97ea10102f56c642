"""`search`: full-text search over transcripts and replies (issue 41)."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.types import Info

from agenteval.api.pagination import Connection, connection_from_items, decode_cursor, page_size
from agenteval.api.permissions import CanRead
from agenteval.api.types.search import SearchHit, SearchKind
from agenteval.api.unset import value
from agenteval.errors import ValidationFailed
from agenteval.store.search import documents, segmenter
from agenteval.store.search.labels import labels
from agenteval.store.search.search_reads import search

MAX_QUERY_CHARS = 200
MAX_WORDS = 16

# What each role may search: INGEST reads nothing (CanRead refuses it before this).
READABLE_KINDS: dict[str, tuple[str, ...]] = {
    role: documents.KINDS for role in ("ADMIN", "OPERATOR", "AGENT", "VIEWER")}


async def query_words(query: str) -> list[str]:
    """The query's words, or VALIDATION_FAILED when there is nothing to search for."""
    text = query.strip()
    if not text:
        raise ValidationFailed.one("query", "must not be empty")
    if len(text) > MAX_QUERY_CHARS:
        raise ValidationFailed.one("query", f"must be at most {MAX_QUERY_CHARS} characters")
    await segmenter.ready()
    words = segmenter.query_words(text)
    if not words:
        raise ValidationFailed.one("query", "has no word to search for (letters or digits)")
    if len(words) > MAX_WORDS:
        raise ValidationFailed.one("query", f"must have at most {MAX_WORDS} words")
    return words


@strawberry.type
class SearchQueries:
    @strawberry.field(permission_classes=[CanRead], description=(
        "Conversations whose messages contain every word of `query` (Chinese segmented into "
        "words), one hit per conversation: most matching messages first, then the newest; "
        "`kinds` narrows what is searched."))
    async def search(self, info: Info, query: str, kinds: list[SearchKind] | None = UNSET,
                     first: int | None = 20, after: str | None = UNSET
                     ) -> Connection[SearchHit]:
        words = await query_words(query)
        size = page_size(first, 20)
        start = decode_cursor(after)
        key = await info.context.api_key()
        readable = READABLE_KINDS.get(key.role, ()) if key is not None else ()
        asked = value(kinds)
        wanted = [k for k in readable if asked is None or SearchKind(k) in asked]
        page = await search(words, wanted, start, size)
        named = await labels(page.hits)
        return connection_from_items(
            page.hits, start, page.total,
            lambda hit: SearchHit.from_stored(hit, words,
                                              named.titles.get((hit.kind, hit.conversation_key)),
                                              named.cases.get(hit.conversation_key)))
