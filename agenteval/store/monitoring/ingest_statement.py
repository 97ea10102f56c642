"""One ingestion request's writes on PostgreSQL as ONE statement (atomic, no transaction).

The ORM path (ingest_writes.py, kept for SQLite) takes about eight round trips: begin,
find the conversations, create the missing ones, find them again, read the existing turn
keys, insert, one update per conversation, commit. Here the request's conversations and
turns go in as arrays (`unnest`) and data-modifying CTEs do it all:

- `old`: the conversations that exist (the statement's snapshot);
- `created`: the others, inserted with their final counts: a conversation created here has
  a fresh id, so every turn of the request is new to it (`ON CONFLICT DO NOTHING`: another
  request creating the same conversation meanwhile wins, see below);
- `added`: the turns, `ON CONFLICT DO NOTHING` on the idempotency key (conversation,
  message key, first-seen day), so a stored turn, or one a concurrent request is writing,
  is skipped — its RETURNING rows are what was really new;
- `touched`: one UPDATE of the existing conversations from those counts: the turn count,
  the last turn, the metadata merged, a late turn reopening a closed or judged one. An
  UPDATE re-reads a row another transaction changed meanwhile, so the increment and the
  reopening stay right under concurrency. A pure duplicate leaves its conversation as it
  was (its quiet period is not extended by a retry).

PostgreSQL lets no row be modified twice in one statement: `touched` only updates rows of
`old` and `created` only inserts, so none is. A conversation created by a concurrent
request after this statement's snapshot is neither in `old` nor inserted by `created`:
the last SELECT then fails on purpose (`RACE`), which undoes the whole statement, and it
is run again — its new snapshot sees that conversation (rare: two requests opening the
same conversation at the same instant). A deadlock between two requests sharing
conversations is retried the same way. So a request is written all or nothing.

The statement is cached (prepared once per connection), but its text carries a size
class: the number of conversations this process has created, in powers of 4 up to 4^8.
A plan cached while `monitored_conversations` was small (before any ANALYZE: autovacuum
off, or not yet run) scans the whole table on every request for ever after — measured:
one seq scan per request, 23 ms of database CPU per one-turn request after 150,000
conversations. A new class is a new statement, planned again against the table as it is
now; past 4^8 (65,536) the plan is an index plan for good. Planning every request instead
(tried) costs a second round trip and ~1.4 ms of database CPU a request, more than the
one-turn request's whole write.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.fields.data import JSON_DUMPS

from agenteval.domain.monitoring.ingest_lines import IngestTurn

STATEMENT = """
WITH g AS (
  SELECT * FROM unnest($3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::bool[],
                       $8::int[], $9::bool[])
    WITH ORDINALITY AS g(source_id, external_id, new_id, metadata, ended, turns, inferred, n)
), old AS (
  SELECT g.n, c.id, c.first_seen_day FROM g JOIN monitored_conversations c
    ON c.source_id = g.source_id AND c.external_id = g.external_id
), created AS (
  INSERT INTO monitored_conversations (id, source_id, external_id, first_seen_day,
      first_seen_at, last_turn_at, turn_count, metadata, status, ended, version, inferred)
  SELECT g.new_id, g.source_id, g.external_id, $2, $1, $1, g.turns, g.metadata::jsonb,
         'OPEN', g.ended, 0, g.inferred
    FROM g WHERE g.n NOT IN (SELECT n FROM old) ORDER BY g.source_id, g.external_id
  ON CONFLICT (source_id, external_id) DO NOTHING
  RETURNING id, first_seen_day
), conv AS (
  SELECT n, id, first_seen_day FROM old
  UNION ALL SELECT g.n, created.id, created.first_seen_day FROM created JOIN g ON g.new_id = created.id
), t AS (
  SELECT * FROM unnest($10::int[], $11::text[], $12::int[], $13::text[], $14::text[],
                       $15::timestamptz[], $16::int[], $17::text[], $18::text[], $19::text[],
                       $20::text[])
    WITH ORDINALITY AS t(n, message_key, position, role, content, sent_at, latency_ms,
                         raw_response, tool_calls, metadata, personal_data, ord)
), added AS (
  INSERT INTO monitored_turns (conversation_id, first_seen_day, message_key, position, role,
      content, sent_at, received_at, latency_ms, raw_response, tool_calls, metadata,
      personal_data, red_line_pending)
  SELECT conv.id, conv.first_seen_day, t.message_key, t.position, t.role, t.content,
         coalesce(t.sent_at, $1), $1, t.latency_ms, t.raw_response::jsonb,
         t.tool_calls::jsonb, t.metadata::jsonb, t.personal_data::jsonb, t.role = 'assistant'
    FROM t JOIN conv ON conv.n = t.n
   -- Ids in the request's order: turns without a position or timestamp are ordered by id
   -- (domain/monitoring/dialogs.py), and a hash join does not keep the order of `t`.
   ORDER BY t.ord
  ON CONFLICT DO NOTHING
  RETURNING conversation_id
), counted AS (
  SELECT conversation_id, count(*) AS added FROM added GROUP BY conversation_id
), touched AS (
  UPDATE monitored_conversations c SET
      turn_count = c.turn_count + coalesce(counted.added, 0),
      last_turn_at = $1,
      metadata = c.metadata || g.metadata::jsonb,
      inferred = c.inferred OR g.inferred,
      status = CASE WHEN counted.added > 0 THEN 'OPEN' ELSE c.status END,
      ended = CASE WHEN counted.added > 0 AND c.status <> 'OPEN' THEN g.ended
                   ELSE c.ended OR g.ended END
    FROM old JOIN g ON g.n = old.n LEFT JOIN counted ON counted.conversation_id = old.id
   WHERE c.id = old.id AND (counted.added > 0 OR g.ended)
  RETURNING c.id
)
SELECT (SELECT count(*) FROM added) AS accepted,
       (SELECT count(*) FROM created) AS created,
       (SELECT json_agg(json_build_array(n, id)) FROM conv) AS conversations,
       (SELECT count(*) FROM touched) AS touched,
       -- Data-dependent, so not folded at planning: fails only when it must.
       (SELECT CASE WHEN count(*) > 0
                    THEN ('RACE: conversations created concurrently: ' || count(*))::int
                    ELSE 0 END
          FROM g WHERE g.n NOT IN (SELECT n FROM conv)) AS unresolved
"""

RACE = "RACE: conversations created concurrently"
ATTEMPTS = 5
LAST_SIZE_CLASS = 8
_created = 0  # conversations this process created: the statement's size class


def statement_text() -> str:
    """The statement, with this process's size class (see the module's docstring)."""
    size_class = 0
    while size_class < LAST_SIZE_CLASS and _created >= 4 ** (size_class + 1):
        size_class += 1
    return f"{STATEMENT}-- size class {size_class}\n"


@dataclass
class Group:
    """One conversation's turns in a request (deduplicated: first copy of a key wins)."""

    source_id: uuid.UUID
    external_id: str
    turns: list[IngestTurn]
    inferred: bool = False


def _json(value: Any) -> str | None:
    return None if value is None else JSON_DUMPS(value)


def _merged_metadata(turns: list[IngestTurn]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for turn in turns:
        merged.update(turn.metadata)
    return merged


def parameters(groups: list[Group], today: date, now: datetime) -> list[Any]:
    """The statement's arguments: one array per column (no ORM object per turn)."""
    turn_columns: list[list[Any]] = [[] for _ in range(11)]
    for number, group in enumerate(groups, start=1):
        for turn in group.turns:
            for column, value in zip(turn_columns, (
                    number, turn.message_key, turn.position, turn.role, turn.content,
                    turn.timestamp, turn.latency_ms, _json(turn.raw), _json(turn.tool_calls),
                    _json(turn.metadata or None), _json(turn.personal_data or None)), strict=True):
                column.append(value)
    return [now, today,
            [g.source_id for g in groups], [g.external_id for g in groups],
            [uuid.uuid4() for _ in groups],
            [JSON_DUMPS(_merged_metadata(g.turns)) for g in groups],
            [any(t.end for t in g.turns) for g in groups],
            [len(g.turns) for g in groups], [g.inferred for g in groups],
            *turn_columns]


async def write(connection: BaseDBAsyncClient, groups: list[Group], today: date,
                now: datetime) -> tuple[int, list[uuid.UUID]]:
    """Run the statement (again after a lost race or a deadlock): how many turns were new,
    and each group's conversation id (in the order of `groups`)."""
    global _created
    arguments = parameters(groups, today, now)
    for attempt in range(ATTEMPTS):
        try:
            _, rows = await connection.execute_query(statement_text(), arguments)
            _created += int(rows[0]["created"])
            ids = dict(json.loads(rows[0]["conversations"] or "[]"))
            return int(rows[0]["accepted"]), [uuid.UUID(ids[n]) for n in
                                              range(1, len(groups) + 1)]
        except Exception as exc:  # noqa: BLE001 - only the two retryable failures
            if attempt == ATTEMPTS - 1 or not _retryable(exc):
                raise
    raise AssertionError("unreachable")


def _retryable(exc: Exception) -> bool:
    text = str(exc)
    return RACE in text or "deadlock detected" in text
