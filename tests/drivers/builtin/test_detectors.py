"""The scripted evaluator's detectors on real demo-bot conversations, and on good answers."""

from __future__ import annotations

import pytest

from agenteval.drivers.builtin import detectors as d
from agenteval.drivers.builtin.detectors import Turn
from tests.drivers.builtin.transcripts import bot_turns, scripted_turns, seed_goal


def kinds(issues: list[d.Issue]) -> list[tuple[str, int | None]]:
    return [(issue.kind, issue.turn_index) for issue in issues]


@pytest.mark.parametrize("english", [False, True])
def test_a_booking_without_a_time_question_is_found_at_the_confirmation(english: bool) -> None:
    turns = scripted_turns(seed_goal("维修预约", english))
    assert kinds(d.detect_missing_requirements(turns)) == [("booking_without_time", 3)]
    assert d.detect_missing_requirements(turns)[0].severity == "HIGH"


def test_a_booking_after_asking_for_the_time_is_fine() -> None:
    turns = [Turn(0, "空调坏了", "请问您希望哪天上门？"), Turn(1, "明天上午", "预约成功！")]
    assert d.detect_missing_requirements(turns) == []


@pytest.mark.parametrize("english", [False, True])
def test_a_return_accepted_without_the_order_number_is_found(english: bool) -> None:
    turns = scripted_turns(seed_goal("退货处理", english))
    assert kinds(d.detect_missing_requirements(turns)) == [("return_without_order_number", 1)]


def test_a_return_that_echoes_the_given_order_number_is_fine() -> None:
    turns = [Turn(0, "I want to return order ORD-55821, it's broken",
                  "OK, return accepted for order ORD-55821.")]
    assert d.detect_missing_requirements(turns) == []
    asked = [Turn(0, "我想退货", "请提供订单号"), Turn(1, "DD123", "退货申请已受理")]
    assert d.detect_missing_requirements(asked) == []


@pytest.mark.parametrize("english", [False, True])
def test_a_complaint_without_an_apology_is_found(english: bool) -> None:
    turns = scripted_turns(seed_goal("投诉处理", english))
    assert kinds(d.detect_no_apology(turns)) == [("no_apology", 1)]


@pytest.mark.parametrize("apology", ["非常抱歉给您带来不便", "We're so sorry about that",
                                     "I apologise for the delay"])
def test_an_apology_in_any_reply_to_the_complaint_is_enough(apology: str) -> None:
    turns = [Turn(0, "I want to complain", apology), Turn(1, "late", "complaint recorded")]
    assert d.detect_no_apology(turns) == []


def test_no_complaint_means_no_apology_issue() -> None:
    assert d.detect_no_apology(scripted_turns(seed_goal("维修预约", False))) == []


def test_a_change_of_mind_answered_with_the_old_flow_is_found_each_time() -> None:
    turns = scripted_turns(seed_goal("改变主意", False))
    assert kinds(d.detect_ignored_change_of_mind(turns)) == [
        ("change_of_mind_ignored", 1), ("change_of_mind_ignored", 2)]


def test_a_change_of_mind_that_cancels_and_drops_the_new_request_is_found() -> None:
    turns = scripted_turns(seed_goal("改变主意", True))
    issues = d.detect_ignored_change_of_mind(turns)
    assert kinds(issues) == [("change_of_mind_ignored", 1)]
    assert "dropped the new request" in issues[0].description


def test_a_followed_change_of_mind_is_fine() -> None:
    turns = [Turn(0, "洗衣机坏了，想预约维修", "好的，请问您怎么称呼？"),
             Turn(1, "我不想修了，我要退货", "好的，可以为您办理退货。请问退货的原因是什么？")]
    assert d.detect_ignored_change_of_mind(turns) == []


@pytest.mark.parametrize("dimension", ["维修预约", "退货处理", "投诉处理"])
@pytest.mark.parametrize("english", [False, True])
def test_plain_scripts_raise_no_change_of_mind(dimension: str, english: bool) -> None:
    assert d.detect_ignored_change_of_mind(scripted_turns(seed_goal(dimension, english))) == []


def test_goal_not_reached_cites_the_last_turn() -> None:
    turns = bot_turns("我家洗衣机坏了，想预约维修", "我叫王伟")
    assert kinds(d.detect_goal_not_reached(turns, ["预约成功"])) == [("goal_not_reached", 1)]
    assert d.detect_goal_not_reached(scripted_turns(seed_goal("维修预约", False)),
                                     ["预约成功"]) == []


def test_target_errors_are_issues_on_their_turns() -> None:
    turns = [Turn(0, "hi", "hello"), Turn(1, "again", "", "timeout")]
    assert kinds(d.detect_target_errors(turns)) == [("target_error", 1)]


def test_a_confirmation_before_the_script_is_finished_is_premature() -> None:
    turns = bot_turns("I want to return my kettle because it's defective", "order ORD-1234")
    issues = d.detect_premature_confirmation(turns, [t.user for t in turns], ["return accepted"])
    assert kinds(issues) == [("premature_confirmation", 0)]
    assert "'order ORD-1234'" in issues[0].description


def test_turns_are_paired_by_turn_index_from_messages() -> None:
    messages = [{"role": "ASSISTANT", "turnIndex": 0, "content": "hi", "error": None},
                {"role": "USER", "turnIndex": 0, "content": "hello"},
                {"role": "USER", "turnIndex": 1, "content": "x"},
                {"role": "ASSISTANT", "turnIndex": 1, "content": "", "error": "timeout"}]
    assert d.turns_from_messages(messages) == [Turn(0, "hello", "hi"),
                                               Turn(1, "x", "", "timeout")]


def test_every_issue_description_starts_with_its_kind_title() -> None:
    turns = scripted_turns(seed_goal("改变主意", False))
    for issue in d.detect_ignored_change_of_mind(turns):
        assert d.title_of(issue.description) == d.KINDS[issue.kind].title


@pytest.mark.parametrize("english", [False, True])
def test_a_fallback_reply_after_a_valid_answer_is_lost_context(english: bool) -> None:
    goal = seed_goal("退货处理", english)
    turns = scripted_turns(goal)
    [issue] = d.detect_lost_context(turns)
    assert issue.kind == "lost_context" and issue.turn_index == 2
    assert issue.description.startswith("Lost context after a valid answer: ")


def test_a_fallback_as_the_first_reply_is_not_lost_context() -> None:
    turns = bot_turns("今天天气怎么样", "我想退货")
    assert "没太明白" in turns[0].reply
    assert d.detect_lost_context(turns) == []
