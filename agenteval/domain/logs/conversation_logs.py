"""Logged conversations (issue 26 item 2): jsonl, openai and csv files → dialogs to judge.

Read by `agenteval judge` and by `importConversations` (pure: no I/O).

* `jsonl`: one conversation a line, `{"id", "messages": [{"role", "content"}], "metadata"}`
* `openai`: a JSON list of chat-completions message lists (or `{"id"?, "messages"}` objects)
* `csv`: columns `conversation_id`, `turn`, `role`, `text`, one message a row

A dialog is the user's messages with the assistant's reply to each (the assistant
messages after it, joined). System and tool messages, and assistant messages before
the first user message (a greeting nobody asked for), are not judged: they are counted
in `skipped` so the caller can say so.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.storable_text import clean_text, storable_value

FORMATS = ("jsonl", "openai", "csv")
CSV_COLUMNS = ("conversation_id", "turn", "role", "text")
# Deeper metadata is refused: no log needs it, and storing it (orjson stops at 255
# levels) or walking it recursively would fail far from the line that caused it.
MAX_METADATA_DEPTH = 32


class LogUnreadable(ValueError):
    """A document that cannot be read as the named format; says where (line, row)."""


@dataclass(frozen=True)
class Dialog:
    id: str
    exchanges: list[tuple[str, str]]  # (user message, the assistant's reply to it)
    metadata: dict[str, Any] = field(default_factory=dict)
    # Per exchange, the reply's logged `raw` (the bot's JSON as it sent it) when the log
    # gives one on an assistant message, else None; for `json_path` rules.
    raw_replies: list[Any] = field(default_factory=list)


@dataclass
class ConversationLog:
    dialogs: list[Dialog]
    skipped: Counter[str] = field(default_factory=Counter)  # what was not judged, by reason


def format_of(path: str) -> str:
    lowered = path.lower()
    return "jsonl" if lowered.endswith(".jsonl") else "csv" if lowered.endswith(".csv") \
        else "openai"


def _exchanges(conversation_id: str, messages: Any, log: ConversationLog
               ) -> list[tuple[str, str, Any]]:
    if not isinstance(messages, list):
        raise LogUnreadable(f"conversation {conversation_id}: `messages` is not a list")
    exchanges: list[tuple[str, list[str]]] = []
    raws: list[Any] = []
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("content"), str):
            log.skipped["a message without text content (tool calls, images)"] += 1
            continue
        role = message.get("role")
        if role == "user":
            exchanges.append((message["content"], []))
            raws.append(None)
        elif role == "assistant" and exchanges:
            exchanges[-1][1].append(message["content"])
            if message.get("raw") is not None:
                raws[-1] = message["raw"]
        elif role == "assistant":
            log.skipped["an assistant message before the first user message"] += 1
        else:
            log.skipped[f"a {role} message (only user and assistant turns are judged)"] += 1
    return [(user, "\n".join(replies), raw) for (user, replies), raw
            in zip(exchanges, raws, strict=True)]


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (iterative: any depth is safe)."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            pending.extend((child, depth + 1) for child in item)
    return deepest


def _add(log: ConversationLog, conversation_id: str, messages: Any,
         metadata: Any = None) -> None:
    if _depth(metadata) > MAX_METADATA_DEPTH:
        raise LogUnreadable(f"conversation {conversation_id}: metadata nests deeper than "
                            f"{MAX_METADATA_DEPTH} levels")
    # What a log says is stored as it said it, made storable (lone surrogates, NUL).
    conversation_id = clean_text(conversation_id)
    messages, metadata = storable_value(messages)[0], storable_value(metadata)[0]
    exchanges = _exchanges(conversation_id, messages, log)
    if not exchanges:
        log.skipped["a conversation without a user message"] += 1
        return
    log.dialogs.append(Dialog(conversation_id, [(user, reply) for user, reply, _ in exchanges],
                              metadata if isinstance(metadata, dict) else {},
                              [raw for _, _, raw in exchanges]))


def read_conversations(text: str, file_format: str) -> ConversationLog:
    log = ConversationLog([])
    if file_format == "jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as exc:
                raise LogUnreadable(f"line {number}: not JSON: {exc}") from None
            except RecursionError:
                raise LogUnreadable(f"line {number}: JSON nested too deeply") from None
            if not isinstance(row, dict):
                raise LogUnreadable(f"line {number}: not a conversation object")
            _add(log, str(row.get("id", number)), row.get("messages"), row.get("metadata"))
    elif file_format == "openai":
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise LogUnreadable(f"not JSON: {exc}") from None
        except RecursionError:
            raise LogUnreadable("JSON nested too deeply") from None
        if not isinstance(data, list):
            raise LogUnreadable("an openai file is a JSON list of message lists")
        for number, entry in enumerate(data, start=1):
            if isinstance(entry, dict):
                _add(log, str(entry.get("id", number)), entry.get("messages"),
                     entry.get("metadata"))
            else:
                _add(log, str(number), entry)
    elif file_format == "csv":
        _read_csv(text, log)
    else:
        raise LogUnreadable(f"unknown format {file_format!r} (known: {', '.join(FORMATS)})")
    _check_ids(log)
    return log


def _read_csv(text: str, log: ConversationLog) -> None:
    reader = csv.DictReader(io.StringIO(text))
    try:
        rows = _csv_rows(reader)
    except csv.Error as exc:  # e.g. a field over csv's size limit (128 KiB)
        raise LogUnreadable(f"line {reader.line_num}: not readable CSV: {exc}") from None
    for conversation_id, entries in rows.items():
        entries.sort(key=lambda e: (e[0], e[1]))
        _add(log, conversation_id, [{"role": r["role"].strip().lower(), "content": r["text"]}
                                    for _, _, r in entries])


def _csv_rows(reader: csv.DictReader[str]) -> dict[str, list[tuple[float, int, dict[str, str]]]]:
    missing = [c for c in CSV_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise LogUnreadable(f"the CSV lacks the columns {', '.join(missing)}")
    rows: dict[str, list[tuple[float, int, dict[str, str]]]] = {}
    for order, row in enumerate(reader):
        short = [c for c in CSV_COLUMNS if row.get(c) is None]
        if short:  # DictReader gives None to the columns a short row lacks
            raise LogUnreadable(f"line {reader.line_num}: the row has no "
                                f"{', '.join(short)}")
        try:
            turn = float(row["turn"])
        except ValueError:
            raise LogUnreadable(f"line {reader.line_num}: turn {row['turn']!r} is not a "
                                "number") from None
        rows.setdefault(row["conversation_id"], []).append((turn, order, row))
    return rows


def _check_ids(log: ConversationLog) -> None:
    seen = Counter(d.id for d in log.dialogs)
    doubled = [i for i, n in seen.items() if n > 1]
    if doubled:
        raise LogUnreadable(f"conversation ids appear more than once: {', '.join(doubled[:5])}")


def sample(log: ConversationLog, size: int | None, seed: int) -> ConversationLog:
    """`size` dialogs drawn with `seed` (the same draw every time), in the file's order."""
    if size is None or size >= len(log.dialogs):
        return log
    chosen = set(random.Random(seed).sample(range(len(log.dialogs)), size))
    return ConversationLog([d for i, d in enumerate(log.dialogs) if i in chosen], log.skipped)
