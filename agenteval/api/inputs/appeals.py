"""What `appealVerdict` contests, as the API receives it, checked into an engine Subject."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.unset import value
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME
from agenteval.engine.review_queues.verdict_appeals import Subject
from agenteval.errors import ValidationFailed


@strawberry.input(description="One verdict to appeal. A run's attempt: runId, caseKey, "
                              "attempt (0 is the first) and, for one judged rule result "
                              "only, rulePosition. An eval's session goal: evalId, sessionId; "
                              "a finding of its report: evalId, findingIndex.")
class AppealSubjectInput:
    run_id: strawberry.ID | None = UNSET
    case_key: str | None = UNSET
    attempt: int | None = UNSET
    rule_position: int | None = UNSET
    eval_id: strawberry.ID | None = UNSET
    session_id: strawberry.ID | None = UNSET
    finding_index: int | None = UNSET


def _run_subject(raw: AppealSubjectInput, errors: FieldErrors) -> Subject | None:
    case_key, attempt, rule = value(raw.case_key), value(raw.attempt), value(raw.rule_position)
    for name, given in (("evalId", raw.eval_id), ("sessionId", raw.session_id),
                        ("findingIndex", raw.finding_index)):
        if value(given) is not None:
            errors.add(f"subject.{name}", "is for an eval's verdict; a run's takes runId, "
                                          "caseKey, attempt, rulePosition")
    if not case_key or not case_key.strip() or len(case_key) > MAX_NAME:
        errors.add("subject.caseKey", f"is required for a run's verdict (at most {MAX_NAME} "
                                      "characters)")
    if attempt is not None and not 0 <= attempt <= 10_000:
        errors.add("subject.attempt", "must be from 0 to 10000")
    if rule is not None and not 0 <= rule <= 10_000:
        errors.add("subject.rulePosition", "must be from 0 to 10000")
    run_id = parse_id(str(value(raw.run_id)), "subject.runId")
    if errors:
        return None
    return Subject(run_id, None, f"case:{case_key}#{attempt or 0}",
                   None if rule is None else f"rule:{rule}")


def _eval_subject(raw: AppealSubjectInput, errors: FieldErrors) -> Subject | None:
    session, finding = value(raw.session_id), value(raw.finding_index)
    for name, given in (("caseKey", raw.case_key), ("attempt", raw.attempt),
                        ("rulePosition", raw.rule_position)):
        if value(given) is not None:
            errors.add(f"subject.{name}", "is for a run's verdict")
    if (session is None) == (finding is None):
        errors.add("subject.sessionId", "give exactly one of sessionId and findingIndex")
    if finding is not None and not 0 <= finding <= 10_000:
        errors.add("subject.findingIndex", "must be from 0 to 10000")
    eval_id = parse_id(str(value(raw.eval_id)), "subject.evalId")
    target = (f"session:{parse_id(str(session), 'subject.sessionId')}" if session is not None
              else f"finding:{finding}")
    if errors:
        return None
    return Subject(None, eval_id, target)


def parse_subject(raw: AppealSubjectInput) -> Subject:
    """The subject, or VALIDATION_FAILED naming each wrong field under `subject`."""
    errors = FieldErrors()
    has_run, has_eval = value(raw.run_id) is not None, value(raw.eval_id) is not None
    if has_run == has_eval:
        raise ValidationFailed.one("subject.runId", "give exactly one of runId and evalId")
    subject = (_run_subject if has_run else _eval_subject)(raw, errors)
    errors.raise_if_any()
    assert subject is not None
    return subject
