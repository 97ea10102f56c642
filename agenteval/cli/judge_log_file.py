"""The log file `agenteval judge` reads: streamed twice, never held whole.

The first pass (`survey`) reads every conversation once to count them, check the file
(a line that is not JSON, an unknown role, a duplicate id: refused before anything is
judged), learn whether every reply has a latency and count what is not judged. The
second pass (`chunks`) reads it again and hands out the chosen conversations a chunk at
a time, so memory holds one chunk whatever the log's size.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from agenteval.domain.logs.conversation_logs import Dialog, LogUnreadable, iter_dialogs
from agenteval.gate.inputs import BadInput

# The one size limit of `agenteval judge` (docs/judge.md): the conversations of one log.
# Memory does not grow with it (the log is streamed in chunks); the ids do, a set of them
# is held to refuse duplicates, and a log this long takes hours to judge anyway.
MAX_LOG_CONVERSATIONS = 1_000_000
BLOCK_CHARS = 1 << 16  # an openai log (one JSON list, often one line) is read in blocks


def _pieces(path: str, file_format: str) -> Iterator[str]:
    """The file's text: lines (jsonl, csv) or blocks (openai); utf-8, a BOM dropped by the
    readers."""
    try:
        with Path(path).open(encoding="utf-8", newline="" if file_format == "csv" else None
                             ) as handle:
            if file_format == "openai":
                yield from iter(lambda: handle.read(BLOCK_CHARS), "")
            else:
                yield from handle
    except UnicodeDecodeError as exc:
        raise BadInput(f"cannot read {path!r}: it is not UTF-8 text ({exc.reason} at byte "
                       f"{exc.start}); save it as UTF-8 (Excel: \"CSV UTF-8\")") from None
    except OSError as exc:
        raise BadInput(f"cannot read {path!r}: {exc.strerror or exc}") from None


@dataclass
class Survey:
    """What the first pass learnt of the log."""

    total: int = 0  # conversations with a user message
    has_latencies: bool = True  # every reply of every conversation logs its latency_ms
    skipped: Counter[str] = field(default_factory=Counter)


def dialogs(path: str, file_format: str, skipped: Counter[str]) -> Iterator[Dialog]:
    try:
        yield from iter_dialogs(_pieces(path, file_format), file_format, skipped)
    except LogUnreadable as exc:
        raise BadInput(f"{path}: {exc}") from None


def survey(path: str, file_format: str) -> Survey:
    found = Survey()
    for dialog in dialogs(path, file_format, found.skipped):
        found.total += 1
        found.has_latencies = found.has_latencies and dialog.has_latencies
        if found.total > MAX_LOG_CONVERSATIONS:
            raise BadInput(
                f"{path} holds more than {MAX_LOG_CONVERSATIONS:,} conversations, the most "
                "one `agenteval judge` reads: judge a sample of them (--sample N) or split "
                "the file and judge each part")
    if not found.total:
        raise BadInput(f"{path} holds no conversation with a user message")
    found.has_latencies = found.has_latencies and found.total > 0
    return found


def chunks(path: str, file_format: str, chosen: set[int] | None, size: int
           ) -> Iterator[list[Dialog]]:
    """The chosen conversations (by position; None: all) in the file's order, `size` at
    a time."""
    picked = (d for position, d in enumerate(dialogs(path, file_format, Counter()))
              if chosen is None or position in chosen)
    while batch := list(itertools.islice(picked, size)):
        yield batch
