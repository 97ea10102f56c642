"""The origins of a run's regression cases, by case key, per run (CaseOutcome.origin)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.domain.judging.case_origin import CaseOrigin
from agenteval.engine.static.regression_origins import run_origins


def origins_by_run() -> DataLoader[uuid.UUID, dict[str, CaseOrigin]]:
    async def load(keys: list[uuid.UUID]) -> list[dict[str, CaseOrigin] | BaseException]:
        # One statement per run: a page of outcomes belongs to one run.
        return [await run_origins(key) for key in keys]

    return DataLoader(load_fn=load, cache=False)  # see batch.py
