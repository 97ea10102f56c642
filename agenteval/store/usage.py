"""Token usage rows: written per model call by a run's or eval's recorder, summed for reports."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tortoise.functions import Count, Sum

from agenteval.store.models import ModelUsage

# How many recent calls of a model measure its average tokens per call.
MEASURED_CALLS = 200


@dataclass(frozen=True)
class UsageRecorder:
    """A usage sink (llm.client.UsageSink) that stores each call under its run or eval."""

    run_id: uuid.UUID | None = None
    eval_id: uuid.UUID | None = None

    async def record_usage(self, role: str, model: str, prompt_tokens: int,
                           completion_tokens: int, cached: bool) -> None:
        await ModelUsage.create(run_id=self.run_id, eval_id=self.eval_id, role=role,
                                model=model[:200], cached=cached, prompt_tokens=prompt_tokens,
                                completion_tokens=completion_tokens)


@dataclass(frozen=True)
class UsageGroup:
    """Sums of one (role, model, cached) group of a run's or eval's calls."""

    role: str
    model: str
    cached: bool
    calls: int
    prompt_tokens: int
    completion_tokens: int


async def usage_groups(*, run_id: Any = None, eval_id: Any = None) -> list[UsageGroup]:
    """The run's (or eval's) calls summed per role, model and cached, in one query."""
    where = {"run_id": run_id} if run_id is not None else {"eval_id": eval_id}
    rows = await (ModelUsage.filter(**where)
                  .annotate(calls=Count("id"), prompt=Sum("prompt_tokens"),
                            completion=Sum("completion_tokens"))
                  .group_by("role", "model", "cached")
                  .values("role", "model", "cached", "calls", "prompt", "completion"))
    return [UsageGroup(row["role"], row["model"], bool(row["cached"]), int(row["calls"]),
                       int(row["prompt"] or 0), int(row["completion"] or 0))
            for row in sorted(rows, key=lambda r: (r["role"], r["model"], r["cached"]))]


async def usage_groups_by(owner: str, ids: Sequence[uuid.UUID]
                          ) -> dict[uuid.UUID, list[UsageGroup]]:
    """The groups of many runs (`owner` "run_id") or evals ("eval_id") in one query."""
    rows = await (ModelUsage.filter(**{f"{owner}__in": list(ids)})
                  .annotate(calls=Count("id"), prompt=Sum("prompt_tokens"),
                            completion=Sum("completion_tokens"))
                  .group_by(owner, "role", "model", "cached")
                  .values(owner, "role", "model", "cached", "calls", "prompt", "completion"))
    groups: dict[uuid.UUID, list[UsageGroup]] = {}
    for row in sorted(rows, key=lambda r: (r["role"], r["model"], r["cached"])):
        groups.setdefault(row[owner], []).append(UsageGroup(
            row["role"], row["model"], bool(row["cached"]), int(row["calls"]),
            int(row["prompt"] or 0), int(row["completion"] or 0)))
    return groups


async def measured_per_call(model: str) -> tuple[float, float] | None:
    """Average (prompt, completion) tokens of the model's last calls; None before any."""
    rows = await (ModelUsage.filter(model=model, cached=False).order_by("-id")
                  .limit(MEASURED_CALLS).values_list("prompt_tokens", "completion_tokens"))
    if not rows:
        return None
    return (sum(row[0] for row in rows) / len(rows), sum(row[1] for row in rows) / len(rows))
