"""Search results, one per conversation: the conversations whose messages contain every
query word, most matching messages first, then the most recently indexed; each shown at
its first matching message. One statement on each backend.

Every query word must be in a message (AND), each as a prefix (refund finds refunds,
退款 finds 退款单), over the words segmented at write time.

Why not bm25 / ts_rank: scoring is computed for every matching message before any can be
ranked — at 100,000 turns a common two-character word matches ~14,000 of them, and the
scores alone cost SQLite ~70 ms and PostgreSQL a read of every match's tsvector
(docs/performance.md). Messages are one chat turn each, short and alike in length, so a
conversation that says the words in more messages is the better answer, and counting is
what grouping does anyway. Matches are grouped by `conversation_no` (a number standing for
kind and conversation); SQLite reads it from a covering index (`idx_search_documents_group`,
forced: the planner otherwise takes the wide rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tortoise import connections

from agenteval.store.search.documents import KINDS

# {hits} selects (id, conversation_no) of the matching documents.
_GROUPED = """
WITH hits AS ({hits}),
grouped AS (
    SELECT count(*) AS matches, min(id) AS first_id, max(id) AS last_id
    FROM hits GROUP BY conversation_no
),
page AS (
    SELECT first_id, matches, last_id, count(*) OVER () AS total
    FROM grouped ORDER BY matches DESC, last_id DESC LIMIT {limit} OFFSET {offset}
)
SELECT d.kind, d.owner_id, d.conversation_key, d.source_key, d.position, d.role, d.content,
       page.matches, page.total
FROM page JOIN search_documents d ON d.id = page.first_id
ORDER BY page.matches DESC, page.last_id DESC
"""

_HITS_SQLITE = """
SELECT d.id, d.conversation_no
FROM search_words
JOIN search_documents d INDEXED BY idx_search_documents_group ON d.id = search_words.rowid
WHERE search_words MATCH ?{kinds}
"""

_HITS_POSTGRES = """
SELECT id, conversation_no FROM search_documents
WHERE words @@ to_tsquery('simple', $1){kinds}
"""


@dataclass(frozen=True)
class SearchHit:
    kind: str
    owner_id: str
    conversation_key: str
    position: int  # of the conversation's first matching message
    role: str
    content: str
    matches: int
    source_key: str = ""  # the message's own key (documents.py): MONITORED "<conversation>:<its key>"


@dataclass(frozen=True)
class SearchPage:
    hits: list[SearchHit]
    total: int  # conversations matched (0 when the page is past the end)


def fts5_query(words: Sequence[str]) -> str:
    """Every word as a quoted prefix (words are letters and digits: nothing to escape)."""
    return " ".join(f'"{word}"*' for word in words)


def tsquery(words: Sequence[str]) -> str:
    return " & ".join(f"'{word}':*" for word in words)


async def search(words: Sequence[str], kinds: Sequence[str], offset: int, limit: int
                 ) -> SearchPage:
    """The page of conversations whose messages contain every word (segmenter.query_words)."""
    if not words or not kinds or limit <= 0:
        return SearchPage([], 0)
    client = connections.get("default")
    bounds = {"limit": int(limit), "offset": int(offset)}
    narrowed = set(kinds) != set(KINDS)  # no filter at all when every kind is asked for
    if client.capabilities.dialect == "postgres":
        hits = _HITS_POSTGRES.format(kinds=" AND kind = ANY($2::text[])" if narrowed else "")
        rows = await client.execute_query_dict(
            _GROUPED.format(hits=hits, **bounds),
            [tsquery(words), *([list(kinds)] if narrowed else [])])
    else:
        marks = ", ".join("?" for _ in kinds)
        hits = _HITS_SQLITE.format(kinds=f" AND d.kind IN ({marks})" if narrowed else "")
        rows = await client.execute_query_dict(
            _GROUPED.format(hits=hits, **bounds),
            [fts5_query(words), *(kinds if narrowed else [])])
    found = [SearchHit(row["kind"], row["owner_id"], row["conversation_key"],
                       int(row["position"]), row["role"], row["content"], int(row["matches"]),
                       row["source_key"])
             for row in rows]
    return SearchPage(found, int(rows[0]["total"]) if rows else 0)
