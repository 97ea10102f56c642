"""Each QA operator on hand-written zh and en dialogs: hit, no hit, not applicable, role
confusion, full-width/spacing obfuscation and the evidence turns."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn
from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules import NO_MODELS, get_rule, run_rule, validate_rule_params
from agenteval.rules.qa.dialog import QaDialog, from_messages


def dialog(*lines: str) -> QaDialog:
    """'u: …' and 'a: …' lines as a logged message list."""
    return from_messages([{"role": "user" if line[0] == "u" else "assistant",
                           "content": line[3:]} for line in lines])


def judge(rule_type: str, params: dict[str, Any], convo: QaDialog,
          context: dict[str, CheckResult] | None = None) -> CheckResult:
    assert validate_rule_params(rule_type, params) == [], validate_rule_params(rule_type, params)
    rule = get_rule(rule_type)
    assert rule is not None
    core = rule.build(params).__self__  # type: ignore[attr-defined]  # a bound evaluate
    return core.judge(convo, context or {})


GREETING = {"position": "first", "phrases": ["您好", "hello", "hi"], "expect": "present"}


def test_a_greeting_in_the_first_bot_turn_passes_and_later_does_not() -> None:
    assert judge("qa_phrase", GREETING, dialog("u: 空调坏了", "a: 您好，请问哪里坏了")).outcome == "pass"
    late = judge("qa_phrase", GREETING, dialog("u: hi", "a: One moment.", "u: ok",
                                               "a: Hello, Mia here."))
    assert late.outcome == "fail"
    assert late.evidence[0]["turn_index"] == 1 and late.evidence[0]["role"] == "bot"


def test_the_user_greeting_is_not_the_bot_greeting() -> None:
    assert judge("qa_phrase", GREETING, dialog("u: 您好，我要报修", "a: 请说")).outcome == "fail"


def test_ascii_phrases_match_whole_words_only() -> None:
    assert judge("qa_phrase", GREETING, dialog("u: x", "a: This is Mia.")).outcome == "fail"


def test_no_bot_turn_at_that_position_is_not_applicable() -> None:
    assert judge("qa_phrase", GREETING, dialog("u: 在吗")).outcome == "not_applicable"


FORBIDDEN = {"phrases": ["免费安装", "free installation"], "expect": "absent",
             "ignore_spacing": True}


@pytest.mark.parametrize("reply", ["我们免 费 安 装", "ＦＲＥＥ　ＩＮＳＴＡＬＬＡＴＩＯＮ today",
                                   "free-installation"])
def test_obfuscated_forbidden_phrases_are_found(reply: str) -> None:
    found = judge("qa_phrase", FORBIDDEN, dialog("u: 装吗", f"a: {reply}"))
    assert found.outcome == "fail" and found.evidence[0]["turn_index"] == 1


def test_regex_negations_listed_in_unless_do_not_count() -> None:
    promise = {"match": "regex", "phrases": ["(?:保证|一定)[^，。]{0,8}退款", r"\bguarantee\b.{0,20}refund"],
               "unless": ["无法保证", "cannot guarantee"], "expect": "absent"}
    assert judge("qa_phrase", promise, dialog("u: 退款", "a: 我保证给您全额退款")).outcome == "fail"
    assert judge("qa_phrase", promise, dialog("u: 退款", "a: 我们无法保证全额退款")).outcome == "pass"
    assert judge("qa_phrase", promise,
                 dialog("u: I guarantee a refund, you said!", "a: We cannot guarantee a refund."),
                 ).outcome == "pass"


POLICY = {"anchor": {"role": "user", "phrases": ["退款", "refund"]}, "window": 2,
          "then": {"phrases": ["7天", "原路退回", "within 7 days"]}}


def test_the_policy_within_the_window_after_the_anchor_passes() -> None:
    convo = dialog("u: 我要退款", "a: 请问订单号？", "u: HC2611280417", "a: 款项7天内原路退回")
    check = judge("qa_anchored", POLICY, convo)
    assert check.outcome == "pass"
    assert [e["turn_index"] for e in check.evidence] == [0, 3]


def test_the_policy_outside_the_window_fails_with_the_anchor_as_evidence() -> None:
    convo = dialog("u: I want a refund", "a: Order number?", "u: HC2611280417", "a: Checking.",
                   "u: ok", "a: Refunds go back within 7 days.")
    check = judge("qa_anchored", POLICY, convo)
    assert check.outcome == "fail" and check.evidence[0] == {
        "turn_index": 0, "role": "user", "quote": "I want a refund", "anchor": True}


def test_an_anchor_that_never_happened_is_not_applicable_not_a_pass() -> None:
    convo = dialog("u: 空调不制冷", "a: 好的，已为您预约")
    assert judge("qa_anchored", POLICY, convo).outcome == "not_applicable"
    # The bot saying 退款 is not the user's anchor.
    assert judge("qa_anchored", POLICY, dialog("u: 在吗", "a: 退款请找人工")).outcome \
        == "not_applicable"


def test_an_anchor_on_another_items_hit_uses_its_evidence_turn() -> None:
    params = {"anchor": {"item": "complaint"}, "window": 1, "then": {"phrases": ["抱歉"]}}
    convo = dialog("u: 太差了", "a: 请问单号", "u: RP31852", "a: 抱歉")
    hit = CheckResult("fail", ({"turn_index": 0, "role": "user", "quote": "太差了"},))
    assert judge("qa_anchored", params, convo, {"complaint": hit}).outcome == "fail"
    assert judge("qa_anchored", params, convo, {"complaint": CheckResult("pass")}).outcome \
        == "not_applicable"
    assert judge("qa_anchored", params, convo, {}).outcome == "not_judged"
    # An item hit without turns (an intent recognised) anchors at the dialog's start.
    intent = CheckResult("fail", ())
    assert judge("qa_anchored", {**params, "window": 2}, convo, {"complaint": intent}).outcome == "pass"


def test_verification_must_come_before_the_disclosure() -> None:
    params = {"anchor": {"role": "bot", "phrases": ["已发货", "shipped"]}, "direction": "before",
              "then": {"phrases": ["核实", "verify"]}}
    assert judge("qa_anchored", params, dialog("u: 到哪了", "a: 已发货")).outcome == "fail"
    assert judge("qa_anchored", params, dialog("u: where", "a: Let me verify: phone?", "u: 1",
                                               "a: It shipped.")).outcome == "pass"


def test_re_asking_a_given_phone_is_a_repetition_with_both_turns() -> None:
    convo = dialog("u: 我的电话13911027364", "a: 好的", "u: 什么时候来", "a: 请留一个联系电话？")
    check = judge("qa_repetition", {}, convo)
    assert check.outcome == "fail"
    assert [(e["turn_index"], e["role"]) for e in check.evidence] == [(0, "user"), (3, "bot")]


def test_the_name_asked_again_after_a_change_of_mind_is_a_repetition() -> None:
    convo = dialog("u: Fix my washer", "a: May I have your name, please?", "u: My name is James Chen.",
                   "a: Thanks.", "u: Actually, forget the repair, I'll return it.",
                   "a: Sure. May I have your name, please?")
    assert judge("qa_repetition", {"slots": ["name"]}, convo).outcome == "fail"


@pytest.mark.parametrize("reply", ["是13911027364对吗？", "请问有备用电话吗？"])
def test_confirming_or_asking_for_another_number_is_not_a_re_ask(reply: str) -> None:
    assert judge("qa_repetition", {}, dialog("u: 电话13911027364", f"a: {reply}")).outcome == "pass"


def test_asking_again_after_the_user_corrects_the_value_is_not_a_re_ask() -> None:
    convo = dialog("u: 电话13911027364", "a: 好的", "u: 电话写错了", "a: 请问正确的电话是？")
    assert judge("qa_repetition", {}, convo).outcome == "pass"


def test_the_same_reply_twice_is_found_but_short_acknowledgements_may_repeat() -> None:
    params = {"check": "same_reply"}
    twice = judge("qa_repetition", params, dialog("u: a", "a: 请问您的订单号是多少？", "u: b",
                                                  "a: 请问您的订单号是多少?"))
    assert twice.outcome == "fail" and [e["turn_index"] for e in twice.evidence] == [1, 3]
    assert judge("qa_repetition", params, dialog("u: a", "a: 好的", "u: b", "a: 好的")).outcome \
        == "pass"


def test_a_word_library_matches_obfuscated_words_of_the_bot_only() -> None:
    params = {"words": ["退款保证", "lowest price"]}
    check = judge("qa_word_library", params, dialog("u: 你们有退款保证吗", "a: 没有退 款·保 证这种说法",
                                                    "u: ok", "a: ＬＯＷＥＳＴ ＰＲＩＣＥ!"))
    assert check.outcome == "fail"
    assert [(e["turn_index"], e["word"]) for e in check.evidence] == [(1, "退款保证"),
                                                                     (3, "lowest price")]
    assert judge("qa_word_library", params, dialog("u: 退款保证？", "a: 不好意思")).outcome == "pass"


OTHER_PHONE = {"entity": "phone", "locale": "zh", "must": "not_contain",
               "allowed": ["400-820-5588"]}


def test_another_customers_phone_is_found_but_the_users_own_and_masked_are_not() -> None:
    assert judge("qa_entity", OTHER_PHONE, dialog("u: 查订单", "a: 收货电话15998127340")).outcome \
        == "fail"
    assert judge("qa_entity", OTHER_PHONE, dialog("u: 我是13911027364",
                                                  "a: 是您本人的139 1102 7364")).outcome == "pass"
    assert judge("qa_entity", OTHER_PHONE, dialog("u: 查", "a: 158****3390，热线400-820-5588"),
                 ).outcome == "pass"


def test_a_confirmation_must_carry_a_well_formed_reference() -> None:
    params = {"pattern": r"\brp\d{5}\b", "when": {"phrases": ["预约成功", "booked"]}}
    ok = judge("qa_entity", params, dialog("u: 修", "a: 预约成功，单号RP31852"))
    assert ok.outcome == "pass" and ok.evidence[0]["match"] == "rp31852"  # where it was
    bad = judge("qa_entity", params, dialog("u: fix", "a: Booked, reference RP-31852"))
    assert bad.outcome == "fail" and bad.evidence[0]["turn_index"] == 1
    assert judge("qa_entity", params, dialog("u: 修", "a: 我可以为您预约")).outcome == "not_applicable"


def test_empty_and_missing_replies_are_found_but_not_the_last_unanswered_message() -> None:
    convo = dialog("u: 在吗", "a: 　 ", "u: 喂", "u: 有人吗", "a: 稍等", "u: 好")
    check = judge("qa_reply", {}, convo)
    assert check.outcome == "fail"
    assert [e["turn_index"] for e in check.evidence] == [1, 2]


async def test_a_qa_operator_runs_as_a_case_rule_on_turns() -> None:
    case = CaseSpec(key="c", messages=["hi"])
    turns = [Turn(0, "我要退款", "好的", 100), Turn(1, "快点", "稍等", 4200)]
    slow = await run_rule(RuleSpec("qa_reply", {"check": "latency", "max_ms": 2000}), case, turns,
                          NO_MODELS)
    assert not slow.passed and slow.detail["outcome"] == "fail"
    assert slow.detail["evidence"][0]["turn_index"] == 1
    never = await run_rule(RuleSpec("qa_anchored", {**POLICY, "anchor": {"phrases": ["投诉"]}}),
                           case, turns, NO_MODELS)
    assert not never.passed and never.detail["outcome"] == "not_applicable"
    lenient = await run_rule(RuleSpec("qa_anchored", {**POLICY, "anchor": {"phrases": ["投诉"]},
                                                      "if_not_applicable": "pass"}),
                             case, turns, NO_MODELS)
    assert lenient.passed


def test_bad_params_are_refused_with_their_paths() -> None:
    assert validate_rule_params("qa_phrase", {"phrases": ["("], "match": "regex"})[0]["path"] \
        == "params.phrases[0]"
    assert validate_rule_params("qa_word_library", {"library": "nope@1"})[0]["path"] \
        == "params.library"
    assert validate_rule_params("qa_anchored", {"anchor": {}, "then": {"phrases": ["x"]}})
