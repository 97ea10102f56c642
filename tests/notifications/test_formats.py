"""Each format's message shape, checked by the same validators the platform servers use."""

from __future__ import annotations

import pytest

from agenteval.engine.notifications.formats import FORMATS, accepted, render
from tests.notifications.platforms import PROBLEMS

EVAL = {"id": "e1", "name": "海淀 repair eval", "status": "PENDING_APPROVAL", "planRevision": 2,
        "goal": "g", "target": "Mia"}
EVENTS = [
    {"id": "d1", "event": "eval.plan_pending", "occurredAt": "2026-11-30T18:00:00Z",
     "eval": EVAL, "link": "http://ui/evals/e1",
     "plan": {"dimensions": ["booking", "refund"], "estimatedSessions": 6, "virtualUsers": 2,
              "budget": {"maxTurnsPerSession": 8}},
     "costEstimate": {"modelCalls": 55, "promptTokens": 50000, "completionTokens": 9000,
                      "estimatedCost": 0.12, "currency": "CNY"}},
    {"id": "d2", "event": "eval.completed", "occurredAt": "2026-11-30T18:00:00Z",
     "eval": EVAL, "link": "http://ui/evals/e1/report",
     "report": {"summary": "Books without a time.", "findingsBySeverity": {"HIGH": 2, "LOW": 1}}},
    {"id": "d3", "event": "eval.failed", "occurredAt": "2026-11-30T18:00:00Z", "eval": EVAL,
     "link": "http://ui/evals/e1", "reason": "planner stalled"},
    {"id": "d4", "event": "run.completed", "occurredAt": "2026-11-30T18:00:00Z",
     "run": {"id": "r1", "status": "COMPLETED", "campaign": "nightly", "target": "Mia"},
     "link": "http://ui/runs/r1", "passRate": 0.9, "successRate": 0.85,
     "delta": {"previousRunId": "r0", "passRate": 0.1, "successRate": -0.05}},
    {"id": "d5", "event": "run.failed", "occurredAt": "2026-11-30T18:00:00Z",
     "run": {"id": "r1", "status": "FAILED", "campaign": "nightly", "target": "Mia"},
     "link": "http://ui/runs/r1", "error": "target unreachable"},
    {"id": "d6", "event": "test", "occurredAt": "2026-11-30T18:00:00Z", "summary": "hi",
     "link": "http://ui/"},
]


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("event", EVENTS, ids=[e["event"] for e in EVENTS])
def test_every_event_renders_in_the_platform_shape_with_its_id_and_link(
        format: str, event: dict) -> None:
    body = render(format, event)
    assert PROBLEMS[format](body) is None
    text = str(body)
    assert event["id"] in text and event["link"] in text
    assert format == "JSON" or "AgentEval" in text  # a DingTalk keyword robot needs one


def test_json_is_the_raw_event() -> None:
    assert render("JSON", EVENTS[0]) is EVENTS[0]


def test_the_text_says_what_happened() -> None:
    assert "+10.0 pts" in render("DINGTALK", EVENTS[3])["markdown"]["text"]
    assert "HIGH 2, LOW 1" in render("WECOM", EVENTS[1])["markdown"]["content"]
    assert "0.12 CNY" in render("SLACK", EVENTS[0])["text"]
    assert render("FEISHU", EVENTS[2])["card"]["header"]["template"] == "red"


def test_a_long_wecom_message_is_cut_to_4096_bytes_keeping_link_and_id() -> None:
    event = {**EVENTS[2], "reason": "很长" * 3000}
    content = render("WECOM", event)["markdown"]["content"]
    assert len(content.encode("utf-8")) <= 4096
    assert content.endswith("id: d3") and "http://ui/evals/e1" in content


@pytest.mark.parametrize("format, status, body, problem", [
    ("FEISHU", 200, '{"code": 0, "msg": "success"}', None),
    ("FEISHU", 200, '{"code": 19021, "msg": "sign match fail"}', "refused with code 19021"),
    ("DINGTALK", 200, '{"errcode": 310000, "errmsg": "keywords not in content"}', "310000"),
    ("WECOM", 200, '{"errcode": 0, "errmsg": "ok"}', None),
    ("WECOM", 200, "<html>", "not JSON"),
    ("SLACK", 200, "ok", None),
    ("SLACK", 404, "no_team", "HTTP 404"),
    ("JSON", 204, "", None),
])
def test_the_platform_answer_decides_success(format: str, status: int, body: str,
                                             problem: str | None) -> None:
    outcome = accepted(format, status, body)
    assert (outcome is None) == (problem is None)
    if problem:
        assert problem in str(outcome)
