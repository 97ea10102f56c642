"""Dialog builders shared by rule tests."""

from __future__ import annotations

from agenteval.domain.judging.cases import Turn


def reply_turn(reply: str | None, latency_ms: int | None = 100, index: int = 0,
               error: str | None = None) -> Turn:
    return Turn(index=index, sent_message="hi", reply=reply, latency_ms=latency_ms, error=error)
