"""Understanding the customer's text: language, intent and slots (pure, regex based)."""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["zh", "en"]
Intent = Literal["complaint", "return", "repair", "cancel", "thanks", "greeting"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


def detect_language(text: str, previous: Language = "zh") -> Language:
    """Chinese when the text has Chinese characters, English when it has Latin letters."""
    if _CJK.search(text):
        return "zh"
    if _LATIN.search(text):
        return "en"
    return previous  # digits or punctuation only, e.g. a phone number


_INTENT_WORDS: list[tuple[Intent, tuple[str, ...]]] = [
    # Order matters: the first intent found wins ("空调坏了，我要投诉" is a complaint).
    (
        "complaint",
        (
            "投诉",
            "不满",
            "太差",
            "差评",
            "气死",
            "生气",
            "complain",
            "terrible",
            "unacceptable",
            "angry",
            "disappointed",
            "awful",
            "worst service",
        ),
    ),
    (
        "return",
        ("退货", "退掉", "退款", "退换", "要退", "想退", "return", "refund", "send it back"),
    ),
    (
        "repair",
        (
            "维修",
            "修理",
            "报修",
            "修一下",
            "坏了",
            "坏掉",
            "故障",
            "上门",
            "不制冷",
            "不工作",
            "漏水",
            "预约",
            "repair",
            "broken",
            "fix ",
            "fix.",
            "not working",
            "doesn't work",
            "does not work",
            "stopped working",
            "technician",
            "leaking",
        ),
    ),
    (
        "cancel",
        ("取消", "算了", "不用了", "不要了", "cancel", "never mind", "nevermind", "forget it"),
    ),
    ("thanks", ("谢谢", "多谢", "再见", "thank", "bye")),
    ("greeting", ("你好", "您好", "在吗", "hello", "hi", "hey")),
]


def _contains_word(lowered: str, word: str) -> bool:
    if _LATIN.search(word) and word.isalpha():
        # Short words need a boundary on both sides ("hi" is not "high").
        end = r"\b" if len(word) <= 3 else ""
        return re.search(rf"\b{re.escape(word)}{end}", lowered) is not None
    return word in lowered


def intents(text: str) -> list[Intent]:
    """Every intent the text signals, strongest first."""
    lowered = text.lower() + " "
    return [
        intent
        for intent, words in _INTENT_WORDS
        if any(_contains_word(lowered, w) for w in words)
        or (intent == "repair" and _mentions_fault(text))
    ]


def main_intent(text: str) -> Intent | None:
    found = intents(text)
    return found[0] if found else None


# -- slots -------------------------------------------------------------------
_STOP_ZH = r"(?=$|[\s，,。.！!；;、]|电话|手机|号码|地址|住|家|的)"
_NAME_ZH = re.compile(
    r"(?:我叫|我的名字是|名字是|名字叫|姓名[是:：]?)\s*([\u4e00-\u9fff]{2,4}?)" + _STOP_ZH
)
_NAME_EN = re.compile(
    r"(?i:\b(?:my name is|name is|name's|this is|call me|i am|i'm))\s+([A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)"
)
_BARE_NAME_ZH = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
_BARE_NAME_EN = re.compile(r"^[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+){0,2}$")

_MOBILE_CN = re.compile(r"(?<!\d)1[3-9]\d{9}(?!\d)")
_ANY_PHONE = re.compile(r"(?<![\d+])(\+?\d[\d\s-]{5,16}\d)(?!\d)")
_PHONE_HINT = re.compile(r"(?i)电话|手机|号码|phone|number|call me|reach me|mobile|tel")

_ADDRESS_ZH = re.compile(r"(?:地址是|地址[:：]?|住在|住址是?)\s*([^，,。；;！!\n]{3,})")
_ADDRESS_EN = re.compile(
    r"(?i:\b(?:my address is|address is|address:|i live at|live at))\s*([^;\n]+?)"
    r"(?=\s*(?:[.;](?:\s|$)|$|,?\s+(?:and\s+)?(?:my|phone|tel|call)\b))"
)

_APPLIANCES = (
    "空调",
    "冰箱",
    "洗衣机",
    "热水器",
    "电视",
    "微波炉",
    "油烟机",
    "洗碗机",
    "烤箱",
    "燃气灶",
    "air conditioner",
    "aircon",
    " ac ",
    "fridge",
    "refrigerator",
    "washer",
    "washing machine",
    "dryer",
    "dishwasher",
    "oven",
    "microwave",
    " tv",
    "water heater",
)
_PROBLEMS = (
    "坏",
    "不制冷",
    "不制热",
    "不工作",
    "漏水",
    "不转",
    "噪音",
    "异响",
    "故障",
    "不加热",
    "打不开",
    "不亮",
    "broken",
    "not working",
    "doesn't work",
    "does not work",
    "won't",
    "leak",
    "noise",
    "not cooling",
    "not heating",
    "stopped",
)


def extract_name(text: str, expecting: bool) -> str | None:
    for pattern in (_NAME_ZH, _NAME_EN):
        match = pattern.search(text)
        if match:
            return match.group(1)
    stripped = text.strip(" \t。.!！,，")
    if (
        expecting
        and main_intent(text) is None
        and (_BARE_NAME_ZH.match(stripped) or _BARE_NAME_EN.match(stripped))
    ):
        return stripped
    return None


def extract_phone(text: str, expecting: bool) -> str | None:
    match = _MOBILE_CN.search(text)
    if match:
        return match.group(0)
    if expecting or _PHONE_HINT.search(text):
        match = _ANY_PHONE.search(text)
        if match:
            return re.sub(r"[\s-]", "", match.group(1))
    return None


def looks_like_bad_phone(text: str) -> bool:
    """Digits that are not a phone number (to ask again instead of guessing)."""
    return bool(re.search(r"\d{3,}", text)) and extract_phone(text, expecting=True) is None


def extract_address(text: str, expecting: bool) -> str | None:
    for pattern in (_ADDRESS_ZH, _ADDRESS_EN):
        match = pattern.search(text)
        if match:
            return match.group(1).strip(" ,，")
    stripped = text.strip(" \t。.!！")
    if (
        expecting
        and len(stripped) >= 4
        and main_intent(text) is None
        and not _MOBILE_CN.search(stripped)
    ):
        return stripped
    return None


def _mentions_fault(text: str) -> bool:
    lowered = f" {text.lower()} "
    return any(word in lowered for word in _APPLIANCES + _PROBLEMS)


def extract_fault(text: str, expecting: bool) -> str | None:
    """The customer's own description when it names an appliance or a problem."""
    clauses = [c.strip() for c in re.split(r"[，,。;；!！?？]|\.\s", text) if c.strip()]
    relevant = [c for c in clauses if _mentions_fault(c)]
    if relevant:
        return "，".join(relevant) if _CJK.search(text) else ", ".join(relevant)
    if expecting and main_intent(text) is None and len(text.strip()) >= 2:
        return text.strip()
    return None


_REASON_WORDS = (
    "因为",
    "原因",
    "质量",
    "不喜欢",
    "坏",
    "不好用",
    "尺寸",
    "because",
    "defective",
    "broken",
    "doesn't work",
    "don't like",
    "too small",
    "too big",
    "damaged",
    "faulty",
)


def has_return_reason(text: str) -> bool:
    lowered = text.lower()
    return any(word in lowered for word in _REASON_WORDS)


def has_complaint_detail(text: str) -> bool:
    """More than a bare "I want to complain": some description of what went wrong."""
    cjk = len(_CJK.findall(text))
    words = len(re.findall(r"[A-Za-z']+", text))
    return cjk >= 8 or words >= 7
