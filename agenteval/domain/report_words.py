"""The fixed words of an intelligent eval's Markdown report, in the eval's language (pure).

The renderers (eval_report_markdown, eval_report_appendix, provenance_text, usage_report)
write their English text in place, as a template: `words(language, "Sessions ({count})",
count=3)`. For a Chinese eval the template is looked up here; English is the template
itself, so an English report reads exactly as it always did. A template missing here
stays English — tests/domain/test_report_words.py renders a Chinese report and fails on
any English sentence left in it.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_language import Language

ZH: dict[str, str] = {
    # regression cases drafted from findings (domain/regression/regression_report.py)
    "## Regression cases": "## 回归用例",
    "case `{key}` of scenario {name} (`{id}`)": "场景 {name}（`{id}`）的用例 `{key}`",
    "{place}, from session `{session}`": "{place}，来自会话 `{session}`",
    "- Finding #{number} ({title}): ": "- 发现 #{number}（{title}）：",
    "_No case has been drafted from this eval yet._": "_还没有从本次评估生成的用例。_",
    "{covered} of {count} finding(s) have a regression case (the report page's \"Add to a "
    "regression scenario\").": "{count} 个发现中有 {covered} 个已有回归用例（报告页的“加入回归场景”）。",
    # header
    "# Intelligent evaluation report: {name}": "# 智能评估报告：{name}",
    "untitled": "未命名",
    "Field": "字段", "Value": "值", "Target": "目标", "Status": "状态", "Goal": "目标任务",
    "Intent": "评估意图", "Role description": "测试者角色", "Time window": "时间窗口",
    "{hours} h": "{hours} 小时", "Started": "开始时间", "Completed": "完成时间",
    "Report submitted": "报告提交时间", "Failure reason": "失败原因",
    # virtual users that deviated (domain/intelligent/user_deviations.py)
    "    - ⚠ The simulated user deviated at this turn ({kind}: {reason}): this evidence may "
    "show the simulator's fault, not the bot's.":
        "    - ⚠ 模拟用户在这一轮偏离了人设（{kind}：{reason}）：这条证据可能反映的是模拟器的问题，而不是机器人的。",
    "**{count} of {total} evidence quotes rest on a turn where the simulated user deviated** "
    "from its persona or goal; they are flagged below.":
        "**{total} 条证据引文中有 {count} 条所在的轮次里模拟用户偏离了人设或目标**；下文已标出。",
    "- session `{short}`, turn {turn} ({kind}): {reason}":
        "- 会话 `{short}`，第 {turn} 轮（{kind}）：{reason}",
    "Sessions whose simulated user deviated (found without a model by the built-in driver):":
        "模拟用户偏离了人设的会话（内置驱动不借助模型查出）：",
    # summary
    "Summary": "摘要", "_No summary._": "_没有摘要。_",
    "All {count} evidence quotes were found in the transcript.":
        "全部 {count} 条证据引文都在对话记录中找到。",
    "**{unverified} of {count} evidence quotes could not be found in the transcript**; they "
    "are shown below as claims, not as quotes.":
        "**{count} 条证据引文中有 {unverified} 条在对话记录中找不到**；下文把它们作为分析者的说法列出，"
        "而不是引文。",
    # plan
    "Plan": "计划", "_No plan._": "_没有计划。_", "Dimensions: {dimensions}": "维度：{dimensions}",
    ", ": "、",
    "Virtual users: {count}": "虚拟用户：{count}",
    "Estimated sessions: {count}": "预计会话数：{count}",
    "Budget: {per_session} turns per session, {total} turns in total":
        "预算：每个会话 {per_session} 轮，共 {total} 轮",
    "Completion criteria: {criteria}": "完成标准：{criteria}",
    "Time distribution:": "时间分布：", "Time slot": "时间段", "Sessions": "会话数",
    "Scenario": "场景",
    # scores, findings, highlights
    "Scores": "得分", "_No dimension scores._": "_没有维度得分。_", "Dimension": "维度",
    "Score (0–10)": "得分（0–10）",
    "Findings ({count})": "发现（{count}）", "_No findings._": "_没有发现。_",
    "🔴 HIGH": "🔴 高", "🟠 MEDIUM": "🟠 中", "🟢 LOW": "🟢 低",
    "- **Dimension:** {dimension}": "- **维度：** {dimension}",
    "- **Suggestion:** {suggestion}": "- **建议：** {suggestion}",
    "- **Related SOP:** {sop}": "- **相关 SOP：** {sop}",
    "- **Evidence ({count}):**": "- **证据（{count}）：**",
    "- **Evidence:** none": "- **证据：** 无",
    "✓ verified": "✓ 已核实", "✗ claimed, not found in the transcript": "✗ 仅为说法，对话记录中找不到",
    "[session `{short}`](#{anchor})": "[会话 `{short}`](#{anchor})",
    "session `{session}` (not in this eval)": "会话 `{session}`（不属于本评估）",
    "turn {turn}": "第 {turn} 轮",
    "User said": "用户说", "Assistant replied": "助手回复",
    "the user said": "用户说", "the assistant replied": "助手回复",
    "    - The analyst claims {who}: “{text}” — not found in the transcript.":
        "    - 分析者称{who}：“{text}”——对话记录中找不到。",
    "Highlights": "亮点", "_None._": "_无。_",
    "Priority recommendations": "优先建议",
    # session index
    "Sessions ({count})": "会话（{count}）", "_No sessions._": "_没有会话。_",
    "Session": "会话", "Persona": "角色", "Turns": "轮数", "Goal achieved": "达成目标",
    "Achievement": "完成度", "yes": "是", "no": "否",
    # human review
    "## Human review": "## 人工复核",
    "Findings: {confirmed} confirmed, {rejected} rejected. Session verdicts (goal achieved, "
    "evaluator against reviewer): {agreement}.":
        "发现：确认 {confirmed} 项，驳回 {rejected} 项。会话结论（是否达成目标，评估者对复核者）："
        "{agreement}。",
    "- Finding {index}: {issue} — **{decision}** by {reviewer}":
        "- 发现 {index}：{issue} —— 由 {reviewer} **{decision}**",
    "- Session [{id}](#{anchor}): evaluator said {machine}, reviewer says {human} ({reviewer})":
        "- 会话 [{id}](#{anchor})：评估者判为 {machine}，复核者判为 {human}（{reviewer}）",
    # method
    "Planner": "规划者", "Evaluator": "评估者", "Analyst": "分析者",
    "- No agent was woken for this eval (its driver is `none`, or the agent worked through "
    "the API without a wake-up).":
        "- 本评估没有唤醒任何代理（驱动为 `none`，或代理未经唤醒直接通过 API 工作）。",
    "- {role}: `{model}` at {url}": "- {role}：`{model}`，地址 {url}",
    "the default OpenAI endpoint": "默认的 OpenAI 端点",
    "## Method": "## 方法", "Who did each step:": "每一步由谁完成：",
    "Configured models (API keys are never shown):": "已配置的模型（从不显示 API 密钥）：",
    "- none": "- 无",
    "The scripted evaluator reads each transcript with keyword detectors; it looks for:":
        "脚本评估者用关键词检测器阅读每段对话记录，检查以下问题：",
    "A keyword detector can miss a flaw phrased in words it does not know, and it cannot "
    "judge tone; the transcripts below let a reader check.":
        "关键词检测器可能漏掉用它不认识的词表达的缺陷，也无法判断语气；读者可以用下面的对话记录核对。",
    "{label} by {who}": "{label}：{who}", "; ": "；",
    "plan": "计划", "virtual users": "虚拟用户", "verdicts": "结论", "report": "报告",
    "the built-in driver": "内置驱动", "an agent through the API": "通过 API 工作的代理",
    "{who}; {parts}": "{who}；{parts}",
    "the built-in driver with model `{model}`": "内置驱动，使用模型 `{model}`",
    "the built-in scripted driver (no model)": "内置脚本驱动（无模型）",
    "OpenClaw": "OpenClaw", ", agent `{agent}`": "，代理 `{agent}`",
    "driver `{driver}`": "驱动 `{driver}`",
    # provenance
    "the script (no model configured)": "脚本（未配置模型）",
    "model {model}": "模型 {model}",
    "model {model} for {by_model} of {total} calls, the script for {by_script} (the model "
    "{reason})": "{total} 次调用中 {by_model} 次由模型 {model} 完成，{by_script} 次由脚本完成（模型{reason}）",
    "the script: model {model} {reason}": "脚本：模型 {model} {reason}",
    "timed out": "超时", "could not be reached": "无法连接", "answered an HTTP error": "返回了 HTTP 错误",
    "answered something that is not an OpenAI chat completion": "返回的内容不是 OpenAI 对话补全",
    "gave an invalid answer": "给出了无效回答", "was cut at max_tokens": "在 max_tokens 处被截断",
    "gave a plan that failed validation twice": "两次给出未通过校验的计划",
    "gave a verdict that failed validation": "给出了未通过校验的结论", "failed": "失败",
    # plan history, durations
    "## Plan revisions": "## 计划修订",
    "rejected {when} with the feedback “{feedback}”": "于 {when} 被驳回，反馈为“{feedback}”",
    "the plan carried out": "执行的计划", "replaced": "已被替换",
    "- Revision {revision} submitted {when} — {outcome}": "- 第 {revision} 版，提交于 {when} —— {outcome}",
    "## Durations": "## 耗时",
    "- Execution (approval → completion): {took}": "- 执行（批准 → 完成）：{took}",
    "- Sessions: {count} closed, shortest {shortest}, longest {longest}":
        "- 会话：已结束 {count} 个，最短 {shortest}，最长 {longest}",
    "{seconds} s": "{seconds} 秒", "{hours} h {minutes} min": "{hours} 小时 {minutes} 分",
    "{minutes} min {seconds} s": "{minutes} 分 {seconds} 秒",
    # transcripts
    "## Appendix: sessions": "## 附录：会话",
    "Every conversation as the target answered it, and the verdict that closed it. Messages "
    "longer than {chars} characters are cut with a marker.":
        "每段对话按目标的实际回答列出，并附上结束它的结论。超过 {chars} 个字符的消息会被截断并标注。",
    " … [cut at {limit} of {length} characters]": " … [共 {length} 个字符，截断于 {limit}]",
    "Session {number}: {name} · {dimension}": "会话 {number}：{name} · {dimension}",
    "unnamed": "未命名",
    "`{id}` · goal: {goal} · status {status} · {turns} turn(s) · {took}":
        "`{id}` · 目标任务：{goal} · 状态 {status} · {turns} 轮 · {took}",
    "_No messages._": "_没有消息。_", "**Turn {turn}**": "**第 {turn} 轮**",
    "User": "用户", "Target error": "目标出错", "Assistant": "助手",
    "**Verdict:** none (the session ended without one).": "**结论：** 无（会话结束时没有结论）。",
    "**Verdict:** goal achieved: {achieved} · achievement {achievement}":
        "**结论：** 达成目标：{achieved} · 完成度 {achievement}",
    "whole session": "整个会话", "HIGH": "高", "MEDIUM": "中", "LOW": "低",
    "- Issue ({severity}, {where}): {description}": "- 问题（{severity}，{where}）：{description}",
    "- Suggestion: {suggestion}": "- 建议：{suggestion}", "- Notes: {notes}": "- 备注：{notes}",
    # model usage
    "## Model usage": "## 模型用量", "No model calls.": "没有模型调用。",
    "| Model calls | Prompt tokens | Completion tokens | Estimated cost |":
        "| 模型调用 | 提示 token | 补全 token | 估算费用 |",
    "unknown (a model used has no price in AGENTEVAL_MODEL_PRICES)":
        "未知（所用模型在 AGENTEVAL_MODEL_PRICES 中没有价格）",
    "{calls} answers from the response cache ({tokens} tokens) were not calls and cost nothing.":
        "{calls} 个回答来自响应缓存（{tokens} 个 token），不算调用，也不产生费用。",
}


def words(language: Language | str | None, template: str, **values: Any) -> str:
    """`template` in `language` (English: itself), its `{fields}` filled in."""
    text = ZH.get(template, template) if language == "zh" else template
    return text.format(**values) if values else text


def language_of(view: dict[str, Any]) -> Language:
    """The report's language from the eval view (English when it has none)."""
    return "zh" if view.get("language") == "zh" else "en"
