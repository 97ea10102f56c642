"""Re-judging reviewed items with one judge model and one examples overlay.

Each item's transcript becomes a dialog (user messages and the agent's replies up to the
judged turn) and its rule is run exactly as a run would, with the configured JUDGE client
and the given revision overlay. A result that could not be judged is None: it is left out
of the measurement, never counted as a pass or a fail.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.domain.alignment.revisions import RevisionOverlay
from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn
from agenteval.engine.catalog.configured_models import ConfiguredModels
from agenteval.llm import ModelRegistry, ResponseCache
from agenteval.rules import run_rule

CONCURRENCY = 4


def dialog_of(item: ReviewedJudgement) -> list[Turn]:
    """User/assistant turns paired into Turns, cut after the judged turn when it is known."""
    turns: list[Turn] = []
    pending: str | None = None
    for message in item.transcript:
        role, content = message.get("role"), str(message.get("content") or "")
        if role == "user":
            if pending is not None:
                turns.append(Turn(len(turns), pending, None, None))
            pending = content
        elif role == "assistant":
            turns.append(Turn(len(turns), pending or "", content, None))
            pending = None
    if item.judged_turn is not None:
        turns = turns[: item.judged_turn + 1]
    return turns


async def rejudge(items: Sequence[ReviewedJudgement], registry: ModelRegistry,
                  cache: ResponseCache | None, overlay: RevisionOverlay,
                  errors: dict[str, str] | None = None) -> dict[str, bool | None]:
    """item id → passed (None: could not be judged; its error goes to `errors`)."""
    models = ConfiguredModels(registry, cache, overlay)
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(item: ReviewedJudgement) -> tuple[str, bool | None]:
        dialog = dialog_of(item)
        case = CaseSpec(key=item.item_id, messages=[t.sent_message for t in dialog] or [""])
        params: dict[str, Any] = dict(item.rule_params)
        async with gate:
            result = await run_rule(RuleSpec(item.rule_type, params), case, dialog, models)
        if result.error is not None:
            if errors is not None:
                errors[item.item_id] = result.error
            return item.item_id, None
        return item.item_id, result.passed

    return dict(await asyncio.gather(*(one(item) for item in items)))
