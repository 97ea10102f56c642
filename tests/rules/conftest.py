"""Builders shared by the rule tests: a case and dialogs ending in a reply or an error."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import CaseSpec, Turn
from tests.support.turns import reply_turn


@pytest.fixture
def case() -> CaseSpec:
    return CaseSpec(key="case-001", messages=["hi"])


@pytest.fixture
def error_dialog() -> list[Turn]:
    return [reply_turn(None, latency_ms=None, error="timeout")]
