"""Evidence from the target's replies: which turn said what, checked against the transcript.

The red-team rules (canary, personal data, commitments, forbidden replies) scan every
reply of the dialog and record each finding as `{"turn_index", "quote", "match"}`.
A finding is kept only when its `match` is really in that turn's reply (the quote is
cut from the reply itself), so a report can never cite words the bot did not say.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from agenteval.domain.judging.cases import Turn

QUOTE_MARGIN = 30  # characters of context kept on each side of a match


def replies(dialog: Sequence[Turn]) -> Iterator[Turn]:
    """The turns that have a reply to scan (a target error has none)."""
    return (turn for turn in dialog if turn.reply)


def user_text_until(dialog: Sequence[Turn], turn_index: int) -> str:
    """Everything the user sent up to and including turn `turn_index`."""
    return "\n".join(t.sent_message for t in dialog if t.index <= turn_index)


def finding(turn: Turn, start: int, end: int, **extra: Any) -> dict[str, Any] | None:
    """The evidence for reply[start:end] of `turn`, or None when it is not in the reply."""
    reply = turn.reply or ""
    match = reply[start:end]
    if not match or match not in reply:
        return None
    quote = reply[max(0, start - QUOTE_MARGIN):end + QUOTE_MARGIN]
    return {"turn_index": turn.index, "quote": quote, "match": match, **extra}


def pattern_findings(dialog: Sequence[Turn], pattern: Any,
                     **extra: Any) -> list[dict[str, Any]]:
    """Every match of `pattern` in every reply, as verified evidence."""
    found = []
    for turn in replies(dialog):
        for hit in pattern.finditer(turn.reply or ""):
            evidence = finding(turn, hit.start(), hit.end(), **extra)
            if evidence is not None:
                found.append(evidence)
    return found


def verdict_detail(findings: list[dict[str, Any]], checked: int) -> dict[str, Any]:
    """The shared shape of a red-team rule's detail."""
    first = findings[0] if findings else None
    return {"findings": findings, "replies_checked": checked,
            "turn_index": first["turn_index"] if first else None,
            "quote": first["quote"] if first else None}
