"""Each case's success levels over its attempts, per run (CaseOutcome.attemptAgreement)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.engine.static.attempt_levels import LevelsByCase, levels_by_case


def levels_by_run() -> DataLoader[uuid.UUID, LevelsByCase]:
    async def load(keys: list[uuid.UUID]) -> list[LevelsByCase | BaseException]:
        found = await levels_by_case(keys)
        return [found.get(key, {}) for key in keys]

    return DataLoader(load_fn=load, cache=False)  # see batch.py
