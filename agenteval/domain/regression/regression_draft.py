"""Drafting a regression case from a finding or a session of an intelligent eval.

A draft is a case the scenario editor opens (it is not saved): the session's user
turns up to the turn that matters, sent again over one conversation, with checks
on the reply to that turn. Pure: the caller loads the report, the transcript and
whether a JUDGE model is configured; nothing here reads or writes.

From a finding (its first verified evidence, else its first evidence):
- its issue and suggestion become an `llm_score` criterion judged on the
  evidence's turn — only when a JUDGE model is configured, since saving would
  refuse it otherwise (the draft's `notes` say so instead);
- its dimension becomes a tag;
- `not_contains` on that turn, when the evidence quotes the bot's reply and the
  quote gives an obvious one (see `not_contains_term`);
- a `task_completion` check of the slot or step, when the finding is about one the
  agent skipped (domain/regression/missing_steps.py) — with a JUDGE only, like `llm_score`, since
  task_completion is always judged by the JUDGE model. It is a case rule: it reads the
  whole dialog, which ends at the evidence's turn.
No `contains` is ever derived: the evidence shows what the bot said wrong, never
the words a correct reply must use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.intelligent.evidence import MessageRecord
from agenteval.domain.judging.case_origin import CaseOrigin, finding_id
from agenteval.domain.judging.cases import CaseSpec, RuleSpec, TurnCheck
from agenteval.domain.regression.missing_steps import missing_item

JUDGED_RULE = "llm_score"
COMPLETION_RULE = "task_completion"
MIN_SCORE = 7
# A not_contains term must say something (a few CJK characters or two short English
# words) and stay a sentence, not a paragraph.
MIN_TERM_CHARS = 8
MAX_TERM_CHARS = 200
# A sentence ends at CJK end punctuation, or at . ! ? followed by a space or the end.
_SENTENCE_END = re.compile(r"[。！？]|[.!?](?=\s|$)")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class CaseDraft:
    """A case ready for the editor, and what the person should know before saving it."""

    case: CaseSpec
    notes: list[str] = field(default_factory=list)


def not_contains_term(reply: str | None) -> str | None:
    """The reply's first sentence (without its end mark), when it makes a safe
    `not_contains`; None otherwise.

    Conservative on purpose, since a wrong term either fails a fixed bot or can never fail:
    - the first sentence only: the bot's wrong answer usually opens with what made it wrong
      ("I didn't quite get that"), while the rest varies with the conversation;
    - none when that sentence holds a digit: ticket numbers, dates and amounts change from
      run to run, so such a term would never be found again (a check that cannot fail);
    - none when it is shorter than MIN_TERM_CHARS ("OK", "预约成功"): a fixed bot may well
      say it too, or longer than MAX_TERM_CHARS.
    """
    if not reply or not reply.strip():
        return None
    text = reply.strip()
    end = _SENTENCE_END.search(text)
    sentence = (text[:end.start()] if end else text).strip()
    if _DIGIT.search(sentence) or not MIN_TERM_CHARS <= len(sentence) <= MAX_TERM_CHARS:
        return None
    return sentence


def chosen_evidence(finding: dict[str, Any]) -> dict[str, Any] | None:
    """The evidence a draft is built on: the first verified one, else the first."""
    evidence = finding.get("evidence") or []
    return next((e for e in evidence if e.get("verified")), evidence[0] if evidence else None)


def user_turns(messages: Iterable[MessageRecord], up_to_turn: int) -> list[str]:
    """The user's messages of turns 0..up_to_turn, in order."""
    return [m.content for m in sorted(messages, key=lambda m: m.index)
            if m.role == "USER" and m.turn_index <= up_to_turn]


def unique_key(base: str, taken: Iterable[str]) -> str:
    """`base`, or `base-2`, `base-3` … when a case of the scenario already has that key."""
    used = set(taken)
    key, suffix = base, 2
    while key in used:
        key, suffix = f"{base}-{suffix}", suffix + 1
    return key


def draft_from_finding(eval_id: str, finding_index: int, finding: dict[str, Any],
                       messages: Sequence[MessageRecord], judge_configured: bool,
                       taken_keys: Iterable[str] = ()) -> CaseDraft:
    """The draft for one finding of an eval's report (see the module docstring).

    `messages` is the transcript of the chosen evidence's session.
    """
    evidence = chosen_evidence(finding)
    assert evidence is not None, "a report's findings have evidence (report_validation)"
    turn = int(evidence["turnIndex"])
    texts = user_turns(messages, turn)
    notes: list[str] = []
    if not evidence.get("verified"):
        notes.append("The evidence is not verified against the transcript: check that "
                     f"turn {turn + 1} is the one the finding is about.")
    others = {e["sessionId"] for e in finding.get("evidence") or []} - {evidence["sessionId"]}
    if others:
        notes.append(f"Drafted from session {evidence['sessionId']}; the finding also cites "
                     f"{len(others)} other session(s), each of which can become a case too.")
    rules: list[RuleSpec] = []
    if judge_configured:
        rules.append(RuleSpec(JUDGED_RULE, {"criteria": finding_criteria(finding),
                                            "min_score": MIN_SCORE}))
    else:
        notes.append(f"No JUDGE model is configured, so the finding's issue is not checked by "
                     f"an {JUDGED_RULE} criterion (configure one with setModelConfig(role: "
                     "JUDGE) to add it); only model-free checks are drafted.")
    case_rules = _completion_rules([finding.get("issue")], judge_configured, notes)
    expect = _expect_from_reply(evidence, notes)
    if expect is None and not rules and not case_rules:
        notes.append("The draft has no check yet: add one before saving, or the case can "
                     "only pass.")
    checks = {turn: TurnCheck(expect=expect, eval_rules=rules)} if expect or rules else {}
    dimension = finding.get("dimension")
    case = CaseSpec(
        key=unique_key(f"finding-{finding_index + 1}", taken_keys), messages=texts,
        type="MULTI_TURN" if len(texts) > 1 else "SINGLE_TURN",
        tags=[dimension] if dimension else [], turn_checks=checks, eval_rules=case_rules,
        origin=CaseOrigin(eval_id=eval_id, session_id=str(evidence["sessionId"]),
                          finding_id=finding_id(eval_id, finding_index),
                          finding_index=finding_index))
    return CaseDraft(case=case, notes=notes)


def finding_criteria(finding: dict[str, Any]) -> str:
    """The judge's criteria: the reply must not show the finding's issue, and should do what
    its suggestion says."""
    return (f"The reply must not show this problem: {finding['issue']}\n"
            f"It should instead: {finding['suggestion']}")


def _completion_rules(texts: Iterable[str | None], judge_configured: bool,
                      notes: list[str]) -> list[RuleSpec]:
    """One `task_completion` rule over the slots and steps `texts` say were skipped (each
    once, in order); none without a JUDGE, with a note naming what was left out."""
    slots: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    for text in texts:
        item = missing_item(text)
        if item is None:
            continue
        into = slots if item.mode == "slot" else steps
        if all(existing["name"] != item.name for existing in into):
            into.append({"name": item.name, "description": item.description})
    if not slots and not steps:
        return []
    names = ", ".join(repr(item["name"]) for item in (*slots, *steps))
    if not judge_configured:
        notes.append(f"A slot or step the agent skipped is named ({names}), but "
                     f"{COMPLETION_RULE} needs a JUDGE model, so it is not drafted "
                     "(configure one with setModelConfig(role: JUDGE) to add it).")
        return []
    mode = "hybrid" if slots and steps else "slot" if slots else "step"
    params: dict[str, Any] = {"mode": mode, "min_completion_rate": 1.0}
    if slots:
        params["required_slots"] = slots
    if steps:
        params["required_steps"] = steps
    return [RuleSpec(COMPLETION_RULE, params)]


def _expect_from_reply(evidence: dict[str, Any], notes: list[str]) -> dict[str, Any] | None:
    term = not_contains_term(evidence.get("assistantReplied"))
    if term is None:
        notes.append("No not_contains check was derived: the quoted reply has no first "
                     "sentence that is safe to forbid (it holds a number, or is too short or "
                     "too long).")
        return None
    return {"not_contains": term}


def draft_from_session(eval_id: str, session: dict[str, Any],
                       messages: Sequence[MessageRecord], up_to_turn: int,
                       judge_configured: bool, taken_keys: Iterable[str] = ()) -> CaseDraft:
    """The draft for a session up to `up_to_turn`: the verdict's issues linked to turns up
    to it become `llm_score` criteria on their turns (with a JUDGE), the slots and steps
    they say were skipped a `task_completion` case rule (with a JUDGE), its dimension a tag.

    `session` holds `id`, `goal`, `dimension` and `verdict` (or None) as stored.
    """
    texts = user_turns(messages, up_to_turn)
    notes: list[str] = []
    issues_by_turn: dict[int, list[str]] = {}
    for issue in ((session.get("verdict") or {}).get("issues") or []):
        index = issue.get("turnIndex")
        if isinstance(index, int) and 0 <= index < len(texts):
            issues_by_turn.setdefault(index, []).append(issue["description"])
    checks: dict[int, TurnCheck] = {}
    case_rules = _completion_rules(
        [d for index in sorted(issues_by_turn) for d in issues_by_turn[index]],
        judge_configured, notes)
    if judge_configured:
        for index, descriptions in sorted(issues_by_turn.items()):
            criteria = "The reply must not show these problems: " + "; ".join(descriptions)
            checks[index] = TurnCheck(eval_rules=[RuleSpec(
                JUDGED_RULE, {"criteria": criteria, "min_score": MIN_SCORE})])
        if not checks:
            checks[len(texts) - 1] = TurnCheck(eval_rules=[RuleSpec(JUDGED_RULE, {
                "criteria": f"The reply helps the user reach their goal: {session['goal']}",
                "min_score": MIN_SCORE})])
    else:
        notes.append(f"No JUDGE model is configured, so no {JUDGED_RULE} criterion is "
                     "drafted; add a model-free check (expectation or per-turn expect) "
                     "before saving, or the case can only pass.")
    dimension = session.get("dimension")
    case = CaseSpec(
        key=unique_key(f"session-{str(session['id'])[:8]}", taken_keys), messages=texts,
        type="MULTI_TURN" if len(texts) > 1 else "SINGLE_TURN",
        tags=[dimension] if dimension else [], turn_checks=checks, eval_rules=case_rules,
        origin=CaseOrigin(eval_id=eval_id, session_id=str(session["id"])))
    return CaseDraft(case=case, notes=notes)
