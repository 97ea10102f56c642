"""The scripted analyst: every session's verdict and transcript → a ReportInput (pure).

Verdict issues are grouped into ONE finding per issue kind across dimensions
(the kind is the title an issue description starts with), so one flaw is one
finding; its severity is the worst of its issues and its text names the
dimensions it was seen in. Evidence cites each issue's session and turn with
the transcript's exact texts, so the server can verify every quote.

The report never contradicts the verdicts it summarises: a HIGH finding whose
evidence comes from sessions whose verdict says the goal was achieved says
why in the finding itself; the summary counts such sessions; a dimension
touched by a HIGH finding gets no "goal reached" highlight.

Every sentence is written in the eval's language (texts.py); quotes stay as said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent.scripted_checks import KINDS_BY_LANGUAGE, IssueKind, issue_kind
from agenteval.drivers.builtin.detectors import title_of
from agenteval.drivers.builtin.detectors import turns_from_messages as _turns
from agenteval.drivers.builtin.texts import SENTENCE_END, TITLE_END, say

SEVERITY_RANK = {"HIGH": 0, "MEDIUM": 1, "LOW": 2}
MAX_EVIDENCE = 50  # the server's limit per finding
MAX_RECOMMENDATIONS = 5
# A title in either language → its kind's key (a verdict's language may differ from the
# report's, e.g. verdicts an agent wrote): one kind is one finding whatever its wording.
_KIND_KEYS_BY_TITLE = {kind.title: key for kinds in KINDS_BY_LANGUAGE.values()
                       for key, kind in kinds.items()}


@dataclass
class _Group:
    """The issues of one kind, from every session and dimension."""

    title: str
    severity: str
    suggestions: list[str]
    sessions: dict[str, str] = field(default_factory=dict)  # session id → dimension
    reached: set[str] = field(default_factory=set)  # sessions whose verdict achieved the goal
    evidence: list[dict[str, Any]] = field(default_factory=list)
    cited: set[tuple[str, int]] = field(default_factory=set)


def build_report(plan: dict[str, Any] | None, sessions: Sequence[dict[str, Any]],
                 language: Language = "en") -> dict[str, Any]:
    general = say("dimension.general", language)  # a session planned without a dimension
    sessions = [s if s.get("dimension") else {**s, "dimension": general} for s in sessions]
    judged = [session for session in sessions if session.get("verdict")]
    dimensions = _dimensions(plan, judged)
    groups = _groups(judged)
    findings = _findings(groups, judged, dimensions, language)
    high_dimensions = {dimension for group in groups if group.severity == "HIGH"
                       for dimension in group.sessions.values()}
    return {
        "summary": _summary(plan, sessions, judged, dimensions, findings, groups, language),
        "scores": _scores(judged, dimensions),
        "findings": findings,
        "highlights": _highlights(judged, dimensions, groups, high_dimensions, language),
        "priorityRecommendations": _recommendations(findings, language),
    }


def _kind(title: str, language: Language) -> IssueKind | None:
    """The issue kind of a title (in either language), in the report's language."""
    key = _KIND_KEYS_BY_TITLE.get(title)
    return issue_kind(key, language) if key else None


def _title(issue: str, language: Language) -> str:
    return issue.split(TITLE_END[language], 1)[0]


def _dimension(session: dict[str, Any]) -> str:
    return session.get("dimension") or "general"


def _dimensions(plan: dict[str, Any] | None, judged: Sequence[dict[str, Any]]) -> list[str]:
    seen = [_dimension(session) for session in judged]
    ordered = [d for d in (plan or {}).get("dimensions") or [] if d in seen]
    return list(dict.fromkeys(ordered + seen))


def _groups(judged: Sequence[dict[str, Any]]) -> list[_Group]:
    groups: dict[str, _Group] = {}
    for session in judged:
        verdict = session["verdict"]
        turns = {turn.index: turn for turn in _turns(session.get("messages") or [])}
        for issue in verdict.get("issues") or []:
            title = title_of(issue["description"])
            group = groups.setdefault(_KIND_KEYS_BY_TITLE.get(title, title), _Group(
                title, issue["severity"], list(verdict.get("suggestions") or [])))
            if SEVERITY_RANK.get(issue["severity"], 1) < SEVERITY_RANK.get(group.severity, 1):
                group.severity = issue["severity"]
            group.sessions[session["id"]] = _dimension(session)
            if verdict.get("goalAchieved"):
                group.reached.add(session["id"])
            turn = turns.get(issue["turnIndex"]) if issue.get("turnIndex") is not None \
                else None
            if turn is not None and (session["id"], turn.index) not in group.cited:
                group.cited.add((session["id"], turn.index))
                evidence = {"sessionId": session["id"], "turnIndex": turn.index,
                            "userSaid": turn.user}
                if turn.reply:
                    evidence["assistantReplied"] = turn.reply
                group.evidence.append(evidence)
    return list(groups.values())


def _findings(groups: Sequence[_Group], judged: Sequence[dict[str, Any]],
              dimensions: list[str], language: Language) -> list[dict[str, Any]]:
    totals = {d: sum(1 for s in judged if _dimension(s) == d) for d in dimensions}
    findings: list[dict[str, Any]] = []
    for group in groups:
        seen_in = [d for d in dimensions if d in group.sessions.values()]
        per_dimension = {d: sum(1 for v in group.sessions.values() if v == d) for d in seen_in}
        main = max(seen_in, key=lambda d: per_dimension[d])  # ties: the plan's order
        count, total = len(group.sessions), sum(totals[d] for d in seen_in)
        kind = _kind(group.title, language)
        title = kind.title if kind else group.title
        where = "" if len(seen_in) == 1 else say("report.where", language, counts=say(
            "report.where_separator", language).join(
            say("report.where_count", language, dimension=d, count=per_dimension[d],
                total=totals[d]) for d in seen_in))
        issue = say("report.finding", language, title=title, count=count, total=total,
                    where=where)
        if group.severity == "HIGH" and group.reached:
            issue += _despite_goal(group, kind, language)
        generic = say("report.generic_suggestion", language)
        findings.append({
            "issue": issue,
            "severity": group.severity,
            "dimension": main,
            "evidence": group.evidence[:MAX_EVIDENCE],
            "suggestion": kind.suggestion if kind else next(iter(group.suggestions), generic),
            "relatedSop": None,
        })
    findings.sort(key=lambda f: (SEVERITY_RANK.get(f["severity"], 1), -len(f["evidence"]),
                                 dimensions.index(f["dimension"])))
    return findings


def _despite_goal(group: _Group, kind: IssueKind | None, language: Language) -> str:
    """Why sessions whose goal was reached still show a HIGH issue (said in the finding)."""
    reason = (kind or issue_kind("goal_not_reached", language)).despite_goal
    return say("report.despite_goal", language, reached=len(group.reached),
               sessions=len(group.sessions), reason=reason)


def _scores(judged: Sequence[dict[str, Any]], dimensions: list[str]) -> list[dict[str, Any]]:
    scores = []
    for dimension in dimensions:
        values = [float(s["verdict"]["achievement"]) for s in judged if _dimension(s) == dimension]
        scores.append({"dimension": dimension,
                       "score": round(10 * sum(values) / len(values), 1)})
    return scores


def _highlights(judged: Sequence[dict[str, Any]], dimensions: list[str],
                groups: Sequence[_Group], high_dimensions: set[str], language: Language
                ) -> list[dict[str, Any]]:
    """Only what holds without a "but": clean dimensions, or all goals reached and no HIGH."""
    flawed = {dimension for group in groups for dimension in group.sessions.values()}
    highlights = []
    for dimension in dimensions:
        sessions = [s for s in judged if _dimension(s) == dimension]
        reached = sum(1 for s in sessions if s["verdict"]["goalAchieved"])
        if dimension not in flawed:
            highlights.append({"description": say("report.no_problems", language,
                                                  sessions=len(sessions), dimension=dimension),
                               "dimension": dimension})
        elif reached == len(sessions) and dimension not in high_dimensions:
            highlights.append({"description": say("report.all_reached", language,
                                                  sessions=reached, dimension=dimension),
                               "dimension": dimension})
    return highlights


def _recommendations(findings: Sequence[dict[str, Any]], language: Language) -> list[str]:
    return [say("report.recommendation", language, dimension=finding["dimension"],
                suggestion=finding["suggestion"],
                severity=say(f"severity.{finding['severity']}", language),
                title=_title(finding["issue"], language))
            for finding in findings[:MAX_RECOMMENDATIONS]]


def _summary(plan: dict[str, Any] | None, sessions: Sequence[dict[str, Any]],
             judged: Sequence[dict[str, Any]], dimensions: list[str],
             findings: Sequence[dict[str, Any]], groups: Sequence[_Group],
             language: Language) -> str:
    planned = (plan or {}).get("estimatedSessions") or len(sessions)
    reached = sum(1 for s in judged if s["verdict"]["goalAchieved"])
    reached_but_high = {session for group in groups if group.severity == "HIGH"
                        for session in group.reached}
    by_severity = {level: sum(1 for f in findings if f["severity"] == level)
                   for level in SEVERITY_RANK}
    text = say("report.summary", language, judged=len(judged), planned=planned,
               dimensions=len(dimensions), reached=reached)
    if reached_but_high:
        text += say("report.summary_reached_but_high", language, flawed=len(reached_but_high),
                    reached=reached)
    text += say("report.summary_counts", language, findings=len(findings),
                high=by_severity["HIGH"], medium=by_severity["MEDIUM"], low=by_severity["LOW"])
    if findings:
        title = findings[0]["issue"].split(SENTENCE_END[language], 1)[0]
        text += say("report.summary_most_serious", language, title=title)
    unjudged = len(sessions) - len(judged)
    if unjudged:
        text += say("report.summary_unjudged", language, unjudged=unjudged)
    return text
