"""OpenTelemetry into monitoring: LLM calls from spans or log events, stored as turns.

The calls of one request become turns (domain/monitoring/otel_turns.py) and are stored
like a REST request's (engine/monitoring/ingestion.py: storable, masked, idempotent by
position, one transaction). Unreadable spans or records are rejected and counted, the
rest stored: the answer is OTLP's partial success.
"""

from __future__ import annotations

from datetime import UTC, datetime

from agenteval.domain.monitoring.ingest_lines import IngestLimits, IngestTurn
from agenteval.domain.monitoring.otel_calls import LlmCall
from agenteval.domain.monitoring.otel_logs import LogEvent, calls_of_logs
from agenteval.domain.monitoring.otel_spans import SpanRecord, calls_of_spans
from agenteval.domain.monitoring.otel_turns import assign_conversations, turns_of
from agenteval.domain.storable_text import clean_text as storable
from agenteval.engine.monitoring import wakeup
from agenteval.engine.monitoring.ingestion import prepare
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import sources_named


async def ingest_spans(spans: list[SpanRecord], limits: IngestLimits) -> tuple[int, str]:
    calls, problems = calls_of_spans(spans)
    return await _store(calls, problems, limits)


async def ingest_logs(events: list[LogEvent], limits: IngestLimits) -> tuple[int, str]:
    calls, problems = calls_of_logs(events)
    return await _store(calls, problems, limits)


async def _store(calls: list[tuple[str, LlmCall]], problems: list[str],
                 limits: IngestLimits) -> tuple[int, str]:
    """Store the calls' turns; (how many were rejected, why)."""
    inferred = assign_conversations([call for _, call in calls])
    turns: list[IngestTurn] = []
    for number, (source, call) in enumerate(calls, start=1):
        try:
            turns += turns_of(call, source, number, limits)
        except ValueError as exc:
            problems.append(f"span {call.span_id}: {exc}")
    if turns:
        for turn in turns:
            turn.source, turn.conversation_id = storable(turn.source), storable(turn.conversation_id)
        sources = await sources_named({t.source for t in turns})
        for turn in turns:
            prepare(turn, sources[turn.source])
        today = datetime.now(UTC).date()
        await ensure_partitions({today})
        # Inferred groupings are marked in the same write (the same transaction).
        stored = await store_turns(turns, sources, today, inferred=frozenset(inferred))
        if stored.accepted:
            wakeup.ingested()  # committed: this process's worker looks at once
    return len(problems), "; ".join(problems[:10])
