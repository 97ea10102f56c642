"""Mia's intended behaviour: booking, returns, complaints, language, slot extraction."""

from __future__ import annotations

import pytest

from agenteval.demo_bot import BotState, replay, reply
from agenteval.demo_bot.language import (
    detect_language,
    extract_address,
    extract_name,
    extract_phone,
)


def test_reply_is_pure_and_deterministic():
    state = BotState()
    first = reply(state, "我家空调坏了")
    again = reply(state, "我家空调坏了")
    assert first == again
    assert state == BotState()  # the input state is untouched


def test_chinese_repair_booking_collects_every_detail():
    state, replies = replay(
        ["我家空调坏了", "我叫王伟", "电话 13800138000", "地址是北京市朝阳区建国路88号"]
    )
    assert "怎么称呼" in replies[0]
    assert "联系电话" in replies[1]
    assert "地址" in replies[2]
    assert "预约成功" in replies[3]
    for detail in ("王伟", "13800138000", "北京市朝阳区建国路88号", "空调坏了"):
        assert detail in replies[3]
    assert state.flow == "idle" and state.tickets[0].startswith("RP")


def test_english_repair_booking():
    _, replies = replay(
        [
            "Hi",
            "My washing machine is broken",
            "My name is John Smith",
            "You can call me on 555-123-4567",
            "My address is 12 Oak Street, Springfield.",
        ]
    )
    assert "Mia" in replies[0]
    assert "your name" in replies[1] and "phone number" in replies[2] and "address" in replies[3]
    assert "booked" in replies[4]
    assert (
        "John Smith" in replies[4]
        and "5551234567" in replies[4]
        and "12 Oak Street, Springfield" in replies[4]
    )


def test_everything_in_one_message_books_at_once():
    _, [answer] = replay(["我叫李娜，电话13912345678，我家冰箱不制冷，地址是杭州市西湖区文三路1号"])
    assert "预约成功" in answer and "李娜" in answer and "冰箱不制冷" in answer


def test_a_repair_request_without_a_fault_asks_what_is_wrong():
    _, replies = replay(["我要预约维修", "洗衣机漏水"])
    assert "什么问题" in replies[0] and "怎么称呼" in replies[1]


def test_a_wrong_phone_number_is_asked_again():
    state, replies = replay(["我家空调坏了", "王伟", "12345"])
    assert "号码好像不对" in replies[2] and state.phone is None


def test_return_asks_for_the_reason_then_accepts():
    _, replies = replay(["我要退货", "质量不好"])
    assert "原因" in replies[0] and "退货申请已受理" in replies[1]
    _, replies = replay(["I want to return my fridge", "It arrived damaged"])
    assert "reason" in replies[0] and "return accepted" in replies[1]


def test_a_return_with_its_reason_is_accepted_at_once():
    _, [answer] = replay(["我要退货，因为尺寸不合适"])
    assert "退货申请已受理" in answer and "RT" in answer


def test_complaints_are_recorded():
    _, replies = replay(["我要投诉", "你们的维修师傅迟到了三个小时还态度很差"])
    assert "什么问题" in replies[0] and "投诉已记录" in replies[1]
    _, [answer] = replay(["I want to complain: your technician was three hours late and rude"])
    assert "complaint recorded" in answer and "CP" in answer


@pytest.mark.parametrize(
    ("text", "expected"),
    [("你好", "zh"), ("hello", "en"), ("13800138000", "en"), ("Mia 你好", "zh")],
)
def test_language_follows_the_text(text, expected):
    assert detect_language(text, previous="en") == expected


def test_each_reply_uses_the_language_of_its_message():
    _, replies = replay(["Hello", "你好"])
    assert "Mia" in replies[0] and "小美" in replies[1]


def test_a_fixed_language_ignores_the_text():
    _, [answer] = replay(["Hello"], language="zh")
    assert "小美" in answer


def test_cancel_ends_a_flow():
    state, replies = replay(["我家空调坏了", "取消"])
    assert "已为您取消" in replies[1] and state.flow == "idle" and state.fault is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("我叫王伟", "王伟"),
        ("我叫王伟电话13800138000", "王伟"),
        ("My name is Anna Lee.", "Anna Lee"),
        ("I'm Tom", "Tom"),
    ],
)
def test_names(text, name):
    assert extract_name(text, expecting=False) == name


def test_no_name_in_ordinary_sentences():
    assert extract_name("I'm calling because my oven is broken", expecting=False) is None


def test_phones_and_addresses():
    assert extract_phone("电话是13800138000。", expecting=False) == "13800138000"
    assert extract_phone("order 20240101", expecting=False) is None  # digits without a hint
    assert (
        extract_address("我住在上海市浦东新区世纪大道100号，谢谢", expecting=False)
        == "上海市浦东新区世纪大道100号"
    )
    assert (
        extract_address("I live at 5 Elm Road and my phone is 123", expecting=False) == "5 Elm Road"
    )
