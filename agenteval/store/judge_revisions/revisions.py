"""Judge revisions: create (and activate) one, read the active overlay, roll back.

Activation happens in one transaction that deactivates the key's other revisions, so at
most one revision per (rule type, language, judge model) is active at any time.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from tortoise.transactions import in_transaction

from agenteval.domain.alignment.revisions import ActiveRevision, RevisionOverlay
from agenteval.errors import NotFound
from agenteval.store.models import JudgeRevisionRow
from agenteval.store.paging import where_given


def active_of(row: JudgeRevisionRow) -> ActiveRevision:
    return ActiveRevision(row.rule_type, row.language, row.judge_model, row.number,
                          tuple(row.examples or []))


async def load_overlay() -> RevisionOverlay:
    """Every active revision, as a run reads them when it starts."""
    return RevisionOverlay(active_of(row) for row in await JudgeRevisionRow.filter(active=True))


async def active_revision(rule_type: str, language: str, judge_model: str
                          ) -> JudgeRevisionRow | None:
    return await JudgeRevisionRow.get_or_none(rule_type=rule_type, language=language,
                                              judge_model=judge_model, active=True)


async def create_revision(rule_type: str, language: str, judge_model: str,
                          examples: Sequence[dict[str, Any]], *, alignment_id: UUID | None,
                          created_by: str | None) -> JudgeRevisionRow:
    """The key's next revision, made the active one."""
    async with in_transaction():
        last = await (JudgeRevisionRow.filter(rule_type=rule_type, language=language,
                                              judge_model=judge_model)
                      .order_by("-number").first())
        now = datetime.now(UTC)
        await JudgeRevisionRow.filter(rule_type=rule_type, language=language,
                                      judge_model=judge_model, active=True).update(active=False)
        return await JudgeRevisionRow.create(
            rule_type=rule_type, language=language, judge_model=judge_model,
            number=(last.number if last else 0) + 1, examples=list(examples),
            alignment_id=alignment_id, active=True, created_by=created_by, activated_at=now)


async def roll_back(rule_type: str, language: str, judge_model: str, to_number: int
                    ) -> JudgeRevisionRow | None:
    """Make revision `to_number` the active one (0: none, the rule's own examples only);
    the active row afterwards. NotFound when there is no such revision."""
    async with in_transaction():
        target = None
        if to_number != 0:
            target = await JudgeRevisionRow.get_or_none(
                rule_type=rule_type, language=language, judge_model=judge_model,
                number=to_number)
            if target is None:
                raise NotFound(f"no revision {to_number} of the judge of {rule_type} "
                               f"({language}, {judge_model})")
        await JudgeRevisionRow.filter(rule_type=rule_type, language=language,
                                      judge_model=judge_model, active=True).update(active=False)
        if target is not None:
            target.active = True
            target.activated_at = datetime.now(UTC)
            await target.save(update_fields=["active", "activated_at"])
        return target


async def list_revisions(rule_type: str | None = None, language: str | None = None,
                         judge_model: str | None = None) -> list[JudgeRevisionRow]:
    """The history, newest first per key."""
    query = JudgeRevisionRow.all()
    query = where_given(query, rule_type=rule_type, language=language, judge_model=judge_model)
    return await query.order_by("rule_type", "language", "judge_model", "-number")
