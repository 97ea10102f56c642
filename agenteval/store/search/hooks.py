"""The one call each writer makes: what it just wrote (or deleted), in its own terms.

Writes only queue (index_writes.add returns at once); deletes run with the deleter, so a
purged run's or an expired conversation's text does not outlive it in the index.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from agenteval.store.search import documents, index_writes


def run_turns_written(run_id: uuid.UUID, turn_rows: Sequence[Sequence[Any]]) -> None:
    """A batch of attempts stored (run_rows.AttemptRows.turns)."""
    index_writes.add(documents.of_run_turns(run_id, turn_rows))


def session_turn_written(eval_id: uuid.UUID, session_id: uuid.UUID, user: Any,
                         reply: Any) -> None:
    """A sendMessage exchange stored (the two EvalMessages)."""
    index_writes.add(documents.of_session_messages(eval_id, session_id, (user, reply)))


def monitored_turns_written(turns: Iterable[Any]) -> None:
    """An ingestion request's new turns stored (MonitoredTurn rows, masked)."""
    index_writes.add(documents.of_monitored_turns(turns))


def conversation_set_written(set_id: uuid.UUID, dialogs: Sequence[dict[str, Any]]) -> None:
    """An imported conversation log stored."""
    index_writes.add(documents.of_conversation_set(set_id, dialogs))


async def run_purged(run_id: uuid.UUID) -> int:
    return await index_writes.forget_owners(documents.RUN, [run_id])


async def eval_purged(eval_id: uuid.UUID) -> int:
    return await index_writes.forget_owners(documents.SESSION, [eval_id])


async def monitored_conversations_deleted(conversation_ids: Sequence[object]) -> int:
    return await index_writes.forget_owners(documents.MONITORED, conversation_ids)


async def conversation_set_deleted(set_id: uuid.UUID) -> int:
    return await index_writes.forget_owners(documents.IMPORTED, [set_id])
