"""Static evaluation: Scenario → Campaign → Run → CaseOutcome (turns, rule results)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model

from agenteval.store.backends.key_order import dumps_for_database, loads_keeping_order

if TYPE_CHECKING:
    from agenteval.store.models.access import Target


class Scenario(Model):
    """An exam paper: its cases are stored as validated JSON documents."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    description = fields.TextField(null=True)
    cases: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(
        default=list, encoder=dumps_for_database, decoder=loads_keeping_order)  # taxonomies keep their order
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "scenarios"


class Campaign(Model):
    """A scenario to run against one or more targets."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    scenario: fields.ForeignKeyRelation[Scenario] = fields.ForeignKeyField(
        "models.Scenario", related_name="campaigns", on_delete=fields.RESTRICT)
    scenario_id: UUID
    targets: fields.ManyToManyRelation[Target] = fields.ManyToManyField(
        "models.Target", related_name="campaigns", through="campaign_targets",
        on_delete=fields.RESTRICT)
    repeat = fields.IntField(default=1)
    concurrency = fields.IntField(default=8)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "campaigns"


class Run(Model):
    """One campaign's scenario against one target: `cases` is the snapshot it runs."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    campaign: fields.ForeignKeyRelation[Campaign] = fields.ForeignKeyField(
        "models.Campaign", related_name="runs", on_delete=fields.CASCADE)
    campaign_id: UUID
    target: fields.ForeignKeyRelation[Target] = fields.ForeignKeyField(
        "models.Target", related_name="runs", on_delete=fields.RESTRICT)
    target_id: UUID
    status = fields.CharField(max_length=16, db_index=True)
    version = fields.IntField(default=0)
    cases: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(
        default=list, encoder=dumps_for_database, decoder=loads_keeping_order)  # taxonomies keep their order
    repeat = fields.IntField(default=1)
    concurrency = fields.IntField(default=8)
    total = fields.IntField(default=0)
    done = fields.IntField(default=0)
    passed = fields.IntField(default=0)
    failed = fields.IntField(default=0)
    errored = fields.IntField(default=0)
    summary: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    error = fields.TextField(null=True)
    # Who asked: the key's name and id ("name (id)"); null for the server's own actions.
    started_by = fields.CharField(max_length=260, null=True)
    cancelled_by = fields.CharField(max_length=260, null=True)
    # An offline run judges logged conversations: its cases carry the logged replies and
    # no channel is called (engine/static/offline_attempt.py); the set it came from, if
    # still there, is `conversation_set_id` (no foreign key: deleting a set keeps its runs).
    offline = fields.BooleanField(default=False, db_default=False)  # old rows: live runs
    conversation_set_id = fields.UUIDField(null=True)
    # Offline runs judged with a scenario: its cases that could not judge the log
    # ([{"caseKey", "reason"}]); null when none was left out.
    offline_skipped: fields.JSONField[list[dict[str, str]] | None] = fields.JSONField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    started_at = fields.DatetimeField(null=True)
    completed_at = fields.DatetimeField(null=True)

    class Meta:
        table = "runs"
        # The runs list's order (`runs(first: 50)`), walked instead of sorted per page.
        indexes = (Index(fields=("created_at", "id"), name="runs_created_order"),)


class CaseOutcome(Model):
    """The judged result of one attempt of one case (ids made by the engine, for bulk inserts)."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    run: fields.ForeignKeyRelation[Run] = fields.ForeignKeyField(
        "models.Run", related_name="outcomes", on_delete=fields.CASCADE)
    run_id: UUID
    position = fields.IntField()
    case_key = fields.CharField(max_length=200)
    attempt = fields.IntField(default=0)
    passed = fields.BooleanField()
    success_level = fields.CharField(max_length=16)
    score = fields.FloatField()
    intent_passed = fields.BooleanField(null=True)
    completion_rate = fields.FloatField(null=True)
    error = fields.TextField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    # Simulated cases: who played the user and why the dialog ended ({simulator, model,
    # stop, detail, turns}); null for other cases.
    simulation: fields.JSONField[Any] = fields.JSONField(null=True)
    # The case's tags as the run's snapshot holds them ([] for none), so a page of outcomes
    # reads them with its columns instead of walking the whole snapshot; null: written
    # before migration 0017 (read from the snapshot then).
    tags: fields.JSONField[Any] = fields.JSONField(null=True)

    class Meta:
        table = "case_outcomes"
        unique_together = (("run", "case_key", "attempt"),)
        # A run's outcomes in case order (`run { outcomes(first: 50) }`), walked per page.
        indexes = (Index(fields=("run_id", "position", "attempt"), name="case_outcomes_order"),)


class RunTurn(Model):
    """One message sent to the target during a case attempt, and its reply or error."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    outcome: fields.ForeignKeyRelation[CaseOutcome] = fields.ForeignKeyField(
        "models.CaseOutcome", related_name="turns", on_delete=fields.CASCADE)
    outcome_id: UUID
    index = fields.IntField()
    sent_message = fields.TextField()
    reply = fields.TextField(null=True)
    latency_ms = fields.IntField(null=True)
    error = fields.TextField(null=True)
    # The target's decoded response, bounded like a reply (limits.bounded_raw); None before
    # it was stored and for a turn the target failed on.
    raw_response: fields.JSONField[Any] = fields.JSONField(null=True)
    tool_calls: fields.JSONField[Any] = fields.JSONField(null=True)  # [{name, arguments}]
    # Who wrote sent_message: case | script | simulator (simulated cases); null: the case.
    author = fields.CharField(max_length=16, null=True)
    # What was replaced to make the reply storable (["lone_surrogate", "nul"], see
    # domain/storable_text.py); null: nothing was.
    sanitized: fields.JSONField[Any] = fields.JSONField(null=True)

    class Meta:
        table = "run_turns"
        # A page's turns (`outcome_id IN (…50 ids) ORDER BY index`) found by the index, not
        # by scanning every turn of every run.
        indexes = (Index(fields=("outcome_id", "index"), name="run_turns_outcome_order"),)


class RuleResultRow(Model):
    """One rule's verdict on a case attempt."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    outcome: fields.ForeignKeyRelation[CaseOutcome] = fields.ForeignKeyField(
        "models.CaseOutcome", related_name="results", on_delete=fields.CASCADE)
    outcome_id: UUID
    position = fields.IntField()
    rule_type = fields.CharField(max_length=64)
    implicit = fields.BooleanField(default=False)
    passed = fields.BooleanField()
    score = fields.FloatField()
    weight = fields.FloatField(default=1.0)
    detail: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    error = fields.TextField(null=True)

    class Meta:
        table = "rule_results"
        # A page's results in order, found by the index (as run_turns').
        indexes = (Index(fields=("outcome_id", "position"), name="rule_results_outcome_order"),)
