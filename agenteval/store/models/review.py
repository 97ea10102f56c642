"""Human reviews (人工复核) of automatic judgements: every review is kept, the latest counts."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class HumanReviewRow(Model):
    """One reviewer's judgement of a case attempt, a report finding or a session verdict.

    `target` names what was reviewed ("case:KEY#ATTEMPT", "finding:N",
    "session:ID"); `machine_label` is the automatic judgement at review time
    (a success level, "true"/"false" for a session's goal, null for a
    finding), so agreement needs no other table.
    """

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    run_id = fields.UUIDField(null=True, db_index=True)
    eval_id = fields.UUIDField(null=True, db_index=True)
    target = fields.CharField(max_length=260)
    reviewer = fields.CharField(max_length=260)  # the key's name and id
    reviewer_key_id = fields.UUIDField()
    note = fields.TextField(null=True)
    decision = fields.CharField(max_length=16, null=True)  # findings: CONFIRMED | REJECTED
    success_level = fields.CharField(max_length=16, null=True)  # case attempts
    goal_achieved = fields.BooleanField(null=True)  # sessions
    machine_label = fields.CharField(max_length=32, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "human_reviews"
