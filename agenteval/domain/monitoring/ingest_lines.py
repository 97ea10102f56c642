"""The bodies `POST /api/ingest` takes, read into turns or a list of every bad line.

A body is JSON (one object or an array of objects) or NDJSON (one object a line).
Each object is a turn —

    {"source", "conversationId", "messageId"?, "position"?, "role": "user|assistant|tool",
     "content", "timestamp"?, "latencyMs"?, "raw"?, "toolCalls"?, "metadata"?, "end"?}

— or a whole conversation in the `importConversations` JSONL shape,
`{"id", "messages": [{"role", "content", ...}], "metadata"?, "source"?}`, whose messages
get their positions. `source` may instead be given once as `?source=` on the URL.

A turn's idempotency key is its `messageId`, else `#<position>`, else a hash of its role,
content and timestamp (so a retried request is recognised). Sizes are checked here,
before anything is masked or stored. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

ROLES = ("user", "assistant", "tool")


@dataclass(frozen=True)
class IngestLimits:
    max_lines: int = 10_000
    max_content_chars: int = 100_000
    max_id_chars: int = 200


@dataclass
class IngestTurn:
    """One turn as sent (not yet masked)."""

    line: int
    source: str
    conversation_id: str
    message_key: str
    position: int | None
    role: str
    content: str
    timestamp: datetime | None
    latency_ms: int | None = None
    raw: Any = None
    tool_calls: list[dict[str, Any]] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    end: bool = False
    # Filled by masking: what personal data the raw content had ({kind, token}).
    personal_data: list[dict[str, str]] = field(default_factory=list)


@dataclass
class ReadBody:
    turns: list[IngestTurn]
    errors: list[dict[str, Any]]


def _error(line: int, code: str, message: str, path: str = "") -> dict[str, Any]:
    where = f"line {line}" + (f".{path}" if path else "")
    return {"path": where, "line": line, "reason": code, "message": message}


def split_body(body: bytes, content_type: str) -> tuple[list[Any], list[dict[str, Any]]]:
    """The objects of the body with their errors (a line that is not JSON)."""
    text = body.decode("utf-8", errors="replace")
    is_ndjson = "ndjson" in content_type or "jsonl" in content_type
    if not is_ndjson:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            if exc.msg != "Extra data":  # "Extra data": NDJSON sent as JSON, read as lines
                return [], [_error(1, "INVALID_JSON", f"the body is not JSON: {exc.msg}")]
        except RecursionError:
            return [], [_error(1, "TOO_DEEP", "the body nests too deeply")]
        else:
            return (value if isinstance(value, list) else [value]), []
    objects: list[Any] = []
    errors: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            objects.append(None)  # keeps line numbers; skipped below
            continue
        try:
            objects.append(json.loads(line))
        except json.JSONDecodeError as exc:
            objects.append(None)
            errors.append(_error(number, "INVALID_JSON", f"not JSON: {exc.msg}"))
        except RecursionError:
            objects.append(None)
            errors.append(_error(number, "TOO_DEEP", "the line nests too deeply"))
    return objects, errors


def read_body(body: bytes, content_type: str, default_source: str | None,
              limits: IngestLimits) -> ReadBody:
    objects, errors = split_body(body, content_type)
    if len([o for o in objects if o is not None]) > limits.max_lines:
        return ReadBody([], [_error(1, "TOO_MANY_LINES",
                                    f"at most {limits.max_lines} objects a request")])
    turns: list[IngestTurn] = []
    for number, value in enumerate(objects, start=1):
        if value is None:
            continue
        if not isinstance(value, dict):
            errors.append(_error(number, "NOT_AN_OBJECT", "each line must be a JSON object"))
        elif "messages" in value:
            turns += _conversation(number, value, default_source, limits, errors)
        else:
            turn = _turn(number, value, default_source, limits, errors, "")
            if turn is not None:
                turns.append(turn)
    return ReadBody(turns, errors)


def _conversation(number: int, value: dict[str, Any], default_source: str | None,
                  limits: IngestLimits, errors: list[dict[str, Any]]) -> list[IngestTurn]:
    messages = value.get("messages")
    if not isinstance(messages, list) or not messages:
        errors.append(_error(number, "MISSING_FIELD", "messages must be a non-empty list",
                             "messages"))
        return []
    turns = []
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            errors.append(_error(number, "NOT_AN_OBJECT", "a message must be an object",
                                 f"messages[{index}]"))
            continue
        merged = {"source": value.get("source"), "conversationId": value.get("id"),
                  "metadata": value.get("metadata"), "position": index, **message}
        turn = _turn(number, merged, default_source, limits, errors, f"messages[{index}].")
        if turn is not None:
            turns.append(turn)
    if turns and value.get("end"):
        turns[-1].end = True
    return turns


def _turn(number: int, value: dict[str, Any], default_source: str | None,
          limits: IngestLimits, errors: list[dict[str, Any]], prefix: str) -> IngestTurn | None:
    before = len(errors)

    def bad(code: str, path: str, message: str) -> None:
        errors.append(_error(number, code, message, prefix + path))

    source = value.get("source") or default_source
    conversation = value.get("conversationId")
    for name, given in (("source", source), ("conversationId", conversation)):
        if not isinstance(given, str | int) or isinstance(given, bool) or str(given) == "":
            bad("MISSING_FIELD", name, f"{name} is required (a string)")
        elif len(str(given)) > limits.max_id_chars:
            bad("TOO_LONG", name, f"at most {limits.max_id_chars} characters")
    role = value.get("role")
    if role not in ROLES:
        bad("BAD_ROLE", "role", f"role must be one of {', '.join(ROLES)}")
    content = value.get("content")
    if content is None and value.get("toolCalls"):
        content = ""
    if not isinstance(content, str):
        bad("MISSING_FIELD", "content", "content is required (a string)")
    elif len(content) > limits.max_content_chars:
        bad("TOO_LONG", "content", f"at most {limits.max_content_chars} characters "
                                   f"(this one has {len(content)})")
    message_id = value.get("messageId")
    if message_id is not None and (not isinstance(message_id, str | int)
                                   or len(str(message_id)) > limits.max_id_chars):
        bad("BAD_TYPE", "messageId", f"a string of at most {limits.max_id_chars} characters")
    position = value.get("position")
    if position is not None and (not isinstance(position, int) or isinstance(position, bool)
                                 or position < 0):
        bad("BAD_TYPE", "position", "a whole number ≥ 0")
    latency = value.get("latencyMs")
    if latency is not None and (not isinstance(latency, int | float) or latency < 0):
        bad("BAD_TYPE", "latencyMs", "a number of milliseconds ≥ 0")
    timestamp, problem = parse_timestamp(value.get("timestamp"))
    if problem:
        bad("BAD_TIMESTAMP", "timestamp", problem)
    tool_calls = value.get("toolCalls")
    if tool_calls is not None and not (isinstance(tool_calls, list)
                                       and all(isinstance(c, dict) for c in tool_calls)):
        bad("BAD_TYPE", "toolCalls", "a list of objects ({name, arguments})")
    metadata = value.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        bad("BAD_TYPE", "metadata", "an object")
    if len(errors) > before:
        return None
    assert isinstance(content, str)
    key = (str(message_id) if message_id is not None
           else f"#{position}" if position is not None
           else "~" + hashlib.sha256(json.dumps(
               [role, content, value.get("timestamp")], ensure_ascii=False).encode()
           ).hexdigest()[:32])
    return IngestTurn(number, str(source), str(conversation), key, position, str(role),
                      content, timestamp, None if latency is None else int(latency),
                      value.get("raw"), tool_calls, metadata or {}, bool(value.get("end")))


def parse_timestamp(value: Any) -> tuple[datetime | None, str | None]:
    """An ISO 8601 text or epoch seconds → an aware datetime, or why not."""
    if value is None:
        return None, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(float(value), UTC), None
        except (OverflowError, OSError, ValueError):
            return None, "epoch seconds out of range"
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None, "an ISO 8601 date-time or epoch seconds"
        return (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)), None
    return None, "an ISO 8601 date-time or epoch seconds"
