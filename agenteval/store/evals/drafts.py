"""Storing a new eval as DRAFT: its actor moves it on from there."""

from __future__ import annotations

from typing import Any

from agenteval.store.models import IntelligentEval, Target


async def create_draft(target: Target, **values: Any) -> IntelligentEval:
    return await IntelligentEval.create(target=target, status="DRAFT", **values)
