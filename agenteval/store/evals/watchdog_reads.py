"""What the watchdog's pass reads: running sessions, evals that can stall, and sessions
left RUNNING under an ended eval."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime

from agenteval.domain.intelligent import eval_state
from agenteval.store.models import EvalSession, IntelligentEval

__all__ = ["IntelligentEval", "evals_in", "orphaned_sessions", "running_sessions"]


async def running_sessions() -> list[tuple[uuid.UUID, datetime | None, datetime]]:
    """(id, last activity, created) of every RUNNING session."""
    return [(session_id, last, created) for session_id, last, created in
            await EvalSession.filter(status=eval_state.SESSION_RUNNING).values_list(
                "id", "last_activity_at", "created_at")]


async def evals_in(statuses: Iterable[str]) -> list[IntelligentEval]:
    return list(await IntelligentEval.filter(status__in=tuple(statuses)))


async def orphaned_sessions() -> list[uuid.UUID]:
    """RUNNING sessions whose eval has ended."""
    return [session_id for (session_id,) in await EvalSession.filter(
        status=eval_state.SESSION_RUNNING,
        eval__status__in=tuple(eval_state.TERMINAL_STATUSES)).values_list("id")]
