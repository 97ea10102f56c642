"""What an eval's log says was woken: the database side of the openclaw driver's schedule.

An executing eval's schedule of session wake-ups is owned work of the entity kind
`sessions`; what was done is read back from the eval's log: an AGENT_WOKEN event of
the evaluator that was admitted, with a `session` key for a session's wake-up and
without one for the approval wake-up (`woken_so_far`). Which schedules another
process should take over (the kind's lapsed keys) is store/leases.py's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from agenteval.store.models import EvalEvent


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
