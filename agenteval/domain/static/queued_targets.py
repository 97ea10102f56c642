"""Which of a campaign's targets a start queues a run for, and when a start is refused:
one rule for the catalog (engine/catalog/campaigns.py) and the in-memory runs' store."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import TypeVar

from agenteval.errors import ValidationFailed

T = TypeVar("T")


def targets_to_queue(targets: Sequence[T], id_of: Callable[[T], uuid.UUID],
                     target_id: uuid.UUID | None, has_cases: bool) -> list[T]:
    """The campaign's targets that still exist (`targets`), or only the one asked for;
    VALIDATION_FAILED when that one is not among them, when none is left, or when the
    scenario has no cases."""
    chosen = list(targets)
    if target_id is not None:
        chosen = [target for target in chosen if id_of(target) == target_id]
        if not chosen:
            raise ValidationFailed.one("targetId", "is not a target of this campaign")
    if not chosen:
        raise ValidationFailed.one("campaignId", "the campaign has no targets left")
    if not has_cases:
        raise ValidationFailed.one("campaignId", "the campaign's scenario has no cases")
    return chosen
