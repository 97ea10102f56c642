"""The report's Method, plan history, durations and transcripts appendix (pure)."""

from __future__ import annotations

from typing import Any

from agenteval.domain.intelligent.eval_report_appendix import (
    MESSAGE_CHARS,
    describe_driver,
    duration_sections,
    method_sections,
    plan_history_sections,
    session_appendix_sections,
    turn_anchor,
)
from agenteval.domain.intelligent.eval_report_markdown import render_eval_report

SESSION: dict[str, Any] = {
    "id": "s-1", "persona": {"name": "老王"}, "goal": "return a kettle", "dimension": "returns",
    "status": "COMPLETED", "turnCount": 2, "createdAt": "2026-08-04T08:00:00Z",
    "closedAt": "2026-08-04T08:01:30Z",
    "messages": [
        {"turnIndex": 0, "role": "USER", "content": "我想退货", "latencyMs": None, "error": None},
        {"turnIndex": 0, "role": "ASSISTANT", "content": "退货申请已受理", "latencyMs": 120,
         "error": None},
        {"turnIndex": 1, "role": "USER", "content": "订单号 DD1", "latencyMs": None,
         "error": None},
        {"turnIndex": 1, "role": "ASSISTANT", "content": "", "latencyMs": None,
         "error": "timeout: no reply within 30 s"},
    ],
    "verdict": {"goalAchieved": True, "achievement": 0.5,
                "issues": [{"description": "no order number", "severity": "HIGH",
                            "turnIndex": 0}],
                "suggestions": ["ask for the order number"], "notes": "scripted"},
}


def test_the_method_names_each_roles_driver_and_the_models() -> None:
    method = {"roles": [{"role": "planner", "driver": "builtin", "mode": "model",
                         "model": "qwen"},
                        {"role": "evaluator", "driver": "builtin", "mode": "scripted"},
                        {"role": "analyst", "driver": "openclaw",
                         "agentId": "agenteval-analyst"}],
              "models": [{"role": "PLANNER", "model": "qwen", "baseUrl": "http://127.0.0.1:1/v1"}],
              "scriptedChecks": ["Goal not reached: no confirmation"]}
    [text] = method_sections({"method": method})
    assert "- **Planner:** the built-in driver with model `qwen`" in text
    assert "- **Evaluator:** the built-in scripted driver (no model)" in text
    assert "- **Analyst:** OpenClaw, agent `agenteval-analyst`" in text
    assert "- PLANNER: `qwen` at http://127.0.0.1:1/v1" in text
    assert "- Goal not reached: no confirmation" in text
    assert method_sections({}) == []
    assert describe_driver({"driver": "builtin", "mode": "model"}) == \
        "the built-in scripted driver (no model)"  # a model-mode claim needs the model's name


def test_every_transcript_turn_latency_error_and_verdict_is_in_the_appendix() -> None:
    [text] = session_appendix_sections([SESSION])
    assert "Session 1: 老王 · returns" in text and "1 min 30 s" in text
    assert "**Turn 1** · 120 ms"  # turnIndex 0, numbered from 1 for people in text
    assert "> **User:** 我想退货" in text and "> **Assistant:** 退货申请已受理" in text
    assert "> **Target error:** timeout: no reply within 30 s" in text
    assert "**Verdict:** goal achieved: yes · achievement 50%" in text
    assert f"- Issue (HIGH, [turn 1](#{turn_anchor('s-1', 0)})): no order number" in text
    assert f'<a id="{turn_anchor("s-1", 0)}"></a>' in text
    assert turn_anchor("s-1", 0).endswith("-turn-1")  # anchors use the number people read
    assert "- Suggestion: ask for the order number" in text and "- Notes: scripted" in text


def test_each_message_is_capped_with_a_marker() -> None:
    long_reply = dict(SESSION["messages"][1], content="长" * (MESSAGE_CHARS + 500))
    session = dict(SESSION, messages=[SESSION["messages"][0], long_reply])
    [text] = session_appendix_sections([session])
    assert "长" * MESSAGE_CHARS + f" … [cut at {MESSAGE_CHARS} of {MESSAGE_CHARS + 500} " \
        "characters]" in text
    assert "长" * (MESSAGE_CHARS + 1) not in text


def test_plan_revisions_show_their_feedback_and_durations_their_spans() -> None:
    [history] = plan_history_sections({"planRevisions": [
        {"revision": 1, "submittedAt": "t1", "feedback": "too few sessions", "rejectedAt": "t2"},
        {"revision": 2, "submittedAt": "t3", "feedback": None, "rejectedAt": None}]})
    assert "- Revision 1 submitted t1 — rejected t2 with the feedback “too few sessions”" \
        in history
    assert "- Revision 2 submitted t3 — the plan carried out" in history
    [durations] = duration_sections({"startedAt": "2026-08-04T08:00:00Z",
                                     "completedAt": "2026-08-04T10:30:00Z"}, [SESSION])
    assert "approval → completion): 2 h 30 min" in durations
    assert "1 closed, shortest 1 min 30 s, longest 1 min 30 s" in durations


def test_the_full_report_carries_method_and_appendix_in_order() -> None:
    eval_view = {"name": "e", "status": "COMPLETED", "method": {"roles": [], "models": []},
                 "planRevisions": [{"revision": 1, "submittedAt": "t", "feedback": None,
                                    "rejectedAt": None}]}
    markdown = render_eval_report(eval_view, {"findings": []}, [SESSION])
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert headings == ["## Summary", "## Plan", "## Method", "## Plan revisions", "## Scores",
                        "## Findings (0)", "## Highlights", "## Priority recommendations",
                        "## Sessions (1)", "## Durations", "## Appendix: sessions"]
