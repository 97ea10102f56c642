"""The Markdown report of one static run (`Run.reportMarkdown`).

Input shapes (the engine builds them from DB rows; plain dicts):

- `RunView`: id, status, campaign_name, scenario_name, target_name, and
  optionally created_at / started_at / completed_at (datetime or ISO string)
  and error.
- `OutcomeView`: one case attempt: case_key, attempt, success_level, passed,
  score, error, tags, turns (`TurnView`s) and results (`RuleResultView`s),
  the same fields as the contract's CaseOutcome, Turn and RuleResult in
  snake_case.

Pure functions: no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, NotRequired, TypedDict

from agenteval.domain.cases import SuccessLevel
from agenteval.domain.judgement import COMPLETION_RULE, INTENT_RULE
from agenteval.domain.run_summary import RunSummaryData, ratio

SLOWEST_TURNS_SHOWN = 5
DETAIL_CHARS = 120
MESSAGE_CHARS = 60


class RunView(TypedDict):
    id: str
    status: str
    campaign_name: str
    scenario_name: str
    target_name: str
    created_at: NotRequired[datetime | str | None]
    started_at: NotRequired[datetime | str | None]
    completed_at: NotRequired[datetime | str | None]
    error: NotRequired[str | None]


class TurnView(TypedDict):
    index: int
    sent_message: str
    reply: str | None
    latency_ms: int | None
    error: str | None


class RuleResultView(TypedDict):
    rule_type: str
    implicit: bool
    passed: bool
    score: float
    weight: float
    detail: dict[str, Any]
    error: str | None


class OutcomeView(TypedDict):
    case_key: str
    attempt: int
    success_level: SuccessLevel
    passed: bool
    score: float
    error: str | None
    tags: list[str]
    turns: list[TurnView]
    results: list[RuleResultView]


def render_run_report(run: RunView, summary: RunSummaryData,
                      outcomes: Sequence[OutcomeView]) -> str:
    """The whole report: header, summary, intent confusion, tags, failures, slow turns."""
    sections = [
        header_section(run),
        summary_section(summary),
        confusion_section(summary),
        tag_section(outcomes),
        failing_section(outcomes),
        slowest_turns_section(outcomes),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def header_section(run: RunView) -> str:
    title = (f"# Run report: {run['campaign_name']} · {run['scenario_name']} · "
             f"{run['target_name']}")
    lines = [title, f"Run `{run['id']}` · status **{run['status']}**"]
    moments = (("created", run.get("created_at")), ("started", run.get("started_at")),
               ("completed", run.get("completed_at")))
    times = [f"{label} {format_time(value)}" for label, value in moments if value]
    if times:
        lines.append(" · ".join(times))
    if run.get("error"):
        lines.append(f"Run error: {run.get('error')}")
    return "\n\n".join(lines)


def summary_section(summary: RunSummaryData) -> str:
    rows = [
        ("Cases (cases × repeat)", str(summary.total_cases)),
        ("SUCCESS", str(summary.success_count)),
        ("PARTIAL", str(summary.partial_count)),
        ("FAILURE", str(summary.failure_count)),
        ("Errors", str(summary.error_count)),
        ("Pass rate (success + partial)", format_rate(summary.pass_rate)),
        ("Success rate (success + ½ partial)", format_rate(summary.success_rate)),
        ("Intent accuracy (L1)", format_rate(summary.intent_accuracy)),
        ("Average completion (L2)", format_rate(summary.avg_completion)),
        ("pass^k", format_rate(summary.pass_hat_k)),
        ("Latency p50", format_ms(summary.latency_p50_ms)),
        ("Latency p95", format_ms(summary.latency_p95_ms)),
    ]
    return "## Summary\n\n" + table(["Metric", "Value"], rows)


def confusion_section(summary: RunSummaryData) -> str:
    """Expected intents as rows, predicted as columns; empty when no intent rule ran."""
    cells = summary.intent_confusion
    if not cells:
        return ""
    expected = sorted({c.expected for c in cells})
    predicted = sorted({c.predicted for c in cells})
    counts = {(c.expected, c.predicted): c.count for c in cells}
    rows = [(e, *(str(counts.get((e, p), 0)) for p in predicted)) for e in expected]
    return ("## Intent confusion\n\nRows: expected intent; columns: predicted.\n\n"
            + table(["expected \\ predicted", *predicted], rows))


def tag_section(outcomes: Sequence[OutcomeView]) -> str:
    """Pass rate per tag; an attempt with several tags counts under each."""
    per_tag: dict[str, list[bool]] = {}
    for outcome in outcomes:
        for tag in outcome["tags"]:
            per_tag.setdefault(tag, []).append(outcome["passed"])
    if not per_tag:
        return "## By tag\n\nNo case has tags."
    rows = [(tag, str(len(passes)), str(sum(passes)), format_rate(ratio(sum(passes), len(passes))))
            for tag, passes in sorted(per_tag.items())]
    return "## By tag\n\n" + table(["Tag", "Attempts", "Passed", "Pass rate"], rows)


def failing_section(outcomes: Sequence[OutcomeView]) -> str:
    failing = [o for o in outcomes if not o["passed"]]
    if not failing:
        return "## Failing cases\n\nNone."
    parts = ["## Failing cases"]
    for outcome in sorted(failing, key=lambda o: (o["case_key"], o["attempt"])):
        parts.append(failing_case(outcome))
    return "\n\n".join(parts)


def failing_case(outcome: OutcomeView) -> str:
    """One failing attempt: its error and the results that decided it."""
    heading = (f"### `{outcome['case_key']}` attempt {outcome['attempt']}: "
               f"{outcome['success_level']} (score {outcome['score']:.2f})")
    lines = [heading]
    if outcome["error"]:
        lines.append(f"Error: {markdown_cell(outcome['error'])}")
    deciding = [r for r in outcome["results"] if deciding_result(r)]
    if deciding:
        rows = [(r["rule_type"], "yes" if r["implicit"] else "no",
                 "pass" if r["passed"] else "fail", f"{r['score']:.2f}", short_detail(r))
                for r in deciding]
        lines.append(table(["Rule", "Implicit", "Verdict", "Score", "Detail"], rows))
    elif not outcome["error"]:
        lines.append("No rule failed; the tier thresholds decided.")
    return "\n\n".join(lines)


def deciding_result(result: RuleResultView) -> bool:
    """Failed rules, plus intent and completion results since the tiers rest on them."""
    return not result["passed"] or result["rule_type"] in (INTENT_RULE, COMPLETION_RULE)


def short_detail(result: RuleResultView) -> str:
    """One line explaining a verdict: the error, a known detail summary, or compact JSON."""
    if result["error"]:
        return f"error: {result['error']}"
    detail = result["detail"] or {}
    summary = known_detail_summary(detail)
    if summary is None:
        summary = json.dumps(detail, ensure_ascii=False, sort_keys=True, default=str)
    return shorten(summary, DETAIL_CHARS)


def known_detail_summary(detail: dict[str, Any]) -> str | None:
    """The wire formats of DESIGN.md, summarised; None for any other shape."""
    if "completion_rate" in detail:
        missing = [s.get("name", "?") for s in detail.get("slots") or [] if not s.get("filled")]
        missing += [s.get("name", "?") for s in detail.get("steps") or [] if not s.get("done")]
        text = f"completion {detail['completion_rate']}"
        return text + (f"; missing: {', '.join(map(str, missing))}" if missing else "")
    if "predicted" in detail:
        return (f"expected {detail.get('expected')}, predicted {detail.get('predicted')}, "
                f"understanding {detail.get('understanding')}")
    if "missing" in detail:
        return f"missing: {', '.join(map(str, detail['missing']))}"
    if "rationale" in detail:
        return f"score {detail.get('raw_score')}: {detail['rationale']}"
    if "similarity" in detail:
        return f"similarity {detail['similarity']} ({detail.get('method')})"
    return None


def slowest_turns_section(outcomes: Sequence[OutcomeView]) -> str:
    turns = [(turn["latency_ms"], outcome, turn) for outcome in outcomes
             for turn in outcome["turns"] if turn["latency_ms"] is not None]
    if not turns:
        return "## Slowest turns\n\nNo turn latency recorded."
    turns.sort(key=lambda item: item[0], reverse=True)
    rows = [(outcome["case_key"], str(outcome["attempt"]), str(turn["index"]), str(latency),
             shorten(turn["sent_message"], MESSAGE_CHARS))
            for latency, outcome, turn in turns[:SLOWEST_TURNS_SHOWN]]
    return "## Slowest turns\n\n" + table(["Case", "Attempt", "Turn", "Latency ms", "Message"],
                                           rows)


# ---------------------------------------------------------------- Markdown helpers
# Shared with run_comparison.


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(markdown_cell(h) for h in headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def markdown_cell(text: str) -> str:
    """Text that cannot break a table row: pipes escaped, newlines flattened."""
    return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def format_rate(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def format_ms(value: int | None) -> str:
    return "—" if value is None else f"{value} ms"


def format_time(value: datetime | str | None) -> str:
    """Every timestamp of every report in one form: ISO-8601 UTC to the second, `…T…Z`.

    Naive datetimes are UTC (as the store keeps them); an ISO string is parsed
    and written the same way; anything else is shown as it is.
    """
    if isinstance(value, str) and value:
        text = value
        try:
            value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return text
    if isinstance(value, datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return "—"


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
