"""The scripted verdict on one session: detectors → VerdictInput (pure).

goalAchieved: a success signal appears in a reply. achievement: the share of
the session's checkpoints met — "goal reached" and "every turn answered"
always, plus one per detector that applies to what happened (a booking or a
return was confirmed, a complaint was made, the user changed their mind, the
target answered with its fallback after a valid answer: lost context).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.drivers.builtin import detectors as d
from agenteval.drivers.builtin import keywords as kw


@dataclass(frozen=True)
class Expectations:
    """What the scripted user expects: its messages and the signals of success."""

    messages: tuple[str, ...] = ()
    success_signals: tuple[str, ...] = ()
    flow: str | None = None

    @classmethod
    def from_goal(cls, goal: dict[str, Any] | None, goal_text: str = "",
                  dimension: str | None = None) -> Expectations:
        """From a seed goal (its script), falling back to the goal's flow's confirmations."""
        script = (goal or {}).get("script") or {}
        messages = tuple([script["opening"], *script.get("follow_ups", [])]
                         if script.get("opening") else [])
        signals = tuple(script.get("success_signals") or [])
        flow = kw.goal_flow(goal_text, dimension or "", " ".join(signals))
        if not signals:
            signals = kw.CONFIRMATIONS[flow] if flow else tuple(
                phrase for phrases in kw.CONFIRMATIONS.values() for phrase in phrases)
        return cls(messages, signals, flow)


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
    signals = list(expect.success_signals)
    goal_issues = d.detect_goal_not_reached(turns, signals)
    error_issues = d.detect_target_errors(turns)
    requirement_issues = d.detect_missing_requirements(turns)
    premature = [issue for issue in d.detect_premature_confirmation(turns, expect.messages,
                                                                    signals)
                 if issue.turn_index not in {i.turn_index for i in requirement_issues}]
    apology_issues = d.detect_no_apology(turns)
    switch_issues = d.detect_ignored_change_of_mind(turns)
    context_issues = d.detect_lost_context(turns)

    checks = _Checkpoints()
    checks.add("goal reached", not goal_issues)
    checks.add("every turn answered", not error_issues)
    confirmed = {kw.confirmed_flow(turn.reply) for turn in turns} - {None}
    for requirement in kw.REQUIREMENTS:
        if requirement.flow in confirmed:
            checks.add(f"asked for {requirement.item}",
                       not any(i.kind == requirement.kind for i in requirement_issues))
    if premature:
        checks.add("all information collected before confirming", False)
    if any(kw.requested_flow(turn.user) == "complaint" for turn in turns) or "complaint" in confirmed:
        checks.add("apologised for the complaint", not apology_issues)
    if switch_issues or _user_changed_mind(turns):
        checks.add("followed the change of mind", not switch_issues)
    if context_issues:
        checks.add("kept the context after answering", False)

    issues = goal_issues + error_issues + requirement_issues + premature + apology_issues \
        + switch_issues + context_issues
    issues.sort(key=lambda issue: (issue.turn_index is None, issue.turn_index or 0))
    suggestions = list(dict.fromkeys(d.KINDS[issue.kind].suggestion for issue in issues))
    notes = (f"Scripted evaluation over {len(turns)} turns: {checks.met}/{checks.total} "
             f"checkpoints met" + (f" (missed: {', '.join(checks.missed)})" if checks.missed
                                   else "") + ".")
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
