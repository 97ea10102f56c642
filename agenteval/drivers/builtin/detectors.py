"""Problems the scripted evaluator finds in one conversation (pure, keyword based).

Each detector takes the conversation's turns and returns `Issue`s naming the
turn where the problem shows. An issue's description starts with its kind's
title followed by ": " (Chinese "：") so the analyst can group issues of one kind;
descriptions are written in the eval's language (texts.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.intelligent.scripted_checks import (
    KINDS,
    IssueKind,
    issue_kind,
    scripted_checks,
)
from agenteval.drivers.builtin import keywords as kw
from agenteval.drivers.builtin.texts import say

__all__ = ["KINDS", "Issue", "IssueKind", "Turn", "issue_kind", "scripted_checks", "title_of"]
_TITLE_ENDS = re.compile(r": |：")


@dataclass(frozen=True)
class Turn:
    index: int
    user: str
    reply: str
    error: str | None = None


@dataclass(frozen=True)
class Issue:
    kind: str
    description: str
    severity: str
    turn_index: int | None


def title_of(description: str) -> str:
    """The kind title an issue description starts with (the whole text when it has none)."""
    return _TITLE_ENDS.split(description, 1)[0].strip()


def _issue(kind: str, severity: str, turn_index: int | None, language: Language,
           detail: str, **values: object) -> Issue:
    return Issue(kind, say("issue", language, title=issue_kind(kind, language).title,
                           detail=say(f"detail.{detail}", language, **values)),
                 severity, turn_index)


def _flow(flow: str | None, language: Language) -> str:
    return say(f"flow.{flow}", language) if flow in kw.FLOWS else str(flow)


def turns_from_messages(messages: Sequence[dict[str, Any]]) -> list[Turn]:
    """Pair a transcript's USER and ASSISTANT messages by turnIndex."""
    users: dict[int, str] = {}
    replies: dict[int, tuple[str, str | None]] = {}
    for message in messages:
        if message["role"] == "USER":
            users[message["turnIndex"]] = message["content"]
        else:
            replies[message["turnIndex"]] = (message["content"], message.get("error"))
    return [Turn(index, users[index], *replies.get(index, ("", "no reply stored")))
            for index in sorted(users)]


def _answered(turns: Sequence[Turn]) -> list[Turn]:
    return [turn for turn in turns if turn.error is None]


def detect_goal_not_reached(turns: Sequence[Turn], success_signals: Sequence[str],
                            language: Language = "en") -> list[Issue]:
    if not turns or goal_reached(turns, success_signals):
        return []
    signals = (say("detail.signals_separator", language).join(success_signals)
               or say("detail.any_confirmation", language))
    return [_issue("goal_not_reached", "MEDIUM", turns[-1].index, language,
                   "goal_not_reached", signals=signals, turns=len(turns))]


def goal_reached(turns: Sequence[Turn], success_signals: Sequence[str]) -> bool:
    return any(kw.contains_any(turn.reply, tuple(success_signals)) for turn in turns)


def detect_target_errors(turns: Sequence[Turn], language: Language = "en") -> list[Issue]:
    return [_issue("target_error", "HIGH", turn.index, language, "target_error",
                   turn=turn.index, error=turn.error)
            for turn in turns if turn.error is not None]


def detect_missing_requirements(turns: Sequence[Turn], language: Language = "en"
                                ) -> list[Issue]:
    """A flow confirmed although the target never asked for (or echoed) a required item."""
    issues: list[Issue] = []
    since = 0  # the first turn of the current flow: after the previous confirmation
    answered = _answered(turns)
    for position, turn in enumerate(answered):
        flow = kw.confirmed_flow(turn.reply)
        if flow is None:
            continue
        for requirement in kw.REQUIREMENTS:
            if requirement.flow == flow and not _requirement_met(
                    requirement, answered[since:position + 1]):
                issues.append(_issue(requirement.kind, requirement.severity, turn.index,
                                     language, "missing_requirement", turn=turn.index,
                                     item=say(f"item.{requirement.kind}", language)))
        since = position + 1
    return issues


def _requirement_met(requirement: kw.Requirement, turns: Sequence[Turn]) -> bool:
    if any(kw.contains_any(turn.reply, requirement.asked_by) for turn in turns):
        return True
    if requirement.echo_pattern is None:
        return False
    given = {value for turn in turns for value in re.findall(requirement.echo_pattern, turn.user)}
    return any(value in turns[-1].reply for value in given)


def detect_premature_confirmation(turns: Sequence[Turn], script_messages: Sequence[str],
                                  success_signals: Sequence[str], language: Language = "en"
                                  ) -> list[Issue]:
    """The goal confirmed while the script still had information to give."""
    for turn in _answered(turns):
        if success_signals and kw.contains_any(turn.reply, tuple(success_signals)):
            remaining = list(script_messages[turn.index + 1:])
            if not remaining:
                return []
            return [_issue("premature_confirmation", "MEDIUM", turn.index, language,
                           "premature_confirmation", turn=turn.index, remaining=remaining[0])]
    return []


def detect_no_apology(turns: Sequence[Turn], language: Language = "en") -> list[Issue]:
    """A complaint answered without any apology from the first complaint turn on."""
    answered = _answered(turns)
    start = next((i for i, turn in enumerate(answered)
                  if kw.requested_flow(turn.user) == "complaint"
                  or kw.confirmed_flow(turn.reply) == "complaint"), None)
    if start is None:
        return []
    rest = answered[start:]
    if any(kw.contains_any(turn.reply, kw.APOLOGIES) for turn in rest):
        return []
    cited = next((turn for turn in rest if kw.confirmed_flow(turn.reply) == "complaint"),
                 rest[0])
    return [_issue("no_apology", "MEDIUM", cited.index, language, "no_apology",
                   first=rest[0].index, last=rest[-1].index)]


def detect_ignored_change_of_mind(turns: Sequence[Turn], language: Language = "en"
                                  ) -> list[Issue]:
    """The user switched request mid-flow and the reply went on with (or dropped) the flow."""
    issues: list[Issue] = []
    current: str | None = None  # the flow the target is in the middle of
    insisted: str | None = None  # the flow the user switched to and the target ignored
    for turn in _answered(turns):
        wanted = kw.requested_flow(turn.user)
        answer_flow = kw.reply_flow(turn.reply)
        switching = (wanted is not None and current is not None and wanted != current
                     and (kw.contains_any(turn.user, kw.CHANGE_MARKERS) or wanted == insisted))
        if switching:
            if answer_flow == current:
                issues.append(_issue("change_of_mind_ignored", "HIGH", turn.index, language,
                                     "change_of_mind_continued", wanted=_flow(wanted, language),
                                     current=_flow(current, language)))
                insisted = wanted
            elif kw.contains_any(turn.reply, kw.CANCELLATIONS) and answer_flow != wanted:
                issues.append(_issue("change_of_mind_ignored", "HIGH", turn.index, language,
                                     "change_of_mind_dropped", wanted=_flow(wanted, language),
                                     current=_flow(current, language)))
                insisted = wanted
            else:
                insisted = None
        if kw.confirmed_flow(turn.reply) or kw.contains_any(turn.reply, kw.CANCELLATIONS):
            current = None
        elif answer_flow is not None:
            current = answer_flow
    return issues


def detect_lost_context(turns: Sequence[Turn], language: Language = "en") -> list[Issue]:
    """A fallback reply ("I didn't quite get that") after the target had answered properly.

    Once the target has given a real answer in this conversation, answering a
    follow-up with its generic fallback means it dropped what was being discussed
    (e.g. the order number given right after a return was accepted).
    """
    issues: list[Issue] = []
    understood = False
    for turn in _answered(turns):
        if kw.contains_any(turn.reply, kw.FALLBACKS):
            if understood:
                issues.append(_issue("lost_context", "MEDIUM", turn.index, language,
                                     "lost_context", turn=turn.index, user=turn.user))
        else:
            understood = True
    return issues
