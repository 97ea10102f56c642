"""Logged conversations: jsonl, openai and csv logs → dialogs to judge, read as a stream.

Read by `agenteval judge` (a file, in bounded memory) and `importConversations` (a
document) through the same functions, so both judge the same dialogs (pure: no I/O).

* `jsonl`: one conversation a line, `{"id", "messages": [{"role", "content"}], "metadata"}`
* `openai`: a JSON list of chat-completions message lists (or `{"id"?, "messages"}` objects)
* `csv`: columns `conversation_id`, `turn`, `role`, `text`, one message a row (optional
  columns `latency_ms`, `raw`, `tool_calls`); a conversation's rows are one block

A dialog is the user's messages with the assistant's reply to each (the assistant
messages after it, joined), with what the log says of the reply: its `raw` JSON, its
tool calls and its `latency_ms`. Roles are read through the role table (log_roles.py):
an unknown role is refused with its line. System messages, tool results and a greeting
before the first user message are not judged: counted in `skipped` so the caller can
say so. A leading UTF-8 byte order mark (Excel's "CSV UTF-8") is ignored.
"""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.logs.json_stream import NotAJsonList, json_list_items
from agenteval.domain.logs.log_roles import UnknownRole, speaker_of
from agenteval.domain.storable_text import clean_text, storable_value

FORMATS = ("jsonl", "openai", "csv")
CSV_COLUMNS = ("conversation_id", "turn", "role", "text")
BOM = "\ufeff"
# Deeper metadata is refused: no log needs it, and storing it (orjson stops at 255
# levels) or walking it recursively would fail far from the line that caused it.
MAX_METADATA_DEPTH = 32


class LogUnreadable(ValueError):
    """A document that cannot be read as the named format; says where (line, row)."""


@dataclass(frozen=True)
class LoggedTurn:
    """A user message and what the log says the bot answered."""

    user: str
    reply: str
    raw: Any = None  # the reply's logged JSON (for `json_path`), None when not logged
    tool_calls: list[dict[str, Any]] | None = None  # [{name, arguments}]; None: not logged
    latency_ms: int | None = None  # None: not logged


@dataclass(frozen=True)
class Dialog:
    id: str
    turns: list[LoggedTurn]
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def has_latencies(self) -> bool:
        return all(turn.latency_ms is not None for turn in self.turns)

    def document(self) -> dict[str, Any]:
        """The dialog as stored and judged: `{"id", "turns": [{"user", "reply", "raw"?,
        "tool_calls"?, "latency_ms"?}], "metadata"}` (absent keys: not logged)."""
        turns = []
        for turn in self.turns:
            stored: dict[str, Any] = {"user": turn.user, "reply": turn.reply}
            for key in ("raw", "tool_calls", "latency_ms"):
                if getattr(turn, key) is not None:
                    stored[key] = getattr(turn, key)
            turns.append(stored)
        return {"id": self.id, "turns": turns, "metadata": self.metadata}


@dataclass
class ConversationLog:
    dialogs: list[Dialog]
    skipped: Counter[str] = field(default_factory=Counter)  # what was not judged, by reason


def format_of(path: str) -> str:
    lowered = path.lower()
    return "jsonl" if lowered.endswith(".jsonl") else "csv" if lowered.endswith(".csv") \
        else "openai"


def _tool_calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """OpenAI's `tool_calls` ([{function: {name, arguments: "<json>"}}]) or [{name,
    arguments}] as [{name, arguments}], the arguments decoded when they are JSON."""
    calls = []
    for call in message.get("tool_calls") or []:
        if not isinstance(call, dict):
            continue
        inner = call["function"] if isinstance(call.get("function"), dict) else call
        arguments = inner.get("arguments")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except ValueError:
                pass  # kept as written: a rule can still read it
        calls.append({"name": str(inner.get("name") or ""), "arguments": arguments})
    return calls


def _text(content: Any) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts: the text ones
        texts = [p["text"] for p in content if isinstance(p, dict)
                 and p.get("type") == "text" and isinstance(p.get("text"), str)]
        return "\n".join(texts) if texts else None
    return None


@dataclass
class _Open:
    user: str
    replies: list[str] = field(default_factory=list)
    raw: Any = None
    calls: list[dict[str, Any]] = field(default_factory=list)
    latency: int | None = 0
    answered: bool = False


def dialog_of(conversation_id: str, messages: Any, skipped: Counter[str], where: str,
              metadata: Any = None) -> Dialog | None:
    """One conversation's dialog (None when it has no user message, counted in `skipped`)."""
    if _depth(metadata) > MAX_METADATA_DEPTH:
        raise LogUnreadable(f"{where}: conversation {conversation_id}: metadata nests deeper "
                            f"than {MAX_METADATA_DEPTH} levels")
    # What a log says is stored as it said it, made storable (lone surrogates, NUL).
    conversation_id = clean_text(conversation_id)
    messages, metadata = storable_value(messages)[0], storable_value(metadata)[0]
    if not isinstance(messages, list):
        raise LogUnreadable(f"{where}: conversation {conversation_id}: `messages` is not a list")
    opened: list[_Open] = []
    tools_logged = False
    for number, message in enumerate(messages, start=1):
        if not isinstance(message, dict):
            raise LogUnreadable(f"{where}: message {number} is not an object")
        try:
            speaker = speaker_of(message.get("role"))
        except UnknownRole as exc:
            raise LogUnreadable(f"{where}: message {number}: {exc}") from None
        text = _text(message.get("content"))
        if speaker == "user":
            if text is None:
                skipped["a user message without text (an image, a file)"] += 1
                continue
            opened.append(_Open(text))
        elif speaker == "assistant" and opened:
            turn = opened[-1]
            tools_logged = tools_logged or "tool_calls" in message
            turn.calls += _tool_calls(message)
            if text is not None:
                turn.replies.append(text)
            if message.get("raw") is not None:
                turn.raw = message["raw"]
            latency = message.get("latency_ms")
            if latency is not None and (not isinstance(latency, (int, float))
                                        or isinstance(latency, bool) or latency < 0):
                raise LogUnreadable(f"{where}: message {number}: latency_ms {latency!r} is "
                                    "not a number of milliseconds")
            if latency is None:  # a part of the reply without its latency: unknown
                turn.latency = None
            elif turn.latency is not None:
                turn.latency += round(latency)
            turn.answered = True
        elif speaker == "assistant":
            skipped["an assistant message before the first user message"] += 1
        elif speaker == "tool":
            tools_logged = True
            skipped["a tool result (the bot's tool calls are judged on its replies)"] += 1
        else:
            skipped["a system message (instructions to the bot, not judged)"] += 1
    if not opened:
        skipped["a conversation without a user message"] += 1
        return None
    return Dialog(conversation_id, [
        LoggedTurn(t.user, "\n".join(t.replies), t.raw, t.calls if tools_logged else None,
                   t.latency if t.answered else None) for t in opened],
        metadata if isinstance(metadata, dict) else {})


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


def iter_dialogs(lines: Iterable[str], file_format: str, skipped: Counter[str]
                 ) -> Iterator[Dialog]:
    """The dialogs of a log given as lines (keeping their line ends) or, for `openai`, any
    pieces of its text; one conversation is held at a time. Duplicate ids are refused."""
    seen: set[str] = set()
    if file_format == "jsonl":
        found = _jsonl(lines, skipped)
    elif file_format == "openai":
        found = _openai(lines, skipped)
    elif file_format == "csv":
        found = _csv(lines, skipped)
    else:
        raise LogUnreadable(f"unknown format {file_format!r} (known: {', '.join(FORMATS)})")
    for dialog in found:
        if dialog.id in seen:
            raise LogUnreadable(f"the conversation id {dialog.id!r} appears more than once")
        seen.add(dialog.id)
        yield dialog


def _without_bom(lines: Iterable[str]) -> Iterator[str]:
    first = True
    for line in lines:
        yield line[1:] if first and line.startswith(BOM) else line
        first = False


def _jsonl(lines: Iterable[str], skipped: Counter[str]) -> Iterator[Dialog]:
    for number, line in enumerate(_without_bom(lines), start=1):
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
        dialog = dialog_of(str(row.get("id", number)), row.get("messages"), skipped,
                           f"line {number}", row.get("metadata"))
        if dialog is not None:
            yield dialog


def _openai(pieces: Iterable[str], skipped: Counter[str]) -> Iterator[Dialog]:
    try:
        for number, entry in enumerate(json_list_items(_without_bom(pieces)), start=1):
            where = f"conversation {number}"
            if isinstance(entry, dict):
                dialog = dialog_of(str(entry.get("id", number)), entry.get("messages"),
                                   skipped, where, entry.get("metadata"))
            else:
                dialog = dialog_of(str(number), entry, skipped, where)
            if dialog is not None:
                yield dialog
    except NotAJsonList as exc:
        raise LogUnreadable(f"an openai log is a JSON list of message lists: {exc}") from None
    except RecursionError:
        raise LogUnreadable("JSON nested too deeply") from None


def _csv(lines: Iterable[str], skipped: Counter[str]) -> Iterator[Dialog]:
    reader = csv.DictReader(_without_bom(lines))
    columns = [c.strip() for c in reader.fieldnames or []]
    reader.fieldnames = columns
    missing = [c for c in CSV_COLUMNS if c not in columns]
    if missing:
        raise LogUnreadable(f"the CSV lacks the columns {', '.join(missing)} "
                            f"(its header: {', '.join(columns) or 'none'})")
    block: list[tuple[float, int, dict[str, Any]]] = []
    current: str | None = None
    finished: set[str] = set()  # ids whose block ended: rows of theirs later are refused
    rows = enumerate(reader)
    while True:
        try:
            order, row = next(rows)
        except StopIteration:
            break
        except csv.Error as exc:  # e.g. a field over csv's size limit (128 KiB)
            raise LogUnreadable(f"line {reader.line_num}: not readable CSV: {exc}") from None
        number = order + 2  # the header is row 1
        short = [c for c in CSV_COLUMNS if row.get(c) is None]
        if short:  # DictReader gives None to the columns a short row lacks
            raise LogUnreadable(f"line {reader.line_num}: the row has no {', '.join(short)}")
        conversation_id = row["conversation_id"]
        if conversation_id != current:
            if current is not None:
                yield from _csv_dialog(current, block, skipped)
                finished.add(current)
            if conversation_id in finished:
                raise LogUnreadable(
                    f"row {number}: conversation {conversation_id!r} continues after other "
                    "conversations' rows; sort the CSV by conversation_id (a conversation's "
                    "rows must be together, so that a log of any size is read in bounded memory)")
            current, block = conversation_id, []
        block.append((_number(row["turn"], number, "turn"), number, _csv_message(row, number)))
    if current is not None:
        yield from _csv_dialog(current, block, skipped)


def _number(value: Any, row: int, column: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise LogUnreadable(f"row {row}: {column} {value!r} is not a number") from None


def _csv_message(row: dict[str, Any], number: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": row["role"], "content": row["text"] or ""}
    if (row.get("latency_ms") or "").strip():
        message["latency_ms"] = _number(row["latency_ms"], number, "latency_ms")
    for column in ("raw", "tool_calls"):
        if (row.get(column) or "").strip():
            try:
                message[column] = json.loads(row[column])
            except ValueError:
                raise LogUnreadable(f"row {number}: {column} is not JSON") from None
    return message


def _csv_dialog(conversation_id: str, block: list[tuple[float, int, dict[str, Any]]],
                skipped: Counter[str]) -> Iterator[Dialog]:
    block.sort(key=lambda entry: (entry[0], entry[1]))
    dialog = dialog_of(conversation_id, [message for _, _, message in block], skipped,
                       f"rows {block[0][1]}-{max(n for _, n, _ in block)}")
    if dialog is not None:
        yield dialog


def read_conversations(text: str, file_format: str) -> ConversationLog:
    """A whole document's dialogs (the API's `importConversations`)."""
    log = ConversationLog([])
    log.dialogs = list(iter_dialogs(text.splitlines(keepends=True), file_format, log.skipped))
    return log


def sample_positions(total: int, size: int | None, seed: int) -> set[int] | None:
    """The 0-based positions `size` dialogs of `total` drawn with `seed` (the same draw
    every time); None: all of them."""
    if size is None or size >= total:
        return None
    return set(random.Random(seed).sample(range(total), size))


def sample(log: ConversationLog, size: int | None, seed: int) -> ConversationLog:
    """`size` dialogs drawn with `seed`, in the file's order."""
    chosen = sample_positions(len(log.dialogs), size, seed)
    if chosen is None:
        return log
    return ConversationLog([d for i, d in enumerate(log.dialogs) if i in chosen], log.skipped)
