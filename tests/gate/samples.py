"""Hand-built gate results: a booking scenario with a pass, a failure, a partial and an error."""

from __future__ import annotations

from typing import Any

from agenteval.domain.static.run_summary import OutcomeRecord, summarise
from agenteval.domain.static.run_views import OutcomeView, RuleResultView, TurnView
from agenteval.engine.static.run_document import AttemptResult, ScenarioResult


def turn(index: int, sent: str, reply: str | None, latency: int | None = 12,
         error: str | None = None) -> TurnView:
    return TurnView(index=index, sent_message=sent, reply=reply, latency_ms=latency,
                    error=error)


def rule(rule_type: str, passed: bool, detail: dict[str, Any], implicit: bool = False,
         error: str | None = None, score: float | None = None) -> RuleResultView:
    return RuleResultView(rule_type=rule_type, implicit=implicit, passed=passed,
                          score=score if score is not None else (1.0 if passed else 0.0),
                          weight=1.0, detail=detail, error=error)


def outcome(key: str, level: str, results: list[RuleResultView], turns: list[TurnView],
            attempt: int = 0, error: str | None = None, score: float = 0.5) -> OutcomeView:
    return OutcomeView(case_key=key, attempt=attempt, success_level=level,  # type: ignore[typeddict-item]  # test data
                       passed=level != "FAILURE", score=score, error=error, tags=["demo"],
                       turns=turns, results=results)


def booking_result(name: str = "booking", levels: dict[str, str] | None = None,
                   repeat: int = 1) -> ScenarioResult:
    """Four cases: ok (SUCCESS), time (FAILURE), partial (PARTIAL), down (error)."""
    levels = levels or {}
    views = [
        outcome("ok", levels.get("ok", "SUCCESS"),
                [rule("expect_contains", True, {"matched": ["预约成功"], "missing": []}, True)],
                [turn(0, "我家空调坏了", "请问怎么称呼？"), turn(1, "我叫张三", "预约成功，单号 RP12345")],
                score=1.0),
        outcome("time", levels.get("time", "FAILURE"),
                [rule("expect_contains", False, {"matched": ["预约成功"], "missing": ["下午三点"]},
                      True, score=0.5),
                 rule("keyword_match", False, {"matched": [], "missing": ["what time"],
                                               "mode": "any",
                                               "rule": {"type": "keyword_match", "params": {
                                                   "keywords": ["what time"]}}})],
                [turn(0, "明天下午三点来修空调", "预约成功，单号 RP00001")]),
        outcome("partial", levels.get("partial", "PARTIAL"),
                [rule("task_completion", True, {"mode": "slot", "completion_rate": 0.6,
                                                "slots": [{"name": "phone", "filled": False}]},
                      score=0.6)],
                [turn(0, "book a repair", "booked")], score=0.6),
        outcome("down", "FAILURE", [],
                [turn(0, "hello", None, None, "connection: cannot talk to http://x: "
                                              "Connect call failed after 3 attempts")],
                error="turn 0: connection: cannot talk to http://x: Connect call failed "
                      "after 3 attempts"),
    ]
    attempts = [AttemptResult(view, completion_rate=0.6 if view["case_key"] == "partial"
                              else None) for view in views]
    records = [OutcomeRecord(case_key=v["case_key"], attempt=v["attempt"],
                             success_level=v["success_level"], passed=v["passed"],
                             error=v["error"], latencies_ms=[12]) for v in views]
    return ScenarioResult(scenario_name=name, source=f"{name}.json", target_name="demo",
                          run_id="00000000-0000-0000-0000-000000000001", status="COMPLETED",
                          summary=summarise(records, repeat, expected_total=len(views)),
                          attempts=attempts, repeat=repeat, concurrency=4, duration_s=0.5)
