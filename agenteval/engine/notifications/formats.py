"""One notification event as each platform's incoming-webhook message (pure).

- JSON: the event itself.
- FEISHU (飞书 custom bot): `msg_type: interactive` with a card (header, lark_md text,
  a button to the page); the bot answers HTTP 200 with `{"code": 0}` when accepted.
- DINGTALK (钉钉 custom robot): `msgtype: markdown` with `title` and `text`; answers
  `{"errcode": 0}`.
- WECOM (企业微信 group robot): `msgtype: markdown` with `content` (at most 4096 bytes);
  answers `{"errcode": 0}`.
- SLACK (incoming webhook): `text` (the fallback) and `blocks`; answers `ok`.

Chat platforms accept no extra fields, so the idempotency id is the last line of the text
(and the `Idempotency-Key` header the deliverer sends with every format). Every title
starts with "AgentEval", the keyword to give a DingTalk robot secured by keywords;
robots that require a signature (Feishu 签名校验, DingTalk 加签) are not supported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

FORMATS = ("JSON", "FEISHU", "DINGTALK", "WECOM", "SLACK")
WECOM_MAX_BYTES = 4096
_FEISHU_COLOURS = {"ok": "green", "bad": "red", "wait": "orange", "info": "blue"}


@dataclass(frozen=True)
class Message:
    """What a person reads: a title, markdown lines, a link and the event's id."""

    title: str
    lines: list[str]
    link: str | None
    link_label: str
    mood: str  # ok | bad | wait | info
    idempotency_id: str


def message_of(event: dict[str, Any]) -> Message:
    """The human-readable side of an event (see engine/notifications/events.py)."""
    name = event["event"]
    lines: list[str] = []
    if name == "eval.plan_pending":
        eval_ = event["eval"]
        plan = event.get("plan") or {}
        title = f"Plan waiting for approval: {eval_['name']}"
        dimensions = [str(d) for d in plan.get("dimensions") or []]
        lines.append(f"Revision {eval_['planRevision']}: "
                     f"{_count(plan.get('estimatedSessions') or 0, 'session')}, "
                     f"{_count(len(dimensions), 'dimension')} ({', '.join(dimensions)})")
        cost = event.get("costEstimate")
        if cost and cost.get("modelCalls"):
            lines.append(f"Estimated cost: {_cost(cost)}")
        label, mood = "Review the plan", "wait"
    elif name == "eval.completed":
        eval_ = event["eval"]
        title = f"Evaluation completed: {eval_['name']}"
        report = event.get("report") or {}
        if report.get("summary"):
            lines.append(str(report["summary"]))
        counts = report.get("findingsBySeverity") or {}
        lines.append("Findings: " + (", ".join(f"{severity} {count}" for severity, count
                                               in counts.items()) or "none"))
        label, mood = "Open the report", "ok"
    elif name == "eval.failed":
        title = f"Evaluation failed: {event['eval']['name']}"
        lines.append(f"Reason: {event.get('reason') or 'unknown'}")
        label, mood = "Open the evaluation", "bad"
    elif name in ("run.completed", "run.failed"):
        run = event["run"]
        ok = name == "run.completed"
        title = (f"Run {'completed' if ok else 'failed'}: {run['campaign']} → {run['target']}")
        if ok:
            lines.append(f"Pass rate {_rate(event.get('passRate'))}, success rate "
                         f"{_rate(event.get('successRate'))}")
            delta = event.get("delta")
            lines.append("Against the previous run: " + (
                f"pass rate {_signed(delta['passRate'])}, success rate "
                f"{_signed(delta['successRate'])}" if delta else "no previous run"))
        else:
            lines.append(f"Error: {event.get('error') or 'unknown'}")
        label, mood = "Open the run", "ok" if ok else "bad"
    elif name.startswith("monitoring."):
        title, lines = _monitoring(event)
        label, mood = "Open the conversation", "bad"
    elif name == "review.judge_drift":
        title = str(event.get("summary") or "Judge agreement fell")
        lines = [str(event.get("detail") or "")]
        label, mood = "Open judge agreement", "bad"
    elif name == "review.alignment_finished":
        title = str(event.get("summary") or "Alignment finished")
        lines = [str(event.get("detail") or "")]
        adopted = event.get("decision") == "ADOPTED"
        label = "Open judge agreement"
        mood = "ok" if adopted else "bad" if event.get("decision") == "FAILED" else "info"
    else:
        title = "test message"
        lines.append(str(event.get("summary") or "This webhook works."))
        label, mood = "Open AgentEval", "info"
    # "AgentEval" in every title: DingTalk robots secured by keyword need one in the message.
    return Message(f"AgentEval · {title}", lines, event.get("link"), label, mood,
                   str(event["id"]))


def _monitoring(event: dict[str, Any]) -> tuple[str, list[str]]:
    """A red line crossed (with the verified, masked quote) or a significant drop (with the
    figure and its interval)."""
    monitor = event.get("monitor") or {}
    if event["event"] == "monitoring.red_line":
        title = f"Red line: {event.get('rule')} in {monitor.get('name')}"
        lines = [f"Conversation {event.get('conversation', {}).get('externalId')} "
                 f"(source {event.get('source')}), turn {event.get('turn')}",
                 f"> {event.get('quote')}"]
        return title, lines
    metric = event.get("metric") or {}
    title = f"Drop: {metric.get('name')} of {monitor.get('name')}"
    lines = [f"{_rate(metric.get('value'))} [{_rate(metric.get('low'))}, "
             f"{_rate(metric.get('high'))}] against {_rate(metric.get('previous'))} "
             f"(p = {metric.get('pValue')})"]
    return title, lines


def render(format: str, event: dict[str, Any]) -> dict[str, Any]:
    """The request body for a webhook of `format`."""
    if format == "JSON":
        return event
    message = message_of(event)
    if format == "FEISHU":
        return _feishu(message)
    if format == "DINGTALK":
        return {"msgtype": "markdown", "markdown": {"title": message.title,
                                                    "text": _markdown(message, heading="###")}}
    if format == "WECOM":
        return {"msgtype": "markdown", "markdown": {"content": _wecom(message)}}
    if format == "SLACK":
        return _slack(message)
    raise ValueError(f"unknown webhook format {format!r}; expected one of {FORMATS}")


def accepted(format: str, status: int, body: str) -> str | None:
    """None when the platform accepted the message; else why not.

    Feishu, DingTalk and WeCom answer HTTP 200 even when they refuse a message:
    their JSON code says whether it was posted.
    """
    if status >= 300:
        return f"HTTP {status}"
    if format in ("FEISHU", "DINGTALK", "WECOM"):
        try:
            answer = json.loads(body)
        except json.JSONDecodeError:
            return "the answer is not JSON"
        if not isinstance(answer, dict):
            return "the answer is not a JSON object"
        code = answer.get("code", answer.get("StatusCode")) if format == "FEISHU" \
            else answer.get("errcode")
        if code not in (0, None):
            message = answer.get("msg") or answer.get("errmsg") or ""
            return f"refused with code {code}: {message}".rstrip(": ")
    return None


def _markdown(message: Message, heading: str = "###") -> str:
    # Paragraphs, not single newlines: DingTalk's markdown joins single-newline lines.
    parts = [f"{heading} {message.title}", *message.lines]
    if message.link:
        parts.append(f"[{message.link_label}]({message.link})")
    parts.append(f"id: {message.idempotency_id}")
    return "\n\n".join(parts)


def _wecom(message: Message) -> str:
    text = _markdown(message, heading="###")
    encoded = text.encode("utf-8")
    if len(encoded) <= WECOM_MAX_BYTES:
        return text
    # Keep the link and the id: cut the lines in the middle instead.
    tail = "\n".join(["…", "", f"[{message.link_label}]({message.link})" if message.link else "",
                      "", f"id: {message.idempotency_id}"])
    room = WECOM_MAX_BYTES - len(tail.encode("utf-8"))
    return encoded[:room].decode("utf-8", errors="ignore") + tail


def _feishu(message: Message) -> dict[str, Any]:
    body = "\n".join([*message.lines, "", f"id: {message.idempotency_id}"])
    elements: list[dict[str, Any]] = [{"tag": "div", "text": {"tag": "lark_md",
                                                              "content": body}}]
    if message.link:
        elements.append({"tag": "action", "actions": [{
            "tag": "button", "text": {"tag": "plain_text", "content": message.link_label},
            "url": message.link, "type": "primary"}]})
    return {"msg_type": "interactive", "card": {
        "header": {"title": {"tag": "plain_text", "content": message.title},
                   "template": _FEISHU_COLOURS[message.mood]},
        "elements": elements}}


def _slack(message: Message) -> dict[str, Any]:
    text = "\n".join(message.lines)
    if message.link:
        text += f"\n<{message.link}|{message.link_label}>"
    return {"text": f"{message.title}: {' '.join(message.lines)}",
            "blocks": [
                {"type": "header", "text": {"type": "plain_text", "text": message.title[:150]}},
                {"type": "section", "text": {"type": "mrkdwn", "text": text}},
                {"type": "context", "elements": [
                    {"type": "mrkdwn", "text": f"id: {message.idempotency_id}"}]}]}


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _rate(value: Any) -> str:
    return "-" if value is None else f"{float(value):.1%}"


def _signed(value: Any) -> str:
    return "-" if value is None else f"{float(value) * 100:+.1f} pts"


def _cost(usage: dict[str, Any]) -> str:
    cost = usage.get("estimatedCost")
    tokens = usage.get("promptTokens", 0) + usage.get("completionTokens", 0)
    money = "unknown" if cost is None else f"{cost:.4g} {usage.get('currency') or ''}".rstrip()
    return f"{money} ({usage.get('modelCalls')} model calls, {tokens} tokens)"
