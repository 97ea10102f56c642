"""What the built-in scripted evaluator checks: each kind of issue, its title, its suggestion
and what it looks for, in words.

Data shared by the driver's detectors (drivers/builtin/detectors.py), which run the
checks, and the report's Method section (engine/intelligent/eval_report.py), which describes
them, so the description cannot drift from the checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from agenteval.domain.eval_language import Language


@dataclass(frozen=True)
class IssueKind:
    title: str
    suggestion: str
    # Why a session can reach its goal and still show this issue (said in the finding,
    # so a report never reads as "goal reached" and "broken" without explaining both).
    despite_goal: str = "the goal was reached, but the cited turns show this problem on the way"


KINDS: dict[str, IssueKind] = {
    "goal_not_reached": IssueKind(
        "Goal not reached",
        "Make sure the flow reaches an explicit confirmation the user can recognise."),
    "target_error": IssueKind(
        "The target failed to answer",
        "Check the target's availability, timeouts and error handling.",
        "the target failed on a turn, yet the conversation still ended in a confirmation"),
    "booking_without_time": IssueKind(
        "Booked without asking for a preferred time",
        "Before confirming a repair visit, ask for (and repeat back) the preferred date and "
        "time window.",
        "the booking was confirmed, but without a visit time"),
    "return_without_order_number": IssueKind(
        "Return accepted without asking for or confirming the order number",
        "After recognising a return request, ask for the order number and confirm it before "
        "accepting the return.",
        "the return was accepted, but for no known order"),
    "premature_confirmation": IssueKind(
        "Confirmed before the user had given all the information",
        "Collect every required detail before confirming; confirm them back to the user.",
        "the confirmation came, but before the user had said everything"),
    "no_apology": IssueKind(
        "Complaint handled without an apology",
        "Acknowledge the customer's experience and apologise before recording a complaint."),
    "lost_context": IssueKind(
        "Lost context after a valid answer",
        "Keep the conversation's context after completing a flow: a follow-up detail (an "
        "order number, a name) belongs to what was just discussed, not to a new request."),
    "change_of_mind_ignored": IssueKind(
        "Change of mind ignored",
        "When the user switches request mid-flow, drop the old flow and start the new one "
        "without losing what the user just asked for.",
        "the new request was handled only after the user asked for it again"),
}


# The same kinds for an eval in Chinese (same keys; titles never contain "：").
KINDS_ZH: dict[str, IssueKind] = {
    "goal_not_reached": IssueKind(
        "未达成目标",
        "确保流程最终给出用户能认出的明确确认。",
        "目标已达成，但引用的轮次显示过程中出现了这个问题"),
    "target_error": IssueKind(
        "目标未能回复",
        "检查目标的可用性、超时设置和错误处理。",
        "目标在某一轮未能回复，但对话最终仍得到了确认"),
    "booking_without_time": IssueKind(
        "未询问方便的时间就完成了预约",
        "确认上门维修前，先询问（并复述）用户方便的日期和时间段。",
        "预约已确认，但没有约定上门时间"),
    "return_without_order_number": IssueKind(
        "未询问或确认订单号就受理了退货",
        "识别出退货请求后，先询问订单号并确认，再受理退货。",
        "退货已受理，但不知道是哪一笔订单"),
    "premature_confirmation": IssueKind(
        "用户尚未提供全部信息就已确认",
        "收集齐所有必需信息后再确认，并向用户复述这些信息。",
        "确认已给出，但用户还没说完全部信息"),
    "no_apology": IssueKind(
        "处理投诉时没有道歉",
        "记录投诉前，先体谅客户的遭遇并致歉。",
        "目标已达成，但引用的轮次显示过程中出现了这个问题"),
    "lost_context": IssueKind(
        "正常回答后丢失了上下文",
        "完成一个流程后保留对话上下文：用户随后补充的信息（订单号、姓名）属于刚才讨论的事，"
        "而不是新的请求。",
        "目标已达成，但引用的轮次显示过程中出现了这个问题"),
    "change_of_mind_ignored": IssueKind(
        "忽略了用户改变的主意",
        "用户中途更换请求时，放弃原流程、开始新流程，并且不丢下用户刚提出的请求。",
        "新请求直到用户再次提出后才被处理"),
}

KINDS_BY_LANGUAGE: dict[Language, dict[str, IssueKind]] = {"en": KINDS, "zh": KINDS_ZH}


# What each detector looks for, in words (the report's Method section quotes these).
LOOKS_FOR: dict[str, str] = {
    "goal_not_reached": "no reply contains the goal's success signals (its script's, or the "
                        "flow's confirmations such as 预约成功 / booked / return accepted)",
    "target_error": "a turn the target failed to answer (timeout, connection, HTTP status, "
                    "bad response)",
    "booking_without_time": "a repair booked although no reply asked for a visit time "
                            "(什么时间, 几点, what time, preferred time …)",
    "return_without_order_number": "a return accepted although no reply asked for the order "
                                   "number (订单号, order number …) and none was echoed back",
    "premature_confirmation": "a confirmation while the scripted user still had details "
                              "to give",
    "no_apology": "a complaint answered without any apology (抱歉, 对不起, sorry, apologise …)",
    "lost_context": "a fallback reply (我没太明白, didn't quite get …) after the target had "
                    "already answered properly in the conversation",
    "change_of_mind_ignored": "a user switching request (算了, 不想, instead, actually …) "
                              "answered with the old flow, or with a cancellation that drops "
                              "the new request",
}


LOOKS_FOR_ZH: dict[str, str] = {
    "goal_not_reached": "没有任何回复包含目标的成功信号（脚本里的，或该流程的确认语，如 预约成功 / "
                        "booked / return accepted）",
    "target_error": "目标未能回复的轮次（超时、连接失败、HTTP 状态码、响应格式错误）",
    "booking_without_time": "没有任何回复询问上门时间就预约了维修（什么时间、几点、what time、"
                            "preferred time …）",
    "return_without_order_number": "没有任何回复询问订单号（订单号、order number …）、也没有复述"
                                   "订单号就受理了退货",
    "premature_confirmation": "脚本用户还有信息没说时就给出了确认",
    "no_apology": "回复投诉时没有任何道歉（抱歉、对不起、sorry、apologise …）",
    "lost_context": "目标在对话中已正常回答过之后，又给出兜底回复（我没太明白、didn't quite get …）",
    "change_of_mind_ignored": "用户更换请求（算了、不想、instead、actually …）后，回复仍按原流程"
                              "继续，或取消原流程却丢下了新请求",
}


def issue_kind(kind: str, language: Language = "en") -> IssueKind:
    """The kind's title, suggestion and despite-goal reason in `language`."""
    return KINDS_BY_LANGUAGE[language][kind]


def scripted_checks(language: Language = "en") -> list[str]:
    """Each detector as "<title>: <what it looks for>", in the order they run."""
    if language == "zh":
        return [f"{KINDS_ZH[kind].title}：{LOOKS_FOR_ZH[kind]}" for kind in KINDS]
    return [f"{KINDS[kind].title}: {LOOKS_FOR[kind]}" for kind in KINDS]
