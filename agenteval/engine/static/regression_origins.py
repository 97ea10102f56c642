"""Where a run's regression cases came from: their origins in the run's snapshot and the
evals they name (for the run report's "finding #3 of eval X: fixed / still failing")."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence

from agenteval.domain.judging.case_origin import CaseOrigin, origin_from_document
from agenteval.domain.regression.regression_report import OriginEval, run_regression_section
from agenteval.domain.static.run_views import OutcomeView
from agenteval.store.runs.case_origins import origins_in_run
from agenteval.store.runs.run_reads import eval_reports


async def run_origins(run_id: uuid.UUID) -> dict[str, CaseOrigin]:
    """Case key → origin, for the run's cases drafted from an eval."""
    found = await origins_in_run(run_id)
    return {key: origin for key, document in found.items()
            if (origin := _origin(document)) is not None}


def _origin(document: dict[str, object]) -> CaseOrigin | None:
    return origin_from_document(document) if document.get("eval_id") else None


async def origin_evals(eval_ids: Iterable[str]) -> dict[str, OriginEval]:
    """Eval id → its name and finding titles; evals deleted since are left out."""
    ids = []
    for text in set(eval_ids):
        try:
            ids.append(uuid.UUID(text))
        except ValueError:
            continue
    if not ids:
        return {}
    rows = await eval_reports(ids)
    return {str(row["id"]): OriginEval(row["name"], [
        str(f.get("issue", "")) for f in (row["report"] or {}).get("findings") or []])
        for row in rows}


async def regression_markdown(run_id: uuid.UUID, outcomes: Sequence[OutcomeView]) -> str:
    """The run report's `## Regression cases` section ('' when the run has none)."""
    origins = await run_origins(run_id)
    if not origins:
        return ""
    evals = await origin_evals(origin.eval_id for origin in origins.values())
    return run_regression_section(origins, evals, outcomes)
