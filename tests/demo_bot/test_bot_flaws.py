"""Mia's deliberate flaws, each shown in Chinese and English (evaluations must find them)."""

from __future__ import annotations

import re

from agenteval.demo_bot import replay

TIME_QUESTION = re.compile(
    r"时间|几点|哪天|什么时候|when|what time|which day|preferred", re.IGNORECASE
)
ORDER_QUESTION = re.compile(r"订单|order", re.IGNORECASE)
APOLOGY = re.compile(r"抱歉|对不起|歉|sorry|apolog", re.IGNORECASE)


def test_flaw_1_books_without_ever_asking_the_preferred_time():
    for messages in (
        ["我家空调坏了", "我叫王伟", "13800138000", "北京市朝阳区建国路88号"],
        ["My oven is broken", "My name is Anna Lee", "555-123-4567", "1 Main Street"],
    ):
        _, replies = replay(messages)
        assert not any(TIME_QUESTION.search(r) for r in replies)
        assert "预约成功" in replies[-1] or "booked" in replies[-1]


def test_flaw_1_a_time_the_user_offers_is_ignored():
    _, replies = replay(
        ["我家空调坏了，明天下午三点方便", "我叫王伟", "13800138000", "北京市朝阳区建国路88号"]
    )
    assert (
        "预约成功" in replies[-1] and "三点" not in replies[-1].split("上门维修")[1].split("）")[1]
    )


def test_flaw_2_accepts_a_return_without_asking_for_or_confirming_the_order_number():
    for messages, accepted in (
        (["我要退货", "不喜欢"], "退货申请已受理"),
        (["I want a refund", "I don't like it"], "return accepted"),
        (["我要退货，订单号 A12345，因为质量问题"], "退货申请已受理"),
    ):
        _, replies = replay(messages)
        assert accepted in replies[-1]
        assert not any(ORDER_QUESTION.search(r) for r in replies)
        assert "A12345" not in replies[-1]


def test_flaw_3_complaints_get_no_apology():
    for messages, recorded in (
        (["我要投诉", "师傅上门迟到了三个小时，态度还很差"], "投诉已记录"),
        (
            ["This is unacceptable, I want to complain about your rude technician"],
            "complaint recorded",
        ),
    ):
        _, replies = replay(messages)
        assert recorded in replies[-1]
        assert not any(APOLOGY.search(r) for r in replies)


def test_flaw_4_switching_from_repair_to_return_keeps_the_old_flow():
    state, replies = replay(["我家空调坏了", "我叫王伟", "我不修了，我要退货"])
    assert "联系电话" in replies[-1] and "退货" not in replies[-1]
    assert state.flow == "repair"

    state, replies = replay(
        ["My dishwasher is leaking", "I'm Anna", "Actually I want to return it"]
    )
    assert "phone number" in replies[-1] and state.flow == "repair"


def test_flaw_4_a_return_in_progress_swallows_a_repair_request():
    _, replies = replay(["我要退货", "算了还是帮我修一下吧，洗衣机不转了"])
    assert "退货申请已受理" in replies[-1]
    _, replies = replay(["I want to return my fridge", "Wait, can you repair it instead?"])
    assert "return accepted" in replies[-1]


def test_flaw_4_a_change_of_mind_with_a_cancel_word_drops_both_the_details_and_the_new_request():
    state, replies = replay(["我家空调坏了", "我叫王伟", "算了，我要退货"])
    assert "已为您取消" in replies[-1] and "退货申请" not in replies[-1]
    assert state.name is None and state.flow == "idle"

    state, replies = replay(
        ["My fridge is broken", "My name is Tom", "never mind, I want a refund instead"]
    )
    assert "cancelled" in replies[-1] and state.name is None
    _, replies = replay(
        [
            "My fridge is broken",
            "My name is Tom",
            "never mind, I want a refund instead",
            "My fridge is broken",
        ]
    )
    assert "your name" in replies[-1]  # what was collected is gone
