"""The word lists the scripted evaluator's detectors use (Chinese and English).

Matching is case-insensitive substring matching, so each entry is written as
it would appear inside a sentence. Extend the lists here, not in the
detectors; the tests replay the demo bot against them.
"""

from __future__ import annotations

from dataclasses import dataclass

FLOWS = ("repair", "return", "complaint")

# What the target says when it completes a flow.
CONFIRMATIONS: dict[str, tuple[str, ...]] = {
    "repair": ("预约成功", "已为您预约", "预约已确认", "booked", "booking confirmed",
               "appointment is confirmed"),
    "return": ("退货申请已受理", "退货已受理", "已为您办理退货", "return accepted",
               "return has been accepted", "refund approved"),
    "complaint": ("投诉已记录", "已记录您的投诉", "已受理您的投诉", "complaint recorded",
                  "complaint has been logged", "complaint logged"),
}

# What the target says when it drops the current flow.
CANCELLATIONS = ("已为您取消", "已取消", "cancelled", "canceled")

# A user asking for a flow (a fault description alone is not a request to switch).
REQUESTS: dict[str, tuple[str, ...]] = {
    "complaint": ("投诉", "complain"),
    "return": ("退货", "退款", "退掉", "要退", "想退", "return", "refund", "send it back"),
    "repair": ("维修", "修理", "报修", "上门修", "repair", "send a technician", "fix it",
               "fix my"),
}

# A user changing their mind (with a request for another flow).
CHANGE_MARKERS = ("不想", "不要", "算了", "改成", "换成", "还是", "不修了", "instead",
                  "never mind", "rather", "actually", "change my mind", "changed my mind",
                  "forget it")

# What the target's reply talks about, per flow (a reply matching several is a menu).
REPLY_CUES: dict[str, tuple[str, ...]] = {
    "repair": ("维修", "怎么称呼", "联系电话", "地址", "什么问题", "repair", "your name",
               "phone number", "address", "what is wrong"),
    "return": ("退货", "退款", "原因", "return", "refund", "reason"),
    "complaint": ("投诉", "complain"),
}

# What a target says when it did not understand (a generic fallback / menu reply).
FALLBACKS = ("没太明白", "没听懂", "不太明白", "没有理解", "不明白您的意思", "didn't quite get",
             "did not quite get", "didn't understand", "did not understand",
             "not sure what you mean", "could you rephrase")

APOLOGIES = ("抱歉", "对不起", "歉", "不好意思", "sorry", "apologi", "apologize",
             "apologise")


@dataclass(frozen=True)
class Requirement:
    """Something the target must ask for (or confirm back) before confirming `flow` (named
    for people as texts.py's `item.<kind>`)."""

    flow: str
    asked_by: tuple[str, ...]
    kind: str
    severity: str
    echo_pattern: str | None = None  # a value of this shape echoed back counts as confirmed


REQUIREMENTS = (
    Requirement(
        flow="repair", kind="booking_without_time",
        severity="HIGH",
        asked_by=("什么时间", "几点", "哪天", "哪一天", "时间段", "方便的时间", "上门时间",
                  "预约时间", "when would", "when is", "what time", "which day",
                  "preferred time", "convenient time", "time slot", "what day"),
    ),
    Requirement(
        flow="return", kind="return_without_order_number",
        severity="HIGH",
        asked_by=("订单号", "订单编号", "order number", "order no", "order id"),
        echo_pattern=r"[A-Za-z]{2,}-?\d{4,}|\d{8,}",
    ),
)


def contains_any(text: str, words: tuple[str, ...]) -> bool:
    lowered = text.lower()
    return any(word.lower() in lowered for word in words)


def requested_flow(user_text: str) -> str | None:
    """The flow a user message asks for (complaint before return before repair)."""
    for flow in ("complaint", "return", "repair"):
        if contains_any(user_text, REQUESTS[flow]):
            return flow
    return None


def reply_flow(reply: str) -> str | None:
    """The one flow a reply is about; None for a menu, a cancellation or small talk."""
    if contains_any(reply, CANCELLATIONS):
        return None
    for flow, phrases in CONFIRMATIONS.items():
        if contains_any(reply, phrases):
            return flow
    found = [flow for flow in FLOWS if contains_any(reply, REPLY_CUES[flow])]
    return found[0] if len(found) == 1 else None


def confirmed_flow(reply: str) -> str | None:
    for flow, phrases in CONFIRMATIONS.items():
        if contains_any(reply, phrases):
            return flow
    return None


def goal_flow(*texts: str) -> str | None:
    """The flow a goal is about, from its text, dimension or success signals."""
    joined = " ".join(text for text in texts if text)
    for flow in ("complaint", "return", "repair"):
        if contains_any(joined, REQUESTS[flow] + CONFIRMATIONS[flow]):
            return flow
    if contains_any(joined, ("预约", "booking", "book ")):
        return "repair"
    return None
