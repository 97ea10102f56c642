"""Which of a campaign's targets a start queues a run for, and each refusal."""

from __future__ import annotations

import uuid

import pytest

from agenteval.domain.static.queued_targets import targets_to_queue
from agenteval.errors import ValidationFailed

A, B = uuid.uuid4(), uuid.uuid4()


def same(target: uuid.UUID) -> uuid.UUID:
    return target


def test_every_target_left_or_only_the_one_asked_for() -> None:
    assert targets_to_queue([A, B], same, None, has_cases=True) == [A, B]
    assert targets_to_queue([A, B], same, B, has_cases=True) == [B]


@pytest.mark.parametrize(("targets", "asked", "has_cases", "path", "message"), [
    ([A], B, True, "targetId", "is not a target of this campaign"),
    ([], None, True, "campaignId", "the campaign has no targets left"),
    ([A], None, False, "campaignId", "the campaign's scenario has no cases"),
])
def test_a_start_is_refused_at_the_field_that_explains_it(
        targets: list[uuid.UUID], asked: uuid.UUID | None, has_cases: bool, path: str,
        message: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        targets_to_queue(targets, same, asked, has_cases)
    assert [(e["path"], e["message"]) for e in refused.value.errors] == [(path, message)]
