"""The UI's heaviest list queries cost a fixed number of SQL statements, whatever the page size.

Every statement the ORM sends while one GraphQL request is handled is counted
(the connection's execute methods are wrapped; only statements issued from the
request's own task tree count, so the watchdog or an actor cannot blur the
figure). Each query is asked for pages of 5 and of 50 items over rows that
exercise every relation it reads. The issue's bound (at most 10) is for the
four list queries the UI uses most; `campaigns` (scenario, targets, runs and
their targets and summaries) only has to stay flat.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from tortoise import Tortoise

from agenteval.config import Settings
from agenteval.domain.judging.judgement import INTENT_RULE
from agenteval.store import models
from tests.api.static_helpers import CREATE_CAMPAIGN, IMPORT_SCENARIO, create_target, document
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

ITEMS = 50
MAX_STATEMENTS = 10
EXECUTE_METHODS = ("execute_query", "execute_query_dict", "execute_insert", "execute_many",
                   "execute_script")

RUNS = """query($first: Int) { runs(first: $first) { totalCount edges { node {
  id status target { name } campaign { name } summary { passRate totalCases latencyP50Ms }
  progress { done total } } } } }"""
EVALS = """query($first: Int) { intelligentEvals(first: $first) { totalCount edges { node {
  id name status target { name } planHistory { revision }
  progress { sessionsPlanned sessionsStarted sessionsRunning sessionsClosed turnsUsed
             turnBudget budgetOverruns dimensionsCovered dimensionsPlanned } } } } }"""
SESSIONS = """query($id: ID!, $first: Int) { intelligentEval(id: $id) {
  sessions(first: $first) { totalCount edges { node { id status turnCount eval { name }
    verdict { goalAchieved achievement issues { description severity turnIndex } suggestions }
    messages { index role content } } } } } }"""
OUTCOMES = """query($id: ID!, $first: Int) { run(id: $id) { id
  outcomes(first: $first) { totalCount edges { node { caseKey attempt passed successLevel
    turns { index sentMessage reply latencyMs error }
    results { ruleType implicit passed score weight detail error } } } } } }"""
CAMPAIGNS = """query($first: Int) { campaigns(first: $first) { totalCount edges { node {
  name scenario { name caseCount } targets { name }
  runs { status target { name } summary { passRate } } } } } }"""
ME = "{ me { id } }"

_statements: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "statements", default=None)


@pytest.fixture
def settings(database_url: str) -> Settings:
    # Nothing in the background: no driver, no watchdog, no resumed runs.
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    watchdog_interval_s=0, resume_runs=False)


def _counting(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def execute(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        statements = _statements.get()
        if statements is not None:
            statements.append(query)
        return await method(self, query, *args, **kwargs)
    return execute


@contextlib.contextmanager
def counting_statements() -> Iterator[None]:
    """Wrap the execute methods of the connection's class and its subclasses (transactions)."""
    classes = _with_subclasses(type(Tortoise.get_connection("default")))
    originals = [(cls, name, cls.__dict__[name]) for cls in classes for name in EXECUTE_METHODS
                 if name in cls.__dict__]
    for cls, name, method in originals:
        setattr(cls, name, _counting(method))
    try:
        yield
    finally:
        for cls, name, method in originals:
            setattr(cls, name, method)


def _with_subclasses(cls: type) -> set[type]:
    found = {cls}
    for subclass in cls.__subclasses__():
        found |= _with_subclasses(subclass)
    return found


async def statements_of(gql: GraphQLClient, query: str, variables: dict[str, Any]) -> list[str]:
    """The SQL statements one request executes (its data checked for errors first)."""
    await gql.execute(ME)  # the key's last_used_at is written now, not during the measured call
    statements: list[str] = []
    token = _statements.set(statements)
    try:
        data = await gql.execute(query, variables)
    finally:
        _statements.reset(token)
    assert data is not None
    # The key check is cached for under a second: on a slow machine it may expire between
    # the warm-up and the measured call. It is authentication, not the query's reads.
    return [statement for statement in statements if "api_keys" not in statement]


async def _seed_static(gql: GraphQLClient) -> tuple[str, str]:
    """ITEMS runs (a third COMPLETED, a third RUNNING with attempts, a third QUEUED) and one
    run with ITEMS attempts; returns (the big run's id, the target's name)."""
    target_id = await create_target(gql, name="shop bot")
    cases = [{"id": f"case-{i}", "messages": ["hi", "bye"], "expectation": {"contains": "x"}}
             for i in range(2)]
    scenario = await gql.execute(IMPORT_SCENARIO, {"document": document(cases)})
    campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "nightly", "scenarioId": scenario["importScenario"]["id"],
        "targetIds": [target_id], "repeat": 1, "concurrency": 2}})
    campaign_id = campaign["createCampaign"]["id"]
    stored_cases = (await models.Scenario.get(id=scenario["importScenario"]["id"])).cases
    summary = {"total_cases": 2, "passed_cases": 1, "pass_rate": 0.5, "success_rate": 0.5,
               "success_count": 1, "partial_count": 0, "failure_count": 1, "error_count": 0,
               "intent_accuracy": None, "avg_completion": None, "pass_hat_k": None,
               "intent_confusion": None, "latency_p50_ms": 10, "latency_p95_ms": 12}
    for i in range(ITEMS):
        status = ("COMPLETED", "RUNNING", "QUEUED")[i % 3]
        run = await models.Run.create(
            campaign_id=campaign_id, target_id=target_id, status=status, cases=stored_cases,
            total=2, done=0 if status == "QUEUED" else 2,
            summary=summary if status == "COMPLETED" else None)
        if status == "RUNNING":
            await _outcomes(run, 2)
    big = await models.Run.create(campaign_id=campaign_id, target_id=target_id,
                                  status="RUNNING", cases=stored_cases, total=ITEMS)
    await _outcomes(big, ITEMS)
    target = await models.Target.get(id=target_id)
    for i in range(ITEMS):  # more campaigns of the same scenario, each with a run
        other = await models.Campaign.create(name=f"campaign {i}",
                                             scenario_id=scenario["importScenario"]["id"])
        await other.targets.add(target)
        run = await models.Run.create(campaign=other, target=target, status="RUNNING",
                                      cases=stored_cases, total=2)
        await _outcomes(run, 2)
    return str(big.id), "shop bot"


async def _outcomes(run: models.Run, count: int) -> None:
    for position in range(count):
        outcome = await models.CaseOutcome.create(
            run=run, position=position, case_key=f"case-{position}", attempt=0,
            passed=position % 2 == 0, success_level="SUCCESS" if position % 2 == 0 else "FAILURE",
            score=1.0 if position % 2 == 0 else 0.0, intent_passed=position % 2 == 0)
        for index, message in enumerate(("hi", "bye")):
            await models.RunTurn.create(outcome=outcome, index=index, sent_message=message,
                                        reply=f"echo {message}", latency_ms=10 + index)
        await models.RuleResultRow.create(outcome=outcome, position=0, rule_type="expect_contains",
                                          implicit=True, passed=True, score=1.0,
                                          detail={"needle": "x"})
        await models.RuleResultRow.create(
            outcome=outcome, position=1, rule_type=INTENT_RULE, passed=position % 2 == 0,
            score=1.0, detail={"expected": "refund", "predicted": "refund" if position % 2 == 0
                               else "booking"})


PLAN = {"dimensions": ["booking", "refund"], "virtualUsers": [], "timeDistribution": [],
        "estimatedSessions": 4, "budget": {"maxTurnsPerSession": 5, "totalMaxTurns": 20}}
VERDICT = {"goalAchieved": True, "achievement": 0.8, "suggestions": ["be faster"],
           "issues": [{"description": "slow", "severity": "LOW", "turnIndex": 0}]}


async def _seed_intelligent(target_id: str) -> str:
    """ITEMS evals with two sessions each, and one eval with ITEMS sessions; the big eval's id."""
    for i in range(ITEMS):
        row = await _eval(target_id, f"eval {i}")
        await _session(row, "booking", closed=True)
        await _session(row, None, closed=False)
        await models.EvalEvent.create(eval=row, sequence=1, type="BUDGET_OVERRUN",
                                      status="EXECUTING")
    big = await _eval(target_id, "big eval")
    for i in range(ITEMS):
        await _session(big, f"dimension {i % 3}", closed=i % 2 == 0)
    return str(big.id)


async def _eval(target_id: str, name: str) -> models.IntelligentEval:
    return await models.IntelligentEval.create(
        name=name, target_id=target_id, status="EXECUTING", goal="g", intent="i",
        role_description="r", seeds={}, plan=PLAN, plan_revision=1)


async def _session(row: models.IntelligentEval, dimension: str | None, closed: bool) -> None:
    session = await models.EvalSession.create(
        eval=row, goal="book", dimension=dimension, status="COMPLETED" if closed else "RUNNING",
        verdict=VERDICT if closed else None, turn_count=1)
    await models.EvalMessage.create(session=session, index=0, turn_index=0, role="USER",
                                    content="hello")
    await models.EvalMessage.create(session=session, index=1, turn_index=0, role="ASSISTANT",
                                    content="hi", latency_ms=5)


async def test_list_queries_cost_the_same_few_statements_for_5_and_50_items(
        gql: GraphQLClient) -> None:
    big_run_id, target_name = await _seed_static(gql)
    target_id = str((await models.Target.get(name=target_name)).id)
    big_eval_id = await _seed_intelligent(target_id)

    queries = {
        "runs": (RUNS, {}),
        "intelligentEvals": (EVALS, {}),
        "intelligentEval.sessions": (SESSIONS, {"id": big_eval_id}),
        "run.outcomes": (OUTCOMES, {"id": big_run_id}),
        "campaigns": (CAMPAIGNS, {}),
    }
    counts: dict[str, tuple[int, int]] = {}
    with counting_statements():
        for name, (query, variables) in queries.items():
            small = await statements_of(gql, query, {**variables, "first": 5})
            large = await statements_of(gql, query, {**variables, "first": ITEMS})
            counts[name] = (len(small), len(large))
            assert len(small) == len(large), (name, small, large)
            if name != "campaigns":  # four more relations deep than the four queries
                assert len(large) <= MAX_STATEMENTS, (name, large)
    print("SQL statements per request (first: 5, first: 50):", counts)

    # The pages really hold what was asked for, so the counts above mean something.
    runs = (await gql.execute(RUNS, {"first": ITEMS}))["runs"]["edges"]
    assert len(runs) == ITEMS
    assert {edge["node"]["target"]["name"] for edge in runs} == {"shop bot"}
    running = [edge["node"] for edge in runs if edge["node"]["status"] == "RUNNING"]
    assert running and all(node["summary"]["passRate"] == 0.5 for node in running)
    assert all(node["summary"]["latencyP50Ms"] == 10 for node in running)
    queued = [edge["node"] for edge in runs if edge["node"]["status"] == "QUEUED"]
    assert queued and all(node["summary"] is None for node in queued)
    evals = (await gql.execute(EVALS, {"first": ITEMS}))["intelligentEvals"]["edges"]
    small_eval = next(e["node"] for e in evals if e["node"]["name"] != "big eval")
    assert small_eval["progress"] == {
        "sessionsPlanned": 4, "sessionsStarted": 2, "sessionsRunning": 1, "sessionsClosed": 1,
        "turnsUsed": 2, "turnBudget": 20, "budgetOverruns": 1, "dimensionsCovered": ["booking"],
        "dimensionsPlanned": ["booking", "refund"]}
    assert small_eval["planHistory"] == []
    sessions = (await gql.execute(SESSIONS, {"id": big_eval_id, "first": ITEMS}))
    nodes = [edge["node"] for edge in sessions["intelligentEval"]["sessions"]["edges"]]
    assert len(nodes) == ITEMS and all(len(node["messages"]) == 2 for node in nodes)
    assert {node["eval"]["name"] for node in nodes} == {"big eval"}
    assert nodes[0]["verdict"]["issues"] == [
        {"description": "slow", "severity": "LOW", "turnIndex": 0}]
    outcomes = (await gql.execute(OUTCOMES, {"id": big_run_id, "first": ITEMS}))
    outcome_nodes = [edge["node"] for edge in outcomes["run"]["outcomes"]["edges"]]
    assert len(outcome_nodes) == ITEMS
    assert all(len(node["turns"]) == 2 and len(node["results"]) == 2 for node in outcome_nodes)
    campaigns = (await gql.execute(CAMPAIGNS, {"first": ITEMS}))["campaigns"]["edges"]
    assert len(campaigns) == ITEMS
    later = campaigns[1]["node"]
    assert later["targets"] == [{"name": "shop bot"}] and later["scenario"]["caseCount"] == 2
    assert later["runs"] == [{"status": "RUNNING", "target": {"name": "shop bot"},
                              "summary": {"passRate": 0.5}}]
    assert len(campaigns[0]["node"]["runs"]) == ITEMS + 1
