"""Checking a report's evidence against the stored transcripts.

Evidence is `verified` when its session is one of this eval's (a key of
`transcripts`), a USER message with its `turnIndex` exists, and each quote it
gives matches that turn's message. A quote matches when, after whitespace
normalisation (runs of whitespace collapsed to one space, ends stripped), it
equals the stored text or is a contiguous part of it: analysts quote the
sentence that matters, not whole replies. Case and punctuation must match.
A quote that is empty after normalisation counts as omitted.

Omitted quotes are filled from the transcript whenever the turn exists.
Unverified evidence is kept with `verified: False`, never dropped.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

MessageRole = Literal["USER", "ASSISTANT"]

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class MessageRecord:
    """One stored message of a session: the user's turn or the target's reply."""

    index: int
    turn_index: int
    role: MessageRole
    content: str
    error: str | None = None


def normalise_whitespace(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def quote_matches(quote: str, stored: str) -> bool:
    """True when `quote` equals `stored` or is a contiguous part of it, whitespace-normalised."""
    wanted = normalise_whitespace(quote)
    return bool(wanted) and wanted in normalise_whitespace(stored)


def verify_evidence(report: dict[str, Any],
                    transcripts: Mapping[str, Sequence[MessageRecord]]) -> dict[str, Any]:
    """A copy of `report` whose every evidence has `verified` set and omitted quotes filled.

    `transcripts` maps each session of *this* eval to its messages; evidence
    citing any other session is unverified.
    """
    checked = copy.deepcopy(report)
    for finding in checked.get("findings") or []:
        for evidence in finding.get("evidence") or []:
            _verify_one(evidence, transcripts)
    return checked


def _verify_one(evidence: dict[str, Any],
                transcripts: Mapping[str, Sequence[MessageRecord]]) -> None:
    session_id = evidence.get("sessionId")
    messages = transcripts.get(session_id) if isinstance(session_id, str) else None
    turn_index = evidence.get("turnIndex")
    user = _message(messages, turn_index, "USER")
    if user is None:
        evidence["verified"] = False
        return
    reply = _message(messages, turn_index, "ASSISTANT")
    verified = True
    for key, stored in (("userSaid", user), ("assistantReplied", reply)):
        quote = evidence.get(key)
        if quote is None or not normalise_whitespace(quote):
            evidence[key] = stored.content if stored is not None else None
        elif stored is None or not quote_matches(quote, stored.content):
            verified = False
    evidence["verified"] = verified


def _message(messages: Sequence[MessageRecord] | None, turn_index: Any,
             role: str) -> MessageRecord | None:
    for message in messages or ():
        if message.turn_index == turn_index and message.role == role:
            return message
    return None


def unverified_evidence(report: dict[str, Any],
                        path: str = "report") -> list[dict[str, str]]:
    """{path, message} for each evidence of a checked report that is not `verified`.

    Used when unverifiable evidence is refused (AGENTEVAL_EVIDENCE_POLICY=reject)
    rather than kept, so the analyst can correct each item.
    """
    problems = []
    for f_index, finding in enumerate(report.get("findings") or []):
        for e_index, evidence in enumerate(finding.get("evidence") or []):
            if evidence.get("verified"):
                continue
            problems.append({
                "path": f"{path}.findings[{f_index}].evidence[{e_index}]",
                "message": (f"turn {evidence.get('turnIndex')} of session "
                            f"{evidence.get('sessionId')} does not exist or does not contain "
                            "the quoted text: quote the transcript exactly, or omit the "
                            "quotes to have them filled in")})
    return problems
