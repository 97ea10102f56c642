"""The run report's Markdown: sections, numbers, failing rules, slowest turns."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from agenteval.domain.judging.cases import SuccessLevel
from agenteval.domain.static.run_report import render_run_report
from agenteval.domain.static.run_summary import OutcomeRecord, summarise
from agenteval.domain.static.run_views import OutcomeView, RuleResultView, RunView, TurnView

RUN: RunView = {
    "id": "run-42",
    "status": "COMPLETED",
    "campaign_name": "Nightly",
    "scenario_name": "Repair booking",
    "target_name": "demo-bot",
    "started_at": datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC),
    "completed_at": "2025-01-02T03:05:00+00:00",
}


def turn(index: int, message: str, latency: int | None, error: str | None = None) -> TurnView:
    return {"index": index, "sent_message": message, "reply": None if error else "ok",
            "latency_ms": latency, "error": error}


def rule(rule_type: str, passed: bool, score: float, detail: dict[str, Any] | None = None,
         error: str | None = None, implicit: bool = False) -> RuleResultView:
    return {"rule_type": rule_type, "implicit": implicit, "passed": passed, "score": score,
            "weight": 1.0, "detail": detail or {}, "error": error}


def outcome(key: str, level: SuccessLevel, score: float, tags: list[str], turns: list[TurnView],
            results: list[RuleResultView], error: str | None = None) -> OutcomeView:
    return {"case_key": key, "attempt": 0, "success_level": level,
            "passed": level != "FAILURE", "score": score, "error": error, "tags": tags,
            "turns": turns, "results": results}


OUTCOMES = [
    outcome("book", "SUCCESS", 1.0, ["booking"],
            [turn(0, "I want a repair", 120), turn(1, "My name is Zhang", 900)],
            [rule("intent_classification", True, 1.0,
                  {"expected": "appointment", "predicted": "appointment",
                   "understanding": "correct"}),
             rule("task_completion", True, 1.0, {"completion_rate": 1.0})]),
    outcome("book-partial", "PARTIAL", 0.6, ["booking"],
            [turn(0, "repair please", 300)],
            [rule("intent_classification", True, 1.0,
                  {"expected": "appointment", "predicted": "appointment",
                   "understanding": "correct"}),
             rule("task_completion", True, 0.6, {"completion_rate": 0.6})]),
    outcome("refund", "FAILURE", 0.25, ["refund", "money"],
            [turn(0, "refund | now", 50)],
            [rule("expect_contains", False, 0.0, {"missing": ["refund"]}, implicit=True),
             rule("keyword_match", False, 0.0, {"matched": [], "missing": ["policy"],
                                                 "mode": "any"}),
             rule("llm_score", True, 1.0, {"raw_score": 10, "rationale": "polite"})]),
    outcome("complain", "FAILURE", 0.0, ["complaint"],
            [turn(0, "this is bad", 2000), turn(1, "hello?", None, error="timeout")],
            [], error="turn 1: timeout"),
    outcome("judge-down", "FAILURE", 0.0, [],
            [turn(0, "x", 700), turn(1, "y", 800)],
            [rule("llm_score", False, 0.0, error="judge unreachable")],
            error="rule llm_score could not run: judge unreachable"),
]

RECORDS = [
    OutcomeRecord("book", 0, "SUCCESS", True, intent_passed=True, completion_rate=1.0,
                  latencies_ms=[120, 900], intent_expected="appointment",
                  intent_predicted="appointment"),
    OutcomeRecord("book-partial", 0, "PARTIAL", True, intent_passed=True, completion_rate=0.6,
                  latencies_ms=[300], intent_expected="appointment",
                  intent_predicted="inquiry"),
    OutcomeRecord("refund", 0, "FAILURE", False, latencies_ms=[50]),
    OutcomeRecord("complain", 0, "FAILURE", False, error="turn 1: timeout",
                  latencies_ms=[2000]),
    OutcomeRecord("judge-down", 0, "FAILURE", False, error="judge", latencies_ms=[700, 800]),
]


def render() -> str:
    return render_run_report(RUN, summarise(RECORDS, repeat=1), OUTCOMES)


def section(markdown: str, title: str) -> str:
    """The text of one `## title` section."""
    start = markdown.index(f"## {title}")
    end = markdown.find("\n## ", start + 1)
    return markdown[start:] if end == -1 else markdown[start:end]


def test_title_names_campaign_scenario_target_and_run() -> None:
    markdown = render()
    first_line = markdown.splitlines()[0]
    assert first_line.startswith("# ")
    for name in ("Nightly", "Repair booking", "demo-bot"):
        assert name in first_line
    assert "run-42" in markdown
    assert "**COMPLETED**" in markdown
    assert "2025-01-02T03:04:05Z" in markdown
    assert "2025-01-02T03:05:00Z" in markdown


def test_summary_table_has_the_three_tiers_and_rates() -> None:
    summary = section(render(), "Summary")
    assert "| SUCCESS | 1 |" in summary
    assert "| PARTIAL | 1 |" in summary
    assert "| FAILURE | 3 |" in summary
    assert "| Errors | 2 |" in summary
    assert "| Pass rate (success + partial) | 40.0% |" in summary
    assert "| Success rate (success + ½ partial) | 30.0% |" in summary
    assert "| Intent accuracy (L1) | 100.0% |" in summary
    assert "| Average completion (L2) | 80.0% |" in summary
    assert "| pass^n (passed in every attempt) | — |" in summary
    assert "| pass^k, k = 1..repeat (τ-bench estimator) | — |" in summary
    # latencies 50 120 300 700 800 900 2000 → p50 rank 4, p95 rank 7
    assert "| Latency p50 | 700 ms |" in summary
    assert "| Latency p95 | 2000 ms |" in summary


def test_intent_confusion_matrix_rows_expected_columns_predicted() -> None:
    confusion = section(render(), "Intent confusion")
    assert "| expected \\ predicted | appointment | inquiry |" in confusion
    assert "| appointment | 1 | 1 |" in confusion


def test_no_confusion_section_without_intent_rules() -> None:
    records = [OutcomeRecord("a", 0, "SUCCESS", True)]
    markdown = render_run_report(RUN, summarise(records, repeat=1), OUTCOMES[:1])
    assert "Intent confusion" not in markdown


def test_pass_rate_per_tag() -> None:
    tags = section(render(), "By tag")
    assert "| booking | 2 | 2 | 100.0% |" in tags
    assert "| refund | 1 | 0 | 0.0% |" in tags
    assert "| money | 1 | 0 | 0.0% |" in tags
    assert "| complaint | 1 | 0 | 0.0% |" in tags


def test_failing_cases_show_the_rules_that_failed_them() -> None:
    failing = section(render(), "Failing cases")
    assert "`book`" not in failing and "`book-partial`" not in failing
    assert "### `refund` attempt 0: FAILURE (score 0.25)" in failing
    assert ('| expect_contains | yes | fail | 0.00 | expected the last reply to contain '
            '"refund"; it does not |') in failing
    assert ('| keyword_match | no | fail | 0.00 | expected any of "policy"; matched (none), '
            'missing "policy" |') in failing
    assert "polite" not in failing  # the passing llm_score did not fail the case
    assert "Error: turn 1: timeout" in failing
    assert "| llm_score | no | fail | 0.00 | could not run: judge unreachable |" in failing
    assert "> **User [1]:** refund | now\n> **Bot (50 ms):** ok" in failing


def test_failing_case_decided_by_completion_shows_the_completion_result() -> None:
    low = outcome("low", "FAILURE", 0.4, [], [turn(0, "a", 10)],
                  [rule("task_completion", True, 0.4,
                        {"completion_rate": 0.4,
                         "slots": [{"name": "phone", "filled": True},
                                   {"name": "address", "filled": False}]})])
    markdown = render_run_report(RUN, summarise([], repeat=1), [low])
    assert "| task_completion | no | pass | 0.40 | task completion 0.40; not done: address |" \
        in markdown


def test_slowest_turns_top_five_in_order() -> None:
    slowest = section(render(), "Slowest turns")
    rows = [line for line in slowest.splitlines()
            if line.startswith("| ") and not line.startswith("| Case")]
    latencies = [row.split(" | ")[3] for row in rows]
    assert latencies == ["2000", "900", "800", "700", "300"]
    assert "| complain | 0 | 1 | 2000 | this is bad |" in slowest


def test_pipes_in_messages_do_not_break_tables() -> None:
    outcomes = [outcome("refund", "SUCCESS", 1.0, [], [turn(0, "refund | now", 50)], [])]
    markdown = render_run_report(RUN, summarise([], repeat=1), outcomes)
    assert "refund \\| now" in markdown


def test_empty_run_renders() -> None:
    markdown = render_run_report(RUN, summarise([], repeat=1), [])
    assert "| Pass rate (success + partial) | 0.0% |" in markdown
    assert "No turn latency recorded." in markdown
    assert "## Failing cases\n\nNone." in markdown


def test_each_tier_is_defined_in_one_line() -> None:
    tiers = section(render(), "How cases are judged")
    for name in ("rules ok", "L1 intent", "L2 completion", "L3 level", "score", "error"):
        assert f"- **{name}**: " in tiers


def test_passing_cases_are_listed_up_to_200_attempts_then_only_counted() -> None:
    passing = section(render(), "Passing cases")
    assert "| book | 0 | SUCCESS | 1.00 | ok |" in passing
    assert "| book-partial | 0 | PARTIAL | 0.60 | ok |" in passing
    many = [outcome(f"c{i}", "SUCCESS", 1.0, [], [turn(0, "hi", 5)], []) for i in range(200)]
    many.append(outcome("bad", "FAILURE", 0.0, [], [turn(0, "hi", 5)],
                        [rule("expect_contains", False, 0.0, {"missing": ["x"]}, implicit=True)]))
    markdown = render_run_report(RUN, summarise([], repeat=1), many)
    assert "200 attempts passed (not listed" in section(markdown, "Passing cases")
    assert "### `bad` attempt 0: FAILURE" in section(markdown, "Failing cases")


def test_long_replies_in_a_failing_case_are_cut_with_a_marker() -> None:
    long_turn: TurnView = {"index": 0, "sent_message": "hi", "reply": "x" * 1500,
                           "latency_ms": 5, "error": None}
    failed = outcome("long", "FAILURE", 0.0, [], [long_turn],
                     [rule("expect_contains", False, 0.0, {"missing": ["y"]}, implicit=True)])
    markdown = render_run_report(RUN, summarise([], repeat=1), [failed])
    assert "x" * 1000 + " … [cut: 1500 characters in all]" in markdown


def test_flakiest_cases_are_listed_least_agreement_first_with_the_flip_rate() -> None:
    levels: dict[str, list[SuccessLevel]] = {
        "steady": ["SUCCESS", "SUCCESS", "SUCCESS"],
        "coin": ["SUCCESS", "FAILURE", "FAILURE"],
        "wobble": ["FAILURE", "PARTIAL", "SUCCESS"],
    }
    outcomes = [{**outcome(key, level, 1.0, [], [], []), "attempt": attempt}
                for key, attempts in levels.items() for attempt, level in enumerate(attempts)]
    records = [OutcomeRecord(o["case_key"], o["attempt"], o["success_level"], o["passed"])
               for o in outcomes]
    markdown = render_run_report(RUN, summarise(records, repeat=3), outcomes)
    flaky = section(markdown, "Flakiest cases")
    assert "2 case(s) passed in some attempts and failed in others." in flaky
    assert flaky.index("| wobble | 33.3% | FAILURE, PARTIAL, SUCCESS |") < flaky.index(
        "| coin | 66.7% | SUCCESS, FAILURE, FAILURE |")
    assert "steady" not in flaky
    assert "| Flip rate (cases whose attempts disagree) | 66.7% |" in markdown


def test_no_flakiest_section_when_nothing_was_repeated() -> None:
    assert "Flakiest" not in render()
