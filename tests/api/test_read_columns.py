"""The three list reads read only what they show (issue 27, "Reads at 10,000 rows").

A run's `cases` snapshot is the largest value the API holds (2.5 MB at 10,000 cases):
`run(id) { outcomes }`, `runs` and `campaign { runs }` never decode it — a page's
tags and the `tag` filter are read by the database. `intelligentEvals` reads its evals
without their seeds and report, and reads those for the page when they are asked for.
Each check counts the decodes of the JSON column itself (the field's `to_python_value`)
and looks at the SQL the request sent, so a full-row read coming back fails here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from agenteval.config import Settings
from agenteval.store import models
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.api.test_query_statement_counts import counting_statements, statements_of
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

OUTCOMES = """query($id: ID!, $tag: String) { run(id: $id) { id status progress { done }
  outcomes(first: 50, tag: $tag) { totalCount edges { node { caseKey tags passed
    turns { index sentMessage } results { ruleType } } } } } }"""
RUNS = """{ runs(first: 50) { totalCount edges { node { id status target { name }
  campaign { name runs { id status } } summary { passRate } progress { done total } } } } }"""
EVALS = """{ intelligentEvals(first: 50) { totalCount edges { node { id name status
  target { name } progress { sessionsPlanned turnBudget } } } } }"""
EVALS_WHOLE = """{ intelligentEvals(first: 50) { edges { node { name seeds
  report { summary findings { issue } } } } } }"""
REPORT = {"summary": "fine", "findings": [{"issue": "slow", "severity": "LOW",
                                            "dimension": "booking", "suggestion": "faster",
                                            "evidence": []}],
          "submittedAt": datetime(2026, 12, 1, tzinfo=UTC).isoformat()}


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    watchdog_interval_s=0, resume_runs=False)


@contextlib.contextmanager
def decodes(model: type[Any], column: str) -> Iterator[list[object]]:
    """Every value of `model.column` decoded from the database while the block runs."""
    field = model._meta.fields_map[column]
    original = field.to_python_value
    seen: list[object] = []

    def counting(value: Any) -> Any:
        seen.append(value)
        return original(value)

    field.to_python_value = counting
    try:
        yield seen
    finally:
        del field.to_python_value  # back to the class's method


async def _tagged_run(gql: GraphQLClient) -> str:
    target = await create_target(gql)
    _, run_id = await run_scenario(gql, target, [
        {"id": "smoke-zh", "messages": ["hello"], "tags": ["smoke", "zh"]},
        {"id": "plain", "messages": ["hello"]},
        {"id": "smoke-en", "messages": ["hello"], "tags": ["smoke"]},
    ])
    await wait_for_run(gql, run_id)
    return run_id


async def test_a_page_of_outcomes_and_the_run_lists_never_decode_the_case_snapshot(
        gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    with counting_statements(), decodes(models.Run, "cases") as snapshots:
        statements = await statements_of(gql, OUTCOMES, {"id": run_id, "tag": None})
        page = (await gql.execute(OUTCOMES, {"id": run_id, "tag": None}))["run"]["outcomes"]
        tagged = (await gql.execute(OUTCOMES, {"id": run_id, "tag": "smoke"}))["run"]
        statements += await statements_of(gql, RUNS, {})
        runs = (await gql.execute(RUNS))["runs"]["edges"]
    assert snapshots == []
    assert not [s for s in statements if '"cases"' in s], statements
    # What the snapshot answered before is still answered, from the database's reading.
    assert {e["node"]["caseKey"]: e["node"]["tags"] for e in page["edges"]} == {
        "smoke-zh": ["smoke", "zh"], "plain": [], "smoke-en": ["smoke"]}
    assert all(e["node"]["turns"][0]["sentMessage"] == "hello" for e in page["edges"])
    assert [e["node"]["caseKey"] for e in tagged["outcomes"]["edges"]] == ["smoke-zh",
                                                                          "smoke-en"]
    assert tagged["outcomes"]["totalCount"] == 2
    assert [e["node"]["id"] for e in runs] == [run_id]
    assert runs[0]["node"]["progress"] == {"done": 3, "total": 3}
    assert runs[0]["node"]["campaign"]["runs"][0]["id"] == run_id


async def test_the_run_report_reads_every_cases_tags_without_the_snapshot(
        gql: GraphQLClient) -> None:
    run_id = await _tagged_run(gql)
    with decodes(models.Run, "cases") as snapshots:
        data = await gql.execute("query($id: ID!) { run(id: $id) { reportMarkdown } }",
                                 {"id": run_id})
    assert snapshots == []
    assert "smoke-zh" in data["run"]["reportMarkdown"]


async def test_a_page_of_evals_reads_seeds_and_report_only_when_asked(
        gql: GraphQLClient) -> None:
    target_id = await create_target(gql)
    for i in range(3):
        await models.IntelligentEval.create(
            name=f"eval {i}", target_id=target_id, status="COMPLETED", goal="g", intent="i",
            role_description="r", seeds={"n": i}, report=REPORT if i == 1 else None)
    with counting_statements(), decodes(models.IntelligentEval, "report") as reports:
        statements = await statements_of(gql, EVALS, {})
        listed = (await gql.execute(EVALS))["intelligentEvals"]
    assert reports == []
    assert not [s for s in statements if '"report"' in s or '"seeds"' in s], statements
    assert listed["totalCount"] == 3 and len(listed["edges"]) == 3

    with counting_statements():
        asked = await statements_of(gql, EVALS_WHOLE, {})
        whole = (await gql.execute(EVALS_WHOLE))["intelligentEvals"]["edges"]
    # One statement more for the whole page, not one per eval.
    assert len([s for s in asked if '"report"' in s]) == 1, asked
    by_name = {e["node"]["name"]: e["node"] for e in whole}
    assert {name: node["seeds"] for name, node in by_name.items()} == {
        "eval 0": {"n": 0}, "eval 1": {"n": 1}, "eval 2": {"n": 2}}
    assert by_name["eval 0"]["report"] is None
    assert by_name["eval 1"]["report"] == {"summary": "fine",
                                           "findings": [{"issue": "slow"}]}
