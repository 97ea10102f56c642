"""Builders shared by the rule tests: a case and dialogs ending in a reply or an error."""

from __future__ import annotations

import pytest

from agenteval.domain.cases import CaseSpec, Turn


def reply_turn(reply: str | None, latency_ms: int | None = 100, index: int = 0,
               error: str | None = None) -> Turn:
    return Turn(index=index, sent_message="hi", reply=reply, latency_ms=latency_ms, error=error)


@pytest.fixture
def case() -> CaseSpec:
    return CaseSpec(key="case-001", messages=["hi"])


@pytest.fixture
def error_dialog() -> list[Turn]:
    return [reply_turn(None, latency_ms=None, error="timeout")]
