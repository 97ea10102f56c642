"""The search index's one writer: the stores tell it what they wrote, it writes it in batches.

Each writer makes one call, in its own terms (`session_turn_written`, `run_purged`, …):
the documents are built here (documents.py) and queued; deletes run with the deleter,
so a purged run's or an expired conversation's text does not outlive it in the index.

Why a queue: segmenting is pure Python (~200–500 µs a message) and the writers are hot paths
(ingestion, a run's attempts, a session's turn). `add` only appends and returns; one
task per process drains the queue — jieba in a worker thread, then one `executemany`
per batch of up to BATCH documents — so what arrives while a batch is written goes in
the next one, and a busy ingestion makes bigger batches, not more statements.

Segmentation runs in a worker process (segmenting_process): jieba holds the GIL, so in a
thread it would still take its CPU from the event loop.

What it does not promise: a document still queued when the process dies is not in the
index until the next start's catch-up (catch_up.py) finds it. Every write is idempotent
(`source_key`), and `agenteval reindex` (reindex.py) adds whatever is still missing; a
failed batch is logged and left to it too, never retried into a hot path.

Indexing is on in the server (`enable`, bootstrap.running_services); the CI gate leaves
it off (a gate's scratch database is never searched; reindex a kept one).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from tortoise import connections

from agenteval.store.search import documents as docs
from agenteval.store.search.documents import SearchDocument

log = logging.getLogger(__name__)

BATCH = 500
COLUMNS = ("kind", "source_key", "owner_id", "conversation_key", "conversation_no", "position",
           "role", "content", "words")

_INSERT_SQLITE = (f"INSERT OR IGNORE INTO search_documents ({', '.join(COLUMNS)}) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_POSTGRES = (f"INSERT INTO search_documents ({', '.join(COLUMNS)}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_tsvector('simple', $9)) "
                    "ON CONFLICT (source_key) DO NOTHING")

_pending: list[SearchDocument] = []
_drainer: asyncio.Task[None] | None = None
_enabled = False


def enable() -> None:
    """Index what the stores write from now on (and start the segmenting process)."""
    from agenteval.store.search import segmenting_process  # multiprocessing: the server's only

    global _enabled
    _enabled = True
    segmenting_process.start()


def disable() -> None:
    global _enabled
    _enabled = False


def forget() -> None:
    """Drop what is queued (the database it was meant for is being closed or replaced)."""
    global _drainer
    _pending.clear()
    _drainer = None


# -- what each writer calls: what it just wrote (or deleted) --------------------------
# Nothing is built while indexing is off (the CI gate): `add` would drop it.
def run_turns_written(run_id: uuid.UUID, turn_rows: Sequence[Sequence[Any]]) -> None:
    """A batch of attempts stored (run_rows.AttemptRows.turns)."""
    if _enabled:
        add(docs.of_run_turns(run_id, turn_rows))


def session_turn_written(eval_id: uuid.UUID, session_id: uuid.UUID, user: Any,
                         reply: Any) -> None:
    """A sendMessage exchange stored (the two EvalMessages)."""
    if _enabled:
        add(docs.of_session_messages(eval_id, session_id, (user, reply)))


def monitored_turns_written(turns: Iterable[Any]) -> None:
    """An ingestion request's new turns stored (MonitoredTurn rows, masked)."""
    if _enabled:
        add(docs.of_monitored_turns(turns))


def conversation_set_written(set_id: uuid.UUID, dialogs: Sequence[dict[str, Any]]) -> None:
    """An imported conversation log stored."""
    if _enabled:
        add(docs.of_conversation_set(set_id, dialogs))


async def run_purged(run_id: uuid.UUID) -> int:
    return await forget_owners(docs.RUN, [run_id])


async def eval_purged(eval_id: uuid.UUID) -> int:
    return await forget_owners(docs.SESSION, [eval_id])


async def monitored_conversations_deleted(conversation_ids: Sequence[object]) -> int:
    return await forget_owners(docs.MONITORED, conversation_ids)


async def conversation_set_deleted(set_id: uuid.UUID) -> int:
    return await forget_owners(docs.IMPORTED, [set_id])


# -- the queue ----------------------------------------------------------------------
def add(documents: Sequence[SearchDocument]) -> None:
    """Queue `documents` for the index; returns at once. Call it after the writer's
    transaction committed (never inside one: the drain must not inherit it)."""
    global _drainer
    if not _enabled or not documents:
        return
    _pending.extend(documents)
    if _drainer is None or _drainer.done():
        _drainer = _start_drain()


async def flush() -> None:
    """Wait until everything queued so far is written (tests, shutdown)."""
    while _drainer is not None and not _drainer.done():
        await asyncio.shield(_drainer)


def _start_drain() -> asyncio.Task[None] | None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop (a synchronous caller): the next add starts it
        return None
    return loop.create_task(_drain())


async def _drain() -> None:
    while _pending:
        batch = _pending[:BATCH]
        del _pending[:BATCH]
        try:
            await write(batch)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the index must never break a writer
            log.warning("search index: %d documents not written (agenteval reindex adds "
                        "them)", len(batch), exc_info=True)


async def write(documents: Sequence[SearchDocument]) -> None:
    """Segment `documents` off the event loop and insert those not indexed yet."""
    if not documents:
        return
    from agenteval.store.search import segmenting_process  # the CI gate never writes here

    words = await segmenting_process.index_texts_off_loop([d.content for d in documents])
    client = connections.get("default")
    postgres = client.capabilities.dialect == "postgres"
    rows: list[list[Any]] = [[d.kind, d.source_key, d.owner_id, d.conversation_key,
                              d.conversation_no, d.position, d.role,
             d.content, text] for d, text in zip(documents, words, strict=True)]
    await client.execute_many(_INSERT_POSTGRES if postgres else _INSERT_SQLITE, rows)


async def forget_owners(kind: str, owner_ids: Sequence[object]) -> int:
    """Delete the documents of these owners (a purged run or eval, an expired
    conversation, a deleted conversation set); how many went."""
    if not owner_ids:
        return 0
    client = connections.get("default")
    keys = [str(owner) for owner in owner_ids]
    if client.capabilities.dialect == "postgres":
        sql = "DELETE FROM search_documents WHERE kind = $1 AND owner_id = ANY($2::text[])"
        count, _ = await client.execute_query(sql, [kind, keys])
        return int(count)
    # SQLite's change count includes the FTS5 trigger's writes: count the rows first.
    where = f"kind = ? AND owner_id IN ({', '.join('?' for _ in keys)})"
    rows = await client.execute_query_dict(
        f"SELECT count(*) AS n FROM search_documents WHERE {where}", [kind, *keys])
    await client.execute_query(f"DELETE FROM search_documents WHERE {where}", [kind, *keys])
    return int(rows[0]["n"])
