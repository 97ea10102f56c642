"""The scripted verdict on one session: detectors → VerdictInput (pure).

goalAchieved: a success signal appears in a reply. achievement: the share of
the session's checkpoints met — "goal reached" and "every turn answered"
always, plus one per detector that applies to what happened (a booking or a
return was confirmed, a complaint was made, the user changed their mind, the
target answered with its fallback after a valid answer: lost context). Issues,
checkpoint names and notes are written in the eval's language (`Expectations.language`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.drivers.builtin import detectors as d
from agenteval.drivers.builtin import keywords as kw
from agenteval.drivers.builtin.texts import say


@dataclass(frozen=True)
class Expectations:
    """What the scripted user expects: its messages and the signals of success, and the
    language its verdict is written in (the eval's)."""

    messages: tuple[str, ...] = ()
    success_signals: tuple[str, ...] = ()
    flow: str | None = None
    language: Language = "en"

    @classmethod
    def from_goal(cls, goal: dict[str, Any] | None, goal_text: str = "",
                  dimension: str | None = None, language: Language = "en") -> Expectations:
        """From a seed goal (its script), falling back to the goal's flow's confirmations."""
        script = (goal or {}).get("script") or {}
        messages = tuple([script["opening"], *script.get("follow_ups", [])]
                         if script.get("opening") else [])
        signals = tuple(script.get("success_signals") or [])
        flow = kw.goal_flow(goal_text, dimension or "", " ".join(signals))
        if not signals:
            signals = kw.CONFIRMATIONS[flow] if flow else tuple(
                phrase for phrases in kw.CONFIRMATIONS.values() for phrase in phrases)
        return cls(messages, signals, flow, language)


@dataclass
class _Checkpoints:
    total: int = 0
    met: int = 0
    missed: list[str] = field(default_factory=list)

    def add(self, name: str, ok: bool) -> None:
        self.total += 1
        self.met += ok
        if not ok:
            self.missed.append(name)


def scripted_verdict(turns: Sequence[d.Turn], expect: Expectations) -> dict[str, Any]:
    """The VerdictInput for a finished conversation."""
    signals, language = list(expect.success_signals), expect.language
    goal_issues = d.detect_goal_not_reached(turns, signals, language)
    error_issues = d.detect_target_errors(turns, language)
    requirement_issues = d.detect_missing_requirements(turns, language)
    premature = [issue for issue in d.detect_premature_confirmation(turns, expect.messages,
                                                                    signals, language)
                 if issue.turn_index not in {i.turn_index for i in requirement_issues}]
    apology_issues = d.detect_no_apology(turns, language)
    switch_issues = d.detect_ignored_change_of_mind(turns, language)
    context_issues = d.detect_lost_context(turns, language)

    def check(name: str, **values: Any) -> str:
        return say(f"check.{name}", language, **values)

    checks = _Checkpoints()
    checks.add(check("goal_reached"), not goal_issues)
    checks.add(check("every_turn_answered"), not error_issues)
    confirmed = {kw.confirmed_flow(turn.reply) for turn in turns} - {None}
    for requirement in kw.REQUIREMENTS:
        if requirement.flow in confirmed:
            checks.add(check("asked_for", item=say(f"item.{requirement.kind}", language)),
                       not any(i.kind == requirement.kind for i in requirement_issues))
    if premature:
        checks.add(check("collected_before_confirming"), False)
    if any(kw.requested_flow(turn.user) == "complaint" for turn in turns) or "complaint" in confirmed:
        checks.add(check("apologised"), not apology_issues)
    if switch_issues or _user_changed_mind(turns):
        checks.add(check("followed_change_of_mind"), not switch_issues)
    if context_issues:
        checks.add(check("kept_context"), False)

    issues = goal_issues + error_issues + requirement_issues + premature + apology_issues \
        + switch_issues + context_issues
    issues.sort(key=lambda issue: (issue.turn_index is None, issue.turn_index or 0))
    suggestions = list(dict.fromkeys(d.issue_kind(issue.kind, language).suggestion
                                     for issue in issues))
    missed = say("verdict.missed", language, names=say(
        "verdict.missed_separator", language).join(checks.missed)) if checks.missed else ""
    notes = say("verdict.notes", language, turns=len(turns), met=checks.met, total=checks.total,
                missed=missed)
    return {
        "goalAchieved": not goal_issues,
        "achievement": round(checks.met / checks.total, 2),
        "issues": [{"description": issue.description, "severity": issue.severity,
                    "turnIndex": issue.turn_index} for issue in issues],
        "suggestions": suggestions,
        "notes": notes,
    }


def _user_changed_mind(turns: Sequence[d.Turn]) -> bool:
    flows = [kw.requested_flow(turn.user) for turn in turns]
    asked = [flow for flow in flows if flow is not None]
    return len(set(asked)) > 1 and any(kw.contains_any(turn.user, kw.CHANGE_MARKERS)
                                        for turn in turns)
