"""A stored static run as one typed record, and the JSON document both the API's download
and the gate's `--json` serialise.

`scenario_result` projects a stored run (summary, every attempt with its turns
and rule results) into a `ScenarioResult` once, so every writer — the gate's
terminal, JUnit, JSON and baseline outputs, and GET /api/runs/{id}/report.json —
is a pure function of it. `scenario_entry` is that run as the versioned JSON
entry typed by `run_document_shape.py` (docs/run-json.schema.json is generated
from those types by `run_json_schema.py`):

    [{"formatVersion": 1,
      "scenario": {"name", "file"}, "target": {"name"},
      "run": {"id", "status", "error", "repeat", "concurrency", "durationS", "offline"},
      "summary": RunSummary,
      "outcomes": [CaseOutcome + "tags", with "turns": [Turn] and "results": [RuleResult]]}]

Field names are the contract's camelCase ones; each rule's `detail` is copied
verbatim, so its keys stay as docs/design.md's wire formats define them
(`completion_rate`, `raw_score`, ...). A later `--baseline` reads this file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from agenteval.domain.judging.fingerprints import case_hash, judge_hash
from agenteval.domain.static.outcome_explanation import judged_turn
from agenteval.domain.static.run_state import RunStatus
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.domain.static.run_views import OutcomeView, TurnView
from agenteval.domain.static.stored_run import ReportedRun
from agenteval.domain.usage_report import usage_line
from agenteval.engine.catalog.usage import usage_of
from agenteval.engine.static.run_document_shape import (
    SCHEMA_VERSION,
    Author,
    Outcome,
    RunDocument,
    Sanitized,
    ScenarioEntry,
    Simulation,
    Summary,
    Turn,
)
from agenteval.engine.static.run_reports import (
    report_markdown,
    run_view,
    stored_outcomes,
    summary_of,
)

FORMAT_VERSION = SCHEMA_VERSION  # the entries' `formatVersion`


@dataclass(frozen=True)
class AttemptResult:
    """One case attempt as stored: the report view plus the tiers it does not carry."""

    view: OutcomeView
    intent_passed: bool | None = None  # L1, when an intent rule ran
    completion_rate: float | None = None  # L2, when a task_completion rule ran

    @property
    def case_key(self) -> str:
        return self.view["case_key"]

    @property
    def attempt(self) -> int:
        return self.view["attempt"]


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario run against one target by the gate."""

    scenario_name: str
    source: str  # the scenario file the gate read
    target_name: str
    run_id: str
    status: str  # the run's RunStatus
    summary: RunSummaryData
    attempts: Sequence[AttemptResult]
    repeat: int = 1
    concurrency: int = 8
    error: str | None = None  # the run's own error (engine failure, target deleted)
    duration_s: float | None = None
    report_markdown: str | None = field(default=None, repr=False)
    model_usage: str | None = None  # one line: calls, tokens, cost (domain.usage_report)
    offline: bool = False  # judged logged conversations (judgeConversations): nothing sent
    # The run's snapshot of its cases: their definitions are hashed into the document.
    cases: Sequence[Mapping[str, Any]] = field(default=(), repr=False)

    @property
    def case_count(self) -> int:
        return len({attempt.case_key for attempt in self.attempts}) or (
            self.summary.total_cases // max(1, self.repeat))



async def scenario_result(run: ReportedRun, source: str | None = None, *, prices: str | None = None,
                          with_report: bool = True,
                          details_of_successes: bool = True) -> ScenarioResult:
    """The run with its summary and every attempt (turns and rule results included).

    `run` is the whole run as its store hands it out (`RunStore.run`: a `RunRecord`, its
    cases included); its attempts, names and usage are read through the store's adapters.

    `source` is the scenario file the gate read; stored runs name their scenario instead.
    Without `with_report` the Markdown report is not rendered (`report_markdown` None):
    the gate renders it only for --report. Without `details_of_successes` the plain
    successes carry no turns or rule results: the gate reads them only for --json and
    --junit, which write every attempt's dialog. `prices`: the model prices setting
    (`Settings.model_prices`) the usage is costed with.
    """
    view = await run_view(run)
    started, ended = run.started_at, run.completed_at
    duration = (ended - started).total_seconds() if started and ended else None
    return ScenarioResult(
        scenario_name=view["scenario_name"], source=source or f"scenario {view['scenario_name']}",
        target_name=view["target_name"], run_id=str(run.id), status=run.status,
        summary=await summary_of(run),
        attempts=[AttemptResult(stored.view, stored.intent_passed, stored.completion_rate)
                  for stored in await stored_outcomes(
                      run, details_of_successes=details_of_successes)],
        repeat=run.repeat, concurrency=run.concurrency, error=run.error, duration_s=duration,
        offline=run.offline,
        report_markdown=await report_markdown(run, prices) if with_report else None,
        model_usage=usage_line(await usage_of(run_id=run.id, prices_setting=prices)),
        cases=run.cases or ())


def json_report(results: Sequence[ScenarioResult]) -> RunDocument:
    """The `--json` document: one entry per scenario."""
    return [scenario_entry(result) for result in results]


def scenario_entry(result: ScenarioResult) -> ScenarioEntry:
    hashes = {str(case.get("id")): case_hash(case) for case in result.cases}
    return {
        "formatVersion": SCHEMA_VERSION,
        "scenario": {"name": result.scenario_name, "file": result.source},
        "target": {"name": result.target_name},
        "run": {"id": result.run_id, "status": RunStatus(result.status), "error": result.error,
                "repeat": result.repeat, "concurrency": result.concurrency,
                "durationS": result.duration_s, "offline": result.offline},
        "summary": summary_json(result.summary),
        "outcomes": [outcome_json(attempt, hashes.get(attempt.case_key))
                     for attempt in result.attempts],
    }


def summary_json(summary: RunSummaryData) -> Summary:
    """The contract's RunSummary."""
    confusion = summary.intent_confusion
    return {
        "totalCases": summary.total_cases, "passedCases": summary.passed_cases,
        "passRate": summary.pass_rate, "successRate": summary.success_rate,
        "successCount": summary.success_count, "partialCount": summary.partial_count,
        "failureCount": summary.failure_count, "errorCount": summary.error_count,
        "intentAccuracy": summary.intent_accuracy, "avgCompletion": summary.avg_completion,
        "passHatK": summary.pass_hat_k, "passHatCurve": summary.pass_hat_curve,
        "flipRate": summary.flip_rate,
        "intentConfusion": None if confusion is None else [
            {"expected": c.expected, "predicted": c.predicted, "count": c.count}
            for c in confusion],
        "latencyP50Ms": summary.latency_p50_ms, "latencyP95Ms": summary.latency_p95_ms,
        "simulatorErrorCount": summary.simulator_error_count,
        "passRateExcludingSimulatorErrors": summary.pass_rate_excluding_simulator_errors,
        "passHatKExcludingSimulatorErrors": summary.pass_hat_k_excluding_simulator_errors,
        "passHatCurveExcludingSimulatorErrors":
            summary.pass_hat_curve_excluding_simulator_errors,
        "simulators": None if summary.simulators is None else [
            {"model": r.model, "attempts": r.attempts, "rerunAttempts": r.rerun_attempts,
             "reruns": r.reruns, "errors": r.errors, "errorRate": r.error_rate}
            for r in summary.simulators],
    }


def outcome_json(attempt: AttemptResult, case_hash: str | None = None) -> Outcome:
    """The contract's CaseOutcome (plus the case's tags and what it was judged against)."""
    view = attempt.view
    document: Outcome = {
        "caseKey": view["case_key"], "attempt": view["attempt"], "passed": view["passed"],
        "successLevel": view["success_level"], "score": view["score"],
        "intentPassed": attempt.intent_passed, "completionRate": attempt.completion_rate,
        "error": view["error"], "tags": list(view["tags"]),
        "turns": [_turn_json(t) for t in view["turns"]],
        "results": [{"ruleType": r["rule_type"], "implicit": r["implicit"],
                     "passed": r["passed"], "score": r["score"], "weight": r["weight"],
                     "detail": r["detail"], "error": r["error"],
                     "turnIndex": judged_turn(r)} for r in view["results"]],
    }
    document["caseHash"] = case_hash
    document["judgeHash"] = judge_hash(view["results"])
    simulation = view.get("simulation")
    if simulation is not None:  # simulated cases only: other shapes unchanged
        document["simulation"] = cast(Simulation, simulation)
    return document


def _turn_json(turn: TurnView) -> Turn:
    document: Turn = {"index": turn["index"], "sentMessage": turn["sent_message"],
                "reply": turn["reply"], "latencyMs": turn["latency_ms"], "error": turn["error"],
                "rawResponse": turn.get("raw"), "toolCalls": turn.get("tool_calls")}
    if turn.get("author") is not None:  # simulated cases only
        document["author"] = cast(Author, turn.get("author"))
    if turn.get("sanitized"):  # the reply was made storable (domain/storable_text.py)
        document["sanitized"] = cast(list[Sanitized], turn.get("sanitized"))
    return document
