"""Reading intelligent evals for the API: lookups, pages, and relations for many parents
in one statement each (the API's DataLoaders resolve a whole page's relations at once)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tortoise.functions import Count

from agenteval.store.models import (
    EvalEvent,
    EvalMessage,
    EvalSession,
    IntelligentEval,
    PlanRevision,
)
from agenteval.store.paging import Page, in_list_order, named, page_of, where_given

# These reads still hand the API its rows (read-only: the API's types read their
# attributes); the names are exported so the engine need not import the models.
__all__ = ["EvalEvent", "EvalMessage", "EvalSession", "IntelligentEval", "PlanRevision",
           "Page", "eval_list_page", "event_counts", "event_page", "evals_by_ids", "events_after", "find_eval",
           "find_session", "messages_after", "messages_of_sessions", "plan_revisions_of",
           "session_page", "session_summaries"]

# A page of evals without their seeds and report (the API's IntelligentEval reads those
# when asked). The model's fields as declared: the foreign key's id column is added by
# Tortoise.init.
LIST_FIELDS = (*(name for name in IntelligentEval._meta.db_fields
                 if name not in ("seeds", "report", "target_id")), "target_id")


async def eval_list_page(search: str | None, status: str | None, target_id: uuid.UUID | None,
                         order: str, offset: int, limit: int) -> Page[IntelligentEval]:
    """The evals (`LIST_FIELDS` only) whose name contains `search` (every one when None),
    of this status and target when given, in the list order named `order`
    (`store.paging.LIST_ORDERS`)."""
    query = named(IntelligentEval.all().only(*LIST_FIELDS), search)
    query = where_given(query, status=status, target_id=target_id)
    return await page_of(in_list_order(query, order), offset, limit)


async def find_eval(eval_id: uuid.UUID) -> IntelligentEval | None:
    return await IntelligentEval.get_or_none(id=eval_id)


async def evals_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, IntelligentEval]:
    return {row.id: row for row in await IntelligentEval.filter(id__in=list(set(ids)))}


async def find_session(session_id: uuid.UUID) -> EvalSession | None:
    return await EvalSession.get_or_none(id=session_id)


async def session_page(eval_id: uuid.UUID, offset: int, limit: int,
                       status: str | None = None) -> Page[EvalSession]:
    """An eval's sessions, oldest first."""
    query = EvalSession.filter(eval_id=eval_id)
    query = where_given(query, status=status)
    return await page_of(query.order_by("created_at", "id"), offset, limit)


async def messages_of_sessions(session_ids: Sequence[uuid.UUID]) -> list[EvalMessage]:
    """The sessions' messages, by session then index."""
    return list(await EvalMessage.filter(session_id__in=list(session_ids)).order_by(
        "session_id", "index"))


async def messages_after(session_id: uuid.UUID, index: int, limit: int
                         ) -> tuple[EvalMessage, ...]:
    return tuple(await EvalMessage.filter(session_id=session_id, index__gt=index)
                 .order_by("index").limit(limit))


async def plan_revisions_of(eval_ids: Sequence[uuid.UUID]) -> list[PlanRevision]:
    """The evals' plan revisions, by eval then revision."""
    return list(await PlanRevision.filter(eval_id__in=list(eval_ids)).order_by(
        "eval_id", "revision"))


async def event_page(eval_id: uuid.UUID, offset: int, limit: int) -> Page[EvalEvent]:
    return await page_of(EvalEvent.filter(eval_id=eval_id).order_by("sequence"), offset, limit)


async def events_after(eval_id: uuid.UUID, sequence: int, limit: int
                       ) -> tuple[EvalEvent, ...]:
    return tuple(await EvalEvent.filter(eval_id=eval_id, sequence__gt=sequence)
                 .order_by("sequence").limit(limit))


async def session_summaries(eval_ids: Sequence[uuid.UUID]
                            ) -> list[tuple[uuid.UUID, str, int, str | None]]:
    """(eval id, status, turn count, dimension) of every session of these evals."""
    return [(_uuid(eval_id), status, turns, dimension) for eval_id, status, turns, dimension
            in await EvalSession.filter(eval_id__in=list(eval_ids)).values_list(
                "eval_id", "status", "turn_count", "dimension")]


async def event_counts(eval_ids: Sequence[uuid.UUID], type: str) -> dict[uuid.UUID, int]:
    """How many events of `type` each of these evals has (those with none are left out)."""
    counts = await EvalEvent.filter(eval_id__in=list(eval_ids), type=type).annotate(
        count=Count("id")).group_by("eval_id").values_list("eval_id", "count")
    return {_uuid(eval_id): count for eval_id, count in counts}


def _uuid(value: Any) -> uuid.UUID:
    # values_list gives a foreign key as the backend returns it (text on SQLite).
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
