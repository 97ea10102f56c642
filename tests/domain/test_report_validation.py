"""Report validation: evidence must cite this eval's sessions; severities, scores, sizes."""

from __future__ import annotations

import copy

import pytest

from agenteval.domain.intelligent.report_validation import SessionInfo, validate_report
from agenteval.errors import ValidationFailed

EVAL_ID = "eval-1"
SESSIONS = {
    "s1": SessionInfo(id="s1", eval_id=EVAL_ID, turn_count=4),
    "s2": SessionInfo(id="s2", eval_id=EVAL_ID, turn_count=2),
    "other": SessionInfo(id="other", eval_id="eval-2", turn_count=3),
}

# The seed spec's report template, in the contract's camelCase shape.
GOOD = {
    "summary": "一段话总结整体表现",
    "scores": [{"dimension": "退货流程", "score": 6.5}, {"dimension": "投诉处理", "score": 8}],
    "findings": [{
        "issue": "退货流程中未主动确认订单号",
        "severity": "HIGH",
        "dimension": "退货流程",
        "evidence": [{"sessionId": "s1", "turnIndex": 3, "userSaid": "我要退货",
                      "assistantReplied": "好的"},
                     {"sessionId": "s2", "turnIndex": 0}],
        "suggestion": "在退货意图识别后，增加订单号确认步骤",
        "relatedSop": "退货处理流程 §3.2",
    }],
    "highlights": [{"description": "多轮追问中保持了上下文连贯性", "dimension": "多轮追问"}],
    "priorityRecommendations": ["先修 退货确认 问题，再优化 投诉共情"],
}


def report(**changes):
    result = copy.deepcopy(GOOD)
    result.update(changes)
    return result


def errors_of(bad) -> dict[str, str]:
    with pytest.raises(ValidationFailed) as caught:
        validate_report(bad, SESSIONS, EVAL_ID)
    return {error["path"]: error["message"] for error in caught.value.errors}


def test_a_good_report_passes_with_every_optional_field_present():
    validated = validate_report(copy.deepcopy(GOOD), SESSIONS, EVAL_ID)
    assert validated["findings"][0]["evidence"][1] == {
        "sessionId": "s2", "turnIndex": 0, "userSaid": None, "assistantReplied": None}
    assert validated["scores"] == [{"dimension": "退货流程", "score": 6.5},
                                   {"dimension": "投诉处理", "score": 8.0}]
    assert validated["highlights"] == GOOD["highlights"]


def test_a_minimal_report_gets_defaults():
    validated = validate_report({"summary": "s", "findings": []}, {}, EVAL_ID)
    assert validated == {"summary": "s", "scores": None, "findings": [], "highlights": [],
                         "priorityRecommendations": []}


def test_evidence_citing_a_missing_session_or_another_eval_is_refused():
    bad = report()
    bad["findings"][0]["evidence"][1]["sessionId"] = "ghost"
    bad["findings"][0]["evidence"].append({"sessionId": "other", "turnIndex": 0})
    assert errors_of(bad) == {
        "report.findings[0].evidence[1].sessionId": "no session 'ghost'",
        "report.findings[0].evidence[2].sessionId": "session 'other' belongs to another eval",
    }


def test_a_turn_that_does_not_exist_is_not_a_validation_error():
    fine = report()
    fine["findings"][0]["evidence"][0]["turnIndex"] = 99
    assert validate_report(fine, SESSIONS, EVAL_ID)["findings"][0]["evidence"][0][
        "turnIndex"] == 99


def test_severity_scores_and_required_fields():
    bad = report(scores=[{"dimension": "a", "score": 10.5}, {"dimension": "a", "score": -1}])
    finding = bad["findings"][0]
    finding["severity"] = "CRITICAL"
    del finding["suggestion"]
    finding["evidence"][0]["turnIndex"] = "3"
    assert errors_of(bad) == {
        "report.scores[0].score": "must be ≤ 10.0",
        "report.scores[1].dimension": "duplicate dimension 'a'",
        "report.scores[1].score": "must be ≥ 0.0",
        "report.findings[0].severity": "must be one of HIGH, MEDIUM, LOW",
        "report.findings[0].suggestion": "is required",
        "report.findings[0].evidence[0].turnIndex": "must be an integer",
    }


def test_missing_summary_findings_and_bad_highlights():
    assert errors_of({"highlights": [{"dimension": "x"}], "priorityRecommendations": [1]}) == {
        "report.summary": "is required",
        "report.findings": "is required",
        "report.highlights[0].description": "is required",
        "report.priorityRecommendations[0]": "must be a string",
    }


def test_oversize_parts_are_refused():
    bad = report(findings=[copy.deepcopy(GOOD["findings"][0]) for _ in range(201)])
    assert errors_of(bad) == {"report.findings": "must have at most 200 items (got 201)"}
    bad = report()
    bad["findings"][0]["evidence"] = [{"sessionId": "s1", "turnIndex": 0}] * 51
    assert errors_of(bad) == {
        "report.findings[0].evidence": "must have at most 50 items (got 51)"}
    bad = report()
    bad["findings"][0]["evidence"][0]["assistantReplied"] = "x" * 10_001
    assert errors_of(bad) == {"report.findings[0].evidence[0].assistantReplied":
                              "must be at most 10000 characters (got 10001)"}
