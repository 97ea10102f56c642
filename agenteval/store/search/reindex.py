"""Index what is stored but not in the search index yet: `agenteval reindex`.

Idempotent and resumable: each source table is walked in id order, one batch at a time;
messages whose `source_key` is already indexed are skipped before segmenting (a second
run over an indexed database only reads), the rest are written like the live writes
(index_writes.write). It backfills a database that existed before the search index,
and catches up what a process queued but did not write before it died.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from tortoise import connections

from agenteval.store.models import ConversationSet, EvalMessage, MonitoredTurn, RunTurn
from agenteval.store.search import documents, index_writes
from agenteval.store.search.documents import SearchDocument

BATCH = 1000


async def reindex(batch: int = BATCH, progress: Callable[[str, int], None] | None = None
                  ) -> dict[str, int]:
    """Index every stored message not indexed yet; how many were added, by kind."""
    added: dict[str, int] = {}
    for kind, batches in ((documents.RUN, _run_turns(batch)),
                          (documents.SESSION, _session_messages(batch)),
                          (documents.MONITORED, _monitored_turns(batch)),
                          (documents.IMPORTED, _conversation_sets())):
        added[kind] = 0
        async for found in batches:
            missing = await not_indexed(found)
            await index_writes.write(missing)
            added[kind] += len(missing)
            if progress is not None:
                progress(kind, added[kind])
    return added


async def not_indexed(found: Sequence[SearchDocument]) -> list[SearchDocument]:
    if not found:
        return []
    client = connections.get("default")
    keys = [d.source_key for d in found]
    if client.capabilities.dialect == "postgres":
        rows = await client.execute_query_dict(
            "SELECT source_key FROM search_documents WHERE source_key = ANY($1::text[])", [keys])
    else:
        marks = ", ".join("?" for _ in keys)
        rows = await client.execute_query_dict(
            f"SELECT source_key FROM search_documents WHERE source_key IN ({marks})", keys)
    present = {row["source_key"] for row in rows}
    return [d for d in found if d.source_key not in present]


# What a run turn's documents are made of (read with `.values(*RUN_TURN_COLUMNS)`).
RUN_TURN_COLUMNS = ("id", "outcome_id", "index", "sent_message", "reply", "outcome__run_id")


def run_turn_documents(rows: Sequence[dict[str, Any]]) -> list[SearchDocument]:
    found: list[SearchDocument] = []
    for row in rows:
        found += documents.of_run_turns(row["outcome__run_id"], [
            (row["outcome_id"], row["index"], row["sent_message"], row["reply"])])
    return found


async def _run_turns(batch: int) -> AsyncIterator[list[SearchDocument]]:
    last = 0
    while True:
        rows: list[dict[str, Any]] = await RunTurn.filter(id__gt=last).order_by("id").limit(
            batch).values(*RUN_TURN_COLUMNS)
        if not rows:
            return
        last = rows[-1]["id"]
        yield run_turn_documents(rows)


async def _session_messages(batch: int) -> AsyncIterator[list[SearchDocument]]:
    last = None
    while True:
        query = EvalMessage.all() if last is None else EvalMessage.filter(id__gt=last)
        rows = await query.order_by("id").limit(batch).prefetch_related("session")
        if not rows:
            return
        last = rows[-1].id
        found: list[SearchDocument] = []
        for row in rows:
            found += documents.of_session_messages(row.session.eval_id, row.session_id, [row])
        yield found


async def _monitored_turns(batch: int) -> AsyncIterator[list[SearchDocument]]:
    last = 0
    while True:
        rows = await MonitoredTurn.filter(id__gt=last).order_by("id").limit(batch).only(
            "id", "conversation_id", "message_key", "position", "role", "content")
        if not rows:
            return
        last = rows[-1].id
        yield documents.of_monitored_turns(rows)


async def _conversation_sets() -> AsyncIterator[list[SearchDocument]]:
    for set_id in await ConversationSet.all().order_by("id").values_list("id", flat=True):
        row = await ConversationSet.get(id=set_id)
        yield documents.of_conversation_set(row.id, row.dialogs)
