"""The parts of an intelligent-eval report that let it be read offline: how it was made
(*Method*), the plan's history, the durations, and every transcript with its verdict.

Pure functions over the same camelCase dicts as eval_report_markdown, plus:
- `eval["method"]`: {"roles": [{"role", "driver", "mode", "model", "agentId"}],
  "models": [{"role", "model", "baseUrl"}], "scriptedChecks": [str]} (None: no section);
- `eval["planRevisions"]`: [{"revision", "submittedAt", "feedback", "rejectedAt"}];
- each session's "messages" ([{"turnIndex", "role", "content", "latencyMs", "error"}]),
  "createdAt" and "closedAt";
- `eval["review"]` (None or absent: no section): {"findings": [{"index", "issue",
  "decision", "reviewer", "note"}], "sessions": [{"id", "machine", "human",
  "reviewer", "note"}], "findingsConfirmed", "findingsRejected", "verdictAgreement"
  (a sentence)}, the latest review of each item.
Each message is capped at MESSAGE_CHARS with a visible marker, so one runaway
reply cannot make the file unreadable, and the cut is never silent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from agenteval.domain.provenance_text import describe_provenance

MESSAGE_CHARS = 2000
_ANCHOR_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_ROLE_NAMES = {"planner": "Planner", "evaluator": "Evaluator", "analyst": "Analyst"}


def transcript_anchor(session_id: str) -> str:
    return "transcript-" + _ANCHOR_UNSAFE.sub("-", str(session_id))


def turn_anchor(session_id: str, turn_index: Any) -> str:
    return f"{transcript_anchor(session_id)}-turn-{turn_index}"


def capped(text: Any, limit: int = MESSAGE_CHARS) -> str:
    """The text, cut at `limit` characters with a marker saying how long it was."""
    value = "" if text is None else str(text)
    if len(value) <= limit:
        return value
    return value[:limit] + f" … [cut at {limit} of {len(value)} characters]"


def _inline(text: Any) -> str:
    return " ".join(str(text).split()) if text is not None else ""


def _quote(label: str, text: str) -> list[str]:
    lines = text.splitlines() or [""]
    return [f"> **{label}:** {lines[0]}".rstrip()] + [f"> {line}".rstrip() for line in lines[1:]]


# ---------------------------------------------------------------- Human review

def review_sections(eval: dict[str, Any]) -> list[str]:
    """`## Human review`: findings confirmed or rejected (struck through), session verdicts."""
    review = eval.get("review")
    if not review or not (review.get("findings") or review.get("sessions")):
        return []
    lines = ["## Human review", "",
             f"Findings: {review.get('findingsConfirmed', 0)} confirmed, "
             f"{review.get('findingsRejected', 0)} rejected. Session verdicts (goal achieved, "
             f"evaluator against reviewer): {review.get('verdictAgreement')}.", ""]
    for item in review.get("findings") or []:
        issue = _inline(item.get("issue"))
        shown = f"~~{issue}~~" if item.get("decision") == "REJECTED" else issue
        lines.append(f"- Finding {item.get('index')}: {shown} — **{item.get('decision')}** "
                     f"by {_inline(item.get('reviewer'))}" + _note(item.get("note")))
    for item in review.get("sessions") or []:
        lines.append(f"- Session [{item.get('id')}](#{transcript_anchor(str(item.get('id')))}):"
                     f" evaluator said {item.get('machine')}, reviewer says {item.get('human')}"
                     f" ({_inline(item.get('reviewer'))})" + _note(item.get("note")))
    return ["\n".join(lines)]


def _note(note: Any) -> str:
    return f": {_inline(note)}" if note else ""


# ---------------------------------------------------------------- Method

def method_sections(eval: dict[str, Any]) -> list[str]:
    """`## Method`, when the server said how the report was produced."""
    method = eval.get("method")
    if not method:
        return []
    lines = []
    for role in method.get("roles") or []:
        lines.append(f"- **{_ROLE_NAMES.get(role.get('role'), role.get('role'))}:** "
                     f"{describe_driver(role)}")
    if not lines:
        lines.append("- No agent was woken for this eval (its driver is `none`, or the "
                     "agent worked through the API without a wake-up).")
    models = method.get("models") or []
    model_lines = [f"- {m.get('role')}: `{_inline(m.get('model'))}` at "
                   f"{_inline(m.get('baseUrl')) or 'the default OpenAI endpoint'}"
                   for m in models]
    parts = ["## Method", "Who did each step:", "\n".join(lines),
             "Configured models (API keys are never shown):",
             "\n".join(model_lines) or "- none"]
    checks = method.get("scriptedChecks") or []
    if checks:
        parts += ["The scripted evaluator reads each transcript with keyword detectors; "
                  "it looks for:", "\n".join(f"- {_inline(check)}" for check in checks),
                  "A keyword detector can miss a flaw phrased in words it does not know, and "
                  "it cannot judge tone; the transcripts below let a reader check."]
    return ["\n\n".join(parts)]


def describe_driver(role: dict[str, Any]) -> str:
    """One role's driver in words: built-in scripted, built-in with model X, or OpenClaw."""
    driver = role.get("driver")
    if role.get("provenance") and driver in ("builtin", "api"):
        parts = [f"{label} by {describe_provenance(trail)}"
                 for label, trail in role["provenance"].items() if trail]
        who = "the built-in driver" if driver == "builtin" else "an agent through the API"
        return f"{who}; " + "; ".join(parts)
    if driver == "builtin":
        if role.get("mode") == "model" and role.get("model"):
            return f"the built-in driver with model `{_inline(role['model'])}`"
        return "the built-in scripted driver (no model)"
    if driver == "openclaw":
        agent = role.get("agentId")
        return "OpenClaw" + (f", agent `{_inline(agent)}`" if agent else "")
    return f"driver `{_inline(driver)}`"


# ---------------------------------------------------------------- plan history, durations

def plan_history_sections(eval: dict[str, Any]) -> list[str]:
    revisions = eval.get("planRevisions") or []
    if not revisions:
        return []
    rows = []
    for position, revision in enumerate(revisions):
        if revision.get("rejectedAt") or revision.get("feedback"):
            outcome = (f"rejected {_inline(revision.get('rejectedAt'))} with the feedback "
                       f"“{_inline(capped(revision.get('feedback'), 500))}”")
        else:
            outcome = "the plan carried out" if position == len(revisions) - 1 else "replaced"
        rows.append(f"- Revision {revision.get('revision')} submitted "
                    f"{_inline(revision.get('submittedAt'))} — {outcome}")
    return ["## Plan revisions\n\n" + "\n".join(rows)]


def _seconds(start: Any, end: Any) -> float | None:
    def parse(value: Any) -> datetime | None:
        if isinstance(value, datetime):
            return value
        if isinstance(value, str) and value:
            try:
                return datetime.fromisoformat(value.replace("Z", "+00:00"))
            except ValueError:
                return None
        return None

    first, last = parse(start), parse(end)
    if first is None or last is None:
        return None
    return (last - first).total_seconds()


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min {rest} s"


def duration_sections(eval: dict[str, Any], sessions: Sequence[dict[str, Any]]) -> list[str]:
    """How long the eval and each session took (from stored timestamps)."""
    if not any(s.get("createdAt") for s in sessions):
        return []  # the server gives session timestamps; a report without them has no section
    lines = [f"- Execution (approval → completion): "
             f"{format_duration(_seconds(eval.get('startedAt'), eval.get('completedAt')))}"]
    lasted = [_seconds(s.get("createdAt"), s.get("closedAt")) for s in sessions]
    known = [value for value in lasted if value is not None]
    if known:
        lines.append(f"- Sessions: {len(known)} closed, shortest {format_duration(min(known))}, "
                     f"longest {format_duration(max(known))}")
    return ["## Durations\n\n" + "\n".join(lines)]


# ---------------------------------------------------------------- transcripts

def session_appendix_sections(sessions: Sequence[dict[str, Any]]) -> list[str]:
    """`## Appendix: sessions`: every transcript and verdict (when transcripts were given)."""
    if not any("messages" in session for session in sessions):
        return []
    blocks = [_session_block(number, session) for number, session in enumerate(sessions, 1)]
    return ["## Appendix: sessions\n\nEvery conversation as the target answered it, and the "
            f"verdict that closed it. Messages longer than {MESSAGE_CHARS} characters are cut "
            "with a marker.\n\n" + "\n\n".join(blocks)]


def _session_block(number: int, session: dict[str, Any]) -> str:
    session_id = str(session.get("id"))
    persona = session.get("persona")
    name = persona.get("name") if isinstance(persona, dict) else None
    heading = (f'### <a id="{transcript_anchor(session_id)}"></a>Session {number}: '
               f"{_inline(name) or 'unnamed'} · {_inline(session.get('dimension')) or '—'}")
    took = format_duration(_seconds(session.get("createdAt"), session.get("closedAt")))
    lines = [heading, "",
             f"`{session_id}` · goal: {_inline(session.get('goal'))} · status "
             f"{_inline(session.get('status'))} · {session.get('turnCount', 0)} turn(s) · {took}",
             ""]
    lines += _transcript(session_id, session.get("messages") or [])
    lines += ["", *_verdict(session_id, session.get("verdict"))]
    return "\n".join(lines)


def _transcript(session_id: str, messages: Sequence[dict[str, Any]]) -> list[str]:
    if not messages:
        return ["_No messages._"]
    turns: dict[int, list[dict[str, Any]]] = {}
    for message in messages:
        turns.setdefault(int(message.get("turnIndex") or 0), []).append(message)
    lines: list[str] = []
    for turn_index in sorted(turns):
        reply = next((m for m in turns[turn_index] if m.get("role") == "ASSISTANT"), None)
        latency = reply.get("latencyMs") if reply else None
        lines += [f'<a id="{turn_anchor(session_id, turn_index)}"></a>**Turn {turn_index}**'
                  + (f" · {latency} ms" if latency is not None else ""), ""]
        for message in turns[turn_index]:
            if message.get("role") == "USER":
                lines += _quote("User", capped(message.get("content")))
            elif message.get("error"):
                lines += _quote("Target error", capped(message.get("error")))
            else:
                lines += _quote("Assistant", capped(message.get("content")))
            lines.append(">")
        lines[-1] = ""
    return lines[:-1]


def _verdict(session_id: str, verdict: dict[str, Any] | None) -> list[str]:
    if not verdict:
        return ["**Verdict:** none (the session ended without one)."]
    achieved = verdict.get("goalAchieved")
    achievement = verdict.get("achievement")
    lines = [f"**Verdict:** goal achieved: {'yes' if achieved else 'no'} · achievement "
             + (f"{float(achievement):.0%}" if achievement is not None else "—")]
    for issue in verdict.get("issues") or []:
        turn = issue.get("turnIndex")
        where = (f"[turn {turn}](#{turn_anchor(session_id, turn)})" if turn is not None
                 else "whole session")
        lines.append(f"- Issue ({_inline(issue.get('severity'))}, {where}): "
                     f"{_inline(capped(issue.get('description')))}")
    for suggestion in verdict.get("suggestions") or []:
        lines.append(f"- Suggestion: {_inline(capped(suggestion))}")
    if verdict.get("notes"):
        lines.append(f"- Notes: {_inline(capped(verdict['notes']))}")
    return lines
