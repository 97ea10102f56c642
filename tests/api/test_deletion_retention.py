"""AGENTEVAL_RETENTION_DAYS: finished runs and evals older than that are purged, in batches."""

from __future__ import annotations

import asyncio
import logging
import uuid
from datetime import UTC, datetime, timedelta

import pytest

from agenteval.bootstrap import running_services
from agenteval.config import Settings
from agenteval.engine.catalog.deletion import purge_older_than
from agenteval.store import database, purge
from agenteval.store.models import (
    Campaign,
    CaseOutcome,
    EvalEvent,
    EvalMessage,
    EvalSession,
    IntelligentEval,
    RuleResultRow,
    Run,
    RunTurn,
    Scenario,
    Target,
)

NOW = datetime.now(UTC)
OLD = NOW - timedelta(days=40)
RECENT = NOW - timedelta(days=1)


async def seed_run(target: Target, campaign: Campaign, status: str,
                   completed_at: datetime | None, outcomes: int = 3) -> uuid.UUID:
    run = await Run.create(campaign=campaign, target=target, status=status,
                           completed_at=completed_at)
    for position in range(outcomes):
        outcome = await CaseOutcome.create(id=uuid.uuid4(), run=run, position=position,
                                           case_key=f"c{position}", passed=True,
                                           success_level="SUCCESS", score=1.0)
        await RunTurn.create(outcome=outcome, index=0, sent_message="hi", reply="hello")
        await RuleResultRow.create(outcome=outcome, position=0, rule_type="keyword_match",
                                   passed=True, score=1.0)
    return run.id


async def seed_eval(target: Target, status: str, completed_at: datetime | None) -> uuid.UUID:
    row = await IntelligentEval.create(name="e", target=target, status=status, goal="g",
                                       intent="i", role_description="r",
                                       completed_at=completed_at)
    session = await EvalSession.create(eval=row, goal="g", status="COMPLETED")
    for index in range(2):
        await EvalMessage.create(id=uuid.uuid4(), session=session, index=index,
                                 turn_index=0, role="USER" if index == 0 else "ASSISTANT",
                                 content="x")
    await EvalEvent.create(id=uuid.uuid4(), eval=row, sequence=1, type="CREATED",
                           status=status)
    return row.id


async def seed() -> dict[str, uuid.UUID]:
    target = await Target.create(name="t", channel_type="demo")
    scenario = await Scenario.create(name="s", cases=[])
    campaign = await Campaign.create(name="c", scenario=scenario)
    return {
        "old run": await seed_run(target, campaign, "COMPLETED", OLD),
        "old failed run": await seed_run(target, campaign, "FAILED", OLD, outcomes=1),
        "recent run": await seed_run(target, campaign, "COMPLETED", RECENT),
        "old running run": await seed_run(target, campaign, "RUNNING", None),
        "old eval": await seed_eval(target, "CANCELLED", OLD),
        "recent eval": await seed_eval(target, "COMPLETED", RECENT),
        "old executing eval": await seed_eval(target, "EXECUTING", None),
    }


async def survivors(ids: dict[str, uuid.UUID]) -> set[str]:
    alive = set()
    for name, entity_id in ids.items():
        model = Run if "run" in name else IntelligentEval
        if await model.filter(id=entity_id).exists():
            alive.add(name)
    return alive


async def test_only_what_finished_before_the_cutoff_is_purged_and_each_purge_is_logged(
        db: str, caplog: pytest.LogCaptureFixture) -> None:
    ids = await seed()
    caplog.set_level(logging.INFO, logger="agenteval.retention")

    totals = await purge_older_than(30)

    assert await survivors(ids) == {"recent run", "old running run", "recent eval",
                                    "old executing eval"}
    assert totals == {"runs": 2, "case_outcomes": 4, "run_turns": 4, "rule_results": 4,
                      "model_usage": 0, "human_reviews": 0, "webhook_deliveries": 0,
                      "intelligent_evals": 1,
                      "eval_sessions": 1, "eval_messages": 2, "eval_events": 1,
                      "plan_revisions": 0, "search_documents": 0}
    assert await CaseOutcome.all().count() == 6  # the recent and the running run's
    logged = [r.getMessage() for r in caplog.records]
    assert sum(m.startswith(f"deleted run {ids['old run']}") for m in logged) == 1
    assert any(m.startswith("retention (30 days") and "'runs': 2" in m for m in logged)
    assert await purge_older_than(30) == {}  # nothing left to purge


async def test_rows_go_in_batches_of_the_given_size(db: str) -> None:
    ids = await seed()
    deleted = await purge.delete_in_batches(RunTurn, 2, outcome__run_id=ids["old run"])
    assert deleted == 3
    assert await RunTurn.filter(outcome__run_id=ids["recent run"]).count() == 3


async def test_the_service_purges_at_start_when_retention_is_set(database_url: str) -> None:
    await database.open_database(database_url)
    try:
        ids = await seed()
    finally:
        await database.close_database()

    settings = Settings(database_url=database_url, driver="none", demo=False,
                        retention_days=30, resume_runs=False, watchdog_interval_s=0)
    expected = {"recent run", "old running run", "recent eval", "old executing eval"}
    async with running_services(settings, migrate=False, admin_key=False):
        for _ in range(100):
            if await survivors(ids) == expected:
                break
            await asyncio.sleep(0.05)
        assert await survivors(ids) == expected
