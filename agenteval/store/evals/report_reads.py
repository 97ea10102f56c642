"""What an eval's Markdown report and a submitted report's evidence check read: the
target's name, the sessions, plan revisions, transcripts and wake-ups, as plain values
where the report only prints them."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from agenteval.store.models import EvalEvent, EvalMessage, EvalSession, PlanRevision, Target


async def target_name(target_id: Any) -> str | None:
    """None: the target was deleted."""
    target = await Target.get_or_none(id=target_id)
    return target.name if target else None


async def sessions_of(eval_id: uuid.UUID) -> list[EvalSession]:
    """The eval's sessions, oldest first."""
    return list(await EvalSession.filter(eval_id=eval_id).order_by("created_at", "id"))


async def sessions_by_ids(ids: Sequence[uuid.UUID]) -> list[EvalSession]:
    return list(await EvalSession.filter(id__in=list(ids))) if ids else []


async def plan_revision_views(eval_id: uuid.UUID) -> list[dict[str, Any]]:
    """{revision, submittedAt, feedback, rejectedAt} of each plan revision, in order."""
    return list(await PlanRevision.filter(eval_id=eval_id).order_by("revision").values(
        "revision", submittedAt="submitted_at", feedback="feedback",
        rejectedAt="rejected_at"))


async def message_views(eval_id: uuid.UUID) -> list[dict[str, Any]]:
    """{session_id, turn_index, role, content, latency_ms, error} of every message of the
    eval's sessions, in index order."""
    return list(await EvalMessage.filter(session__eval_id=eval_id).order_by("index").values(
        "session_id", "turn_index", "role", "content", "latency_ms", "error"))


async def transcript(session_id: uuid.UUID) -> list[EvalMessage]:
    """One session's messages, in order."""
    return list(await EvalMessage.filter(session_id=session_id).order_by("index"))


async def transcripts(session_ids: Sequence[uuid.UUID]) -> list[EvalMessage]:
    """These sessions' messages, in index order."""
    return list(await EvalMessage.filter(session_id__in=list(session_ids))
                .order_by("index")) if session_ids else []


async def woken_details(eval_id: uuid.UUID) -> list[Any]:
    """The detail of each AGENT_WOKEN event of the eval, in order."""
    return list(await EvalEvent.filter(eval_id=eval_id, type="AGENT_WOKEN").order_by(
        "sequence").values_list("detail", flat=True))
