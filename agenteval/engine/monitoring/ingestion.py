"""One ingestion request: read, check sizes, make storable, mask, store — or refuse whole.

The order matters: sizes are checked before anything is masked (masking is linear, but
a refused request should cost nothing), personal data is found on the raw text in memory
and only its kind and pseudonym are kept, and nothing is written unless every line is
good. A 2xx answer is given only after the transaction committed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from agenteval.domain.monitoring.ingest_lines import IngestLimits, IngestTurn, read_body
from agenteval.domain.monitoring.masking import KINDS, mask, mask_json
from agenteval.domain.storable_text import clean_text as storable
from agenteval.domain.storable_text import storable_value
from agenteval.engine.monitoring import wakeup
from agenteval.errors import RateLimited, ValidationFailed
from agenteval.store.monitoring import red_line_queue
from agenteval.store.monitoring.ingest_writes import Stored, store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import MonitoredSource, sources_named


@dataclass(frozen=True)
class IngestResult:
    accepted: int
    duplicates: int
    conversations: int


class Backlog:
    """How many assistant turns still wait for their red-line check, read at most once a
    second: past `limit`, ingestion answers 429 with Retry-After instead of collapsing."""

    def __init__(self, limit: int, retry_after_s: int = 5) -> None:
        self.limit = limit
        self.retry_after_s = retry_after_s
        self._read_at = 0.0
        self._count = 0

    async def check(self) -> None:
        if self.limit <= 0:
            return
        if time.monotonic() - self._read_at > 1.0:
            self._count = await red_line_queue.pending_count()
            self._read_at = time.monotonic()
        if self._count >= self.limit:
            raise RateLimited(
                f"the monitoring backlog is full ({self._count} turns waiting); retry in "
                f"{self.retry_after_s} s", {"retryAfterSeconds": self.retry_after_s})


async def ingest(body: bytes, content_type: str, default_source: str | None,
                 limits: IngestLimits, backlog: Backlog) -> IngestResult:
    """Store the body's turns, all or none (ValidationFailed lists every bad line)."""
    read = read_body(body, content_type, default_source, limits)
    if read.errors:
        refused = ValidationFailed(read.errors, f"{len(read.errors)} bad line(s): nothing "
                                                "was stored")
        refused.details = read.errors  # each with its line and a reason code besides path
        raise refused
    if not read.turns:
        raise ValidationFailed.one("body", "no turn in the body")
    await backlog.check()
    for turn in read.turns:
        turn.source, turn.conversation_id = storable(turn.source), storable(turn.conversation_id)
        turn.message_key = storable(turn.message_key)
    sources = await sources_named({t.source for t in read.turns})
    for turn in read.turns:
        prepare(turn, sources[turn.source])
    today = datetime.now(UTC).date()
    await ensure_partitions({today})
    stored: Stored = await store_turns(read.turns, sources, today)
    if stored.accepted or any(t.end for t in read.turns):
        wakeup.ingested()  # committed: this process's worker looks at once
    return IngestResult(stored.accepted, stored.duplicates, stored.conversations)


def prepare(turn: IngestTurn, source: MonitoredSource) -> None:
    """Make the turn storable and mask its personal data with the source's pseudonyms."""
    content = storable(turn.content)
    policy = source.masking or {}
    turn.raw = _storable_json(turn.raw)
    turn.tool_calls = _storable_json(turn.tool_calls)
    turn.metadata = _storable_json(turn.metadata)
    if policy.get("enabled", True):
        key, kinds = source.pseudonym_key.encode(), policy.get("kinds") or KINDS
        masked = mask(content, key, kinds)
        content, turn.personal_data = masked.text, masked.found
        turn.raw = mask_json(turn.raw, key, kinds)
        turn.tool_calls = mask_json(turn.tool_calls, key, kinds)
    turn.content = content


def _storable_json(value: Any) -> Any:
    """A JSON value made storable (every string, keys included)."""
    return storable_value(value)[0]
