"""The success level of every attempt of a run's cases (agreement across attempts)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from agenteval.store.runs.outcome_reads import success_levels

LevelsByCase = dict[str, list[str]]


async def levels_by_case(run_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, LevelsByCase]:
    """For each run, each case's success levels in attempt order (one statement)."""
    rows = await success_levels(run_ids)
    found: dict[uuid.UUID, LevelsByCase] = {}
    for row in rows:
        found.setdefault(row["run_id"], {}).setdefault(row["case_key"], []).append(
            row["success_level"])
    return found
