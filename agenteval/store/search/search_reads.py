"""Ranked search results, one per conversation: its best-matching message and how many
of its messages matched. One statement on each backend.

Every query word must be in a message (AND), each as a prefix (refund finds refunds,
退款 finds 退款单), over the words segmented at write time. Ranking: bm25 on SQLite
(FTS5's `rank`, negated so larger is better), `ts_rank` on PostgreSQL. A conversation
ranks by its best message; ties by the order of indexing. Pages are offsets into that
order (search results are read, not walked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tortoise import connections

# {hits} selects (id, kind, conversation_key, position, score) of the matching documents.
_GROUPED = """
WITH hits AS ({hits}),
ranked AS (
    SELECT id, score,
           count(*) OVER (PARTITION BY kind, conversation_key) AS matches,
           row_number() OVER (PARTITION BY kind, conversation_key
                              ORDER BY score DESC, position, id) AS place
    FROM hits
),
best AS (
    SELECT id, score, matches, count(*) OVER () AS total
    FROM ranked WHERE place = 1
    ORDER BY score DESC, id LIMIT {limit} OFFSET {offset}
)
SELECT d.kind, d.owner_id, d.conversation_key, d.position, d.role, d.content,
       best.score, best.matches, best.total
FROM best JOIN search_documents d ON d.id = best.id
ORDER BY best.score DESC, d.id
"""

_HITS_SQLITE = """
SELECT d.id, d.kind, d.conversation_key, d.position, -bm25(search_words) AS score
FROM search_words JOIN search_documents d ON d.id = search_words.rowid
WHERE search_words MATCH ? AND d.kind IN ({kinds})
"""

_HITS_POSTGRES = """
SELECT d.id, d.kind, d.conversation_key, d.position, ts_rank(d.words, q.query) AS score
FROM search_documents d, (SELECT to_tsquery('simple', $1) AS query) q
WHERE d.words @@ q.query AND d.kind = ANY($2::text[])
"""


@dataclass(frozen=True)
class SearchHit:
    kind: str
    owner_id: str
    conversation_key: str
    position: int
    role: str
    content: str
    score: float
    matches: int


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
    if client.capabilities.dialect == "postgres":
        sql = _GROUPED.format(hits=_HITS_POSTGRES, **bounds)
        rows = await client.execute_query_dict(sql, [tsquery(words), list(kinds)])
    else:
        hits = _HITS_SQLITE.format(kinds=", ".join("?" for _ in kinds))
        sql = _GROUPED.format(hits=hits, **bounds)
        rows = await client.execute_query_dict(sql, [fts5_query(words), *kinds])
    found = [SearchHit(row["kind"], row["owner_id"], row["conversation_key"],
                       int(row["position"]), row["role"], row["content"], float(row["score"]),
                       int(row["matches"])) for row in rows]
    return SearchPage(found, int(rows[0]["total"]) if rows else 0)
