"""compareRuns: two stored runs side by side (the pure comparison is domain/run_comparison)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from agenteval.domain.judging.fingerprints import case_hash
from agenteval.domain.static.run_comparison import Comparison, RunSide, compare_runs
from agenteval.engine.static.run_reports import StoredOutcome, stored_outcomes, summary_of
from agenteval.errors import NotFound
from agenteval.store.runs.run_reads import Run, find_run, side_names

AttemptKey = tuple[str, int]


@dataclass(frozen=True)
class StoredComparison:
    base: Run
    head: Run
    comparison: Comparison
    base_outcomes: dict[AttemptKey, StoredOutcome]
    head_outcomes: dict[AttemptKey, StoredOutcome]


async def get_run(run_id: uuid.UUID) -> Run:
    run = await find_run(run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist")
    return run


async def _side(run: Run) -> tuple[RunSide, dict[AttemptKey, StoredOutcome]]:
    stored = await stored_outcomes(run)
    names = await side_names(run)
    label = f"{names.target_name or 'target'} ({str(run.id)[:8]})"
    scenario = (f"{names.scenario_name} ({str(names.scenario_id)[:8]})"
                if names.scenario_id is not None else None)
    side = RunSide(run_id=str(run.id), label=label, summary=await summary_of(run),
                   outcomes=[s.view for s in stored], scenario=scenario,
                   case_hashes={str(case["id"]): case_hash(case) for case in run.cases})
    return side, {(s.view["case_key"], s.view["attempt"]): s for s in stored}


async def compare_stored_runs(base_run_id: uuid.UUID, head_run_id: uuid.UUID
                              ) -> StoredComparison:
    base = await get_run(base_run_id)
    head = await get_run(head_run_id)
    base_side, base_outcomes = await _side(base)
    head_side, head_outcomes = await _side(head)
    return StoredComparison(base, head, compare_runs(base_side, head_side),
                            base_outcomes, head_outcomes)
