"""Rows of finished attempts, written with one executemany per table (the ORM bypassed).

Why: a static run stores every attempt as it finishes — one CaseOutcome,
its RunTurns and its RuleResultRows. Building a Tortoise model object per
row and letting `bulk_create` convert every value again cost more than all
the run's HTTP traffic (≈ 1 s per 2,000 attempts, the largest single cost
of a run). Here the values are prepared once, as plain tuples, in exactly
the form Tortoise itself sends (uuid as text, JSON dumped with the field's
own encoder, aware UTC datetimes) and written through the ORM connection's
`execute_many` — inside the caller's transaction, so a batch stays atomic.

Reading is NOT bypassed: the rows are read back through the ORM models
(tests/store/test_run_rows.py checks they read back exactly as rows written
by `bulk_create` do, on SQLite and PostgreSQL, and that the column lists
below are exactly the models' columns, so a model change cannot silently
drift from the SQL here).
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from tortoise import timezone
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.fields import JSONField

from agenteval.domain.static.run_records import FinishedAttempt
from agenteval.domain.storable_text import clean_text, storable_value
from agenteval.store.models import CaseOutcome, RuleResultRow, RunTurn

# Every column but the generated integer ids, in the order of the value tuples.
OUTCOME_COLUMNS = ("id", "run_id", "position", "case_key", "attempt", "passed",
                   "success_level", "score", "intent_passed", "completion_rate", "error",
                   "created_at", "simulation", "tags")
TURN_COLUMNS = ("outcome_id", "index", "sent_message", "reply", "latency_ms", "error",
                "raw_response", "tool_calls", "author", "sanitized")
RESULT_COLUMNS = ("outcome_id", "position", "rule_type", "implicit", "passed", "score",
                  "weight", "detail", "error")


def _json_encoder() -> Callable[[Any], str]:
    """The `detail` field's own encoder; its default (json.dumps with compact separators)
    is swapped for one prebuilt JSONEncoder with the same options: same text, without
    building an encoder per call."""
    encoder = cast(JSONField[Any], RuleResultRow._meta.fields_map["detail"]).encoder
    if (isinstance(encoder, functools.partial) and encoder.func is json.dumps
            and not encoder.args and encoder.keywords == {"separators": (",", ":")}):
        return json.JSONEncoder(separators=(",", ":")).encode
    return encoder


_encode_any_json = _json_encoder()
# What neither database stores in JSON: NUL and surrogates, which the encoder escapes.
_UNSTORABLE_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")


def _encode_json(value: Any) -> str:
    """JSON text both databases store: a value still holding NUL or a lone surrogate (a
    rule's detail quoting a reply, a judge's rationale) is cleaned first — the last line
    of defence behind the channels' own cleaning (domain/storable_text.py)."""
    text = _encode_any_json(value)
    if _UNSTORABLE_ESCAPE.search(text) is None:
        return text
    return _encode_any_json(storable_value(value)[0])


def _text(value: str | None) -> str | None:
    return None if value is None else clean_text(value)


@dataclass
class AttemptRows:
    """The value tuples of a batch of attempts, in the column orders above."""

    outcomes: list[tuple[Any, ...]] = field(default_factory=list)
    turns: list[tuple[Any, ...]] = field(default_factory=list)
    results: list[tuple[Any, ...]] = field(default_factory=list)


def _optional_float(value: float | None) -> float | None:
    return None if value is None else float(value)


def attempt_rows(run_id: uuid.UUID, attempts: Sequence[FinishedAttempt]) -> AttemptRows:
    """Pure: the rows storing `attempts` (new outcome ids, one created_at for the batch)."""
    rows = AttemptRows()
    run_key = str(run_id)
    created_at = timezone.localtime()  # what auto_now_add stores (aware, the ORM's zone)
    for finished in attempts:
        outcome_key = str(uuid.uuid4())
        verdict = finished.verdict
        rows.outcomes.append((
            outcome_key, run_key, finished.position, finished.case.key, finished.attempt,
            bool(verdict.passed), verdict.success_level, float(verdict.score),
            verdict.intent_passed, _optional_float(verdict.completion_rate),
            _text(verdict.error),
            created_at,
            None if finished.simulation is None else _encode_json(finished.simulation),
            _encode_json(list(finished.case.tags))))  # read with the page (0017)
        rows.turns += [(outcome_key, turn.index, clean_text(turn.sent_message),
                        _text(turn.reply), turn.latency_ms, _text(turn.error),
                        None if turn.raw is None else _encode_json(turn.raw),
                        None if turn.tool_calls is None else _encode_json(turn.tool_calls),
                        turn.author,
                        _encode_json(list(turn.sanitized)) if turn.sanitized else None)
                       for turn in finished.turns]
        rows.results += [(outcome_key, position, result.rule_type, bool(result.implicit),
                          bool(result.passed), float(result.score), float(result.weight),
                          _encode_json(result.stored_detail()),
                          _text(result.error))
                         for position, result in enumerate(finished.results)]
    return rows


def _insert_sql(connection: BaseDBAsyncClient, table: str, columns: Sequence[str]) -> str:
    dialect = connection.capabilities.dialect
    if dialect == "sqlite":
        marks = ", ".join("?" for _ in columns)
    elif dialect == "postgres":
        marks = ", ".join(f"${number}" for number in range(1, len(columns) + 1))
    else:  # pragma: no cover - only the two supported backends
        raise RuntimeError(f"run_rows does not support the {dialect} dialect")
    names = ", ".join(f'"{column}"' for column in columns)
    return f'INSERT INTO "{table}" ({names}) VALUES ({marks})'


async def insert_attempt_rows(connection: BaseDBAsyncClient, rows: AttemptRows) -> None:
    """Insert the rows on `connection` (give the transaction's, for an atomic batch)."""
    for model, columns, values in ((CaseOutcome, OUTCOME_COLUMNS, rows.outcomes),
                                   (RunTurn, TURN_COLUMNS, rows.turns),
                                   (RuleResultRow, RESULT_COLUMNS, rows.results)):
        if values:
            await connection.execute_many(
                _insert_sql(connection, model._meta.db_table, columns),
                values)  # type: ignore[arg-type]  # tortoise says list[list]; drivers take tuples
