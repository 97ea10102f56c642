"""The Markdown export of an intelligent eval's report: dicts in, a string out.

Inputs use the contract's camelCase field names:
- `eval`: name, status, goal, intent, roleDescription, timeWindowHours, target
  ({"name": ...} or a string), plan (the validated plan or None),
  failureReason, startedAt, completedAt;
- `report`: summary, scores, findings (with verified evidence), highlights,
  priorityRecommendations, submittedAt;
- `sessions`: id, persona, goal, dimension, status, turnCount, verdict.
Timestamps may be datetimes or strings; all are written as ISO-8601 UTC.
Evidence links to `#session-<id>` anchors in the session index at the end.
Evidence that could not be found in the transcript (`verified: false`) is
never rendered as a quote: it reads as the analyst's claim, and the summary
section counts it. The fixed words follow `eval["language"]` (zh or en, report_words.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent import eval_report_appendix as appendix
from agenteval.domain.intelligent import user_deviations as deviations
from agenteval.domain.markdown import format_time
from agenteval.domain.report_words import language_of, words
from agenteval.domain.turn_numbers import turn_number

SEVERITY_ORDER = ("HIGH", "MEDIUM", "LOW")
_SEVERITY_BADGE = {"HIGH": "🔴 HIGH", "MEDIUM": "🟠 MEDIUM", "LOW": "🟢 LOW"}
_ANCHOR_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_FILENAME_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
MAX_FILENAME_CHARS = 100


def safe_filename(name: str) -> str:
    """An ASCII file name stem (letters, digits, - and _) for Content-Disposition; "report" if none.

    The caller adds the extension: f'{safe_filename(name)}.md'.
    """
    stem = _FILENAME_UNSAFE.sub("-", name or "").strip("-_")[:MAX_FILENAME_CHARS].strip("-_")
    return stem or "report"


def session_anchor(session_id: str) -> str:
    return "session-" + _ANCHOR_UNSAFE.sub("-", str(session_id))


def render_eval_report(eval: dict[str, Any], report: dict[str, Any],
                       sessions: list[dict[str, Any]],
                       regression_section: str = "") -> str:
    """The whole report as Markdown, ending with one newline. `regression_section` (which
    findings have regression cases: domain/regression/regression_report.py, rendered by
    the caller, as this module is the intelligent system's and that one reads both) comes
    after the findings when there is one."""
    session_ids = {str(session.get("id")) for session in sessions}
    deviated = deviations.deviated_turns(sessions)
    lang = language_of(eval)
    parts = [
        _header(eval, report, lang),
        _section(words(lang, "Summary"), _summary(report, lang, deviated)),
        _section(words(lang, "Plan"), _plan(eval.get("plan"), lang)),
        *appendix.method_sections(eval), *appendix.plan_history_sections(eval),
        _section(words(lang, "Scores"), _scores(report.get("scores"), lang)),
        _section(words(lang, "Findings ({count})", count=len(report.get("findings") or [])),
                 _findings(report.get("findings") or [], session_ids, lang, deviated)),
        *([regression_section] if regression_section else []),
        _section(words(lang, "Highlights"),
                 _bullets(_highlight(h) for h in report.get("highlights") or [])
                 or words(lang, "_None._")),
        _section(words(lang, "Priority recommendations"),
                 _numbered(report.get("priorityRecommendations") or [])
                 or words(lang, "_None._")),
        _section(words(lang, "Sessions ({count})", count=len(sessions)),
                 "\n\n".join(part for part in (_session_index(sessions, lang),
                                                 deviations.sessions_note(sessions, lang))
                               if part)),
        *appendix.review_sections(eval),
        *appendix.duration_sections(eval, sessions),
        *appendix.session_appendix_sections(sessions, lang),
    ]
    return "\n\n".join(parts).rstrip() + "\n"


# ---------------------------------------------------------------- text helpers

def _inline(text: Any) -> str:
    """User text on one line (headings, list items): newlines would break the structure."""
    return " ".join(str(text).split()) if text is not None else ""


def _cell(text: Any) -> str:
    """User text inside a table cell: one line, pipes escaped."""
    return _inline(text).replace("|", "\\|") or "—"


def _block(text: Any) -> str:
    return str(text).strip() if text is not None else ""


def _quote(label: str, text: Any, indent: str) -> list[str]:
    lines = _block(text).splitlines() or [""]
    first, rest = lines[0], lines[1:]
    return [f"{indent}> **{label}:** {first}".rstrip()] + [f"{indent}> {line}".rstrip()
                                                           for line in rest]


def _section(title: str, body: str) -> str:
    return f"## {title}\n\n{body}"


def _bullets(items: Iterable[str]) -> str:
    return "\n".join(f"- {item}" for item in items)


def _numbered(items: Iterable[Any]) -> str:
    return "\n".join(f"{number}. {_inline(item)}" for number, item in enumerate(items, 1))


def _table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _severity(value: Any) -> str:
    return str(getattr(value, "value", value) or "").upper()


# ---------------------------------------------------------------- sections

def _header(eval: dict[str, Any], report: dict[str, Any], lang: Language) -> str:
    target = eval.get("target")
    target_name = target.get("name") if isinstance(target, dict) else target
    hours = eval.get("timeWindowHours")
    rows = [
        ["Target", _cell(target_name)],
        ["Status", _cell(eval.get("status"))],
        ["Goal", _cell(eval.get("goal"))],
        ["Intent", _cell(eval.get("intent"))],
        ["Role description", _cell(eval.get("roleDescription"))],
        ["Time window", _cell(words(lang, "{hours} h", hours=hours)
                              if hours is not None else None)],
        ["Started", _time(eval.get("startedAt"))],
        ["Completed", _time(eval.get("completedAt"))],
        ["Report submitted", _time(report.get("submittedAt"))],
    ]
    if eval.get("failureReason"):
        rows.append(["Failure reason", _cell(eval["failureReason"])])
    rows = [[words(lang, label), cell] for label, cell in rows]
    title = words(lang, "# Intelligent evaluation report: {name}",
                  name=_inline(eval.get("name")) or words(lang, "untitled"))
    return title + "\n\n" + _table([words(lang, "Field"), words(lang, "Value")], rows)


def _time(value: Any) -> str:
    return _cell(format_time(value)) if value else "—"


def _summary(report: dict[str, Any], lang: Language,
             deviated: deviations.DeviatedTurns | None = None) -> str:
    """The analyst's summary, then how much of the evidence the transcript confirms."""
    text = _block(report.get("summary")) or words(lang, "_No summary._")
    evidence = [item for finding in report.get("findings") or []
                for item in finding.get("evidence") or []]
    if not evidence:
        return text
    unverified = sum(1 for item in evidence if not item.get("verified"))
    if unverified == 0:
        check = words(lang, "All {count} evidence quotes were found in the transcript.",
                      count=len(evidence))
    else:
        check = words(lang, "**{unverified} of {count} evidence quotes could not be found in "
                            "the transcript**; they are shown below as claims, not as quotes.",
                      unverified=unverified, count=len(evidence))
    on_deviation = deviations.summary_note(evidence, deviated or {}, lang)
    return f"{text}\n\n{check}" + (f"\n\n{on_deviation}" if on_deviation else "")


def _plan(plan: dict[str, Any] | None, lang: Language) -> str:
    if not plan:
        return words(lang, "_No plan._")
    budget = plan.get("budget") or {}
    dimensions = words(lang, ", ").join(_inline(d) for d in plan.get("dimensions") or [])
    lines = [_bullets([
        words(lang, "Dimensions: {dimensions}", dimensions=dimensions or "—"),
        words(lang, "Virtual users: {count}", count=len(plan.get("virtualUsers") or [])),
        words(lang, "Estimated sessions: {count}", count=plan.get("estimatedSessions", "—")),
        words(lang, "Budget: {per_session} turns per session, {total} turns in total",
              per_session=budget.get("maxTurnsPerSession", "—"),
              total=budget.get("totalMaxTurns", "—")),
        words(lang, "Completion criteria: {criteria}",
              criteria=_inline(plan.get("completionCriteria")) or "—"),
    ])]
    slots = plan.get("timeDistribution") or []
    if slots:
        rows = [[_cell(slot.get("timeSlot")), _cell(slot.get("sessions")),
                 _cell(slot.get("scenario"))] for slot in slots]
        headers = [words(lang, header) for header in ("Time slot", "Sessions", "Scenario")]
        lines.append(words(lang, "Time distribution:") + "\n\n" + _table(headers, rows))
    return "\n\n".join(lines)


def _scores(scores: list[dict[str, Any]] | None, lang: Language) -> str:
    if not scores:
        return words(lang, "_No dimension scores._")
    rows = [[_cell(score.get("dimension")), f"{float(score.get('score') or 0):g}"]
            for score in scores]
    return _table([words(lang, "Dimension"), words(lang, "Score (0–10)")], rows)


def sort_findings(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """HIGH first, then MEDIUM, then LOW (anything else last); stable within a severity."""
    def rank(finding: dict[str, Any]) -> int:
        severity = _severity(finding.get("severity"))
        return SEVERITY_ORDER.index(severity) if severity in SEVERITY_ORDER else len(SEVERITY_ORDER)
    return sorted(findings, key=rank)


def _findings(findings: list[dict[str, Any]], session_ids: set[str], lang: Language,
              deviated: deviations.DeviatedTurns | None = None) -> str:
    if not findings:
        return words(lang, "_No findings._")
    blocks = []
    # Listed by severity, numbered by their place in the report (#1 = its first finding),
    # as the report page, the review history and the regression cases number them.
    numbers = {id(finding): position for position, finding in enumerate(findings, 1)}
    for finding in sort_findings(findings):
        number = numbers[id(finding)]
        severity = _severity(finding.get("severity"))
        badge = words(lang, _SEVERITY_BADGE[severity]) if severity in _SEVERITY_BADGE \
            else severity
        lines = [f"### {number}. [{badge}] {_inline(finding.get('issue'))}", ""]
        if finding.get("dimension"):
            lines.append(words(lang, "- **Dimension:** {dimension}",
                               dimension=_inline(finding["dimension"])))
        lines.append(words(lang, "- **Suggestion:** {suggestion}",
                           suggestion=_inline(finding.get("suggestion")) or "—"))
        if finding.get("relatedSop"):
            lines.append(words(lang, "- **Related SOP:** {sop}",
                               sop=_inline(finding["relatedSop"])))
        evidence = finding.get("evidence") or []
        lines.append(words(lang, "- **Evidence ({count}):**", count=len(evidence)) if evidence
                     else words(lang, "- **Evidence:** none"))
        for item in evidence:
            lines += _evidence(item, session_ids, lang)
            lines += deviations.evidence_note(item, deviated or {}, lang)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _evidence(evidence: dict[str, Any], session_ids: set[str], lang: Language) -> list[str]:
    session_id = str(evidence.get("sessionId"))
    verified = bool(evidence.get("verified"))
    marker = words(lang, "✓ verified" if verified else "✗ claimed, not found in the transcript")
    if session_id in session_ids:
        where = words(lang, "[session `{short}`](#{anchor})", short=session_id[:8],
                      anchor=session_anchor(session_id))
    else:
        where = words(lang, "session `{session}` (not in this eval)",
                      session=_inline(session_id))
    turn = words(lang, "turn {turn}", turn=turn_number(evidence.get("turnIndex")))
    lines = ["", f"  - {marker} · {where} · {turn}", ""]
    if not verified:
        return lines + _claim(evidence, lang)
    if evidence.get("userSaid") is not None:
        lines += _quote(words(lang, "User said"), evidence["userSaid"], "    ")
    if evidence.get("userSaid") is not None and evidence.get("assistantReplied") is not None:
        lines.append("    >")
    if evidence.get("assistantReplied") is not None:
        lines += _quote(words(lang, "Assistant replied"), evidence["assistantReplied"], "    ")
    return lines


def _claim(evidence: dict[str, Any], lang: Language) -> list[str]:
    """What unverified evidence says, as the analyst's claim: no blockquote, one line each."""
    lines = []
    for key, who in (("userSaid", "the user said"), ("assistantReplied", "the assistant replied")):
        if evidence.get(key) is not None:
            lines.append(words(lang, "    - The analyst claims {who}: “{text}” — not found in "
                                     "the transcript.",
                               who=words(lang, who), text=_inline(evidence[key])))
    return lines


def _highlight(highlight: dict[str, Any]) -> str:
    text = _inline(highlight.get("description"))
    if highlight.get("dimension"):
        text += f" _({_inline(highlight['dimension'])})_"
    return text


def _session_index(sessions: list[dict[str, Any]], lang: Language) -> str:
    if not sessions:
        return words(lang, "_No sessions._")
    rows = []
    for number, session in enumerate(sessions, 1):
        session_id = str(session.get("id"))
        persona = session.get("persona")
        persona_name = persona.get("name") if isinstance(persona, dict) else None
        verdict = session.get("verdict") or {}
        achieved = verdict.get("goalAchieved")
        achievement = verdict.get("achievement")
        rows.append([
            str(number),
            f'<a id="{session_anchor(session_id)}"></a>`{_cell(session_id)}`',
            _cell(persona_name),
            _cell(session.get("goal")),
            _cell(session.get("dimension")),
            _cell(session.get("status")),
            _cell(session.get("turnCount")),
            words(lang, "yes") if achieved is True else words(lang, "no") if achieved is False
            else "—",
            f"{float(achievement):.0%}" if achievement is not None else "—",
        ])
    headers = ["#", *(words(lang, header) for header in (
        "Session", "Persona", "Goal", "Dimension", "Status", "Turns", "Goal achieved",
        "Achievement"))]
    return _table(headers, rows)
