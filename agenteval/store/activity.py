"""What the lists of runs and evals show changing, read in a few indexed statements.

A snapshot holds every static run and intelligent eval still under way with its status
(the `status` indexes: a handful of rows however long the history), and the newest run and
eval (the creation-order indexes): a run that starts and ends between two reads changes the
newest; one that ends leaves the under-way set. Comparing two snapshots says which runs and
evals started, changed state or ended, without the run's or eval's own code announcing it.

`runs_by_status`, `evals_by_status` and `sessions_by_status` count what is under way by
status (`GET /metrics` reads them at scrape time): one `GROUP BY status` query each.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tortoise.functions import Count
from tortoise.models import Model

from agenteval.domain.intelligent.eval_state import TERMINAL_STATUSES as EVAL_TERMINAL
from agenteval.domain.intelligent.eval_state import IntelligentEvalStatus
from agenteval.domain.static.run_state import ACTIVE_STATUSES as RUN_ACTIVE
from agenteval.store.models import EvalSession, IntelligentEval, Run

RUN = "run"
EVAL = "eval"


@dataclass(frozen=True)
class Snapshot:
    # (kind, id) → status for everything under way, plus the newest of each kind.
    entries: dict[tuple[str, str], str] = field(default_factory=dict)


@dataclass(frozen=True)
class Changes:
    run_ids: list[str]
    eval_ids: list[str]

    def __bool__(self) -> bool:
        return bool(self.run_ids or self.eval_ids)


async def read_snapshot() -> Snapshot:
    entries: dict[tuple[str, str], str] = {}
    active_runs = [str(status) for status in RUN_ACTIVE]
    for run_id, status in await Run.filter(status__in=active_runs).values_list("id", "status"):
        entries[(RUN, str(run_id))] = str(status)
    active_evals = [str(s) for s in IntelligentEvalStatus if s not in EVAL_TERMINAL]
    for eval_id, status in await IntelligentEval.filter(status__in=active_evals).values_list(
            "id", "status"):
        entries[(EVAL, str(eval_id))] = str(status)
    newest_run = await Run.all().order_by("-created_at", "-id").first().values_list("id", "status")
    if newest_run:
        entries.setdefault((RUN, str(newest_run[0])), str(newest_run[1]))
    newest_eval = await IntelligentEval.all().order_by("-created_at").first().values_list(
        "id", "status")
    if newest_eval:
        entries.setdefault((EVAL, str(newest_eval[0])), str(newest_eval[1]))
    return Snapshot(entries)


def changes_between(before: Snapshot, after: Snapshot) -> Changes:
    """The runs and evals whose presence or status differs (sorted: a stable message)."""
    keys = before.entries.keys() | after.entries.keys()
    changed = sorted(key for key in keys if before.entries.get(key) != after.entries.get(key))
    return Changes([i for kind, i in changed if kind == RUN], [i for kind, i in changed if kind == EVAL])


async def runs_by_status(statuses: Iterable[str]) -> dict[str, int]:
    """How many static runs are in each of these statuses (0 for those none is in)."""
    return await _count_by_status(Run, statuses)


async def evals_by_status(statuses: Iterable[str]) -> dict[str, int]:
    """How many intelligent evals are in each of these statuses (0 for those none is in)."""
    return await _count_by_status(IntelligentEval, statuses)


async def sessions_by_status(statuses: Iterable[str]) -> dict[str, int]:
    """How many eval sessions are in each of these statuses (0 for those none is in)."""
    return await _count_by_status(EvalSession, statuses)


async def _count_by_status(model: type[Model], statuses: Iterable[str]) -> dict[str, int]:
    counts = dict.fromkeys(statuses, 0)
    rows = await (model.filter(status__in=list(counts)).annotate(count=Count("id"))
                  .group_by("status").values("status", "count"))
    for row in rows:
        counts[row["status"]] = int(row["count"])
    return counts
