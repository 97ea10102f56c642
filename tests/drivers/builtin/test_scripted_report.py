"""The scripted analyst: one finding per flaw, exact quotes, scores, no contradictions."""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent.evidence import MessageRecord, verify_evidence
from agenteval.domain.intelligent.report_validation import SessionInfo, validate_report
from agenteval.drivers.builtin.scripted_plan import revised_plan
from agenteval.drivers.builtin.scripted_report import build_report
from agenteval.drivers.builtin.verdict import Expectations, scripted_verdict
from tests.drivers.builtin.transcripts import as_messages, demo_seeds, scripted_turns

EVAL_ID = "eval-1"


def demo_sessions(language: Language = "en") -> list[dict[str, Any]]:
    """Every demo seed goal played against the real demo bot and judged by the scripted verdict."""
    sessions = []
    for index, goal in enumerate(demo_seeds()["goals"]):
        turns = scripted_turns(goal)
        verdict = scripted_verdict(turns, Expectations.from_goal(goal, goal["goal"],
                                                                 language=language))
        sessions.append({"id": f"s{index}", "evalId": EVAL_ID, "dimension": goal["dimension"],
                         "goal": goal["goal"], "status": "COMPLETED", "verdict": verdict,
                         "messages": as_messages(turns)})
    return sessions


def report() -> dict[str, Any]:
    plan = revised_plan({"goal": "g", "seeds": demo_seeds(), "timeWindowHours": 24}, [])
    return build_report(plan, demo_sessions())


def finding(found: dict[str, Any], dimension: str, title: str) -> dict[str, Any]:
    matches = [f for f in found["findings"] if f["issue"].startswith(title)]
    assert len(matches) == 1, [f["issue"] for f in found["findings"]]
    assert matches[0]["dimension"] == dimension
    return matches[0]


def test_one_finding_per_flaw_across_dimensions_with_the_worst_severity() -> None:
    found = report()
    booking = finding(found, "维修预约", "Booked without asking for a preferred time")
    assert booking["severity"] == "HIGH"
    assert booking["issue"].startswith("Booked without asking for a preferred time "
                                       "(2 of 2 sessions). ")
    assert [(e["sessionId"], e["turnIndex"]) for e in booking["evidence"]] == [("s0", 3),
                                                                              ("s1", 3)]
    returns = finding(found, "退货处理",
                      "Return accepted without asking for or confirming the order")
    assert "(3 of 4 sessions: 退货处理 2/2, 改变主意 1/2)" in returns["issue"]
    finding(found, "投诉处理", "Complaint handled without an apology")
    change = finding(found, "改变主意", "Change of mind ignored")
    assert [(e["sessionId"], e["turnIndex"]) for e in change["evidence"]] == [
        ("s6", 1), ("s6", 2), ("s7", 1)]
    lost = finding(found, "退货处理", "Lost context after a valid answer")
    assert [(e["sessionId"], e["turnIndex"]) for e in lost["evidence"]] == [("s2", 2),
                                                                           ("s3", 2)]


def test_a_high_finding_citing_a_session_whose_goal_was_reached_says_why() -> None:
    sessions = {s["id"]: s for s in demo_sessions()}
    found = report()
    for item in found["findings"]:
        reached = {e["sessionId"] for e in item["evidence"]
                   if sessions[e["sessionId"]]["verdict"]["goalAchieved"]}
        if item["severity"] == "HIGH" and reached:
            assert f"The goal still counts as reached in {len(reached)} of these" \
                in item["issue"], item["issue"]
    assert "but 5 of those 7 still show a high-severity problem" in found["summary"]


def test_findings_are_sorted_by_severity() -> None:
    severities = [f["severity"] for f in report()["findings"]]
    assert severities == sorted(severities, key=["HIGH", "MEDIUM", "LOW"].index)


def test_every_quote_is_exact_so_the_server_verifies_it() -> None:
    sessions = demo_sessions()
    transcripts = {s["id"]: [MessageRecord(m["index"], m["turnIndex"], m["role"], m["content"])
                             for m in s["messages"]] for s in sessions}
    checked = verify_evidence(report(), transcripts)
    evidence = [e for f in checked["findings"] for e in f["evidence"]]
    assert evidence and all(e["verified"] for e in evidence)
    assert any("预约成功" in e["assistantReplied"] for e in evidence)


def test_the_report_passes_the_servers_validation() -> None:
    sessions = {s["id"]: SessionInfo(s["id"], EVAL_ID, 4) for s in demo_sessions()}
    assert validate_report(report(), sessions, EVAL_ID)


def test_scores_are_mean_achievements_out_of_ten() -> None:
    scores = {s["dimension"]: s["score"] for s in report()["scores"]}
    assert scores == {"维修预约": 6.7, "退货处理": 5.0, "投诉处理": 6.7, "改变主意": 4.2}


def test_no_goal_reached_highlight_for_a_dimension_with_a_high_finding() -> None:
    described = [h["dimension"] for h in report()["highlights"]]
    assert described == ["投诉处理"]  # its only finding (no apology) is MEDIUM


def test_summary_and_recommendations_lead_with_the_worst() -> None:
    found = report()
    assert found["summary"].startswith("8 of 8 planned sessions were evaluated across 4")
    assert "goal was reached in 7 of 8" in found["summary"]
    assert found["priorityRecommendations"][0].startswith(found["findings"][0]["dimension"])


def test_sessions_without_a_verdict_are_counted_apart() -> None:
    sessions = [*demo_sessions()[:1], {"id": "x", "dimension": "维修预约", "verdict": None,
                                       "messages": []}]
    found = build_report(None, sessions)
    assert "1 session(s) ended without a verdict" in found["summary"]
    assert found["scores"] == [{"dimension": "维修预约", "score": 6.7}]


def test_issues_from_other_evaluators_group_by_their_text() -> None:
    verdict = {"goalAchieved": True, "achievement": 1.0, "suggestions": ["be kind"],
               "issues": [{"description": "rude tone", "severity": "LOW", "turnIndex": 0},
                          {"description": "rude tone", "severity": "MEDIUM", "turnIndex": None}]}
    session = {"id": "a", "dimension": None, "verdict": verdict,
               "messages": as_messages(scripted_turns(demo_seeds()["goals"][0]))}
    [only] = build_report(None, [session])["findings"]
    assert only["issue"] == "rude tone (1 of 1 sessions)" and only["severity"] == "MEDIUM"
    assert only["dimension"] == "general" and only["suggestion"] == "be kind"
    assert len(only["evidence"]) == 1


def test_a_high_issue_of_unknown_kind_still_explains_a_reached_goal() -> None:
    verdict = {"goalAchieved": True, "achievement": 1.0, "suggestions": [],
               "issues": [{"description": "leaked a phone number", "severity": "HIGH",
                           "turnIndex": 0}]}
    session = {"id": "a", "dimension": "x", "verdict": verdict,
               "messages": as_messages(scripted_turns(demo_seeds()["goals"][0]))}
    [only] = build_report(None, [session])["findings"]
    assert "The goal still counts as reached in 1 of these 1 sessions" in only["issue"]


def test_a_chinese_report_has_the_same_findings_in_chinese() -> None:
    plan = revised_plan({"goal": "g", "seeds": demo_seeds(), "timeWindowHours": 24,
                      "language": "zh"}, [])
    english, chinese = report(), build_report(plan, demo_sessions("zh"), "zh")
    assert [(f["severity"], f["dimension"], f["evidence"]) for f in chinese["findings"]] == [
        (f["severity"], f["dimension"], f["evidence"]) for f in english["findings"]]
    booking = finding(chinese, "维修预约", "未询问方便的时间就完成了预约")
    assert booking["issue"].startswith("未询问方便的时间就完成了预约（2 个会话中有 2 个）。")
    assert chinese["summary"].startswith("计划的 8 个会话中评估了 8 个，覆盖 4 个维度")
    assert chinese["priorityRecommendations"][0].startswith(chinese["findings"][0]["dimension"]
                                                            + "：")


def test_verdicts_in_another_language_still_make_one_finding_per_flaw() -> None:
    """An English report over Chinese verdicts (an agent's, say): titles map to one kind."""
    mixed = demo_sessions("zh")[:4] + demo_sessions("en")[4:]
    found = build_report(None, mixed)
    titles = [f["issue"].split(" (", 1)[0] for f in found["findings"]]
    assert len(titles) == len(set(titles))
    assert all("（" not in f["issue"] for f in found["findings"])  # all in English
