"""judgeAgreementHistory: κ per rule, judge model and revision, per day or week, with its
interval and basis."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from agenteval.store.judge_revisions.review_reads import item_revisions
from agenteval.store.models import CaseOutcome, HumanReviewRow, ReviewItemRow, RuleResultRow
from tests.alignment.case_rows import p_cases, stored_run
from tests.alignment.pattern_judge import MODEL
from tests.support.graphql_client import GraphQLClient

HISTORY = """query($bucket: AgreementBucket!, $rule: String, $model: String) {
  judgeAgreementHistory(ruleType: $rule, judgeModel: $model, bucket: $bucket) {
    ruleType judgeModel revision bucketStart reviewed agreed agreement kappa kappaLow kappaHigh
    basis itemReviews caseReviews } }"""
LABEL = "llm_score/en/r1:abcd1234"


async def _reviewed_on(run_id: object, when: datetime, revision: str | None = None) -> None:
    await HumanReviewRow.filter(run_id=run_id).update(created_at=when)
    if revision is not None:
        outcomes = await CaseOutcome.filter(run_id=run_id).values_list("id", flat=True)
        for result in await RuleResultRow.filter(outcome_id__in=list(outcomes)):
            result.detail = {"judge": {"model": MODEL, "revision": revision}}
            await result.save()


async def test_history_per_week_and_revision(gql: GraphQLClient) -> None:
    old = await stored_run(p_cases(10, "P") + p_cases(10, "good") + p_cases(10, "bad"))
    await _reviewed_on(old.id, datetime(2026, 11, 4, 9, tzinfo=UTC))  # a Wednesday
    new = await stored_run(p_cases(12, "good") + p_cases(12, "bad"))
    await _reviewed_on(new.id, datetime(2026, 11, 12, 9, tzinfo=UTC), LABEL)
    weeks = (await gql.execute(HISTORY, {"bucket": "WEEK", "rule": "llm_score"}))[
        "judgeAgreementHistory"]
    assert [(p["bucketStart"], p["revision"], p["reviewed"], p["agreed"]) for p in weeks] == [
        ("2026-11-02", None, 30, 20), ("2026-11-09", LABEL, 24, 24)]
    first, second = weeks
    assert first["kappa"] == pytest.approx(0.4) and first["judgeModel"] == MODEL
    assert first["kappaLow"] < 0.4 < first["kappaHigh"]
    assert (first["basis"], first["caseReviews"], first["itemReviews"]) == ("case", 30, 0)
    assert second["kappa"] == pytest.approx(1.0) and second["agreement"] == 1.0
    days = (await gql.execute(HISTORY, {"bucket": "DAY"}))["judgeAgreementHistory"]
    assert [p["bucketStart"] for p in days] == ["2026-11-04", "2026-11-12"]
    other = await gql.execute(HISTORY, {"bucket": "WEEK", "model": "another-judge"})
    assert other["judgeAgreementHistory"] == []


async def test_a_per_item_verdict_takes_the_revision_its_attempt_recorded(db: str) -> None:
    run = await stored_run(p_cases(1, "good"))
    await RuleResultRow.filter(rule_type="llm_score").update(
        detail={"judge": {"model": MODEL, "revision": LABEL}})
    root = await ReviewItemRow.create(
        id=uuid.uuid4(), queue_id=uuid.uuid4(), position=0, stage="FIRST", kind="CASE",
        target="case:good-0#0", run_id=run.id, rubric={"caseKey": "good-0", "attempt": 0})
    other = await ReviewItemRow.create(
        id=uuid.uuid4(), queue_id=uuid.uuid4(), position=1, stage="FIRST", kind="CASE",
        target="case:gone#0", run_id=run.id, rubric={"caseKey": "gone", "attempt": 0})
    labels = await item_revisions({str(root.id), str(other.id)})
    assert labels == {(str(root.id), "llm_score"): LABEL}
