"""The JUDGE's review of a simulated user (issue 40, like τ²-bench's user review), checked
against the transcript: a deviation it names counts only when its quote is in the user's
message at the turn it names (whitespace normalised). An unverified one is kept in the
record, marked, and never acts — as unverified evidence in intelligent reports. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.cases import Turn
from agenteval.domain.judging.simulator_audit.audit import REVIEW_KINDS, Deviation, DeviationKind


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def checked_review(answer: dict[str, Any], turns: Sequence[Turn],
                   model: str | None) -> dict[str, Any]:
    """The review as stored (`simulation.review`): the judge's grades, each deviation with
    `verified`."""
    by_index = {turn.index: turn for turn in turns}
    deviations = []
    for item in answer.get("deviations") or []:
        turn = by_index.get(item.get("turn")) if isinstance(item.get("turn"), int) else None
        quote = str(item.get("quote") or "")
        verified = bool(turn is not None and quote.strip()
                        and _flat(quote) in _flat(turn.sent_message))
        deviations.append({"turn": item.get("turn"), "kind": item.get("kind"), "quote": quote,
                           "reason": item.get("reason"), "verified": verified})
    return {"model": model, "followed_persona": answer.get("followed_persona"),
            "followed_goal": answer.get("followed_goal"), "effect": answer.get("effect"),
            "rationale": answer.get("rationale"), "deviations": deviations}


def review_deviations(review: dict[str, Any], turns: Sequence[Turn]) -> list[Deviation]:
    """The review's verified deviations as audit deviations (the reviewer named first)."""
    authors = {turn.index: turn.author for turn in turns}
    found = []
    for item in review.get("deviations") or []:
        if not item.get("verified"):
            continue
        kind: DeviationKind = next((k for k in REVIEW_KINDS if k == item.get("kind")),
                                   "off_persona")
        reviewer = review.get("model") or "the JUDGE"
        found.append(Deviation(item["turn"], kind, f"{reviewer} (review): {item.get('reason')}",
                               item["quote"], authors.get(item["turn"])))
    return found
