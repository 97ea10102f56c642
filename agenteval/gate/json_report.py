"""`--json`: the gate's machine-readable result, in the GraphQL contract's field names.

The file is a JSON list with one entry per scenario (also for one scenario),
documented by docs/run-json.schema.json:

    [{"formatVersion": 1,
      "scenario": {"name", "file"}, "target": {"name"},
      "run": {"id", "status", "error", "repeat", "concurrency", "durationS"},
      "summary": RunSummary,
      "outcomes": [CaseOutcome + "tags", with "turns": [Turn] and "results": [RuleResult]]}]

Field names are the contract's camelCase ones; each rule's `detail` is copied
verbatim, so its keys stay as DESIGN.md's wire formats define them
(`completion_rate`, `raw_score`, ...). A later `--baseline` reads this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.domain.run_summary import RunSummaryData
from agenteval.gate.results import AttemptResult, ScenarioResult

FORMAT_VERSION = 1


def json_report(results: Sequence[ScenarioResult]) -> list[dict[str, Any]]:
    """The `--json` document: one entry per scenario."""
    return [scenario_entry(result) for result in results]


def scenario_entry(result: ScenarioResult) -> dict[str, Any]:
    return {
        "formatVersion": FORMAT_VERSION,
        "scenario": {"name": result.scenario_name, "file": result.source},
        "target": {"name": result.target_name},
        "run": {"id": result.run_id, "status": result.status, "error": result.error,
                "repeat": result.repeat, "concurrency": result.concurrency,
                "durationS": result.duration_s},
        "summary": summary_json(result.summary),
        "outcomes": [outcome_json(attempt) for attempt in result.attempts],
    }


def summary_json(summary: RunSummaryData) -> dict[str, Any]:
    """The contract's RunSummary."""
    confusion = summary.intent_confusion
    return {
        "totalCases": summary.total_cases, "passedCases": summary.passed_cases,
        "passRate": summary.pass_rate, "successRate": summary.success_rate,
        "successCount": summary.success_count, "partialCount": summary.partial_count,
        "failureCount": summary.failure_count, "errorCount": summary.error_count,
        "intentAccuracy": summary.intent_accuracy, "avgCompletion": summary.avg_completion,
        "passHatK": summary.pass_hat_k, "flipRate": summary.flip_rate,
        "intentConfusion": None if confusion is None else [
            {"expected": c.expected, "predicted": c.predicted, "count": c.count}
            for c in confusion],
        "latencyP50Ms": summary.latency_p50_ms, "latencyP95Ms": summary.latency_p95_ms,
    }


def outcome_json(attempt: AttemptResult) -> dict[str, Any]:
    """The contract's CaseOutcome (plus the case's tags)."""
    view = attempt.view
    return {
        "caseKey": view["case_key"], "attempt": view["attempt"], "passed": view["passed"],
        "successLevel": view["success_level"], "score": view["score"],
        "intentPassed": attempt.intent_passed, "completionRate": attempt.completion_rate,
        "error": view["error"], "tags": list(view["tags"]),
        "turns": [{"index": t["index"], "sentMessage": t["sent_message"], "reply": t["reply"],
                   "latencyMs": t["latency_ms"], "error": t["error"]} for t in view["turns"]],
        "results": [{"ruleType": r["rule_type"], "implicit": r["implicit"],
                     "passed": r["passed"], "score": r["score"], "weight": r["weight"],
                     "detail": r["detail"], "error": r["error"]} for r in view["results"]],
    }
