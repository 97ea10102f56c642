"""A metric's evidence checked against the dialog, as findings' evidence is (domain/intelligent/evidence.py).

Each evidence item cites `turn_index` and a `quote`. It is `verified` when that
turn exists and the quote — whitespace normalised, case and punctuation kept —
is the turn's user message or reply or a contiguous part of one
(`quote_matches`, the same test the analyst's findings pass). A quote that is
empty after normalisation is filled from the turn's reply (or its message when
there is none). Unverified evidence is kept with `verified: false` and listed
in `unverified_quotes`, never dropped: the judge's verdict still counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from agenteval.domain.intelligent.evidence import normalise_whitespace, quote_matches
from agenteval.domain.judging.cases import Turn


def verify_item(item: dict[str, Any], dialog: Sequence[Turn]) -> dict[str, Any]:
    """A copy of `item` with `verified` (and, when it was missing, `quote`) set."""
    checked = dict(item)
    turn = next((t for t in dialog if t.index == item.get("turn_index")), None)
    if turn is None:
        checked["verified"] = False
        return checked
    said = [text for text in (turn.sent_message, turn.reply) if text]
    quote = item.get("quote")
    if not isinstance(quote, str) or not normalise_whitespace(quote):
        checked["quote"] = turn.reply if turn.reply is not None else turn.sent_message
        checked["verified"] = True
        return checked
    checked["verified"] = any(quote_matches(quote, text) for text in said)
    return checked


def verify_items(items: Iterable[dict[str, Any]], dialog: Sequence[Turn]) -> list[dict[str, Any]]:
    return [verify_item(item, dialog) for item in items]


def unverified_quotes(items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """{turn_index, quote} of each item whose quote is not in the cited turn."""
    return [{"turn_index": item.get("turn_index"), "quote": item.get("quote")}
            for item in items if item.get("verified") is False]
