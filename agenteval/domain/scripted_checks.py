"""What the built-in scripted evaluator checks: each kind of issue, its title, its suggestion
and what it looks for, in words.

Data shared by the driver's detectors (drivers/builtin/detectors.py), which run the
checks, and the report's Method section (engine/intelligent/views.py), which describes
them, so the description cannot drift from the checks.
"""

from __future__ import annotations

from dataclasses import dataclass


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


def scripted_checks() -> list[str]:
    """Each detector as "<title>: <what it looks for>", in the order they run."""
    return [f"{KINDS[kind].title}: {LOOKS_FOR[kind]}" for kind in KINDS]
