"""Storing one ingestion request's turns in one transaction: all of them or none.

Idempotent on (conversation, message key): keys already stored, and repeats inside the
request, are counted as duplicates and not written again. A conversation keeps the day
it was first seen (`first_seen_day`, the turns' partition key on PostgreSQL), so a
retried or late turn finds its earlier copy. A turn arriving after the conversation
closed reopens it; its next close is judged as a new version.

On PostgreSQL the whole request is one statement (ingest_statement.py: prepared and run,
atomic, no ORM object per turn); SQLite goes through the ORM below in one transaction.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, NamedTuple

from tortoise import Tortoise
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.store.models import MonitoredConversation, MonitoredSource, MonitoredTurn
from agenteval.store.monitoring import ingest_statement
from agenteval.store.monitoring.partitions import is_postgres
from agenteval.store.search import index_writes as search_index


@dataclass(frozen=True)
class Stored:
    accepted: int
    duplicates: int
    conversations: int


async def store_turns(turns: list[IngestTurn], sources: dict[str, MonitoredSource],
                      today: date, now: datetime | None = None,
                      inferred: frozenset[str] = frozenset()) -> Stored:
    """Write `turns` (already masked) and their conversations; counts of what was new.
    Conversations named in `inferred` are marked as grouped by shared prefix (OTLP)."""
    now = now or datetime.now(UTC)
    by_conversation: dict[tuple[uuid.UUID, str], list[IngestTurn]] = {}
    for turn in turns:
        by_conversation.setdefault((sources[turn.source].id, turn.conversation_id), []).append(turn)
    if is_postgres():
        return await _store_postgres(by_conversation, len(turns), today, now, inferred)
    async with in_transaction():
        conversations = await _conversations(by_conversation, today, now)
        existing = await _existing_keys([c.id for c in conversations.values()],
                                        {t.message_key for t in turns})
        rows: list[MonitoredTurn] = []
        duplicates = 0
        for key, group in by_conversation.items():
            conversation = conversations[key]
            new = _new_turns(conversation, group, existing, now)
            duplicates += len(group) - len(new)
            rows += new
            if new or any(t.end for t in group):
                await _touch(conversation, group, len(new), now)
        if rows:
            # A concurrent request with the same key: its copy wins, this one is skipped.
            await MonitoredTurn.bulk_create(rows, ignore_conflicts=True)
        if inferred:
            await MonitoredConversation.filter(
                id__in=[c.id for k, c in conversations.items() if k[1] in inferred]
            ).update(inferred=True)
    search_index.monitored_turns_written(rows)
    return Stored(len(rows), duplicates, len(by_conversation))


async def _store_postgres(by_conversation: dict[tuple[uuid.UUID, str], list[IngestTurn]],
                          sent: int, today: date, now: datetime,
                          inferred: frozenset[str]) -> Stored:
    """The request as one statement; a repeat of a key inside the request is a duplicate
    (the first copy is written, as on the ORM path)."""
    groups = []
    for (source_id, external), group in sorted(by_conversation.items(),
                                               key=lambda item: (str(item[0][0]), item[0][1])):
        first_copies: dict[str, IngestTurn] = {}
        for turn in group:
            first_copies.setdefault(turn.message_key, turn)
        groups.append(ingest_statement.Group(source_id, external, list(first_copies.values()),
                                             external in inferred))
    accepted, conversation_ids = await ingest_statement.write(
        Tortoise.get_connection("default"), groups, today, now)
    # The first copies, as stored; a key stored before is also indexed already, and the
    # index ignores it again (its source key is the conversation and the message key).
    search_index.monitored_turns_written(
        IndexedTurn(conversation_id, turn.message_key, turn.position, turn.role, turn.content)
        for group, conversation_id in zip(groups, conversation_ids, strict=True)
        for turn in group.turns)
    return Stored(accepted, sent - accepted, len(groups))


class IndexedTurn(NamedTuple):
    """What the search index reads of a stored turn (statement writes build no rows)."""

    conversation_id: uuid.UUID
    message_key: str
    position: int | None
    role: str
    content: str


async def _conversations(groups: dict[tuple[uuid.UUID, str], list[IngestTurn]], today: date,
                         now: datetime) -> dict[tuple[uuid.UUID, str], MonitoredConversation]:
    keys = list(groups)
    found = await _find(keys)
    missing = [key for key in keys if key not in found]
    if missing:
        await MonitoredConversation.bulk_create(
            [MonitoredConversation(id=uuid.uuid4(), source_id=source_id, external_id=external,
                                   first_seen_day=today, first_seen_at=now, last_turn_at=now,
                                   metadata=_metadata(groups[(source_id, external)]))
             for source_id, external in missing], ignore_conflicts=True)
        found.update(await _find(missing))
    return found


async def _find(keys: list[tuple[uuid.UUID, str]]
                ) -> dict[tuple[uuid.UUID, str], MonitoredConversation]:
    if not keys:
        return {}
    rows = await MonitoredConversation.filter(
        source_id__in={s for s, _ in keys}, external_id__in={e for _, e in keys})
    wanted = set(keys)
    return {(r.source_id, r.external_id): r for r in rows if (r.source_id, r.external_id) in wanted}


async def _existing_keys(conversation_ids: list[uuid.UUID], message_keys: set[str]
                         ) -> set[tuple[uuid.UUID, str]]:
    rows = await MonitoredTurn.filter(conversation_id__in=conversation_ids,
                                      message_key__in=message_keys
                                      ).values_list("conversation_id", "message_key")
    return {(uuid.UUID(str(c)), str(k)) for c, k in rows}


def _new_turns(conversation: MonitoredConversation, group: list[IngestTurn],
               existing: set[tuple[uuid.UUID, str]], now: datetime) -> list[MonitoredTurn]:
    rows = []
    for turn in group:
        key = (conversation.id, turn.message_key)
        if key in existing:
            continue
        existing.add(key)  # a repeat inside the request is a duplicate too
        rows.append(MonitoredTurn(
            conversation_id=conversation.id, first_seen_day=conversation.first_seen_day,
            message_key=turn.message_key, position=turn.position, role=turn.role,
            content=turn.content, sent_at=turn.timestamp or now, received_at=now,
            latency_ms=turn.latency_ms, raw_response=turn.raw, tool_calls=turn.tool_calls,
            metadata=turn.metadata or None, personal_data=turn.personal_data or None,
            red_line_pending=turn.role == "assistant"))
    return rows


def _metadata(group: list[IngestTurn]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for turn in group:
        merged.update(turn.metadata)
    return merged


async def _touch(conversation: MonitoredConversation, group: list[IngestTurn], added: int,
                 now: datetime) -> None:
    """Count the new turns; an end marker closes at the next pass, a late turn reopens."""
    metadata = {**conversation.metadata, **_metadata(group)}
    ended = conversation.ended or any(t.end for t in group)
    updates: dict[str, Any] = {"last_turn_at": now, "metadata": metadata, "ended": ended}
    query = MonitoredConversation.filter(id=conversation.id)
    if added:
        if conversation.status != "OPEN":
            # Late: judged again as a new version once it closes again.
            updates.update(status="OPEN", ended=any(t.end for t in group))
        # An atomic increment: another request may add to the same conversation.
        await query.update(turn_count=F("turn_count") + added, **updates)
    else:
        await query.update(**updates)
