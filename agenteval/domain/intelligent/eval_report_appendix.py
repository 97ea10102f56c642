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
reply cannot make the file unreadable, and the cut is never silent. The fixed words
follow `eval["language"]` (report_words.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent.provenance_text import describe_provenance
from agenteval.domain.report_words import language_of, words
from agenteval.domain.turn_numbers import turn_number

MESSAGE_CHARS = 2000
_ANCHOR_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_ROLE_NAMES = {"planner": "Planner", "evaluator": "Evaluator", "analyst": "Analyst"}


def transcript_anchor(session_id: str) -> str:
    return "transcript-" + _ANCHOR_UNSAFE.sub("-", str(session_id))


def turn_anchor(session_id: str, turn_index: Any) -> str:
    return f"{transcript_anchor(session_id)}-turn-{turn_number(turn_index)}"


def capped(text: Any, limit: int = MESSAGE_CHARS, lang: Language = "en") -> str:
    """The text, cut at `limit` characters with a marker saying how long it was."""
    value = "" if text is None else str(text)
    if len(value) <= limit:
        return value
    return value[:limit] + words(lang, " … [cut at {limit} of {length} characters]",
                                 limit=limit, length=len(value))


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
    lang = language_of(eval)
    lines = [words(lang, "## Human review"), "",
             words(lang, "Findings: {confirmed} confirmed, {rejected} rejected. Session "
                         "verdicts (goal achieved, evaluator against reviewer): {agreement}.",
                   confirmed=review.get("findingsConfirmed", 0),
                   rejected=review.get("findingsRejected", 0),
                   agreement=review.get("verdictAgreement")), ""]
    for item in review.get("findings") or []:
        issue = _inline(item.get("issue"))
        shown = f"~~{issue}~~" if item.get("decision") == "REJECTED" else issue
        lines.append(words(lang, "- Finding {index}: {issue} — **{decision}** by {reviewer}",
                           index=item.get("index"), issue=shown, decision=item.get("decision"),
                           reviewer=_inline(item.get("reviewer"))) + _note(item.get("note"), lang))
    for item in review.get("sessions") or []:
        lines.append(words(lang, "- Session [{id}](#{anchor}): evaluator said {machine}, "
                                 "reviewer says {human} ({reviewer})",
                           id=item.get("id"), anchor=transcript_anchor(str(item.get("id"))),
                           machine=item.get("machine"), human=item.get("human"),
                           reviewer=_inline(item.get("reviewer"))) + _note(item.get("note"), lang))
    return ["\n".join(lines)]


def _note(note: Any, lang: Language) -> str:
    return f"{'：' if lang == 'zh' else ': '}{_inline(note)}" if note else ""


# ---------------------------------------------------------------- Method

def method_sections(eval: dict[str, Any]) -> list[str]:
    """`## Method`, when the server said how the report was produced."""
    method = eval.get("method")
    if not method:
        return []
    lang = language_of(eval)
    colon = "：" if lang == "zh" else ":"
    lines = []
    for role in method.get("roles") or []:
        name = _ROLE_NAMES.get(role.get("role"))
        lines.append(f"- **{words(lang, name) if name else role.get('role')}{colon}** "
                     f"{describe_driver(role, lang)}")
    if not lines:
        lines.append(words(lang, "- No agent was woken for this eval (its driver is `none`, "
                                 "or the agent worked through the API without a wake-up)."))
    models = method.get("models") or []
    model_lines = [words(lang, "- {role}: `{model}` at {url}", role=m.get("role"),
                         model=_inline(m.get("model")),
                         url=_inline(m.get("baseUrl")) or words(lang, "the default OpenAI "
                                                                      "endpoint"))
                   for m in models]
    parts = [words(lang, "## Method"), words(lang, "Who did each step:"), "\n".join(lines),
             words(lang, "Configured models (API keys are never shown):"),
             "\n".join(model_lines) or words(lang, "- none")]
    checks = method.get("scriptedChecks") or []
    if checks:
        parts += [words(lang, "The scripted evaluator reads each transcript with keyword "
                              "detectors; it looks for:"),
                  "\n".join(f"- {_inline(check)}" for check in checks),
                  words(lang, "A keyword detector can miss a flaw phrased in words it does not "
                              "know, and it cannot judge tone; the transcripts below let a "
                              "reader check.")]
    return ["\n\n".join(parts)]


def describe_driver(role: dict[str, Any], lang: Language = "en") -> str:
    """One role's driver in words: built-in scripted, built-in with model X, or OpenClaw."""
    driver = role.get("driver")
    if role.get("provenance") and driver in ("builtin", "api"):
        parts = [words(lang, "{label} by {who}", label=words(lang, label),
                       who=describe_provenance(trail, lang))
                 for label, trail in role["provenance"].items() if trail]
        who = "the built-in driver" if driver == "builtin" else "an agent through the API"
        return words(lang, "{who}; {parts}", who=words(lang, who),
                     parts=words(lang, "; ").join(parts))
    if driver == "builtin":
        if role.get("mode") == "model" and role.get("model"):
            return words(lang, "the built-in driver with model `{model}`",
                         model=_inline(role["model"]))
        return words(lang, "the built-in scripted driver (no model)")
    if driver == "openclaw":
        agent = role.get("agentId")
        return "OpenClaw" + (words(lang, ", agent `{agent}`", agent=_inline(agent))
                             if agent else "")
    return words(lang, "driver `{driver}`", driver=_inline(driver))


# ---------------------------------------------------------------- plan history, durations

def plan_history_sections(eval: dict[str, Any]) -> list[str]:
    revisions = eval.get("planRevisions") or []
    if not revisions:
        return []
    lang = language_of(eval)
    rows = []
    for position, revision in enumerate(revisions):
        if revision.get("rejectedAt") or revision.get("feedback"):
            outcome = words(lang, "rejected {when} with the feedback “{feedback}”",
                            when=_inline(revision.get("rejectedAt")),
                            feedback=_inline(capped(revision.get("feedback"), 500, lang)))
        else:
            outcome = words(lang, "the plan carried out" if position == len(revisions) - 1
                            else "replaced")
        rows.append(words(lang, "- Revision {revision} submitted {when} — {outcome}",
                          revision=revision.get("revision"),
                          when=_inline(revision.get("submittedAt")), outcome=outcome))
    return [words(lang, "## Plan revisions") + "\n\n" + "\n".join(rows)]


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


def format_duration(seconds: float | None, lang: Language = "en") -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return words(lang, "{seconds} s", seconds=f"{seconds:.1f}")
    minutes, rest = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return words(lang, "{hours} h {minutes} min", hours=hours, minutes=minutes)
    return words(lang, "{minutes} min {seconds} s", minutes=minutes, seconds=rest)


def duration_sections(eval: dict[str, Any], sessions: Sequence[dict[str, Any]]) -> list[str]:
    """How long the eval and each session took (from stored timestamps)."""
    if not any(s.get("createdAt") for s in sessions):
        return []  # the server gives session timestamps; a report without them has no section
    lang = language_of(eval)
    took = format_duration(_seconds(eval.get("startedAt"), eval.get("completedAt")), lang)
    lines = [words(lang, "- Execution (approval → completion): {took}", took=took)]
    lasted = [_seconds(s.get("createdAt"), s.get("closedAt")) for s in sessions]
    known = [value for value in lasted if value is not None]
    if known:
        lines.append(words(lang, "- Sessions: {count} closed, shortest {shortest}, longest "
                                 "{longest}", count=len(known),
                           shortest=format_duration(min(known), lang),
                           longest=format_duration(max(known), lang)))
    return [words(lang, "## Durations") + "\n\n" + "\n".join(lines)]


# ---------------------------------------------------------------- transcripts

def session_appendix_sections(sessions: Sequence[dict[str, Any]], lang: Language = "en"
                              ) -> list[str]:
    """`## Appendix: sessions`: every transcript and verdict (when transcripts were given)."""
    if not any("messages" in session for session in sessions):
        return []
    blocks = [_session_block(number, session, lang)
              for number, session in enumerate(sessions, 1)]
    return [words(lang, "## Appendix: sessions") + "\n\n"
            + words(lang, "Every conversation as the target answered it, and the verdict that "
                          "closed it. Messages longer than {chars} characters are cut with a "
                          "marker.", chars=MESSAGE_CHARS) + "\n\n" + "\n\n".join(blocks)]


def _session_block(number: int, session: dict[str, Any], lang: Language) -> str:
    session_id = str(session.get("id"))
    persona = session.get("persona")
    name = persona.get("name") if isinstance(persona, dict) else None
    heading = (f'### <a id="{transcript_anchor(session_id)}"></a>'
               + words(lang, "Session {number}: {name} · {dimension}", number=number,
                       name=_inline(name) or words(lang, "unnamed"),
                       dimension=_inline(session.get("dimension")) or "—"))
    took = format_duration(_seconds(session.get("createdAt"), session.get("closedAt")), lang)
    lines = [heading, "",
             words(lang, "`{id}` · goal: {goal} · status {status} · {turns} turn(s) · {took}",
                   id=session_id, goal=_inline(session.get("goal")),
                   status=_inline(session.get("status")), turns=session.get("turnCount", 0),
                   took=took),
             ""]
    lines += _transcript(session_id, session.get("messages") or [], lang)
    lines += ["", *_verdict(session_id, session.get("verdict"), lang)]
    return "\n".join(lines)


def _transcript(session_id: str, messages: Sequence[dict[str, Any]], lang: Language
                ) -> list[str]:
    if not messages:
        return [words(lang, "_No messages._")]
    turns: dict[int, list[dict[str, Any]]] = {}
    for message in messages:
        turns.setdefault(int(message.get("turnIndex") or 0), []).append(message)
    lines: list[str] = []
    for turn_index in sorted(turns):
        reply = next((m for m in turns[turn_index] if m.get("role") == "ASSISTANT"), None)
        latency = reply.get("latencyMs") if reply else None
        lines += [f'<a id="{turn_anchor(session_id, turn_index)}"></a>'
                  + words(lang, "**Turn {turn}**", turn=turn_number(turn_index))
                  + (f" · {latency} ms" if latency is not None else ""), ""]
        for message in turns[turn_index]:
            if message.get("role") == "USER":
                label, text = "User", message.get("content")
            elif message.get("error"):
                label, text = "Target error", message.get("error")
            else:
                label, text = "Assistant", message.get("content")
            lines += _quote(words(lang, label), capped(text, MESSAGE_CHARS, lang))
            lines.append(">")
        lines[-1] = ""
    return lines[:-1]


def _verdict(session_id: str, verdict: dict[str, Any] | None, lang: Language) -> list[str]:
    if not verdict:
        return [words(lang, "**Verdict:** none (the session ended without one).")]
    achieved = verdict.get("goalAchieved")
    achievement = verdict.get("achievement")
    lines = [words(lang, "**Verdict:** goal achieved: {achieved} · achievement {achievement}",
                   achieved=words(lang, "yes" if achieved else "no"),
                   achievement=f"{float(achievement):.0%}" if achievement is not None else "—")]
    for issue in verdict.get("issues") or []:
        turn = issue.get("turnIndex")
        where = (f"[{words(lang, 'turn {turn}', turn=turn_number(turn))}]"
                 f"(#{turn_anchor(session_id, turn)})" if turn is not None
                 else words(lang, "whole session"))
        lines.append(words(lang, "- Issue ({severity}, {where}): {description}",
                           severity=words(lang, _inline(issue.get("severity"))), where=where,
                           description=_inline(capped(issue.get("description"),
                                                      MESSAGE_CHARS, lang))))
    for suggestion in verdict.get("suggestions") or []:
        lines.append(words(lang, "- Suggestion: {suggestion}",
                           suggestion=_inline(capped(suggestion, MESSAGE_CHARS, lang))))
    if verdict.get("notes"):
        lines.append(words(lang, "- Notes: {notes}",
                           notes=_inline(capped(verdict["notes"], MESSAGE_CHARS, lang))))
    return lines
