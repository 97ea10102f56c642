"""Cases with an origin (drafted from an intelligent eval's finding or session), found by the
database walking the stored JSON: only regression cases carry `origin`, so a run's
snapshot or all scenarios yield a handful of rows without being decoded here.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from tortoise import connections

_RUN_SQLITE = """
SELECT json_extract(c.value, '$.id') AS case_key, json_extract(c.value, '$.origin') AS origin
FROM runs, json_each(runs.cases) AS c
WHERE runs.id = ? AND json_extract(c.value, '$.origin') IS NOT NULL
"""
_RUN_POSTGRES = """
SELECT c.value->>'id' AS case_key, (c.value->'origin')::text AS origin
FROM runs, jsonb_array_elements(runs.cases) AS c(value)
WHERE runs.id = $1 AND c.value->'origin' IS NOT NULL
"""
_EVAL_SQLITE = """
SELECT scenarios.id AS scenario_id, scenarios.name AS scenario_name,
       json_extract(c.value, '$.id') AS case_key, json_extract(c.value, '$.origin') AS origin
FROM scenarios, json_each(scenarios.cases) AS c
WHERE json_extract(c.value, '$.origin.eval_id') = ?
ORDER BY scenarios.created_at, c.key
"""
_EVAL_POSTGRES = """
SELECT scenarios.id AS scenario_id, scenarios.name AS scenario_name,
       c.value->>'id' AS case_key, (c.value->'origin')::text AS origin
FROM scenarios, jsonb_array_elements(scenarios.cases) WITH ORDINALITY AS c(value, n)
WHERE c.value->'origin'->>'eval_id' = $1
ORDER BY scenarios.created_at, c.n
"""


def _postgres() -> bool:
    return bool(connections.get("default").capabilities.dialect == "postgres")


async def origins_in_run(run_id: uuid.UUID) -> dict[str, dict[str, Any]]:
    """Case key → stored origin, for the run's cases that have one; one statement."""
    client = connections.get("default")
    if _postgres():
        rows = await client.execute_query_dict(_RUN_POSTGRES, [run_id])
    else:
        rows = await client.execute_query_dict(_RUN_SQLITE, [str(run_id)])
    return {row["case_key"]: _object(row["origin"]) for row in rows}


async def cases_from_eval(eval_id: uuid.UUID) -> list[dict[str, Any]]:
    """Every scenario case drafted from this eval: scenario id and name, case key, origin."""
    client = connections.get("default")
    sql = _EVAL_POSTGRES if _postgres() else _EVAL_SQLITE
    rows = await client.execute_query_dict(sql, [str(eval_id)])
    return [{"scenario_id": str(row["scenario_id"]), "scenario_name": row["scenario_name"],
             "case_key": row["case_key"], "origin": _object(row["origin"])} for row in rows]


def _object(text: Any) -> dict[str, Any]:
    value = json.loads(text) if isinstance(text, str) else text
    return value if isinstance(value, dict) else {}
