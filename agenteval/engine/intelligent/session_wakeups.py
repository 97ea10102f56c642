"""The database side of the per-session wake-ups (the openclaw driver's schedule).

An executing eval's schedule of session wake-ups is owned under the lease
`sessions:<eval id>` (`schedule_lease_name`), renewed by its owner's heartbeat
and released once every planned session was woken (or the eval ended). What
was done is read back from the eval's log: an AGENT_WOKEN event of the
evaluator that was admitted, with a `session` key for a session's wake-up and
without one for the approval wake-up (`woken_so_far`). `abandoned_schedules`
finds the schedules another process should take over: the owner died (the
lease expired unreleased) or never claimed it (no lease well after approval).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from agenteval.domain import eval_state
from agenteval.store import leases
from agenteval.store.leases import KeptLease
from agenteval.store.models import EvalEvent, IntelligentEval


def schedule_lease_name(eval_id: str) -> str:
    """The lease of waking an eval's evaluator for its planned sessions."""
    return f"sessions:{eval_id}"


@dataclass(frozen=True)
class Woken:
    """What the eval's log says was woken: the approval wake-up, and which sessions."""

    approval: bool = False
    sessions: frozenset[str] = field(default_factory=frozenset)


async def woken_so_far(eval_id: str) -> Woken:
    details: list[object] = list(await EvalEvent.filter(
        eval_id=uuid.UUID(eval_id), type="AGENT_WOKEN").values_list("detail", flat=True))
    admitted: list[dict[str, Any]] = [detail for detail in details if isinstance(detail, dict)
                and detail.get("role") == "evaluator" and detail.get("ok") is True]
    return Woken(approval=any("session" not in detail for detail in admitted),
                 sessions=frozenset(str(detail["session"]) for detail in admitted
                                    if "session" in detail))


async def claim_schedule(eval_id: str, ttl_s: float) -> KeptLease | None:
    """Own the eval's schedule (renewed until released); None while another process does."""
    return await leases.claim_kept(schedule_lease_name(eval_id), ttl_s)


async def abandoned_schedules(unclaimed_after_s: float) -> list[str]:
    """Executing evals whose schedule nobody owns: its owner's lease expired without a
    release, or no process claimed it within `unclaimed_after_s` of the approval (the
    approving process died first, or the eval was approved before schedules had leases)."""
    executing = await IntelligentEval.filter(status=eval_state.EXECUTING).values_list(
        "id", "started_at")
    if not executing:
        return []
    names = [schedule_lease_name(str(eval_id)) for eval_id, _ in executing]
    placeholders = ", ".join(f"${index}" for index in range(1, len(names) + 1))
    rows = await leases.query(
        f"SELECT name, owner, expires_at < {{now}} AS expired FROM leases "
        f"WHERE name IN ({placeholders})", *names)
    found = {str(row["name"]): row for row in rows}
    unclaimed_before = datetime.now(UTC) - timedelta(seconds=unclaimed_after_s)
    abandoned = []
    for eval_id, started_at in executing:
        row = found.get(schedule_lease_name(str(eval_id)))
        if row is None:
            if started_at is not None and started_at < unclaimed_before:
                abandoned.append(str(eval_id))
        elif row["owner"] and row["expired"]:
            abandoned.append(str(eval_id))
    return abandoned
