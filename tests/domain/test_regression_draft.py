"""Drafting regression cases from findings and sessions (pure)."""

from __future__ import annotations

import json

import pytest

from agenteval.domain.intelligent.evidence import MessageRecord
from agenteval.domain.judging.case_origin import parse_finding_id
from agenteval.domain.judging.cases import CaseSpec
from agenteval.domain.regression.regression_draft import (
    draft_from_finding,
    draft_from_session,
    not_contains_term,
    unique_key,
)
from agenteval.domain.static.scenario_document import case_to_document, parse_scenario_document
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG

EVAL_ID = "a44ed7d9-9b2a-43bd-be0d-bfc38c387561"
SESSION = "75f04ffd-2bd4-4807-9cf2-c3281222083a"
FALLBACK = "我没太明白您的意思。我可以为您预约维修、办理退货或受理投诉，请问您需要哪一项？"
TRANSCRIPT = [
    MessageRecord(0, 0, "USER", "我想退货"),
    MessageRecord(1, 0, "ASSISTANT", "可以为您办理退货。请问退货的原因是什么？"),
    MessageRecord(2, 1, "USER", "质量有问题，用了两次就坏了"),
    MessageRecord(3, 1, "ASSISTANT", "退货申请已受理，退货单号 RT21945。"),
    MessageRecord(4, 2, "USER", "订单号是 DD20260801123"),
    MessageRecord(5, 2, "ASSISTANT", FALLBACK),
    MessageRecord(6, 3, "USER", "谢谢"),
    MessageRecord(7, 3, "ASSISTANT", "不客气"),
]


def lost_context(verified: bool = True, reply: str = FALLBACK) -> dict:
    return {"issue": "Lost context after a valid answer (2 of 2 sessions)",
            "severity": "MEDIUM", "dimension": "退货处理",
            "suggestion": "Keep the conversation's context after completing a flow.",
            "evidence": [{"sessionId": SESSION, "turnIndex": 2, "userSaid": "订单号是 DD20260801123",
                          "assistantReplied": reply, "verified": verified},
                         {"sessionId": "284d0a65-994a-496e-82c9-4cf3b7f46567", "turnIndex": 2,
                          "verified": True}]}


@pytest.mark.parametrize(("reply", "term"), [
    (FALLBACK, "我没太明白您的意思"),
    ("I didn't quite get that. I can book a repair, handle a return or take a complaint.",
     "I didn't quite get that"),
    ("OK, cancelled. Is there anything else I can help with?", "OK, cancelled"),
    ("退货申请已受理，退货单号 RT21945。快递员将上门取件。", None),  # a number: changes per run
    ("预约成功！王建国，已为您登记。", None),  # too short to be a safe term
    ("", None), (None, None),
    ("x" * 201, None),
])
def test_the_not_contains_term_is_the_replys_first_sentence_only_when_safe(reply, term):
    assert not_contains_term(reply) == term


def test_a_finding_becomes_the_user_turns_up_to_its_evidence_with_checks_on_that_turn():
    draft = draft_from_finding(EVAL_ID, 3, lost_context(), TRANSCRIPT, judge_configured=True)
    case = draft.case
    assert case.messages == ["我想退货", "质量有问题，用了两次就坏了", "订单号是 DD20260801123"]
    assert case.type == "MULTI_TURN" and case.key == "finding-4" and case.tags == ["退货处理"]
    check = case.turn_checks[2]
    assert list(case.turn_checks) == [2]
    assert check.expect == {"not_contains": "我没太明白您的意思"}
    [rule] = check.eval_rules
    assert rule.type == "llm_score" and rule.params["min_score"] == 7
    assert "Lost context after a valid answer" in rule.params["criteria"]
    assert "Keep the conversation's context" in rule.params["criteria"]
    assert case.origin is not None
    assert (case.origin.eval_id, case.origin.session_id, case.origin.finding_index) == (
        EVAL_ID, SESSION, 3)
    assert parse_finding_id(case.origin.finding_id or "") == (EVAL_ID, 3)
    assert any("1 other session" in note for note in draft.notes)


def test_without_a_judge_the_draft_keeps_only_model_free_checks_and_says_so():
    draft = draft_from_finding(EVAL_ID, 0, lost_context(), TRANSCRIPT, judge_configured=False)
    assert draft.case.turn_checks[2].eval_rules == []
    assert draft.case.turn_checks[2].expect == {"not_contains": "我没太明白您的意思"}
    assert any("No JUDGE model is configured" in note for note in draft.notes)


def test_a_draft_without_any_check_says_it_can_only_pass():
    finding = lost_context(reply="好的")
    draft = draft_from_finding(EVAL_ID, 0, finding, TRANSCRIPT, judge_configured=False)
    assert draft.case.turn_checks == {}
    assert any("no check yet" in note for note in draft.notes)


def test_unverified_evidence_is_used_only_when_no_evidence_is_verified_and_is_flagged():
    finding = lost_context(verified=False)
    finding["evidence"] = finding["evidence"][:1]
    draft = draft_from_finding(EVAL_ID, 0, finding, TRANSCRIPT, judge_configured=True)
    assert any("not verified" in note for note in draft.notes)
    finding = lost_context(verified=False)  # the second evidence is verified: it is chosen
    draft = draft_from_finding(EVAL_ID, 0, finding, TRANSCRIPT, judge_configured=True)
    assert draft.case.origin is not None
    assert draft.case.origin.session_id == "284d0a65-994a-496e-82c9-4cf3b7f46567"


def test_the_key_avoids_the_scenarios_existing_keys():
    assert unique_key("finding-1", ["finding-1", "finding-1-2"]) == "finding-1-3"
    draft = draft_from_finding(EVAL_ID, 0, lost_context(), TRANSCRIPT, True, ["finding-1"])
    assert draft.case.key == "finding-1-2"


def test_a_session_becomes_its_user_turns_up_to_the_turn_asked_for():
    session = {"id": SESSION, "goal": "退货", "dimension": "退货处理",
               "verdict": {"issues": [{"description": "丢失上下文", "turnIndex": 2},
                                      {"description": "later", "turnIndex": 3}]}}
    draft = draft_from_session(EVAL_ID, session, TRANSCRIPT, 2, judge_configured=True)
    assert len(draft.case.messages) == 3 and list(draft.case.turn_checks) == [2]
    assert "丢失上下文" in draft.case.turn_checks[2].eval_rules[0].params["criteria"]
    assert draft.case.origin is not None and draft.case.origin.finding_id is None
    assert draft.case.key == "session-75f04ffd"
    no_judge = draft_from_session(EVAL_ID, session, TRANSCRIPT, 0, judge_configured=False)
    assert no_judge.case.messages == ["我想退货"] and no_judge.case.type == "SINGLE_TURN"
    assert no_judge.case.turn_checks == {} and no_judge.notes


def test_the_origin_is_stored_in_the_document_and_a_case_without_one_has_no_origin_key():
    draft = draft_from_finding(EVAL_ID, 3, lost_context(), TRANSCRIPT, judge_configured=False)
    document = case_to_document(draft.case)
    assert document["origin"] == {"eval_id": EVAL_ID, "session_id": SESSION,
                                  "finding_id": f"{EVAL_ID}:3", "finding_index": 3}
    assert "origin" not in case_to_document(CaseSpec(key="k", messages=["hi"]))
    text = json.dumps({"name": "s", "cases": [document]}, ensure_ascii=False)
    parsed = parse_scenario_document(text, RULE_CATALOG, judge_configured=False)
    assert parsed.cases[0].origin == draft.case.origin


EVAL_ID = "00000000-0000-4000-8000-000000000001"


@pytest.mark.parametrize(("origin", "path"), [
    ({"session_id": "s"}, "cases[0].origin.eval_id"),
    ({"eval_id": EVAL_ID, "finding_index": -1}, "cases[0].origin.finding_index"),
    ({"eval_id": EVAL_ID, "color": "red"}, "cases[0].origin.color"),
    ("eval", "cases[0].origin"),
    ({"eval_id": "any string"}, "cases[0].origin.eval_id"),
    ({"eval_id": EVAL_ID, "session_id": "s"}, "cases[0].origin.session_id"),
    ({"eval_id": EVAL_ID, "finding_id": "other:1"}, "cases[0].origin.finding_id"),
])
def test_a_bad_origin_is_reported_at_its_path(origin, path):
    text = json.dumps({"name": "s", "cases": [{"id": "c", "messages": ["hi"], "origin": origin}]})
    with pytest.raises(ValidationFailed) as raised:
        parse_scenario_document(text, RULE_CATALOG)
    assert [d["path"] for d in raised.value.details] == [path]


def missing_order_number(issue: str) -> dict:
    finding = lost_context()
    return {**finding, "issue": issue, "severity": "HIGH",
            "suggestion": "Ask for the order number before accepting the return."}


@pytest.mark.parametrize(("issue", "mode", "name"), [
    # the scripted report's findings start with their kind's title, in either language
    ("Return accepted without asking for or confirming the order number (2 of 3 sessions)",
     "slot", "order number"),
    ("未询问或确认订单号就受理了退货（3 个会话中有 2 个）", "slot", "订单号"),
    ("Booked without asking for a preferred time (1 of 2 sessions)", "slot",
     "preferred visit time"),
    ("未询问方便的时间就完成了预约（2 个会话中有 1 个）", "slot", "方便的上门时间"),
    ("Confirmed before the user had given all the information (1 of 4 sessions)", "step",
     "collect every detail before confirming"),
    ("用户尚未提供全部信息就已确认（4 个会话中有 1 个）", "step", "确认前收集齐全部信息"),
    # a model's wording of the detectors' detail
    ("The target confirmed at turn 3 without asking for the delivery address.", "slot",
     "delivery address"),
    ("目标在第 3 轮确认，但从未询问收货地址", "slot", "收货地址"),
])
def test_a_finding_about_a_skipped_slot_or_step_drafts_a_task_completion_check(
        issue, mode, name):
    draft = draft_from_finding(EVAL_ID, 0, missing_order_number(issue), TRANSCRIPT,
                               judge_configured=True)
    [rule] = draft.case.eval_rules
    assert rule.type == "task_completion"
    assert rule.params["mode"] == mode and rule.params["min_completion_rate"] == 1.0
    items = rule.params["required_slots" if mode == "slot" else "required_steps"]
    assert [item["name"] for item in items] == [name] and items[0]["description"]
    # the draft saves as it is: the rule's params are valid for the catalog
    text = json.dumps({"name": "s", "cases": [case_to_document(draft.case)]},
                      ensure_ascii=False)
    parsed = parse_scenario_document(text, RULE_CATALOG, judge_configured=True)
    assert parsed.cases[0].eval_rules[0].params["mode"] == mode


def test_a_finding_about_something_else_drafts_no_task_completion_check():
    draft = draft_from_finding(EVAL_ID, 0, lost_context(), TRANSCRIPT, judge_configured=True)
    assert draft.case.eval_rules == []
    complaint = {**lost_context(), "issue": "Complaint handled without an apology (1 of 1)"}
    assert draft_from_finding(EVAL_ID, 0, complaint, TRANSCRIPT, True).case.eval_rules == []


def test_without_a_judge_a_skipped_slot_is_named_in_a_note_and_not_drafted():
    finding = missing_order_number("未询问或确认订单号就受理了退货（3 个会话中有 2 个）")
    draft = draft_from_finding(EVAL_ID, 0, finding, TRANSCRIPT, judge_configured=False)
    assert draft.case.eval_rules == []
    [note] = [n for n in draft.notes if "task_completion" in n]
    assert "'订单号'" in note and "JUDGE" in note
    # the draft still parses where no JUDGE is configured (no judged rule in it)
    text = json.dumps({"name": "s", "cases": [case_to_document(draft.case)]},
                      ensure_ascii=False)
    parse_scenario_document(text, RULE_CATALOG, judge_configured=False)


def test_a_sessions_skipped_slots_and_steps_become_one_hybrid_task_completion_check():
    session = {"id": SESSION, "goal": "退货", "dimension": "退货处理", "verdict": {"issues": [
        {"description": "未询问或确认订单号就受理了退货：目标在第 2 轮确认，但从未询问订单号",
         "turnIndex": 1},
        {"description": "用户尚未提供全部信息就已确认：在第 2 轮就确认了", "turnIndex": 1},
        {"description": "丢失上下文", "turnIndex": 2}]}}
    draft = draft_from_session(EVAL_ID, session, TRANSCRIPT, 2, judge_configured=True)
    [rule] = draft.case.eval_rules
    assert rule.params["mode"] == "hybrid"
    assert [s["name"] for s in rule.params["required_slots"]] == ["订单号"]
    assert [s["name"] for s in rule.params["required_steps"]] == ["确认前收集齐全部信息"]
    text = json.dumps({"name": "s", "cases": [case_to_document(draft.case)]},
                      ensure_ascii=False)
    parse_scenario_document(text, RULE_CATALOG, judge_configured=True)
