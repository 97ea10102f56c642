"""Alignment attempts as recorded: every one is kept, whatever its decision."""

from __future__ import annotations

from typing import Any

from agenteval.store.models import AlignmentRow


async def record(**fields: Any) -> AlignmentRow:
    return await AlignmentRow.create(**fields)


async def list_alignments(rule_type: str | None = None, language: str | None = None,
                          limit: int = 100) -> list[AlignmentRow]:
    """The latest attempts first."""
    query = AlignmentRow.all()
    if rule_type is not None:
        query = query.filter(rule_type=rule_type)
    if language is not None:
        query = query.filter(language=language)
    return await query.order_by("-created_at").limit(limit)
