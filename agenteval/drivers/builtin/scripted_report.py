"""The scripted analyst: every session's verdict and transcript → a ReportInput (pure).

Verdict issues are grouped into one finding per (dimension, issue kind) —
the kind is the title an issue description starts with — whose severity is
the worst of its issues. Evidence cites each issue's session and turn with
the transcript's exact texts, so the server can verify every quote.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.drivers.builtin.detectors import KINDS, title_of
from agenteval.drivers.builtin.detectors import turns_from_messages as _turns

SEVERITY_RANK = {"HIGH": 0, "MEDIUM": 1, "LOW": 2}
MAX_EVIDENCE = 50  # the server's limit per finding
MAX_RECOMMENDATIONS = 5
GENERIC_SUGGESTION = "Review the cited turns and adjust the prompt or SOP for this situation."
_SUGGESTIONS = {kind.title: kind.suggestion for kind in KINDS.values()}


def build_report(plan: dict[str, Any] | None, sessions: Sequence[dict[str, Any]]
                 ) -> dict[str, Any]:
    judged = [session for session in sessions if session.get("verdict")]
    dimensions = _dimensions(plan, judged)
    findings = _findings(judged, dimensions)
    return {
        "summary": _summary(plan, sessions, judged, dimensions, findings),
        "scores": _scores(judged, dimensions),
        "findings": findings,
        "highlights": _highlights(judged, dimensions, findings),
        "priorityRecommendations": _recommendations(findings),
    }


def _dimension(session: dict[str, Any]) -> str:
    return session.get("dimension") or "general"


def _dimensions(plan: dict[str, Any] | None, judged: Sequence[dict[str, Any]]) -> list[str]:
    seen = [_dimension(session) for session in judged]
    ordered = [d for d in (plan or {}).get("dimensions") or [] if d in seen]
    return list(dict.fromkeys(ordered + seen))


def _findings(judged: Sequence[dict[str, Any]], dimensions: list[str]) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for session in judged:
        turns = {turn.index: turn for turn in _turns(session.get("messages") or [])}
        for issue in session["verdict"].get("issues") or []:
            key = (_dimension(session), title_of(issue["description"]))
            group = groups.setdefault(key, {"severity": issue["severity"], "sessions": set(),
                                            "evidence": [], "cited": set(),
                                            "suggestions": session["verdict"].get("suggestions")})
            if SEVERITY_RANK.get(issue["severity"], 1) < SEVERITY_RANK.get(group["severity"], 1):
                group["severity"] = issue["severity"]
            group["sessions"].add(session["id"])
            turn = turns.get(issue.get("turnIndex")) if issue.get("turnIndex") is not None \
                else None
            if turn is not None and (session["id"], turn.index) not in group["cited"]:
                group["cited"].add((session["id"], turn.index))
                evidence = {"sessionId": session["id"], "turnIndex": turn.index,
                            "userSaid": turn.user}
                if turn.reply:
                    evidence["assistantReplied"] = turn.reply
                group["evidence"].append(evidence)
    totals = {d: sum(1 for s in judged if _dimension(s) == d) for d in dimensions}
    findings = []
    for (dimension, title), group in groups.items():
        count = len(group["sessions"])
        findings.append({
            "issue": f"{title} ({count} of {totals[dimension]} sessions)",
            "severity": group["severity"],
            "dimension": dimension,
            "evidence": group["evidence"][:MAX_EVIDENCE],
            "suggestion": _SUGGESTIONS.get(title) or next(iter(group["suggestions"] or []),
                                                           GENERIC_SUGGESTION),
            "relatedSop": None,
        })
    findings.sort(key=lambda f: (SEVERITY_RANK.get(f["severity"], 1), -len(f["evidence"]),
                                 dimensions.index(f["dimension"])))
    return findings


def _scores(judged: Sequence[dict[str, Any]], dimensions: list[str]) -> list[dict[str, Any]]:
    scores = []
    for dimension in dimensions:
        values = [float(s["verdict"]["achievement"]) for s in judged if _dimension(s) == dimension]
        scores.append({"dimension": dimension,
                       "score": round(10 * sum(values) / len(values), 1)})
    return scores


def _highlights(judged: Sequence[dict[str, Any]], dimensions: list[str],
                findings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    highlights = []
    for dimension in dimensions:
        sessions = [s for s in judged if _dimension(s) == dimension]
        reached = sum(1 for s in sessions if s["verdict"]["goalAchieved"])
        if not any(f["dimension"] == dimension for f in findings):
            highlights.append({"description": f"No problems found in {len(sessions)} "
                                              f"session(s) of {dimension}.",
                               "dimension": dimension})
        elif reached == len(sessions):
            highlights.append({"description": f"The goal was reached in all {reached} "
                                              f"session(s) of {dimension}.",
                               "dimension": dimension})
    return highlights


def _recommendations(findings: Sequence[dict[str, Any]]) -> list[str]:
    recommendations = []
    for finding in findings[:MAX_RECOMMENDATIONS]:
        recommendations.append(f"{finding['dimension']}: {finding['suggestion']} "
                               f"({finding['severity']}, {finding['issue']})")
    return recommendations


def _summary(plan: dict[str, Any] | None, sessions: Sequence[dict[str, Any]],
             judged: Sequence[dict[str, Any]], dimensions: list[str],
             findings: Sequence[dict[str, Any]]) -> str:
    planned = (plan or {}).get("estimatedSessions") or len(sessions)
    reached = sum(1 for s in judged if s["verdict"]["goalAchieved"])
    by_severity = {level: sum(1 for f in findings if f["severity"] == level)
                   for level in SEVERITY_RANK}
    text = (f"{len(judged)} of {planned} planned sessions were evaluated across "
            f"{len(dimensions)} dimension(s); the virtual user's goal was reached in "
            f"{reached} of {len(judged)}. {len(findings)} finding(s): "
            f"{by_severity['HIGH']} high, {by_severity['MEDIUM']} medium, "
            f"{by_severity['LOW']} low severity.")
    if findings:
        text += f" Most serious: {findings[0]['issue']} in {findings[0]['dimension']}."
    unjudged = len(sessions) - len(judged)
    if unjudged:
        text += f" {unjudged} session(s) ended without a verdict and are not counted."
    return text
