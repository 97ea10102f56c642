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
from tortoise.expressions import RawSQL

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


# An outcome carries `tag`: its stored tags (0017) hold it, or, for a row written before
# (tags null), the run's snapshot says its case does. CASE: the snapshot is only walked
# for such rows (its uncorrelated subquery runs at its first use, if any).
_HAS_TAG_SQLITE = """(CASE WHEN "case_outcomes"."tags" IS NOT NULL THEN EXISTS (
  SELECT 1 FROM json_each("case_outcomes"."tags") AS t WHERE t.type = 'text' AND t.value = {tag})
ELSE "case_outcomes"."case_key" IN (
  SELECT json_extract(c.value, '$.id') FROM runs, json_each(runs.cases) AS c
  WHERE runs.id = '{run_id}' AND EXISTS (SELECT 1 FROM json_each(c.value, '$.tags') AS t
                                        WHERE t.type = 'text' AND t.value = {tag})) END)"""
_HAS_TAG_POSTGRES = """(CASE WHEN "case_outcomes"."tags" IS NOT NULL
  THEN "case_outcomes"."tags" @> jsonb_build_array({tag}::text)
ELSE "case_outcomes"."case_key" IN (
  SELECT c.value->>'id' FROM runs, jsonb_array_elements(runs.cases) AS c(value)
  WHERE runs.id = '{run_id}'::uuid AND jsonb_typeof(c.value->'tags') = 'array'
    AND c.value->'tags' @> jsonb_build_array({tag}::text)) END)"""


def has_tag(run_id: uuid.UUID, tag: str) -> RawSQL:
    """A condition on a run's outcomes: the outcome's case carries `tag`, read from the
    outcome's own `tags` column (no walk over the snapshot for rows that have it).

    Inlined as literals (RawSQL takes no parameters): the run id is a UUID, and the tag a
    standard SQL string literal, quotes doubled (both databases treat backslashes in it
    literally); a tag with NUL, which neither database stores, matches nothing."""
    if "\x00" in tag:
        return RawSQL("(1 = 0)")
    literal = "'" + tag.replace("'", "''") + "'"
    dialect = connections.get("default").capabilities.dialect
    template = _HAS_TAG_POSTGRES if dialect == "postgres" else _HAS_TAG_SQLITE
    return RawSQL(template.format(tag=literal, run_id=uuid.UUID(str(run_id))))


def _tag_list(text: Any) -> list[str]:
    tags = json.loads(text) if isinstance(text, str) else text
    return list(tags) if isinstance(tags, list) else []
