"""Human review (人工复核): OPERATOR and ADMIN keys confirm or correct automatic judgements.

A review can be changed by reviewing again (the latest counts; all are kept
in `reviewHistory`); only finished runs and evals can be reviewed.
"""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.permissions import IsOperator
from agenteval.api.types.enums import SuccessLevel
from agenteval.api.types.intelligent.intelligent_report import Finding, Report
from agenteval.api.types.intelligent.intelligent_session import Session
from agenteval.api.types.review import ReviewDecision
from agenteval.api.types.static.static_outcome import CaseOutcome
from agenteval.api.unset import value
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.engine.alignment import drift
from agenteval.engine.alignment.sources import all_reviewed
from agenteval.engine.review import record
from agenteval.engine.static.run_reports import stored_outcomes
from agenteval.errors import ValidationFailed


def _checked_note(note: str | None) -> str | None:
    errors = FieldErrors()
    check_text(errors, "note", note)
    if errors:
        raise ValidationFailed(errors)
    return note


@strawberry.type
class ReviewMutations:
    @strawberry.mutation(permission_classes=[IsOperator],
                         description="The success level a reviewer says is right for one "
                                     "attempt of a finished run.")
    async def review_case_outcome(self, info: ResolverInfo, *, run_id: strawberry.ID,
                                  case_key: str, attempt: int = 0,
                                  success_level: SuccessLevel,
                                  note: str | None = UNSET) -> CaseOutcome:
        errors = FieldErrors()
        check_text(errors, "caseKey", case_key, max_length=MAX_NAME, required=True)
        if errors:
            raise ValidationFailed(errors)
        run = await record.review_case_outcome(
            parse_id(run_id, "runId"), case_key, attempt, success_level.value,
            _checked_note(value(note)), await info.context.require_key())
        # Agreement on the latest reviews of the case's JUDGE rule may have fallen.
        await drift.check_all(all_reviewed, info.context.services.settings)
        stored = [s for s in await stored_outcomes(run)
                  if (s.view["case_key"], s.view["attempt"]) == (case_key, attempt)]
        return CaseOutcome.from_stored(stored[0], run.id)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Confirm or reject one finding of a finished eval's report.")
    async def review_finding(self, info: ResolverInfo, eval_id: strawberry.ID,
                             finding_index: int, decision: ReviewDecision,
                             note: str | None = UNSET) -> Finding:
        row = await record.review_finding(
            parse_id(eval_id, "evalId"), finding_index, decision.value,
            _checked_note(value(note)), await info.context.require_key())
        assert row.report is not None, "a finding was found in the report"
        return Report.from_json(row.report, row.id).findings[finding_index]

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Whether the reviewer says the session's goal was achieved.")
    async def review_session(self, info: ResolverInfo, session_id: strawberry.ID,
                             goal_achieved: bool, note: str | None = UNSET) -> Session:
        row = await record.review_session(
            parse_id(session_id, "sessionId"), goal_achieved, _checked_note(value(note)),
            await info.context.require_key())
        return Session.from_row(row)
