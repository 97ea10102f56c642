"""The model-free audit of a simulated user: every user turn, checked against what the
user was given (issue 40).

Four kinds of deviation, each flagged at the turn (the 0-based index into the audited
messages) with the reason and the words that show it:

- `invented_fact`: the turn states a phone number, ID number, order number, amount,
  address or name (stated_facts.py says which forms) that is in none of the persona,
  the goal, the follow-ups, the case's opening or an earlier bot reply. A value is
  flagged once, at the first turn that states it.
- `role_inversion`: the user writes as the agent (speech_markers.py).
- `meta_talk`: the user talks about being a simulator or quotes its prompt.
- `early_stop`: the user ended the dialog before any bot reply contained a `stop_when`
  phrase. Flagged at the user's last turn. Only checkable when the case names phrases:
  a user that may say by itself when its goal is reached (`stop_when.simulator`) is
  judged on that by the model review only.

Pure functions: the static engine (simulated cases), the built-in driver (virtual users)
and the labelled-set test call the same `audit_dialog`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain.judging.simulator_audit.speech_markers import marker
from agenteval.domain.judging.simulator_audit.stated_facts import had, stated_facts

# The model-free kinds, plus two only the JUDGE's review names (review_check.py).
DeviationKind = Literal["invented_fact", "role_inversion", "meta_talk", "early_stop",
                        "off_persona", "off_goal"]
DEVIATION_KINDS: tuple[DeviationKind, ...] = ("invented_fact", "role_inversion", "meta_talk",
                                              "early_stop")
REVIEW_KINDS: tuple[DeviationKind, ...] = (*DEVIATION_KINDS, "off_persona", "off_goal")
QUOTE_CHARS = 200


@dataclass(frozen=True)
class AuditedMessage:
    """One message of the dialog: the user's (with who wrote it, when known) or the bot's."""

    role: Literal["user", "assistant"]
    text: str
    author: str | None = None  # case | script | simulator (simulated cases)


@dataclass(frozen=True)
class UserBrief:
    """What the simulated user was given: the facts it may state, and when it is done."""

    persona: Mapping[str, Any]
    goal: str
    follow_ups: Sequence[str] = ()
    opening: str | None = None
    stop_phrases: Sequence[str] = ()

    def sources(self) -> list[str]:
        """The texts a stated fact may come from, before any bot reply."""
        persona = [str(value) for value in _values(self.persona)]
        return [*persona, json.dumps(dict(self.persona), ensure_ascii=False), self.goal,
                *self.follow_ups, *([self.opening] if self.opening else [])]


@dataclass(frozen=True)
class Deviation:
    turn: int  # index into the audited messages
    kind: DeviationKind
    reason: str
    quote: str  # the words that show it, as the user wrote them
    author: str | None = None  # who wrote the turn (simulator, script, case)
    facts: list[str] = field(default_factory=list)  # invented_fact: the values stated


def audit_dialog(brief: UserBrief, messages: Sequence[AuditedMessage],
                 ended_by_user: bool) -> list[Deviation]:
    """Every deviation of the dialog's user turns, in turn order (see the module docstring).

    `ended_by_user`: the user ended the dialog (it said it is done or gave up), rather than
    a stop phrase, the turn limit, a target error or a failing model.
    """
    deviations: list[Deviation] = []
    sources = brief.sources()
    flagged: set[str] = set()
    last_reply: str | None = None
    for index, message in enumerate(messages):
        if message.role == "assistant":
            sources.append(message.text)
            last_reply = message.text
            continue
        deviations += _turn_deviations(index, message, last_reply, sources, flagged)
    stop = _early_stop(brief, messages, ended_by_user)
    if stop is not None:
        deviations.append(stop)
    return sorted(deviations, key=lambda d: (d.turn, REVIEW_KINDS.index(d.kind)))


def _turn_deviations(index: int, message: AuditedMessage, last_reply: str | None,
                     sources: list[str], flagged: set[str]) -> list[Deviation]:
    found: list[Deviation] = []
    invented = [fact for fact in stated_facts(message.text, last_reply)
                if not had(fact, sources) and fact.value not in flagged]
    if invented:
        flagged.update(fact.value for fact in invented)
        named = "; ".join(f"{fact.kind.replace('_', ' ')} {fact.value!r}" for fact in invented)
        found.append(Deviation(index, "invented_fact", f"states {named}, which is in none of "
                               "the persona, the goal, the follow-ups or the bot's earlier "
                               "replies", _quote(message.text), message.author,
                               [fact.value for fact in invented]))
    kinds: tuple[DeviationKind, ...] = ("role_inversion", "meta_talk")
    for kind in kinds:
        hit = marker(message.text, kind)
        if hit is not None:
            words, why = hit
            found.append(Deviation(index, kind, f"{why}: {words!r}",
                                   _quote(message.text), message.author))
    return found


def _early_stop(brief: UserBrief, messages: Sequence[AuditedMessage],
                ended_by_user: bool) -> Deviation | None:
    if not ended_by_user or not brief.stop_phrases:
        return None
    replies = [m.text for m in messages if m.role == "assistant"]
    if any(phrase in reply for reply in replies for phrase in brief.stop_phrases):
        return None
    users = [index for index, m in enumerate(messages) if m.role == "user"]
    if not users:
        return None
    last = users[-1]
    phrases = " / ".join(repr(p) for p in brief.stop_phrases)
    return Deviation(last, "early_stop", f"the user ended the dialog before any bot reply "
                     f"contained {phrases} (stop_when)", _quote(messages[last].text),
                     messages[last].author)


def _values(value: Any) -> list[Any]:
    if isinstance(value, Mapping):
        return [leaf for item in value.values() for leaf in _values(item)]
    if isinstance(value, list | tuple):
        return [leaf for item in value for leaf in _values(item)]
    return [] if value is None else [value]


def _quote(text: str) -> str:
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…"
