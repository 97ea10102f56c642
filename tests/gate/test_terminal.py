"""What the gate prints: the failures explained, errors grouped, progress, the verdict."""

from __future__ import annotations

import io
from dataclasses import replace

from agenteval.gate import terminal
from agenteval.gate.verdict import decide
from tests.gate.samples import booking_result


def test_failures_name_each_failing_rule_with_expected_and_got_and_the_last_reply() -> None:
    text = terminal.failures_section(booking_result())
    assert text.startswith("Failures (2)")
    assert "✗ time (attempt 0)  FAILURE  score 0.50" in text
    assert 'expect_contains: expected the last reply to contain "下午三点"; it does not' in text
    assert 'keyword_match: expected any of "what time"; matched (none), missing "what time"' \
        in text
    assert "last reply: '预约成功，单号 RP00001'" in text
    assert "✗ partial (attempt 0)  PARTIAL" in text and "under the success threshold" in text
    assert "ok (attempt" not in text  # a SUCCESS is not a failure
    assert "down" not in text  # errors have their own section


def test_errors_are_grouped_by_kind_with_one_sample_cause() -> None:
    text = terminal.errors_section(booking_result())
    assert "target connection: 1 attempt(s) (down)" in text
    assert "Connect call failed after 3 attempts" in text


def test_the_verdict_line_states_the_bar() -> None:
    result = booking_result(levels={"partial": "FAILURE"})
    result = replace(result, summary=replace(result.summary, error_count=0))
    verdict = decide([result], 0.8)
    assert verdict.code == 1
    assert verdict.line == "FAIL: pass rate 25.0% < 80.0% (--fail-under)"
    assert decide([result], 0.2).line == "PASS"


def test_without_fail_under_one_failing_case_fails_and_partial_passes() -> None:
    failing = booking_result(levels={"partial": "PARTIAL"})
    failing = replace(failing, summary=replace(failing.summary, error_count=0))
    verdict = decide([failing], None)
    assert verdict.code == 1
    assert verdict.line == ("FAIL: 2 of 4 case attempts failed (pass rate 50.0%; every case "
                            "must pass unless --fail-under RATE)")
    assert decide([failing], 0.5).code == 0  # --fail-under relaxes the bar
    # Every attempt passed (a PARTIAL one included): the default bar is met.
    passing = replace(failing, summary=replace(failing.summary, passed_cases=4, pass_rate=1.0))
    assert decide([passing], None) == decide([passing], 1.0)
    assert decide([passing], None).line == "PASS"


def test_errors_win_over_the_default_bar_too() -> None:
    assert decide([booking_result()], None).code == 3


def test_errors_win_over_the_bar_and_say_so() -> None:
    verdict = decide([booking_result()], 0.8)
    assert verdict.code == 3
    assert verdict.line.startswith("ERROR: 1 of 4 case attempts could not be judged")


def test_several_scenarios_each_clear_the_bar_and_are_named() -> None:
    good = replace(booking_result("a", {"time": "SUCCESS"}), attempts=[])
    good = replace(good, summary=replace(good.summary, error_count=0, pass_rate=1.0))
    bad = booking_result("b")
    bad = replace(bad, summary=replace(bad.summary, error_count=0))
    verdict = decide([good, bad], 0.8)
    assert verdict.line == "FAIL: b: pass rate 50.0% < 80.0% (--fail-under)"
    combined = terminal.combined_summary([good, bad])
    assert "all scenarios" in combined and "b " in combined


def test_quiet_prints_nothing_but_the_verdict_and_verbose_shows_every_turn() -> None:
    result = booking_result()
    assert terminal.scenario_block(result, terminal.QUIET) == ""
    verbose = terminal.scenario_block(result, terminal.VERBOSE)
    assert "[1] user: '明天下午三点来修空调'" in verbose and "Passed" in verbose
    assert "✓ ok (attempt 0)" in verbose


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def progress(done: int, status: str = "RUNNING") -> dict[str, object]:
    return {"runId": "r", "status": status, "total": 10, "done": done, "passed": done,
            "failed": 0, "errored": 0}


def test_off_a_terminal_progress_is_one_line_every_few_seconds() -> None:
    stream, clock = io.StringIO(), FakeClock()
    display = terminal.progress_display(stream, interval_s=5, clock=clock)
    assert isinstance(display, terminal.LineProgress)
    for done in range(10):
        clock.now = done * 1.0
        display.update(progress(done))
    clock.now = 9.5
    display.update(progress(10, "COMPLETED"))
    lines = stream.getvalue().splitlines()
    assert lines == ["progress 0/10  passed 0  failed 0  errored 0  RUNNING  0 s",
                     "progress 5/10  passed 5  failed 0  errored 0  RUNNING  5 s",
                     "progress 10/10  passed 10  failed 0  errored 0  COMPLETED  10 s"]


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_is_a_rich_bar() -> None:
    stream = FakeTerminal()
    display = terminal.progress_display(stream)
    assert isinstance(display, terminal.RichProgress)
    display.update(progress(3))
    display.close()
    assert "3/10" in stream.getvalue()


def test_quiet_shows_no_progress() -> None:
    stream = FakeTerminal()
    display = terminal.progress_display(stream, terminal.QUIET)
    display.update(progress(3))
    display.close()
    assert stream.getvalue() == ""


def test_the_header_says_what_runs() -> None:
    text = terminal.header("booking", "booking.json", "demo", 5, 2, 8)
    assert "5 cases × 2 repeat = 10, concurrency 8" in text and "booking.json" in text
