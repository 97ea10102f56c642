"""Attempt rows written with executemany read back exactly as rows the ORM writes (both backends)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import pytest
from tortoise import Tortoise
from tortoise.exceptions import IntegrityError

from agenteval.domain.judging.cases import CaseSpec, RuleProvenance, RuleResult, Turn
from agenteval.domain.judging.judgement import CaseVerdict
from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.store.models import (
    Campaign,
    CaseOutcome,
    RuleResultRow,
    Run,
    RunTurn,
    Scenario,
    Target,
)
from agenteval.store.runs.run_rows import OUTCOME_COLUMNS, RESULT_COLUMNS, TURN_COLUMNS
from agenteval.store.runs.run_store import StaleRun, save_attempts

OUTCOME_FIELDS = ("position", "case_key", "attempt", "passed", "success_level", "score",
                  "intent_passed", "completion_rate", "error")
TURN_FIELDS = ("index", "sent_message", "reply", "latency_ms", "error")
RESULT_FIELDS = ("position", "rule_type", "implicit", "passed", "score", "weight", "detail",
                 "error")


def attempts() -> list[FinishedAttempt]:
    case = CaseSpec(key="café-1", messages=["hello", "and then?"])
    broken = CaseSpec(key="case-2", messages=["boom"])
    return [
        FinishedAttempt(
            position=0, case=case, attempt=1,
            turns=[Turn(0, "hello", "hi ☕", 12), Turn(1, "and then?", "bye\nnow", 7)],
            results=[RuleResult("keyword_match", True, 1, weight=2, implicit=True,
                                detail={"matched": ["hi"], "nested": {"n": [1, 2.5, None]},
                                        "text": "é \"quoted\""}),
                     RuleResult("json_schema", False, 0.25, detail={}, error="bad params",
                                rule=RuleProvenance("json_schema", {"schema": True}))],
            verdict=CaseVerdict("PARTIAL", False, 0.625, False, True, 0.5)),
        FinishedAttempt(
            position=1, case=broken, attempt=0,
            turns=[Turn(0, "boom", None, None, "TIMEOUT: no answer")], results=[],
            verdict=CaseVerdict("FAILURE", False, 0, False, None, None, "TIMEOUT: no answer")),
    ]


async def new_run() -> Run:
    target = await Target.create(name="t", channel_type="demo")
    scenario = await Scenario.create(name="s", cases=[])
    campaign = await Campaign.create(name="c", scenario=scenario)
    return await Run.create(campaign=campaign, target=target, status="RUNNING", total=2)


async def save_through_orm(run_id: uuid.UUID, finished: list[FinishedAttempt]) -> None:
    """The reference: how attempts were stored with Tortoise model objects and bulk_create."""
    outcomes, turns, results = [], [], []
    for item in finished:
        outcome_id, verdict = uuid.uuid4(), item.verdict
        outcomes.append(CaseOutcome(
            id=outcome_id, run_id=run_id, position=item.position, case_key=item.case.key,
            attempt=item.attempt, passed=verdict.passed, success_level=verdict.success_level,
            score=verdict.score, intent_passed=verdict.intent_passed,
            completion_rate=verdict.completion_rate, error=verdict.error))
        turns += [RunTurn(outcome_id=outcome_id, index=t.index, sent_message=t.sent_message,
                          reply=t.reply, latency_ms=t.latency_ms, error=t.error)
                  for t in item.turns]
        results += [RuleResultRow(outcome_id=outcome_id, position=i, rule_type=r.rule_type,
                                  implicit=r.implicit, passed=r.passed, score=r.score,
                                  weight=r.weight, detail=r.stored_detail(), error=r.error)
                    for i, r in enumerate(item.results)]
    await CaseOutcome.bulk_create(outcomes)
    await RunTurn.bulk_create(turns)
    await RuleResultRow.bulk_create(results)


async def read_back(run_id: uuid.UUID) -> dict[str, Any]:
    """The run's rows through the ORM, keyed by case (ids and timestamps apart)."""
    outcomes = await CaseOutcome.filter(run_id=run_id).order_by("position").values(
        "id", "created_at", *OUTCOME_FIELDS)
    for outcome in outcomes:
        created_at = outcome.pop("created_at")
        assert isinstance(created_at, datetime) and created_at.utcoffset() is not None
        outcome_id = outcome.pop("id")
        assert isinstance(outcome_id, uuid.UUID)
        outcome["turns"] = await RunTurn.filter(outcome_id=outcome_id).order_by(
            "index").values(*TURN_FIELDS)
        outcome["results"] = await RuleResultRow.filter(outcome_id=outcome_id).order_by(
            "position").values(*RESULT_FIELDS)
    return {"outcomes": outcomes}


async def raw_rows(run_id: uuid.UUID) -> list[dict[str, Any]]:
    """The stored values themselves (types included), ids apart."""
    connection = Tortoise.get_connection("default")
    mark = "?" if connection.capabilities.dialect == "sqlite" else "$1"
    rows = await connection.execute_query_dict(
        'SELECT o.position, o.case_key, o.attempt, o.passed, o.success_level, o.score, '
        'o.intent_passed, o.completion_rate, o.error, r.position AS rule_position, '
        'r.rule_type, r.implicit, r.passed AS rule_passed, r.score AS rule_score, r.weight, '
        'r.detail, r.error AS rule_error FROM case_outcomes o LEFT JOIN rule_results r '
        f'ON r.outcome_id = o.id WHERE o.run_id = {mark} ORDER BY o.position, r.position',
        [str(run_id)])
    return [{key: (value, type(value)) for key, value in row.items()} for row in rows]


async def test_rows_read_back_exactly_like_rows_written_by_the_orm(db: str) -> None:
    reference, run = await new_run(), await new_run()
    await save_through_orm(reference.id, attempts())

    version = await save_attempts(run.id, run.version, attempts(), Counters(2, 0, 1, 1))

    assert version == run.version + 1
    expected = await read_back(reference.id)
    assert expected["outcomes"][0]["results"][0]["detail"]["text"] == "é \"quoted\""
    assert expected["outcomes"][0]["results"][1]["detail"] == {
        "rule": {"type": "json_schema", "params": {"schema": True}}}
    assert await read_back(run.id) == expected
    assert await raw_rows(run.id) == await raw_rows(reference.id)
    stored = await Run.get(id=run.id)
    assert (stored.done, stored.passed, stored.failed, stored.errored) == (2, 0, 1, 1)
    assert stored.version == version


async def test_a_stale_version_stores_nothing(db: str) -> None:
    run = await new_run()

    with pytest.raises(StaleRun):
        await save_attempts(run.id, run.version + 1, attempts(), Counters(2, 0, 1, 1))

    assert await CaseOutcome.filter(run_id=run.id).count() == 0
    assert (await Run.get(id=run.id)).done == 0


async def test_a_duplicate_attempt_rolls_the_whole_batch_back(db: str) -> None:
    run = await new_run()
    first, second = attempts()
    version = await save_attempts(run.id, run.version, [first], Counters(1, 0, 1, 0))

    with pytest.raises(IntegrityError):
        await save_attempts(run.id, version, [second, first], Counters(3, 0, 2, 1))

    assert await CaseOutcome.filter(run_id=run.id).count() == 1
    assert await RunTurn.filter(outcome__run_id=run.id).count() == 2
    assert await RuleResultRow.filter(outcome__run_id=run.id).count() == 2
    stored = await Run.get(id=run.id)
    assert (stored.done, stored.version) == (1, version)


@pytest.mark.parametrize(("model", "columns"), [(CaseOutcome, OUTCOME_COLUMNS),
                                                (RunTurn, TURN_COLUMNS),
                                                (RuleResultRow, RESULT_COLUMNS)])
async def test_the_inserted_columns_are_the_models_columns(db: str, model: Any,
                                                           columns: tuple[str, ...]) -> None:
    meta = model._meta
    stored = {meta.fields_db_projection[name] for name in meta.db_fields}
    if meta.pk.generated:
        stored.discard(meta.fields_db_projection[meta.pk_attr])
    assert set(columns) == stored and len(columns) == len(stored)
