"""The eval report's fixed words in Chinese: every template translated, none left English."""

from __future__ import annotations

import re
import string
from typing import Any

from agenteval.domain.intelligent.eval_report_markdown import render_eval_report
from agenteval.domain.model_costs import UsageTotals
from agenteval.domain.regression.regression_report import eval_regression_section
from agenteval.domain.report_words import ZH, words
from agenteval.domain.usage_report import usage_section

SESSION_ID = "0b6c2f0e-1111-4222-8333-444455556666"
# Words a Chinese report keeps: enum values, product and protocol names.
KEPT = {"COMPLETED", "EXPIRED", "CONFIRMED", "REJECTED", "SOP", "API", "OpenAI", "OpenClaw",
        "HTTP", "PLANNER", "ms", "token", "max_tokens", "AGENTEVAL_MODEL_PRICES", "HomeCare"}

EVAL: dict[str, Any] = {
    "language": "zh", "name": "家电客服评估", "status": "COMPLETED", "target": {"name": "小美"},
    "goal": "评估维修预约", "intent": "找出缺陷", "roleDescription": "质检负责人",
    "timeWindowHours": 24, "startedAt": "2026-08-04T08:00:00Z",
    "completedAt": "2026-08-04T09:30:00Z", "failureReason": "超时",
    "plan": {"dimensions": ["维修预约", "投诉处理"],
             "virtualUsers": [{"persona": {"name": "老王"}, "goal": "预约", "dimension": "维修预约"}],
             "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1, "scenario": "上午"}],
             "estimatedSessions": 1, "budget": {"maxTurnsPerSession": 6, "totalMaxTurns": 8},
             "completionCriteria": "每个维度一个会话"},
    "method": {"roles": [
        {"role": "planner", "driver": "builtin", "provenance": {"plan": {
            "source": "mixed", "model": "qwen", "reason": "timeout",
            "calls": {"model": 1, "script": 1}}}},
        {"role": "evaluator", "driver": "builtin", "provenance": {
            "virtual users": {"source": "script", "model": None, "reason": "not_configured"},
            "verdicts": {"source": "script", "model": "qwen", "reason": "invalid_verdict",
                         "detail": "完成度超出范围"}}},
        {"role": "analyst", "driver": "openclaw", "agentId": "analyst-1"}],
        "models": [{"role": "PLANNER", "model": "qwen", "baseUrl": None}],
        "scriptedChecks": ["未达成目标：没有确认语"]},
    "planRevisions": [{"revision": 1, "submittedAt": "2026-08-04T07:00:00Z", "feedback": "太少",
                       "rejectedAt": "2026-08-04T07:10:00Z"},
                      {"revision": 2, "submittedAt": "2026-08-04T07:20:00Z"}],
    "review": {"findings": [{"index": 1, "issue": "没有道歉", "decision": "CONFIRMED",
                             "reviewer": "李工", "note": "属实"}],
               "sessions": [{"id": SESSION_ID, "machine": "是", "human": "否",
                             "reviewer": "李工"}],
               "findingsConfirmed": 1, "findingsRejected": 0, "verdictAgreement": "1/1 一致"},
}
REPORT = {
    "summary": "大体正常。", "scores": [{"dimension": "维修预约", "score": 6}],
    "findings": [
        {"issue": "没有道歉", "severity": "HIGH", "dimension": "投诉处理", "suggestion": "先道歉",
         "relatedSop": "投诉流程", "evidence": [
             {"sessionId": SESSION_ID, "turnIndex": 0, "userSaid": "我要投诉",
              "assistantReplied": "好的", "verified": True},
             {"sessionId": "ghost", "turnIndex": 1, "userSaid": "编的", "verified": False}]},
        {"issue": "小问题", "severity": "LOW", "suggestion": "", "evidence": []}],
    "highlights": [{"description": "礼貌", "dimension": "维修预约"}],
    "priorityRecommendations": ["先道歉"], "submittedAt": "2026-08-04T09:30:00Z",
}
SESSIONS = [{
    "id": SESSION_ID, "persona": {"name": "老王"}, "goal": "投诉", "dimension": "投诉处理",
    "status": "COMPLETED", "turnCount": 2, "createdAt": "2026-08-04T08:00:00Z",
    "closedAt": "2026-08-04T08:01:30Z",
    "messages": [
        {"turnIndex": 0, "role": "USER", "content": "我要投诉", "latencyMs": None},
        {"turnIndex": 0, "role": "ASSISTANT", "content": "好的", "latencyMs": 120},
        {"turnIndex": 1, "role": "USER", "content": "长" * 2100, "latencyMs": None},
        {"turnIndex": 1, "role": "ASSISTANT", "content": "", "error": "超时"}],
    "verdict": {"goalAchieved": False, "achievement": 0.5, "notes": "脚本评估",
                "issues": [{"description": "没有道歉", "severity": "MEDIUM", "turnIndex": 0},
                           {"description": "整体拖沓", "severity": "LOW", "turnIndex": None}],
                "suggestions": ["先道歉"]},
}, {"id": "s-2", "persona": {}, "goal": "预约", "dimension": None, "status": "EXPIRED",
    "turnCount": 0, "verdict": None, "messages": []}]


def english_left(markdown: str) -> list[str]:
    """Latin words outside ids, anchors and code spans that a Chinese reader would not expect."""
    text = re.sub(r"<a id=\"[^\"]*\"></a>|\(#[^)]*\)|`[^`]*`", "", markdown)
    return [word for word in re.findall(r"[A-Za-z_]{2,}", text) if word not in KEPT]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_chinese_template_fills_the_same_fields_as_its_english() -> None:
    mismatched = [english for english, chinese in ZH.items()
                  if fields(english) != fields(chinese)]
    assert mismatched == []


def test_a_chinese_report_has_no_english_words_left() -> None:
    regression_cases = [
        {"scenario_id": "sc-1", "scenario_name": "回归", "case_key": "lost-context",
         "origin": {"eval_id": "e-1", "finding_index": 0}},
        {"scenario_id": "sc-1", "scenario_name": "回归", "case_key": "from-session",
         "origin": {"eval_id": "e-1", "session_id": "s-1"}}]
    section = eval_regression_section(REPORT["findings"], regression_cases, "zh")
    markdown = render_eval_report(EVAL, REPORT, SESSIONS, section)
    assert english_left(markdown) == []
    assert "## 回归用例" in markdown and "个已有回归用例" in markdown
    for expected in ("# 智能评估报告：家电客服评估", "## 摘要", "## 方法", "## 计划修订",
                     "## 人工复核", "## 耗时", "## 附录：会话", "**第 1 轮** · 120 ms",
                     "[🔴 高] 没有道歉", "1 小时 30 分", "1 分 30 秒", "共 2100 个字符，截断于 2000",
                     "2 次调用中 1 次由模型 `qwen` 完成，1 次由脚本完成（模型超时）",
                     "结论：脚本：模型 `qwen` 给出了未通过校验的结论 (完成度超出范围)"):
        assert expected in markdown, expected


def test_the_usage_section_follows_the_language() -> None:
    none = UsageTotals()
    assert usage_section(none, "zh") == "## 模型用量\n\n没有模型调用。\n"
    assert usage_section(none) == "## Model usage\n\nNo model calls.\n"


def test_english_is_the_template_itself() -> None:
    assert words("en", "Sessions ({count})", count=3) == "Sessions (3)"
    assert words(None, "Summary") == "Summary"
    assert words("zh", "an untranslated sentence") == "an untranslated sentence"
