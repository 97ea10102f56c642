"""The run page's outcomes answer byte for byte what they answered before they were made
faster (issue 36: the page's statements written out in store/runs/outcome_page, plain
leaf fields completed directly by api/execution/plain_leaves).

"Before" is the ORM's reading (`stored_outcomes` of the ORM's page query, and its count)
executed by graphql-core's standard `execute_fields`. The fixture is a real run whose
stored rows are then given every kind of value a page shows: nested and non-ASCII JSON,
tool calls, sanitized replies, a simulated attempt, errors, nulls, a second attempt, a
row stored before its tags were, a review.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from graphql.execution.executor import Executor

from agenteval.api.execution.plain_leaves import PlainLeaves
from agenteval.api.pagination import encode_cursor
from agenteval.engine.paging import Page
from agenteval.engine.static import reads
from agenteval.store import models
from agenteval.store.runs.case_tags import has_tag
from agenteval.store.runs.run_store import VIEW_FIELDS, StoredOutcome, stored_outcomes
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.api.test_read_columns import settings  # noqa: F401
from tests.support.graphql_client import GraphQLClient

# The web UI's run page (web/src/pages/run/queries.ts), and the bench's page.
OUTCOME_FIELDS = """fragment OutcomeFields on CaseOutcome {
  caseKey attempt passed successLevel score intentPassed completionRate error tags simulation
  origin { evalId findingIndex evalName }
  turns { index sentMessage reply latencyMs error rawResponse toolCalls { name arguments } author
          sanitized }
  results { ruleType implicit passed score weight detail error turnIndex }
  review { reviewer note successLevel } attemptAgreement }"""
RUN_REPORT = """query($id: ID!, $tag: String) { run(id: $id) { id status
  progress { total done passed failed errored }
  outcomes(first: 500, tag: $tag) { totalCount edges { cursor node { ...OutcomeFields } } } } }
""" + OUTCOME_FIELDS
PAGE = """query($id: ID!, $after: String, $first: Int, $passed: Boolean,
                $level: SuccessLevel, $tag: String) { run(id: $id) { id
  outcomes(first: $first, after: $after, passed: $passed, successLevel: $level, tag: $tag) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { caseKey attempt passed successLevel tags a: tags
      turns { index sentMessage reply latencyMs } results { ruleType passed score } } } } } }"""
REVIEW = """mutation($runId: ID!) { reviewCaseOutcome(runId: $runId, caseKey: "b",
  attempt: 0, successLevel: PARTIAL, note: "近い — close") { caseKey } }"""


async def _varied_run(gql: GraphQLClient) -> str:
    target = await create_target(gql)
    _, run_id = await run_scenario(gql, target, [
        {"id": "a", "messages": ["hello", "again"], "tags": ["smoke", "zh"]},
        {"id": "b", "messages": ["hello"]},
        {"id": "c", "messages": ["hello"], "tags": ["smoke"]},
        {"id": "d", "messages": ["hello"], "tags": ["late"]},
    ])
    await wait_for_run(gql, run_id)
    outcomes = {o.case_key: o for o in await models.CaseOutcome.filter(run_id=run_id)}
    await models.CaseOutcome.filter(id=outcomes["a"].id).update(
        simulation={"simulator": "model", "stop": "max_turns", "turns": 2, "detail": "ü"},
        intent_passed=False, completion_rate=0.25)
    await models.CaseOutcome.filter(id=outcomes["b"].id).update(
        passed=False, success_level="FAILURE", score=0.1, error="timeout — 超时")
    await models.CaseOutcome.filter(id=outcomes["d"].id).update(tags=None)  # before 0017
    turn = await models.RunTurn.filter(outcome_id=outcomes["a"].id).order_by("index").first()
    assert turn is not None
    await models.RunTurn.filter(id=turn.id).update(
        raw_response={"reply": "你好\u2028", "nested": [{"x": 1.5, "y": None, "z": True}]},
        tool_calls=[{"name": "book", "arguments": {"day": "周一", "n": 2}}],
        sanitized=["lone_surrogate"], author="simulator", latency_ms=None)
    await models.RunTurn.filter(outcome_id=outcomes["b"].id).update(
        reply=None, error="HTTP 500", raw_response=None, tool_calls=None)
    await models.RuleResultRow.create(
        outcome_id=outcomes["a"].id, position=5, rule_type="turn_check", implicit=True,
        passed=False, score=0.5, weight=2.5, error="judge failed",
        detail={"turn_index": 1, "why": ["a", {"b": 0.1}]})
    # A second attempt of c, stored directly (position as the run's: its case's index).
    second = await models.CaseOutcome.create(
        id=uuid.uuid4(), run_id=run_id, position=outcomes["c"].position, case_key="c",
        attempt=1, passed=True, success_level="PARTIAL", score=1, tags=["smoke"])
    await models.RunTurn.create(outcome_id=second.id, index=0, sent_message="hello",
                                reply="", latency_ms=0)
    await gql.execute(REVIEW, {"runId": run_id})
    return run_id


async def _orm_outcome_page(run: models.Run, offset: int, limit: int,
                            passed: bool | None = None, success_level: str | None = None,
                            tag: str | None = None) -> Page[StoredOutcome]:
    """The page as the ORM read it before (its query, `stored_outcomes`, its count)."""
    query = models.CaseOutcome.filter(run_id=run.id)
    if tag is not None:
        query = query.annotate(has_tag=has_tag(run.id, tag)).filter(has_tag=True)
    if passed is not None:
        query = query.filter(passed=passed)
    if success_level is not None:
        query = query.filter(success_level=success_level)
    page = query.order_by("position", "attempt").offset(offset).limit(limit)
    items = await stored_outcomes(run, page=page) if limit else []
    return Page(items, await query.count())


REQUESTS: list[tuple[str, dict[str, Any]]] = [
    (RUN_REPORT, {}), (RUN_REPORT, {"tag": "smoke"}), (RUN_REPORT, {"tag": "late"}),
    (PAGE, {"first": 50}), (PAGE, {"first": 2}), (PAGE, {"first": 2, "after": encode_cursor(1)}),
    (PAGE, {"first": 0}), (PAGE, {"first": 50, "after": encode_cursor(40)}),
    (PAGE, {"passed": True}), (PAGE, {"level": "FAILURE"}), (PAGE, {"passed": False,
                                                                    "tag": "smoke"}),
    (PAGE, {"tag": "nobody's"}), (PAGE, {"tag": "zh", "first": 1}),
]


async def _answers(gql: GraphQLClient, run_id: str) -> list[str]:
    answers = []
    for query, variables in REQUESTS:
        response = await gql.http.post("/graphql", json={
            "query": query, "variables": {"id": run_id, **variables}},
            headers={"X-API-Key": gql.key or ""})
        answers.append(response.text)
    return answers


async def test_the_run_page_answers_the_same_bytes_as_before(
        gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch) -> None:
    run_id = await _varied_run(gql)
    now = await _answers(gql, run_id)
    monkeypatch.setattr(reads, "outcome_page", _orm_outcome_page)
    monkeypatch.setattr(PlainLeaves, "execute_fields", Executor.execute_fields)
    before = await _answers(gql, run_id)
    for (query, variables), answer, expected in zip(REQUESTS, now, before, strict=True):
        assert answer == expected, (query[:40], variables)
    # The fixture holds what it is meant to (the comparison above is not of empty pages).
    assert '"rawResponse":{"reply":"' in now[0] and '"sanitized":["lone_surrogate"]' in now[0]
    assert '"note":"' in now[0] and '"totalCount":5' in now[0] and '"late"' in now[0]
    assert '"errors"' not in "".join(now)


async def test_the_pages_rows_are_the_orms_values_of_the_same_types(gql: GraphQLClient) -> None:
    run_id = await _varied_run(gql)
    run = await models.Run.filter(id=run_id).only(*VIEW_FIELDS).first()
    whole = await models.Run.get(id=run_id)  # with its snapshot: tags read from it
    assert run is not None
    for row, offset, limit, filters in ((run, 0, 50, {}), (run, 1, 2, {}),
                                        (whole, 0, 50, {}), (run, 0, 50, {"tag": "late"}),
                                        (run, 0, 50, {"passed": False}), (run, 9, 5, {}),
                                        (run, 0, 50, {"success_level": "PARTIAL"})):
        page = await reads.outcome_page(row, offset, limit, **filters)
        expected = await _orm_outcome_page(row, offset, limit, **filters)
        # repr: True is not 1 and 1.0 is not 1 here, and key order counts.
        assert repr(page.items) == repr(expected.items), (offset, limit, filters)
        assert page.total == expected.total
    assert len((await reads.outcome_page(run, 0, 50)).items) == 5
