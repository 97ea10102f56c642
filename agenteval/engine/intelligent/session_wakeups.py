"""The database side of the per-session wake-ups (the openclaw driver's schedule).

An executing eval's schedule of session wake-ups is owned work of the entity
kind `sessions` (`schedule_lease_name`), renewed by the actor runtime and
released once every planned session was woken (or the eval ended). What was
done is read back from the eval's log: an AGENT_WOKEN event of the evaluator
that was admitted, with a `session` key for a session's wake-up and without one
for the approval wake-up (`woken_so_far`). Which schedules another process
should take over (the kind's lapsed keys) is the store's (store/leases.py).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from actors import lease_name
from agenteval.store.models import EvalEvent

SCHEDULE = "sessions"  # the entity kind (work, no actor)


def schedule_lease_name(eval_id: str) -> str:
    """The lease of waking an eval's evaluator for its planned sessions."""
    return lease_name(SCHEDULE, eval_id)


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
