"""At start-up, index the newest stored messages a dead process queued but never wrote.

Why only the newest: the writers queue their documents after their commit and one drain
per process writes them in order, so what a killed process (kill -9, OOM) lost is the
tail of what it stored. Each source is walked back from its newest row, a batch at a
time, until QUIET whole batches are found already indexed: on a healthy database that is
QUIET reads per source. Two cases stay `agenteval reindex`'s (reindex.py): a database
older than the index, and a tail buried under more than QUIET batches another process
indexed after the death.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence

from agenteval.store.models import ConversationSet, EvalMessage, EvalSession, MonitoredTurn, RunTurn
from agenteval.store.search import documents, index_writes
from agenteval.store.search.documents import SearchDocument
from agenteval.store.search.reindex import RUN_TURN_COLUMNS, not_indexed, run_turn_documents

log = logging.getLogger(__name__)

# The start-up pass's task name (bootstrap's background loops): tests wait for it by name.
TASK_NAME = "search catch-up"
BATCH = 500
QUIET = 2
SESSIONS_PER_BATCH = 50


async def catch_up(batch: int = BATCH, quiet: int = QUIET) -> dict[str, int]:
    """Index the missing tail of each source; how many documents were added, by kind."""
    added: dict[str, int] = {}
    sources: Sequence[tuple[str, Callable[[int], AsyncIterator[list[SearchDocument]]]]] = (
        (documents.RUN, _run_turns_newest_first),
        (documents.SESSION, _session_messages_newest_first),
        (documents.MONITORED, _monitored_turns_newest_first),
        (documents.IMPORTED, _conversation_sets_newest_first))
    for kind, walk in sources:
        added[kind] = 0
        indexed_in_a_row = 0
        async for found in walk(batch):
            missing = await not_indexed(found)
            await index_writes.write(missing)
            added[kind] += len(missing)
            indexed_in_a_row = 0 if missing else indexed_in_a_row + 1
            if indexed_in_a_row >= quiet:
                break
    if any(added.values()):
        log.info("search index: caught up %s documents a previous process had queued",
                 ", ".join(f"{n} {kind}" for kind, n in added.items() if n))
    return added


async def _run_turns_newest_first(batch: int) -> AsyncIterator[list[SearchDocument]]:
    before: int | None = None
    while True:
        query = RunTurn.all() if before is None else RunTurn.filter(id__lt=before)
        rows = await query.order_by("-id").limit(batch).values(*RUN_TURN_COLUMNS)
        if not rows:
            return
        before = rows[-1]["id"]
        yield run_turn_documents(rows)


async def _session_messages_newest_first(batch: int) -> AsyncIterator[list[SearchDocument]]:
    # Message ids are UUIDs (no order): walk the sessions by creation, newest first, a
    # batch of sessions (with all their messages, a session's turns are bounded) at a time.
    del batch
    offset = 0
    while True:
        sessions = await EvalSession.all().order_by("-created_at", "-id").offset(offset).limit(
            SESSIONS_PER_BATCH).values("id", "eval_id")
        if not sessions:
            return
        offset += len(sessions)
        eval_of = {row["id"]: row["eval_id"] for row in sessions}
        messages = await EvalMessage.filter(session_id__in=list(eval_of)).order_by(
            "session_id", "index")
        found: list[SearchDocument] = []
        for message in messages:
            found += documents.of_session_messages(eval_of[message.session_id],
                                                   message.session_id, [message])
        yield found


async def _monitored_turns_newest_first(batch: int) -> AsyncIterator[list[SearchDocument]]:
    before: int | None = None
    while True:
        query = MonitoredTurn.all() if before is None else MonitoredTurn.filter(id__lt=before)
        rows = await query.order_by("-id").limit(batch).only(
            "id", "conversation_id", "message_key", "position", "role", "content")
        if not rows:
            return
        before = rows[-1].id
        yield documents.of_monitored_turns(rows)


async def _conversation_sets_newest_first(batch: int) -> AsyncIterator[list[SearchDocument]]:
    del batch  # a set is its own batch: its dialogs are one JSON column
    offset = 0
    while True:
        rows = await ConversationSet.all().order_by("-created_at", "-id").offset(offset).limit(1)
        if not rows:
            return
        offset += 1
        yield documents.of_conversation_set(rows[0].id, rows[0].dialogs)


async def catch_up_once() -> None:
    """The server's start-up pass (a background loop that ends): a failure is logged,
    never raised into the process's work."""
    try:
        await catch_up()
    except Exception:  # noqa: BLE001 - the index must never break the server
        log.warning("search index: the start-up catch-up failed; `agenteval reindex` adds "
                    "what is missing", exc_info=True)
