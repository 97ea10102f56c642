"""Every sentence the scripted driver writes for people, in the eval's language (zh or en).

The planner, the detectors, the verdict and the report take their texts from here with
`say(key, language, **values)`, so a language is added (or a wording changed) in one place.
The English texts are the driver's original wording. Both languages number turns from 1,
as every text a person reads does (domain/turn_numbers.py): callers pass the 0-based
`turn`, `first` and `last`, and `say` adds their `…_number`.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.turn_numbers import turn_number

_TEXTS: dict[str, dict[Language, str]] = {
    # ---------------------------------------------------------------- the plan
    "plan.criteria": {
        "en": "Every dimension has at least one closed session with a verdict; each virtual "
              "user plays one session.",
        "zh": "每个维度至少有一个已结束并给出结论的会话；每个虚拟用户进行一个会话。",
    },
    "plan.revised": {"en": " Revised after feedback: {quoted}.", "zh": "已按反馈修订：{quoted}。"},
    "plan.feedback_separator": {"en": "; ", "zh": "；"},
    "plan.default_goal": {"en": "get help", "zh": "寻求帮助"},
    "dimension.general": {"en": "general", "zh": "综合"},
    # ---------------------------------------------------------------- the detectors
    "issue": {"en": "{title}: {detail}", "zh": "{title}：{detail}"},
    "detail.goal_not_reached": {"en": "no reply contained {signals} after {turns} turns",
                                "zh": "{turns} 轮对话中没有任何回复包含{signals}"},
    "detail.signals_separator": {"en": " / ", "zh": "、"},
    "detail.any_confirmation": {"en": "a confirmation", "zh": "确认语"},
    "detail.target_error": {"en": "turn {turn_number}: {error}", "zh": "第 {turn_number} 轮：{error}"},
    "detail.missing_requirement": {
        "en": "the target confirmed at turn {turn_number} without asking for {item}",
        "zh": "目标在第 {turn_number} 轮确认，但从未询问{item}"},
    "detail.premature_confirmation": {
        "en": "confirmed at turn {turn_number} before the user said {remaining!r}",
        "zh": "在第 {turn_number} 轮就确认了，而用户还没说“{remaining}”"},
    "detail.no_apology": {
        "en": "no apology in any reply to the complaint (turns {first_number}-{last_number})",
        "zh": "对投诉的所有回复（第 {first_number}–{last_number} 轮）都没有道歉"},
    "detail.change_of_mind_continued": {
        "en": "the user asked for {wanted} but the target went on with the {current} flow",
        "zh": "用户要求{wanted}，目标却继续{current}流程"},
    "detail.change_of_mind_dropped": {
        "en": "the user asked for {wanted}; the target cancelled the {current} flow and "
              "dropped the new request",
        "zh": "用户要求{wanted}；目标取消了{current}流程，却丢下了这个新请求"},
    "detail.lost_context": {
        "en": "at turn {turn_number} the target answered {user!r} with its fallback reply after a "
              "valid answer earlier in the conversation",
        "zh": "第 {turn_number} 轮目标用兜底回复回答了“{user}”，而此前对话中它已正常回答过"},
    "flow.repair": {"en": "repair", "zh": "维修"},
    "flow.return": {"en": "return", "zh": "退货"},
    "flow.complaint": {"en": "complaint", "zh": "投诉"},
    "item.booking_without_time": {"en": "a preferred visit time", "zh": "方便的上门时间"},
    "item.return_without_order_number": {"en": "the order number", "zh": "订单号"},
    # ---------------------------------------------------------------- the verdict
    "check.goal_reached": {"en": "goal reached", "zh": "达成目标"},
    "check.every_turn_answered": {"en": "every turn answered", "zh": "每轮都有回复"},
    "check.asked_for": {"en": "asked for {item}", "zh": "询问了{item}"},
    "check.collected_before_confirming": {"en": "all information collected before confirming",
                                          "zh": "确认前收集齐全部信息"},
    "check.apologised": {"en": "apologised for the complaint", "zh": "为投诉道歉"},
    "check.followed_change_of_mind": {"en": "followed the change of mind",
                                      "zh": "跟上用户改变的主意"},
    "check.kept_context": {"en": "kept the context after answering",
                           "zh": "回答后保持上下文"},
    "verdict.notes": {"en": "Scripted evaluation over {turns} turns: {met}/{total} checkpoints "
                            "met{missed}.",
                      "zh": "脚本评估共 {turns} 轮：满足 {met}/{total} 个检查点{missed}。"},
    "verdict.missed": {"en": " (missed: {names})", "zh": "（未满足：{names}）"},
    "verdict.missed_separator": {"en": ", ", "zh": "、"},
    # ---------------------------------------------------------------- heartbeat notes
    "note.turn_done": {"en": "session {session}: turn {turn_number} done",
                       "zh": "会话 {session}：第 {turn_number} 轮完成"},
    "note.not_closed": {"en": "session {session} could not be closed",
                        "zh": "会话 {session} 无法结束"},
    "note.no_messages": {"en": "session {session} no longer accepts messages",
                         "zh": "会话 {session} 不再接受消息"},
    # ---------------------------------------------------------------- the report
    "report.finding": {"en": "{title} ({count} of {total} sessions{where})",
                       "zh": "{title}（{total} 个会话中有 {count} 个{where}）"},
    "report.where": {"en": ": {counts}", "zh": "：{counts}"},
    "report.where_separator": {"en": ", ", "zh": "，"},
    "report.where_count": {"en": "{dimension} {count}/{total}", "zh": "{dimension} {count}/{total}"},
    "report.despite_goal": {
        "en": ". The goal still counts as reached in {reached} of these {sessions} sessions: "
              "{reason}.",
        "zh": "。这 {sessions} 个会话中仍有 {reached} 个算作达成目标：{reason}。"},
    "report.generic_suggestion": {
        "en": "Review the cited turns and adjust the prompt or SOP for this situation.",
        "zh": "查看所引用的轮次，针对这种情况调整提示词或 SOP。"},
    "report.no_problems": {"en": "No problems found in {sessions} session(s) of {dimension}.",
                           "zh": "{dimension}的 {sessions} 个会话中未发现问题。"},
    "report.all_reached": {
        "en": "The goal was reached in all {sessions} session(s) of {dimension} (see the "
              "findings for what still went wrong).",
        "zh": "{dimension}的全部 {sessions} 个会话都达成了目标（仍有的问题见各项发现）。"},
    "report.recommendation": {"en": "{dimension}: {suggestion} ({severity}, {title})",
                              "zh": "{dimension}：{suggestion}（{severity}，{title}）"},
    "report.summary": {
        "en": "{judged} of {planned} planned sessions were evaluated across {dimensions} "
              "dimension(s); the virtual user's goal was reached in {reached} of {judged}",
        "zh": "计划的 {planned} 个会话中评估了 {judged} 个，覆盖 {dimensions} 个维度；"
              "虚拟用户在其中 {reached} 个会话中达成了目标"},
    "report.summary_reached_but_high": {
        "en": ", but {flawed} of those {reached} still show a high-severity problem (a "
              "confirmation reached the wrong way counts as reached; the findings say why)",
        "zh": "，但这 {reached} 个中仍有 {flawed} 个存在高严重度问题（以错误方式得到的确认也算达成；"
              "原因见各项发现）"},
    "report.summary_counts": {
        "en": ". {findings} finding(s): {high} high, {medium} medium, {low} low severity.",
        "zh": "。共 {findings} 项发现：高 {high} 项、中 {medium} 项、低 {low} 项。"},
    "report.summary_most_serious": {"en": " Most serious: {title}.", "zh": "最严重的是：{title}。"},
    "report.summary_unjudged": {
        "en": " {unjudged} session(s) ended without a verdict and are not counted.",
        "zh": "{unjudged} 个会话结束时没有结论，未计入。"},
    "severity.HIGH": {"en": "HIGH", "zh": "高"},
    "severity.MEDIUM": {"en": "MEDIUM", "zh": "中"},
    "severity.LOW": {"en": "LOW", "zh": "低"},
}

_TURN_VALUES = ("turn", "first", "last")

# Where a finding's title ends and its counts begin, and where its first sentence ends.
TITLE_END: dict[Language, str] = {"en": " (", "zh": "（"}
SENTENCE_END: dict[Language, str] = {"en": ". ", "zh": "。"}


def say(key: str, language: Language, **values: Any) -> str:
    """The text `key` in `language`, its `{fields}` filled in."""
    numbers = {f"{name}_number": turn_number(values[name])
               for name in _TURN_VALUES if name in values}
    return _TEXTS[key][language].format(**values, **numbers)


# One line the model-backed roles add to their prompts, so a model writes as the script does.
ANSWER_IN: dict[Language, str] = {
    "en": "Write every text meant for people (names, descriptions, notes, suggestions) in "
          "English.",
    "zh": "Write every text meant for people (names, descriptions, notes, suggestions) in "
          "Simplified Chinese (简体中文); keep JSON keys and enum values as specified.",
}


def language_of(eval_: dict[str, Any]) -> Language:
    """The eval's language as the API reports it (English for an older server without it)."""
    return "zh" if eval_.get("language") == "zh" else "en"
