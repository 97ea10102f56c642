"""Reading a run's stored attempts: a filtered page with turns and rule results, what
summarising needs of every attempt of many runs (three statements in all), and each
case's success levels."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.judgement import INTENT_RULE
from agenteval.domain.static.run_summary import OutcomeRecord
from agenteval.domain.static.run_views import OutcomeView
from agenteval.domain.static.simulator_figures import simulator_fields
from agenteval.store.models import CaseOutcome, RuleResultRow, Run, RunTurn
from agenteval.store.paging import Page, where_given
from agenteval.store.runs.case_tags import case_tags, has_tag
from agenteval.store.runs.outcome_page import Statement, details, page_rows
from agenteval.store.runs.run_store import StoredOutcome


async def outcome_page(run: Run, offset: int, limit: int, passed: bool | None = None,
                       success_level: str | None = None,
                       tag: str | None = None) -> Page[StoredOutcome]:
    """Stored attempts of a run in case order, with their turns and rule results; `tag`
    keeps the outcomes whose case carries it (their stored tags, the snapshot's for rows
    older than those). Three statements: the page with the list's count, its turns, its
    results (store/runs/outcome_page)."""

    def conditions(statement: Statement) -> str:
        sql = ""
        if tag is not None:  # no statement of its own: a condition of the page's
            sql += f" AND {has_tag(run.id, tag).sql}={statement.param(True)}"
        if passed is not None:
            sql += f' AND "passed"={statement.param(passed)}'
        if success_level is not None:
            sql += f' AND "success_level"={statement.param(success_level)}'
        return sql

    if limit:  # the page counts the whole list itself (one statement less)
        rows = await page_rows(run.id, conditions, offset, limit)
        if rows:
            return Page(await _stored(run, rows), int(rows[0]["list_total"]))
    # Past the end, or first: 0 (no row carried the count).
    query = CaseOutcome.filter(run_id=run.id)
    if tag is not None:
        query = query.annotate(has_tag=has_tag(run.id, tag)).filter(has_tag=True)
    query = where_given(query, passed=passed, success_level=success_level)
    return Page([], await query.count())


async def _stored(run: Run, outcomes: list[dict[str, Any]]) -> list[StoredOutcome]:
    """The page's rows with their turns, rule results and tags (two or three statements)."""
    turns, results = await details([o["id"] for o in outcomes])
    # Each outcome carries its case's tags (0017); only rows written before are looked up.
    older = sorted({o["position"] for o in outcomes if o["tags"] is None})
    tags = await _snapshot_tags(run, older) if older else {}
    return [StoredOutcome(
        view=OutcomeView(case_key=o["case_key"], attempt=o["attempt"],
                         success_level=o["success_level"], passed=o["passed"],
                         score=o["score"], error=o["error"],
                         tags=o["tags"] if o["tags"] is not None else tags.get(o["case_key"], []),
                         turns=turns.get(o["id"], []),
                         results=results.get(o["id"], []),
                         simulation=o["simulation"]),
        intent_passed=o["intent_passed"], completion_rate=o["completion_rate"])
        for o in outcomes]


async def _snapshot_tags(run: Run, positions: Sequence[int]) -> dict[str, list[str]]:
    """Case key → tags of the cases at these positions, from the run's snapshot (read by
    the database when the row was read without it)."""
    if run._partial:
        return await case_tags(run.id, positions)
    return {case["id"]: case.get("tags", []) for case in run.cases}


async def outcome_records_by_run(run_ids: Sequence[uuid.UUID]
                                 ) -> dict[uuid.UUID, list[OutcomeRecord]]:
    """What `summarise` needs of every stored attempt of these runs, in case order."""
    ids = list(set(run_ids))
    outcomes = await CaseOutcome.filter(run_id__in=ids).order_by("position", "attempt").values(
        "id", "run_id", "case_key", "attempt", "success_level", "passed", "error",
        "intent_passed", "completion_rate", "simulation")
    latencies: dict[Any, list[int]] = {}
    for outcome_id, latency in await RunTurn.filter(outcome__run_id__in=ids).order_by(
            "outcome_id", "index").values_list("outcome_id", "latency_ms"):
        if latency is not None:
            latencies.setdefault(outcome_id, []).append(latency)
    intents: dict[Any, tuple[str, str]] = {}
    for outcome_id, detail in await RuleResultRow.filter(
            outcome__run_id__in=ids, rule_type=INTENT_RULE).order_by(
            "outcome_id", "position").values_list("outcome_id", "detail"):
        expected, predicted = (detail or {}).get("expected"), (detail or {}).get("predicted")
        if isinstance(expected, str) and isinstance(predicted, str):
            intents.setdefault(outcome_id, (expected, predicted))
    found: dict[uuid.UUID, list[OutcomeRecord]] = {run_id: [] for run_id in ids}
    for o in outcomes:
        expected, predicted = intents.get(o["id"], (None, None))
        found[_uuid(o["run_id"])].append(OutcomeRecord(
            case_key=o["case_key"], attempt=o["attempt"], success_level=o["success_level"],
            passed=o["passed"], error=o["error"], intent_passed=o["intent_passed"],
            completion_rate=o["completion_rate"], latencies_ms=latencies.get(o["id"], []),
            intent_expected=expected, intent_predicted=predicted,
            **simulator_fields(o["simulation"])))
    return found


async def success_levels(run_ids: Sequence[uuid.UUID]) -> list[dict[str, Any]]:
    """{run_id, case_key, success_level} of every attempt of these runs, by case then
    attempt (one statement)."""
    return list(await CaseOutcome.filter(run_id__in=list(run_ids)).order_by(
        "case_key", "attempt").values("run_id", "case_key", "success_level"))


def _uuid(value: Any) -> uuid.UUID:
    # .values() gives the foreign key as the backend returns it (text on SQLite).
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
