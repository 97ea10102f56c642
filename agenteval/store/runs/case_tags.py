"""The case tags in a run's snapshot, read by the database without decoding the snapshot here.

A run's `cases` snapshot holds every case (2.5 MB for 10,000 cases); a page of outcomes
needs the tags of fifty of them, and the `tag` filter the keys of the cases carrying one.
Decoding the whole snapshot in Python for that cost ~100 ms per request at 10,000 cases;
the database walks the JSON itself (SQLite's `json_each` on its text, PostgreSQL's
`jsonb_array_elements` on its binary form) and returns only those few values.
Case `position` is the case's index in the snapshot (`run_records.FinishedAttempt`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from tortoise import connections

# Tags of the cases at the given positions ($2: a JSON array of positions, or NULL for all).
_TAGS_SQLITE = """
SELECT json_extract(c.value, '$.id') AS case_key, json_extract(c.value, '$.tags') AS tags
FROM runs, json_each(runs.cases) AS c
WHERE runs.id = ? AND json_extract(c.value, '$.tags') IS NOT NULL
  AND (? IS NULL OR c.key IN (SELECT p.value FROM json_each(?) AS p))
"""
_TAGS_POSTGRES = """
SELECT c.value->>'id' AS case_key, (c.value->'tags')::text AS tags
FROM runs, jsonb_array_elements(runs.cases) WITH ORDINALITY AS c(value, n)
WHERE runs.id = $1 AND c.value->'tags' IS NOT NULL
  AND ($2::bigint[] IS NULL OR c.n - 1 = ANY($2::bigint[]))
"""
# Keys of the cases whose tags hold $2.
_TAGGED_SQLITE = """
SELECT json_extract(c.value, '$.id') AS case_key
FROM runs, json_each(runs.cases) AS c
WHERE runs.id = ? AND EXISTS (SELECT 1 FROM json_each(c.value, '$.tags') AS t
                              WHERE t.type = 'text' AND t.value = ?)
"""
_TAGGED_POSTGRES = """
SELECT c.value->>'id' AS case_key
FROM runs, jsonb_array_elements(runs.cases) AS c(value)
WHERE runs.id = $1 AND jsonb_typeof(c.value->'tags') = 'array'
  AND c.value->'tags' @> jsonb_build_array($2::text)
"""


async def case_tags(run_id: uuid.UUID, positions: Sequence[int] | None = None
                    ) -> dict[str, list[str]]:
    """Case key → tags of the run's cases at `positions` (all of them when None) that have
    tags; one statement."""
    client = connections.get("default")
    if client.capabilities.dialect == "postgres":
        wanted = None if positions is None else [int(p) for p in positions]
        rows = await client.execute_query_dict(_TAGS_POSTGRES, [run_id, wanted])
    else:
        wanted_json = None if positions is None else json.dumps([int(p) for p in positions])
        rows = await client.execute_query_dict(_TAGS_SQLITE,
                                               [str(run_id), wanted_json, wanted_json])
    return {row["case_key"]: _tag_list(row["tags"]) for row in rows}


async def tagged_case_keys(run_id: uuid.UUID, tag: str) -> list[str]:
    """Keys of the run's cases whose tags hold `tag`; one statement."""
    client = connections.get("default")
    if client.capabilities.dialect == "postgres":
        rows = await client.execute_query_dict(_TAGGED_POSTGRES, [run_id, tag])
    else:
        rows = await client.execute_query_dict(_TAGGED_SQLITE, [str(run_id), tag])
    return [row["case_key"] for row in rows]


def _tag_list(text: Any) -> list[str]:
    tags = json.loads(text) if isinstance(text, str) else text
    return list(tags) if isinstance(tags, list) else []
